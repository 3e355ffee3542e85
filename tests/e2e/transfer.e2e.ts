import type { Locator, Page } from '@playwright/test'
import { main, payOnCheckout } from './enrolment-steps'
import { checkScreen as checkShot, expect, logInFromHeader, mock, persona, test } from './fixtures'

/**
 * Issue 23 point 2, as the athletes meet it: `completo` passes their paid place in race 202
 * (Sentiero dei Larici: transfer fee 10 EUR, 90% of the 45 EUR fee back, until 31 May) to another
 * athlete by e-mail; the recipient opens the mail's link, accepts, signs the waiver and pays with the
 * 4242 card; the giver's place reads "passed on" with its refund. And the refusals: an e-mail with no
 * account, a recipient whose certificate has expired. Issue 40: a waiver the organiser revises while
 * the recipient signs is read again and signed anew; a payment that does not start says so, with a
 * way to try again, instead of waiting for ever.
 */
const RACE = 202
const SENTENCE = 'I accept the risks of mountain running'

/**
 * The place-change pages are one column at every width (only the card's padding grows): scanned at a
 * phone's width, looked at both.
 */
const checkScreen = (page: Page, name: string, content: Locator) => checkShot(page, `transfer/${name}`, content, [360])

const heading = (page: Page, name: string | RegExp) => main(page).getByRole('heading', { level: 2, name })
const mailField = (page: Page) => main(page).getByLabel("Recipient's e-mail")

async function offerTo(page: Page, mail: string) {
  await mailField(page).fill(mail)
  await main(page).getByRole('button', { name: 'Offer my place' }).click()
}

/** The newest offer's link in the simulated mailbox. */
async function offerLink(page: Page): Promise<string> {
  await page.goto('/mailbox')
  const mail = page.getByRole('article', { name: 'A race place is offered to you' }).first()
  await expect(mail).toBeVisible()
  return (await mail.getByRole('link', { name: 'See the offer' }).getAttribute('href'))!
}

async function switchTo(page: Page, key: Parameters<typeof logInFromHeader>[1]) {
  await page.goto('/')
  await page.getByRole('button', { name: 'Log out' }).click()
  await logInFromHeader(page, key)
}

