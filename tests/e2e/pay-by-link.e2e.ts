import type { Page } from '@playwright/test'
import { SEED_TOKENS } from '../../mocks/seed/tokens'
import { payOnCheckout } from './enrolment-steps'
import { expect, expectNoAxeViolations, persona, test } from './fixtures'

/**
 * Issue 20 point 3, a payment link that pays (decision 026), as pax receives it, nobody signed in:
 * the organiser's e-mail in the mailbox names the race, the amount and the deadline; its button
 * opens the provider's page for the link (the simulated checkout: this project's build is in mock
 * mode; the production bundle of `npm run mock:server` has neither mailbox nor checkout), which
 * sends the athlete back to `/payment/by-link?code=<code>` with the outcome.
 */

const CODE = SEED_TOKENS.paymentLinkPending
const main = (page: Page) => page.getByRole('main')
/** The link's page asks about the payment by its link, and that question is held while the provider settles. */
const BY_LINK = { question: 'payments.byLink' } as const

/** pax's e-mail for the 330 km's place, sent by the organiser on 27 February (on the device's clock: Rome's, playwright.config.ts). */
function flagshipLinkMail(page: Page) {
  return page
    .getByRole('article', { name: 'Your payment link' })
    .filter({ hasText: `To: ${persona('pax').mail}` })
    .filter({ hasText: 'Sent 27 Feb 2026, 11:00 CET' })
}

async function openLinkFromMailbox(page: Page) {
  await page.goto('/mailbox')
  await flagshipLinkMail(page).getByRole('link', { name: 'Pay now' }).click()
  await expect(page).toHaveURL(`/checkout?link=${CODE}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test.describe("the organiser's payment link, paid without signing in", () => {
  test("the e-mail names race, amount and deadline; its button leads to the provider's page, which pays and comes back paid, at 360 px", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/mailbox')
    const mail = flagshipLinkMail(page)
    // The deadline in the zone the sent time names, once (decision 064).
    await expect(mail.getByRole('definition')).toHaveText(['Tor des Pettorale 330 2026', '€950.00', '9 Mar 2026, 23:59'])
    await expect(mail.getByRole('term')).toHaveText(['Race', 'Amount', 'Pay by'])
    await expect(mail.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/checkout?link=${CODE}`)
    await expectNoAxeViolations(page, { content: mail })
    await expectNoHorizontalScroll(page)
    // Nobody is signed in: the link is its own key.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()

    await openLinkFromMailbox(page)
    // The provider's page names the organiser's request, never the payment's id.
    await expect(main(page).getByText('Tor des Pettorale 330 2026: €950.00')).toBeVisible()
    await expect(main(page).getByText("The organiser's payment link, to pay by 9 Mar 2026, 23:59 CET")).toBeVisible()
    await expect(main(page).getByText(/PAY-/)).toHaveCount(0)
    await expectNoAxeViolations(page, { content: page.getByLabel('Card number') })
    await expectNoHorizontalScroll(page)

    await payOnCheckout(page, '4242 4242 4242 4242', BY_LINK)
    await expect(page).toHaveURL(`/payment/by-link?code=${CODE}`)
    const paid = page.getByRole('heading', { level: 1, name: 'Payment successful' })
    await expect(paid).toBeVisible()
    await expect(paid).toBeFocused()
    await expect(main(page).getByRole('status')).toHaveText(/^We received your payment of €950\.00 on 2 Mar 2026, \d\d:\d\d CET\. You are enrolled in the race\.$/)
    await expect(main(page).getByText('Tor des Pettorale 330 2026')).toBeVisible()
    await expectNoAxeViolations(page, { content: paid })
    await expectNoHorizontalScroll(page)

    // The e-mail's button again: the provider's page shows the payment as made, not a card form.
    await openLinkFromMailbox(page)
    await expect(main(page).getByRole('status')).toHaveText('This payment has been made.')
    await expect(page.getByLabel('Card number')).toHaveCount(0)
    await main(page).getByRole('link', { name: "See the payment's status" }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
  })

  test('a declined card leaves the link open: declined, nothing charged, try again with a card that pays', async ({ page }) => {
    await openLinkFromMailbox(page)
    await payOnCheckout(page, '4000 0000 0000 0002', BY_LINK)
    await expect(page).toHaveURL(`/payment/by-link?code=${CODE}`)
    const declined = page.getByRole('heading', { level: 1, name: 'Payment declined' })
    await expect(declined).toBeVisible()
    await expect(declined).toBeFocused()
    await expect(main(page).getByRole('status')).toHaveText(
      'Your bank declined the card. You have not been charged. You can try again with another card until 9 Mar 2026, 23:59 CET.',
    )
    await expectNoAxeViolations(page, { content: declined })

    await main(page).getByRole('link', { name: 'Try the payment again' }).click()
    await expect(page).toHaveURL(`/checkout?link=${CODE}`)
    await payOnCheckout(page, '4242 4242 4242 4242', BY_LINK)
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
  })

  test("leaving the provider's page without paying comes back to the link, still to pay", async ({ page }) => {
    await openLinkFromMailbox(page)
    await page.getByRole('button', { name: 'Cancel and return' }).click()
    await expect(page).toHaveURL(`/payment/by-link?code=${CODE}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible()
    await expect(main(page).getByRole('status')).toHaveText('The organiser asks you to pay €950.00 for this race entry by 9 Mar 2026, 23:59 CET.')
    await expect(main(page).getByRole('link', { name: 'Pay €950.00' })).toHaveAttribute('href', /\/checkout\?link=lnk-pending-7a4c0e95f1d2463b$/)
    await expectNoAxeViolations(page)
  })
})
