import type { Page } from '@playwright/test'
import type { OperationName } from '../../contracts'
import { SETTLE_DELAY_MS } from '../../mocks/provider-cards'
import { expect, logInFromHeader, mock } from './fixtures'

/**
 * The enrolment wizard as an athlete walks it, shared by the production build's tests
 * (enrolment.e2e.ts) and the dev server's journeys (dev-server/journeys.e2e.ts).
 */

export const main = (page: Page) => page.getByRole('main')
export const next = (page: Page) => main(page).getByRole('button', { name: 'Next', exact: true })
export const stepHeading = (page: Page, name: string) => main(page).getByRole('heading', { level: 2, name })

/** The race's questions are the same in every seeded race (mocks/seed/races.ts, extraFieldsOf). */
export const shuttle = (page: Page) => main(page).getByLabel('Shuttle bus to the start *')

export async function openWizard(page: Page, race: number, who: Parameters<typeof logInFromHeader>[1] = 'completo') {
  await logInFromHeader(page, who)
  await page.goto(`/race/${String(race)}/subscribe`)
  await expect(stepHeading(page, 'Your data')).toBeFocused()
}

/**
 * Through every step to the summary, with the protected refund and the GPS rental; the ITRA runner
 * id typed where the race asks it (the flagship's lottery).
 */
export async function toSummary(page: Page, { itraId }: { itraId?: string } = {}) {
  await main(page).getByLabel('All my data is correct').check()
  await next(page).click()
  await expect(stepHeading(page, 'Race questions')).toBeFocused()
  await shuttle(page).selectOption('Cogne')
  if (itraId !== undefined) await main(page).getByLabel('ITRA runner id *').fill(itraId)
  await next(page).click()
  await main(page).getByLabel('I have read the race rules and I accept them').check()
  await next(page).click()
  await main(page).getByRole('radio', { name: /Protected/ }).check()
  await next(page).click()
  await main(page).getByRole('radio', { name: /Yes, rent a GPS tracker/ }).check()
  await next(page).click()
  await expect(stepHeading(page, 'Summary')).toBeFocused()
}

export async function signWaiver(page: Page, sentence = 'I accept the risks of mountain running') {
  await main(page).getByRole('button', { name: 'Sign the waiver' }).click()
  const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
  await dialog.getByLabel('Your signature: the sentence above').fill(sentence)
  await dialog.getByRole('button', { name: 'Sign' }).click()
  return dialog
}

const checkoutHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Simulated checkout' })

/** The simulated checkout's card form, filled and paid (README: 4242 pays, ...0002 is declined). */
export async function fillCheckout(page: Page, card: string) {
  await expect(checkoutHeading(page)).toBeVisible()
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry (MM/YY)').fill('08/29')
  await page.getByLabel('Security code').fill('123')
  await page.getByLabel('Name on the card').fill('Giulia Jaccod')
  await page.getByRole('button', { name: /^Pay / }).click()
}

/**
 * What the portal asks about a payment while it waits for the provider: the wizard's payment page
 * asks `payments.status`, the organiser's link page `payments.byLink`.
 */
type PaymentQuestion = Extract<OperationName, 'payments.status' | 'payments.byLink'>

/** The heading of the page that waits for the provider, while its first question is held. */
const WAITING_PAGE: Record<PaymentQuestion, string> = {
  'payments.status': 'Confirming your payment',
  'payments.byLink': 'Payment link status',
}

/**
 * Does what ends on the checkout (`act`: a card paid, the bank's confirmation, a cancel), and settles
 * the payment in the test's time, not the provider's. The provider tells the backend of the outcome
 * SETTLE_DELAY_MS after the checkout, as a webhook would (mocks/provider.ts), and the page waiting for
 * it asks again after 1, 1.5 and 2.25 s: about 5 s of wall time per payment. Instead the portal's
 * questions wait at the backend (the hold is kept across the checkout's page loads) until the
 * waiting page is on screen (`whileWaiting` runs then, held); then the simulated clock passes the
 * settlement and they go on, answered with the outcome.
 */
export async function settleAfter(page: Page, act: () => Promise<void>, options: Settling = {}) {
  const question = options.question ?? 'payments.status'
  // On the checkout first: a control set while the way there is still loading is lost with the page.
  await expect(checkoutHeading(page)).toBeVisible()
  await mock(page, 'hold', question)
  await act()
  await expect(page.getByRole('heading', { level: 1, name: WAITING_PAGE[question] })).toBeVisible()
  await options.whileWaiting?.()
  await mock(page, 'advance', SETTLE_DELAY_MS)
  await mock(page, 'release', question)
}

interface Settling {
  question?: PaymentQuestion
  /** What the test checks on the waiting page, while it is held there. */
  whileWaiting?: () => Promise<void>
}

/** The checkout's card form, filled and paid, and the payment settled (`settleAfter`). */
export async function payOnCheckout(page: Page, card: string, options?: Settling) {
  await settleAfter(page, () => fillCheckout(page, card), options)
}

/** From the wizard's payment step: Pay, then the card on the checkout, settled. */
export async function payWithCard(page: Page, card: string) {
  await main(page).getByRole('button', { name: /^Pay / }).click()
  await payOnCheckout(page, card)
}

/** A whole enrolment from the wizard's first step: every step, the waiver signed, paid with `card` on the checkout. */
export async function enrolAndPay(page: Page, card: string) {
  await toSummary(page)
  await signWaiver(page)
  await payWithCard(page, card)
}
