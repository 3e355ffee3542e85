import type { Page } from '@playwright/test'
import { MINUTE_MS } from '../../contracts/time'
import { SEED_TOKENS } from '../../mocks/seed/tokens'
import { expect, expectNoAxeViolations, logInFromHeader, mock, persona, test } from './fixtures'

/**
 * The mailbox (mock mode only): the e-mails the simulated backend would have sent. The e-mails are
 * asked for from inside the page, so the service worker answers as it does for the portal.
 */

const MAIL = 'lucia.bionaz@example.org'

async function openMailbox(page: Page) {
  await page.goto('/mailbox')
  await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible()
}

/** A payment-link e-mail in the mailbox, by its recipient and when it was sent (on the device's clock: Rome's, playwright.config.ts). */
function paymentLinkMail(page: Page, to: string, sent: string) {
  return page.getByRole('article', { name: 'Your payment link' }).filter({ hasText: `To: ${to}` }).filter({ hasText: `Sent ${sent}` })
}

/** Registers as the registration page does, with a language for communications (English, as the page's default here). */
async function register(page: Page, mail: string, lingua = 'en') {
  await page.waitForFunction(() => 'pettoraleMock' in window)
  const status = await page.evaluate(async ([address, language]) => {
    const answer = await fetch('/api/v1/vdatrailers/new_user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'Lucia', cognome: 'Bionaz', mail: address, password: 'Sentiero-2026!', privacy_policy: true, lingua: language }),
    })
    return answer.status
  }, [mail, lingua] as const)
  expect(status).toBe(201)
}

async function forgotPassword(page: Page, mail: string) {
  await page.waitForFunction(() => 'pettoraleMock' in window)
  const status = await page.evaluate(async (address) => {
    const answer = await fetch(`/api/v1/users/forgot?mail=${encodeURIComponent(address)}`)
    return answer.status
  }, mail)
  expect(status).toBe(200)
}

