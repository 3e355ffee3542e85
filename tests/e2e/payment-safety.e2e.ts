import type { Page } from '@playwright/test'
import { HOUR_MS } from '../../contracts/time'
import type { MockApi } from '../../mocks/browser'
import { SEED_TOKENS } from '../../mocks/seed/tokens'
import { fillCheckout, main, openWizard, stepHeading, toSummary, signWaiver } from './enrolment-steps'
import { changedRecords, expect, expectNoAxeViolations, logInFromHeader, mock, test } from './fixtures'

/**
 * Issue 19, rows 1 and 2, as an athlete meets them: one live payment per place whatever its
 * channel, and an authorised payment never dropped for a second one. The simulated backend's rules
 * are in mocks/provider.ts and mocks/handlers/payments.ts; here, what the wizard says and where it
 * leads, and that the athlete is charged once.
 */

/** Alte Vie di Cogne 52K 2026: open at the seed's "now", completo has an unpaid subscription to it. */
const RACE = 203
const RACE_NAME = 'Alte Vie di Cogne 52K 2026'

/** The card payments the portal created in this browser (the seed's own are not changes), by state. */
async function startedPayments(page: Page, race: number) {
  const payments = await changedRecords(page, 'payments')
  return payments.flatMap((record) =>
    record.project_id === race && record.link_code === null && !record.idempotency_key.startsWith('seed-') ? [record.stato] : [],
  )
}

/** What this page's simulated provider knows of a payment: the checkout's decision before it settles. */
function checkoutDecision(page: Page, paymentId: string) {
  return page.evaluate(
    (id) => (window as unknown as { pettoraleMock: Pick<MockApi, 'provider'> }).pettoraleMock.provider.payment(id)?.esito ?? null,
    paymentId,
  )
}

test.describe("one live payment per place: the organiser's link", () => {
  test("pax, whose 330 km has the organiser's payment link open, is led to pay it there and no card payment is started", async ({ page }) => {
    await logInFromHeader(page, 'pax')
    await page.goto('/race/201/subscribe')
    await expect(stepHeading(page, 'Payment')).toBeFocused()
    // Issue 42: the payment step knows the link, so it offers no card payment the server would refuse.
    await expect(main(page).getByText('The organiser has sent you a payment link for this place: you pay through it, on its page.')).toBeVisible()
    await expect(main(page).getByRole('button', { name: /^Pay / })).toHaveCount(0)
    const payThere = main(page).getByRole('link', { name: "Pay with the organiser's link" })
    await expect(payThere).toHaveAttribute('href', `/payment/by-link?code=${SEED_TOKENS.paymentLinkPending}`)
    await expectNoAxeViolations(page, { content: payThere })
    // No card payment was opened: nothing can charge but the link.
    expect(await startedPayments(page, 201)).toEqual([])

    await payThere.click()
    await expect(page).toHaveURL(`/payment/by-link?code=${SEED_TOKENS.paymentLinkPending}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible()
  })
})

test.describe('an authorised payment is never dropped: two tabs', () => {
  test('two tabs paying the same place end with one charge, and both say it is paid', async ({ page, expectFailures }) => {
    test.setTimeout(90_000)
    // The second tab's start is refused: the first tab's payment is being confirmed.
    expectFailures({ operation: 'payments.start', status: 409 })
    const first = page
    await openWizard(first, RACE)
    await toSummary(first)
    await signWaiver(first)
    await expect(stepHeading(first, 'Payment')).toBeFocused()

    // The same athlete opens the same enrolment in a second tab of the browser: it is at the payment too.
    const second = await first.context().newPage()
    await second.goto(`/race/${String(RACE)}/subscribe`)
    await expect(stepHeading(second, 'Payment')).toBeVisible()

    // The first tab goes to the provider's checkout and pays there.
    await main(first).getByRole('button', { name: /^Pay / }).click()
    await expect(first.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
    // The provider's confirmation must not arrive before the second tab has tried. It settles at the
    // first request SETTLE_DELAY_MS after the checkout's decision, whichever tab makes it, so the
    // first tab's way back (its session, the payment's status) waits at the backend until the
    // backend's clock is an hour before the decision; then it stays unconfirmed until the test moves
    // the clock on. Moving the clock before the decision would not do: every tab follows the
    // clock at once, so the decision would take the moved clock too.
    await mock(first, 'hold', 'athlete.me')
    await mock(first, 'hold', 'payments.status')
    await fillCheckout(first, '4242 4242 4242 4242')
    await expect(first).toHaveURL(/\/payment\?pagamento_id=PAY-[0-9A-F]{24}$/)
    const paymentId = new URL(first.url()).searchParams.get('pagamento_id')!
    // The second tab's backend has heard of the authorisation (tabs share the data).
    await expect.poll(() => checkoutDecision(second, paymentId)).toBe('authorised')
    await mock(second, 'advance', -HOUR_MS)
    await mock(first, 'release', 'athlete.me')
    await mock(first, 'release', 'payments.status')
    await expect(first.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible()

    // The second tab pays: refused, it waits for the first tab's payment instead of starting another.
    await main(second).getByRole('button', { name: /^Pay / }).click()
    await expect(stepHeading(second, 'Confirming your payment')).toBeVisible()
    await expect(second.getByRole('region', { name: 'Notifications' })).toContainText(
      'A payment for this place is already being confirmed, perhaps in another tab: we are waiting for it instead of starting another.',
    )
    await expect(second).toHaveURL(new RegExp(`/race/${String(RACE)}/subscribe$`))
    expect(await startedPayments(second, RACE)).toEqual(['pending'])

    // The provider confirms: both tabs say the place is paid.
    await mock(second, 'advance', HOUR_MS)
    await expect(stepHeading(second, 'Payment successful')).toBeVisible({ timeout: 30_000 })
    await expect(main(second).getByText(/Your bib number: \d+/)).toBeVisible()
    await expect(first.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 30_000 })

    // One charge: one payment made, one line among the transactions, paid.
    expect(await startedPayments(first, RACE)).toEqual(['success'])
    await second.goto('/me/transactions')
    const lines = main(second).getByRole('list', { name: 'Transactions' }).getByRole('listitem').filter({ hasText: RACE_NAME })
    await expect(lines).toHaveCount(1)
    await expect(lines).toContainText('Paid')
  })
})
