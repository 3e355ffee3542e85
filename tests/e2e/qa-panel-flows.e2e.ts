import type { Page } from '@playwright/test'
import { main, openWizard, payOnCheckout, signWaiver, stepHeading, toSummary } from './enrolment-steps'
import { expect, persona, test } from './fixtures'
import { closePanel, openPanel } from './qa-panel-steps'

/**
 * The QA controls panel changing the backend under an athlete's feet: a payment the provider has
 * not settled, a race selling out, a waiver revised, each from the panel while the athlete is in
 * the middle of it. (qa-panel.e2e.ts has the panel itself.)
 */

/** Race 203 (Alte Vie di Cogne 52K 2026) is open at the seed's "now". */
const RACE = 203
const RACE_TITLE = 'Alte Vie di Cogne 52K 2026'
const athlete = persona('completo')
const athleteName = `${athlete.nome} ${athlete.cognome}`

/**
 * From the wizard's first step to the provider's checkout, left there without paying: the athlete
 * comes back to the portal's return page, `/payment`, which waits for the provider.
 */
async function leaveCheckoutUndecided(page: Page) {
  await openWizard(page, RACE)
  await toSummary(page)
  await signWaiver(page)
  await main(page).getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
  const paymentId = new URL(page.url()).searchParams.get('pagamento_id')!
  await page.goto(`/payment?pagamento_id=${encodeURIComponent(paymentId)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible()
}

test.describe('the QA panel acting while the athlete waits or enrols', () => {
  // Each walks the whole wizard first, and the payment ones wait for the page's next check.
  test.describe.configure({ timeout: 45_000 })

  test("settling a payment left at the provider's checkout moves /payment to paid", async ({ page }) => {
    await leaveCheckoutUndecided(page)
    const sheet = await openPanel(page, 'Staff review')
    await sheet.getByRole('button', { name: `Settle ${athleteName}'s payment for ${RACE_TITLE}` }).click()
    await expect(sheet.getByRole('status')).toHaveText(/^The payment PAY-[0-9A-F]+ is settled\.$/)
    await expect(sheet.getByRole('button', { name: `Settle ${athleteName}'s payment for ${RACE_TITLE}` })).toHaveCount(0)
    await closePanel(page)
    // The page asks the backend again on its own, every 8 s at most (payment-wait.machine.ts).
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
    await expect(main(page).getByText(/Your bib number: \d+/)).toBeVisible()
  })

  test("declining it, with the bank's reason, moves /payment to declined, the enrolment kept", async ({ page }) => {
    await leaveCheckoutUndecided(page)
    const sheet = await openPanel(page, 'Staff review')
    const payment = sheet.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Decline ${athleteName}'s payment for ${RACE_TITLE}` }) })
    await payment.getByLabel('Reason, if declined').selectOption({ label: 'Insufficient funds' })
    await payment.getByRole('button', { name: `Decline ${athleteName}'s payment for ${RACE_TITLE}` }).click()
    await expect(sheet.getByRole('status')).toHaveText(/^The payment PAY-[0-9A-F]+ is declined\.$/)
    await closePanel(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible()
    await expect(main(page).getByRole('alert')).toHaveText(
      'Your bank declined the card: insufficient funds. You have not been charged and your enrolment is kept: try another card.',
    )
    await expect(main(page).getByRole('link', { name: 'Try the payment again' })).toHaveAttribute('href', `/race/${String(RACE)}/subscribe`)
  })

  test("a race filled from the panel mid-wizard: the wizard's next call is refused as sold out, with other races to see", async ({ page, expectFailures }) => {
    expectFailures({ operation: 'subscriptions.create', status: 409 })
    await openWizard(page, RACE)
    await toSummary(page)
    const sheet = await openPanel(page, 'Races')
    const race = sheet.getByRole('listitem').filter({ hasText: RACE_TITLE })
    await expect(race).toContainText('110 of 350 places taken.')
    await race.getByRole('button', { name: `Fill every place of ${RACE_TITLE}` }).click()
    await expect(sheet.getByRole('status')).toHaveText(`Every place of ${RACE_TITLE} is taken: the race is sold out.`)
    await expect(race).toContainText('Sold out: 350 of 350 places taken.')
    await closePanel(page)

    // The athlete is still on the summary, and goes on.
    await expect(stepHeading(page, 'Summary')).toBeVisible()
    await main(page).getByRole('button', { name: 'Sign the waiver' }).click()
    await expect(main(page).getByRole('heading', { level: 2, name: 'Your enrolment could not be completed' })).toBeFocused()
    await expect(main(page).getByRole('alert')).toContainText('the last place was taken: the race is now sold out')
    await expect(main(page).getByRole('link', { name: 'See other races' })).toHaveAttribute('href', '/')
  })

  test('a waiver revised from the panel after signing: the athlete signs the new text before paying', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'payments.start', status: 422 })
    await openWizard(page, RACE)
    await toSummary(page)
    await signWaiver(page)
    await expect(stepHeading(page, 'Payment')).toBeVisible()
    const sheet = await openPanel(page, 'Races')
    await sheet.getByRole('button', { name: `Revise the waiver of ${RACE_TITLE}` }).click()
    await expect(sheet.getByRole('status')).toHaveText(
      `${RACE_TITLE}'s waiver is now version v2: a place signed on an earlier version is signed again before it is paid.`,
    )
    await expect(sheet.getByRole('listitem').filter({ hasText: RACE_TITLE })).toContainText('Waiver version v2.')
    await closePanel(page)

    await main(page).getByRole('button', { name: /^Pay / }).click()
    const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
    await expect(dialog.getByRole('alert')).toContainText('The organiser has changed the waiver since you signed it, so nothing was charged.')
    await expect(dialog.getByText(/Revised text/)).toBeVisible()
    await expect(dialog.getByText('Waiver version v2.', { exact: false })).toBeVisible()
    await dialog.getByLabel('Your signature: the sentence above').fill('I accept the risks of mountain running')
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(stepHeading(page, 'Payment')).toBeVisible()
    await main(page).getByRole('button', { name: /^Pay / }).click()
    await payOnCheckout(page, '4242 4242 4242 4242')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
  })
})