test.describe('the mailbox of the simulated backend', () => {
  test('says what it is and lists the payment links the organiser e-mailed before today, newest first, at 360 and 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await openMailbox(page)
    await expect(page.getByText('The e-mails the simulated backend would have sent, newest first.')).toBeVisible()
    const mails = page.getByRole('article')
    await expect(mails).toHaveCount(3)
    // The seed's times, on the device's clock (Rome's here), as the athlete's own moments are shown (decision 064).
    const expected = [
      [persona('pax').mail, '27 Feb 2026, 11:00 CET', SEED_TOKENS.paymentLinkPending],
      [persona('social').mail, '23 Feb 2026, 18:30 CET', SEED_TOKENS.paymentLinkSuccess],
      [persona('pax').mail, '20 Jun 2025, 10:00 CEST', SEED_TOKENS.paymentLinkExpired],
    ]
    for (const [index, [to, sent, code]] of expected.entries()) {
      const mail = mails.nth(index)
      await expect(mail).toHaveAccessibleName('Your payment link')
      await expect(mail.getByText(`To: ${to!}`)).toBeVisible()
      await expect(mail.getByText(`Sent ${sent!}`)).toBeVisible()
      await expect(mail.getByText('The organiser sent you this link to pay for your race entry.')).toBeVisible()
      // Its button opens the provider's page for the link (decision 026).
      await expect(mail.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/checkout?link=${code!}`)
    }
    await expect(page.getByText('No e-mails yet.')).toBeHidden()
    await expectNoAxeViolations(page)
    await page.setViewportSize({ width: 1280, height: 800 })
    await expectNoAxeViolations(page)
  })

  test('is linked from the footer', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Mailbox (simulated e-mails)' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeFocused()
    await expect(page).toHaveURL('/mailbox')
  })

  test('lists a registration\'s confirmation e-mail as it is sent, whose link confirms the account', async ({ page }) => {
    await openMailbox(page)
    await register(page, MAIL)

    const confirmation = page.getByRole('article', { name: 'Confirm your pettorale account' })
    await expect(confirmation).toBeVisible()
    await expect(confirmation.getByText(`To: ${MAIL}`)).toBeVisible()
    // The mock clock starts at 2 March 2026, 09:00 in Rome, the device's zone here.
    await expect(confirmation.getByText(/^Sent 2 Mar 2026, 09:\d\d CET$/)).toBeVisible()
    await expect(confirmation.getByText('Welcome to pettorale: confirm this e-mail address to activate your account.')).toBeVisible()
    await expect(page.getByText('No e-mails yet.')).toBeHidden()

    await confirmation.getByRole('link', { name: 'Confirm my account' }).click()
    await expect(page.getByText('Your account is confirmed. Welcome!')).toBeVisible()
    // Signed in with the link, the new athlete is held on "My profile" to complete it.
    await expect(page).toHaveURL('/me')
  })

  test("shows an e-mail in the athlete's language for communications, in a page in the portal's", async ({ page }) => {
    await openMailbox(page)
    await register(page, MAIL, 'it')
    const confirmation = page.getByRole('article', { name: 'Conferma il tuo account pettorale' })
    await expect(confirmation).toBeVisible()
    await expect(confirmation).toHaveAttribute('lang', 'it')
    // Italian date and Rome's time, as the athlete's mail would show them.
    await expect(confirmation.getByText(/^Inviata: 2 mar 2026, 09:\d\d CET$/)).toBeVisible()
    await expect(confirmation.getByRole('link', { name: 'Conferma il mio account' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('lists a password-reset e-mail above the earlier ones, also on a later visit, and its link opens the reset page', async ({ page }) => {
    const completo = persona('completo')
    await page.goto('/')
    await register(page, MAIL)
    await mock(page, 'advance', 2 * MINUTE_MS)
    await forgotPassword(page, completo.mail)

    await page.getByRole('contentinfo').getByRole('link', { name: 'Mailbox (simulated e-mails)' }).click()
    const mails = page.getByRole('article')
    // The two sent now, above the seed's three payment links.
    await expect(mails).toHaveCount(5)
    await expect(mails.nth(0)).toHaveAccessibleName('Reset your pettorale password')
    await expect(mails.nth(0).getByText(`To: ${completo.mail}`)).toBeVisible()
    await expect(mails.nth(1)).toHaveAccessibleName('Confirm your pettorale account')
    await expect(mails.nth(2)).toHaveAccessibleName('Your payment link')
    await expectNoAxeViolations(page)
    await page.setViewportSize({ width: 360, height: 740 })
    await expectNoAxeViolations(page)

    await mails.nth(0).getByRole('link', { name: 'Choose a new password' }).click()
    await expect(page).toHaveURL(/\/reset-email\/rst-[0-9a-f]+$/)
    await expect(page.getByText(`choose a new password for ${completo.mail}`)).toBeVisible()
  })

  test("shows pax the flagship's payment link, which opens the provider's page for it, and the lapsed one's (expired)", async ({ page, expectFailures }) => {
    expectFailures({ operation: 'payments.byLink', status: 410 })
    const pax = persona('pax')
    await logInFromHeader(page, 'pax')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Mailbox (simulated e-mails)' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible()
    // The simulated backend's outbox, not the athlete's inbox: what it sent to others is there too.
    await expect(paymentLinkMail(page, persona('social').mail, '23 Feb 2026, 18:30 CET')).toHaveCount(1)

    // Paying it is tests/e2e/pay-by-link.e2e.ts's.
    await paymentLinkMail(page, pax.mail, '27 Feb 2026, 11:00 CET').getByRole('link', { name: 'Pay now' }).click()
    await expect(page).toHaveURL(`/checkout?link=${SEED_TOKENS.paymentLinkPending}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
    await expect(page.getByRole('main').getByText('Tor des Pettorale 330 2026: €950.00')).toBeVisible()
    await expect(page.getByLabel('Card number')).toBeVisible()

    // The lapsed link's page says so, and its status is the expired request.
    await page.goto('/mailbox')
    await paymentLinkMail(page, pax.mail, '20 Jun 2025, 10:00 CEST').getByRole('link', { name: 'Pay now' }).click()
    await expect(page).toHaveURL(`/checkout?link=${SEED_TOKENS.paymentLinkExpired}`)
    await expect(page.getByRole('main').getByRole('status')).toHaveText('This payment link has expired and can no longer be used.')
    await expect(page.getByLabel('Card number')).toHaveCount(0)
    await page.getByRole('main').getByRole('link', { name: "See the payment's status" }).click()
    await expect(page).toHaveURL(`/payment/by-link?code=${SEED_TOKENS.paymentLinkExpired}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Request expired' })).toBeVisible()
  })

  test("opens social's settled link as paid, with nobody signed in", async ({ page }) => {
    await openMailbox(page)
    await paymentLinkMail(page, persona('social').mail, '23 Feb 2026, 18:30 CET').getByRole('link', { name: 'Pay now' }).click()
    await expect(page).toHaveURL(`/checkout?link=${SEED_TOKENS.paymentLinkSuccess}`)
    await expect(page.getByRole('main').getByRole('status')).toHaveText('This payment has been made.')
    await page.getByRole('main').getByRole('link', { name: "See the payment's status" }).click()
    await expect(page).toHaveURL(`/payment/by-link?code=${SEED_TOKENS.paymentLinkSuccess}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
  })
})