test.describe('passing a place on', () => {
  test.slow()

  test('completo passes race 202 to pax, who accepts, signs and pays; completo sees it passed on and refunded', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto(`/me/races/${String(RACE)}/transfer`)
    await expect(heading(page, 'How passing a place on works')).toBeVisible()
    await expect(main(page).getByText('€45.00 race fee + €10.00 transfer fee')).toBeVisible()
    await checkScreen(page, 'giver-form', heading(page, 'Who takes your place?'))

    // The field says what is wrong before anything is sent.
    await main(page).getByRole('button', { name: 'Offer my place' }).click()
    await expect(main(page).getByText("Enter the e-mail address of the athlete's account.")).toBeVisible()

    await offerTo(page, persona('pax').mail)
    await expect(heading(page, 'Offer sent')).toBeVisible()
    await expect(main(page).getByText(`Your place is offered to ${persona('pax').mail}`)).toBeVisible()
    await checkScreen(page, 'giver-offered', heading(page, 'Offer sent'))

    const link = await offerLink(page)
    await switchTo(page, 'pax')
    await page.goto(link)
    await expect(heading(page, /offers you their place$/)).toBeVisible()
    await expect(main(page).getByText('Total: €55.00')).toBeVisible()
    await checkScreen(page, 'recipient-offer', heading(page, /offers you their place$/))

    await main(page).getByRole('button', { name: 'Accept, sign and pay' }).click()
    const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
    await dialog.getByLabel('Your signature: the sentence above').fill(SENTENCE)
    await checkScreen(page, 'recipient-waiver', dialog.getByRole('button', { name: 'Sign' }))
    await dialog.getByRole('button', { name: 'Sign' }).click()

    await payOnCheckout(page, '4242 4242 4242 4242')
    // The provider's return lands on the portal's payment page, which waits for the settlement.
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
    await expect(main(page).getByText(/Your bib number: \d+/)).toBeVisible()

    await switchTo(page, 'completo')
    await page.goto(`/me/races/${String(RACE)}/transfer`)
    await expect(heading(page, 'Place passed on')).toBeVisible()
    await expect(main(page).getByText('€40.50 is being refunded to your card.')).toBeVisible()
    await checkScreen(page, 'giver-passed-on', heading(page, 'Place passed on'))
  })

  test('an e-mail with no account is refused beside the field; a recipient with an expired certificate is refused at the gate', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'places.offerTransfer', status: 422 }, { operation: 'places.acceptTransfer', status: 422 })
    await logInFromHeader(page, 'completo')
    await page.goto(`/me/races/${String(RACE)}/transfer`)
    await offerTo(page, 'nobody@example.org')
    await expect(main(page).getByText('No account has this e-mail address.', { exact: false })).toBeVisible()
    await expect(mailField(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(mailField(page)).toHaveAccessibleDescription(/No account has this e-mail address/)
    await checkScreen(page, 'giver-unknown', mailField(page))

    await offerTo(page, persona('scaduto').mail)
    await expect(heading(page, 'Offer sent')).toBeVisible()
    const link = await offerLink(page)
    await switchTo(page, 'scaduto')
    await page.goto(link)
    await main(page).getByRole('button', { name: 'Accept, sign and pay' }).click()
    await expect(heading(page, 'You cannot take this place now')).toBeVisible()
    // The gate's own words: scaduto's certificate ran out on 14 February, before race day.
    await expect(main(page).getByText(/^Your medical certificate expired on 14 Feb/)).toBeVisible()
    await expect(main(page).getByRole('link', { name: 'Upload a new certificate' })).toBeVisible()
    await checkScreen(page, 'recipient-refused', heading(page, 'You cannot take this place now'))
  })

  /** completo offers race 202 to pax, who opens the e-mail's link: the offer page, signed in as pax. */
  async function offeredToPax(page: Page) {
    await logInFromHeader(page, 'completo')
    await page.goto(`/me/races/${String(RACE)}/transfer`)
    await offerTo(page, persona('pax').mail)
    await expect(heading(page, 'Offer sent')).toBeVisible()
    const link = await offerLink(page)
    await switchTo(page, 'pax')
    await page.goto(link)
    await expect(heading(page, /offers you their place$/)).toBeVisible()
  }

  test('a waiver revised while the recipient signs is read again, said changed, and the new text signed', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'liberatoria.sign', status: 409 })
    await offeredToPax(page)
    await main(page).getByRole('button', { name: 'Accept, sign and pay' }).click()
    const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
    await expect(dialog.getByText('Waiver version v1.')).toBeVisible()
    await mock(page, 'reviseWaiver', RACE)
    await dialog.getByLabel('Your signature: the sentence above').fill(SENTENCE)
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(dialog.getByRole('alert')).toContainText('The organiser has changed the waiver since you opened it.')
    await expect(dialog.getByText(/Revised text/)).toBeVisible()
    await expect(dialog.getByLabel('Your signature: the sentence above')).toHaveValue('')
    await checkScreen(page, 'recipient-waiver-revised', dialog.getByText(/Revised text/))
    await dialog.getByLabel('Your signature: the sentence above').fill(SENTENCE)
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
  })

  test('a payment that does not start is a failure with a way to try again, not a wait', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'payments.start', status: 500 })
    await offeredToPax(page)
    await mock(page, 'fault', 'payments.start', { kind: 'status', status: 500 })
    await main(page).getByRole('button', { name: 'Accept, sign and pay' }).click()
    const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
    await dialog.getByLabel('Your signature: the sentence above').fill(SENTENCE)
    await dialog.getByRole('button', { name: 'Sign' }).click()
    const failure = main(page).getByRole('alert')
    await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(main(page).getByRole('button', { name: 'Please wait…' })).toHaveCount(0)
    await checkScreen(page, 'recipient-payment-failed', failure)
    await mock(page, 'fault', 'payments.start', null)
    await failure.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
  })
})
