import type { Subscription } from '../../contracts/athlete.contract'
import type { PaymentLinkStatus } from '../../contracts/payments.contract'

/**
 * An organiser's payment link (decision 026), its status written once: whether its deadline still
 * keeps the place for it (the gate's standing, My races' places to pay) and whether it may be paid
 * now (the link's page and the wait). The simulated backend's own readings are bound to these by
 * mocks/live-rules.test.ts. Instants are epoch milliseconds, as the portal's clock gives them.
 */

/** The link's deadline is still ahead at `nowMs`: until then it keeps the place to itself. */
export function isLinkOpen(deadline: string, nowMs: number): boolean {
  return nowMs < Temporal.Instant.from(deadline).epochMilliseconds
}

/**
 * The code of the organiser's link that pays this unpaid place at `nowMs`, if one is open: the
 * place is paid there, never by a card payment of the wizard (which the server refuses,
 * `payment_link_open`). A link past its deadline no longer holds the place (`null`); one without a
 * deadline does not lapse.
 */
export function livePaymentLink(subscription: Pick<Subscription, 'pagato' | 'codice_link' | 'scadenza_pagamento'>, nowMs: number): string | null {
  const { codice_link: code, scadenza_pagamento: deadline } = subscription
  if (subscription.pagato || !code) return null
  return !deadline || isLinkOpen(deadline, nowMs) ? code : null
}

/**
 * The athlete may pay the link now: pending, and the server names the provider's page for it,
 * which it does only while nothing is under way there and the deadline is ahead. Pending without
 * it, a card is with the provider (authorised, or being decided).
 */
export function isLinkPayable(link: Pick<PaymentLinkStatus, 'stato' | 'checkout_url'>): boolean {
  return link.stato === 'pending' && Boolean(link.checkout_url)
}
