import type { Page } from '@playwright/test'
import { MINUTE_MS } from '../../../contracts/time'
import { main, next, openWizard, payOnCheckout, payWithCard, settleAfter, shuttle, signWaiver, stepHeading, toSummary } from '../enrolment-steps'
import { expect, heldRequests, logInFromHeader, mock, test } from '../fixtures'

/**
 * The README's start command under test: these run against `npm start`'s dev server (Vite, React
 * StrictMode, mock mode; see playwright.config.ts), where StrictMode mounts every component twice
 * and stops the actors of the first mount, and Vite loads each lazy part as its own modules. The
 * production build hides both, so a journey that crosses lazy parts and machines is walked here too.
 * The fixtures' guard fails any of them on a console error, a render error a boundary caught or a
 * failed request.
 */

/** Trail del Forte di Bard 30K 2026: open at the seed's "now", and completo has no enrolment in it. */
const RACE = 204
const RACE_NAME = 'Trail del Forte di Bard 30K 2026'
/**
 * The room reads the line again when its last answer says (up to 30 s later, waiting-room.machine.ts): after
 * the clock jumps, the wizard comes at the room's next read.
 */
const ROOM_READ = { timeout: 20_000 }

const outcome = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })

test.describe('npm start (the dev server, StrictMode)', () => {
  test('an athlete logs in from the header, sees their area, and logs out', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My area' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
  })

  test('the whole enrolment, paid with 4242 4242 4242 4242, ends on "Payment successful" with a bib', async ({ page }) => {
    await openWizard(page, RACE)
    await toSummary(page)
    await signWaiver(page)
    await expect(stepHeading(page, 'Payment')).toBeFocused()
    await payWithCard(page, '4242 4242 4242 4242')
    await expect(outcome(page, 'Payment successful')).toBeVisible()
    await expect(main(page).getByText(/Your bib number: \d+/)).toBeVisible()
    await main(page).getByRole('link', { name: 'Go to my races' }).click()
    const card = main(page).getByRole('article', { name: RACE_NAME })
    await expect(card.getByText('Paid', { exact: true })).toBeVisible()
  })

  test('a declined card (ending 0002) says so, and a retry with 4242 pays', async ({ page }) => {
    await openWizard(page, RACE)
    await toSummary(page)
    await signWaiver(page)
    await payWithCard(page, '4000 0000 0000 0002')
    await expect(outcome(page, 'Payment failed')).toBeVisible()
    await main(page).getByRole('link', { name: 'Try the payment again' }).click()
    await expect(main(page).getByRole('alert')).toContainText('Your last payment did not go through')
    await payWithCard(page, '4242 4242 4242 4242')
    await expect(outcome(page, 'Payment successful')).toBeVisible()
  })

  test('the checkout cancelled and paid again from the wizard', async ({ page }) => {
    await openWizard(page, RACE)
    await toSummary(page)
    await signWaiver(page)
    await main(page).getByRole('button', { name: /^Pay / }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
    await settleAfter(page, () => page.getByRole('button', { name: 'Cancel and return' }).click())
    await expect(outcome(page, 'Payment failed')).toBeVisible()
    await main(page).getByRole('link', { name: 'Try the payment again' }).click()
    await main(page).getByRole('button', { name: /^Pay / }).click()
    await payOnCheckout(page, '4242 4242 4242 4242')
    await expect(outcome(page, 'Payment successful')).toBeVisible()
  })

  test("the organiser's payment link from the mailbox, a card declined then one that pays, nobody signed in", async ({ page }) => {
    await page.goto('/mailbox')
    const mail = page.getByRole('article', { name: 'Your payment link' }).filter({ hasText: 'Tor des Pettorale 330 2026' }).filter({ hasText: '27 Feb 2026' })
    await mail.getByRole('link', { name: 'Pay now' }).click()
    await payOnCheckout(page, '4000 0000 0000 0002', { question: 'payments.byLink' })
    await expect(outcome(page, 'Payment declined')).toBeVisible()
    await main(page).getByRole('link', { name: 'Try the payment again' }).click()
    await payOnCheckout(page, '4242 4242 4242 4242', { question: 'payments.byLink' })
    await expect(outcome(page, 'Payment successful')).toBeVisible()
    await expect(outcome(page, 'Payment successful')).toBeFocused()
  })

  test('a medical certificate upload, its progress held until released, ends in revision', async ({ page }) => {
    // scaduto's certificate has expired: the upload replaces it (completo's would be a renewal).
    await logInFromHeader(page, 'scaduto')
    await page.goto('/me/medical-certificate')
    await expect(page.getByRole('heading', { level: 1, name: 'Medical certificate' })).toBeVisible()
    const form = main(page).getByRole('form', { name: 'Upload a certificate' })
    await mock(page, 'hold', 'files.putSigned')
    await form.getByLabel('Certificate file').setInputFiles({
      name: 'certificato.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4\n% a medical certificate\n${'0'.repeat(20_000)}\n%%EOF\n`),
    })
    await form.getByLabel('Expiry date').fill('2027-03-01')
    await form.getByRole('button', { name: 'Upload certificate' }).click()
    await expect(main(page).getByRole('progressbar', { name: 'Upload progress' })).toBeVisible()
    await expect.poll(() => heldRequests(page, 'files.putSigned')).toBe(1)
    await mock(page, 'release', 'files.putSigned')
    await expect(page.getByText('Certificate saved.', { exact: true })).toBeVisible()
    await expect(main(page).getByRole('region', { name: 'Your certificate' })).toContainText('In review')
  })

  test('a reload in the middle of the wizard resumes at the same step with the choice made', async ({ page }) => {
    await openWizard(page, RACE)
    await main(page).getByLabel('All my data is correct').check()
    await next(page).click()
    await expect(stepHeading(page, 'Race questions')).toBeFocused()
    await shuttle(page).selectOption('Aosta')
    await page.reload()
    await expect(stepHeading(page, 'Race questions')).toBeVisible()
    await expect(shuttle(page)).toHaveValue('Aosta')
    await next(page).click()
    await expect(stepHeading(page, 'Rules')).toBeFocused()
  })

  test('the waiting room admits the athlete into the wizard, the held place above its steps, and paying keeps it', async ({ page, expectFailures }) => {
    // The rush race (mocks/README.md): completo, in the room before the opening, is drawn among the first eight.
    expectFailures({ operation: 'queue.status', status: 404 })
    await logInFromHeader(page, 'completo')
    await mock(page, 'setNow', '2026-03-02T09:30:00Z')
    await page.goto('/race/260/queue')
    await expect(main(page).getByRole('heading', { level: 2, name: 'You are in the waiting room' })).toBeVisible()
    await mock(page, 'setNow', '2026-03-02T10:00:00Z')
    // The room's read at the opening first: one on its way when the clock jumps answers as of
    // before, and the next comes only when that answer asks (up to 30 s later).
    await expect(main(page).getByRole('heading', { level: 2, name: /You are in line|A place is held for you|It is your turn/ })).toBeVisible()
    await mock(page, 'advance', 2 * MINUTE_MS)
    await expect(page).toHaveURL('/race/260/subscribe', ROOM_READ)
    await expect(page.getByRole('region', { name: 'Your held place' })).toContainText(/Place held for you until .*left/)
    await toSummary(page)
    await signWaiver(page)
    await payWithCard(page, '4242 4242 4242 4242')
    await expect(outcome(page, 'Payment successful')).toBeVisible()
  })

  test('a paid place withdrawn from My races: the refund confirmed once, in the transactions', async ({ page }) => {
    // completo's Sentiero dei Larici 2026 (202) is paid; the schedule gives 50% back at the seed's "now".
    await logInFromHeader(page, 'completo')
    await page.goto('/me/races')
    await main(page).getByRole('article', { name: 'Sentiero dei Larici 25K 2026' }).getByRole('link', { name: 'Withdraw' }).click()
    await main(page).getByRole('button', { name: 'Withdraw from this race' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw and get €22.50 back' }).click()
    await expect(main(page).getByRole('region', { name: 'You have withdrawn' })).toContainText('€22.50')
    await main(page).getByRole('link', { name: 'See it in your transactions' }).click()
    await expect(main(page).getByRole('listitem').filter({ hasText: 'TX-2026-0002' })).toContainText('Refunded')
  })
})
