import type { Subscription } from '../../contracts/athlete.contract'
import type { MyApplication } from '../../contracts/lottery.contract'
import type { PaymentState } from '../../contracts/payments.contract'
import { isLinkOpen } from './payment-link'

/**
 * A lottery application's outcome for its athlete (issue 23, decision 038), written once: the
 * lottery page's machine, My races and the race page's standing read it here. The simulated
 * backend keeps its own server rule (mocks/lottery.ts, mocks/provider.ts); mocks/lottery-rules.test.ts
 * holds the two to the same reading. Instants are epoch milliseconds; the rule takes the current
 * time as an argument and never reads a clock.
 */

/** What the drawn place's payment link says: still to pay, paid, or over unpaid. */
export type LinkPayment = 'open' | 'paid' | 'lapsed'

/** What the portal has read of one application; the page, My races and the tests build it. */
export interface ApplicationFacts {
  /** The application's published outcome (`lottery.mine`). */
  esito: MyApplication['esito']
  /** Drawn: the payment link's deadline as the server gives it; `null` when the application carries none. */
  deadline: string | null
  /** What the link's status said (`payments.byLink`, `linkPaymentOf`), or `null` when not read. */
  payment: LinkPayment | null
  /** When that status was received: a link still pending when read past its deadline is a card settling. */
  paymentReadAt: number | null
  /** Not drawn: the place in the wait list's line, when read (`waitList.status`). */
  position: number | null
}

/**
 * - `applied`: waiting for the draw at `drawAt`;
 * - `drawing`: the draw's time has passed and its result is not read yet;
 * - `drawn`: a place to pay through the organiser's link by `payBy`;
 * - `confirming`: past the deadline, a card authorised in time is being settled;
 * - `paid`: drawn, and the place is paid (or there was nothing to pay);
 * - `lapsed`: drawn, and the time to pay ran out: the place went to the wait list;
 * - `notDrawn`: on the wait list in the draw's order, at `position` when read.
 */
export type LotteryOutcome =
  | { kind: 'applied'; drawAt: number }
  | { kind: 'drawing' }
  | { kind: 'drawn'; payBy: number }
  | { kind: 'confirming' }
  | { kind: 'paid' }
  | { kind: 'lapsed' }
  | { kind: 'notDrawn'; position: number | null }

export type LotteryOutcomeKind = LotteryOutcome['kind']

/** The facts a `lottery.mine` answer gives alone: nothing read of its link or of the wait list yet. */
export function factsOf(application: Pick<MyApplication, 'esito' | 'pagamento_scade'>): ApplicationFacts {
  return { esito: application.esito, deadline: application.pagamento_scade ?? null, payment: null, paymentReadAt: null, position: null }
}

/**
 * A link's payment status as the outcome reads it. `failed` and `expired` end the link unpaid (a
 * card voided at settlement, a deadline passed); a declined card leaves the link `pending`.
 */
export function linkPaymentOf(stato: PaymentState): LinkPayment {
  switch (stato) {
    case 'success':
      return 'paid'
    case 'pending':
      return 'open'
    case 'failed':
    case 'expired':
      return 'lapsed'
  }
}

/**
 * The application's outcome at `now`. The deadline is the link's (`isLinkOpen`, the server's
 * `scade <= now`): at it an unpaid link has lapsed, unless its status was read pending at or after
 * the deadline, which the server answers only for a card authorised in time (otherwise 410). A drawn
 * application without a link had nothing to pay: its place was taken at the draw.
 */
export function lotteryOutcome(facts: ApplicationFacts, at: { drawAt: number; now: number }): LotteryOutcome {
  switch (facts.esito) {
    case 'in_attesa':
      return at.now >= at.drawAt ? { kind: 'drawing' } : { kind: 'applied', drawAt: at.drawAt }
    case 'non_estratto':
      return { kind: 'notDrawn', position: facts.position }
    case 'estratto':
      break
  }
  if (facts.payment === 'paid' || facts.deadline === null) return { kind: 'paid' }
  if (facts.payment === 'lapsed') return { kind: 'lapsed' }
  if (isLinkOpen(facts.deadline, at.now)) return { kind: 'drawn', payBy: Temporal.Instant.from(facts.deadline).epochMilliseconds }
  const readPending = facts.payment === 'open' && facts.paymentReadAt !== null && !isLinkOpen(facts.deadline, facts.paymentReadAt)
  return readPending ? { kind: 'confirming' } : { kind: 'lapsed' }
}

/**
 * A stored subscription that is a lottery application, as the race page reads it without the
 * application itself: the server clears `domanda_lotteria` when the draw sends the athlete a link
 * to pay (from then it is a place to pay), and a paid place is an entry.
 */
export function isApplication(subscription: Pick<Subscription, 'domanda_lotteria' | 'pagato'>): boolean {
  return subscription.domanda_lotteria === true && !subscription.pagato
}
