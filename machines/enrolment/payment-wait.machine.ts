import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorCodeOf, toApiError, type ApiError } from '../../contracts/api-error'
import type * as payments from '../../contracts/payments.contract'
import type { PaymentLinkStatus, PaymentState } from '../../contracts/payments.contract'
import { askAgainAfter } from '../ask-again'
import { isLinkPayable } from '../rules/payment-link'

/**
 * Waiting for the payment provider to settle a payment, after the checkout: the one wait of the
 * portal, invoked by the enrolment wizard and used alone by `/payment` and by `/payment/by-link`
 * (decision 026). A pending payment is asked again with growing waits; after
 * `LONG_WAIT_AFTER_POLLS` checks the athlete may abandon it (the server expires it, so the old
 * checkout cannot charge); after `GIVE_UP_AFTER_POLLS` it stops asking until told to. The status
 * itself is the query cache's: the machine only decides when to ask and what the answer means.
 *
 * An organiser's link adds two answers: it may be *payable* (open, nothing under way at the
 * provider: the athlete pays it, there is nothing to wait for; also after a declined card) and it
 * may have *expired* (410): both end the wait.
 */

/** Three checks (about 5 s): longer than a provider's usual confirmation, so worth saying. */
export const LONG_WAIT_AFTER_POLLS = 3
/** Twelve checks (about a minute with the back-off): then the athlete decides when to ask again. */
export const GIVE_UP_AFTER_POLLS = 12

/** Wait before checking a pending payment again: 1 s, then half as long again each time, at most 8 s. */
export function pollDelayMs(polls: number): number {
  return Math.min(8_000, Math.round(1_000 * 1.5 ** polls))
}

export type WaitOutcome = 'paid' | 'unpaid' | 'notFound' | 'abandoned' | 'payable' | 'expired'

/**
 * What one read of the payment says: its state, or `payable` for an organiser's link that waits
 * for the athlete at the provider's page rather than for the provider (never a card payment).
 */
export type PaymentReading = PaymentState | 'payable'

/** What the status of an organiser's link means to the wait: payable while it offers its checkout. */
export function linkReading(link: Pick<PaymentLinkStatus, 'stato' | 'checkout_url'>): PaymentReading {
  return isLinkPayable(link) ? 'payable' : link.stato
}

export interface PaymentWaitContext {
  /** What the payment is read by: its id (`payments.status`), or an organiser's link's code (`payments.byLink`). */
  paymentId: string
  polls: number
  /** The last check that got no usable answer; the wait goes on. */
  failure: ApiError | null
}

export type PaymentWaitEvent = { type: 'wait.retry' } | { type: 'wait.abandon' }
export type PaymentWaitEmitted = { type: 'paid'; paymentId: string }

/** What a failed status check means to the wait. */
export type PaymentWaitFailure = { kind: 'notFound' } | { kind: 'expired' } | { kind: 'unanswered'; error: ApiError }

export function failureOf(error: unknown): PaymentWaitFailure {
  const apiError = toApiError(error)
  const code = errorCodeOf<typeof payments.status | typeof payments.byLink>(apiError)
  if (code === 'payment_not_found') return { kind: 'notFound' }
  // An organiser's link past its deadline (410).
  if (code === 'request_expired') return { kind: 'expired' }
  return { kind: 'unanswered', error: apiError }
}

const settledAs = (reading: PaymentReading): WaitOutcome | null =>
  reading === 'success'
    ? 'paid'
    : reading === 'failed' || reading === 'expired'
      ? 'unpaid'
      : reading === 'payable'
        ? 'payable'
        : null

export const paymentWaitMachine = setup({
  types: {
    context: {} as PaymentWaitContext,
    input: {} as { paymentId: string },
    events: {} as PaymentWaitEvent,
    emitted: {} as PaymentWaitEmitted,
    output: {} as { outcome: WaitOutcome },
  },
  actors: {
    readStatus: fromPromise<PaymentReading, { paymentId: string }>(() => {
      throw new Error('readStatus is provided by the portal')
    }),
  },
  delays: {
    pollDelay: ({ context }) => pollDelayMs(context.polls),
  },
  guards: {
    isSettledAs: (_, params: { state: PaymentReading; outcome: WaitOutcome }) => settledAs(params.state) === params.outcome,
    isNotFound: (_, params: { error: unknown }) => failureOf(params.error).kind === 'notFound',
    isExpired: (_, params: { error: unknown }) => failureOf(params.error).kind === 'expired',
    hasWaitedTooLong: ({ context }) => context.polls >= GIVE_UP_AFTER_POLLS,
    isLongWait: ({ context }) => context.polls >= LONG_WAIT_AFTER_POLLS,
  },
  actions: {
    countPoll: assign({ polls: ({ context }) => context.polls + 1 }),
  },
}).createMachine({
  id: 'paymentWait',
  context: ({ input }) => ({ paymentId: input.paymentId, polls: 0, failure: null }),
  initial: 'checking',
  output: ({ event }) => event.output as { outcome: WaitOutcome },
  on: {
    'wait.abandon': { guard: 'isLongWait', target: '.abandoned' },
  },
  states: {
    checking: {
      invoke: {
        src: 'readStatus',
        input: ({ context }) => ({ paymentId: context.paymentId }),
        onDone: [
          { guard: { type: 'isSettledAs', params: ({ event }) => ({ state: event.output, outcome: 'paid' }) }, target: 'paid' },
          { guard: { type: 'isSettledAs', params: ({ event }) => ({ state: event.output, outcome: 'unpaid' }) }, target: 'unpaid' },
          { guard: { type: 'isSettledAs', params: ({ event }) => ({ state: event.output, outcome: 'payable' }) }, target: 'payable' },
          { target: 'waiting', actions: assign({ failure: null }) },
        ],
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { guard: { type: 'isExpired', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          { target: 'waiting', actions: assign({ failure: ({ event }) => toApiError(event.error) }) },
        ],
      },
    },
    // The polling skeleton on XState's clock: the provider's seconds, not the portal's clock.
    waiting: {
      always: { guard: 'hasWaitedTooLong', target: 'stillPending' },
      ...askAgainAfter('pollDelay', { target: 'checking', retry: 'wait.retry', actions: 'countPoll' }),
    },
    stillPending: {
      on: { 'wait.retry': { target: 'checking', actions: assign({ polls: 0, failure: null }) } },
    },
    paid: {
      type: 'final',
      entry: emit(({ context }) => ({ type: 'paid' as const, paymentId: context.paymentId })),
      output: { outcome: 'paid' },
    },
    unpaid: { type: 'final', output: { outcome: 'unpaid' } },
    notFound: { type: 'final', output: { outcome: 'notFound' } },
    abandoned: { type: 'final', output: { outcome: 'abandoned' } },
    // An organiser's link: open for the athlete to pay (nothing to wait for), or past its deadline.
    payable: { type: 'final', output: { outcome: 'payable' } },
    expired: { type: 'final', output: { outcome: 'expired' } },
  },
})

export type PaymentWaitSnapshot = SnapshotFrom<typeof paymentWaitMachine>

/** What a screen shows of the wait. */
export interface PaymentWaitView {
  kind: 'waiting' | 'stillPending' | WaitOutcome
  longWait: boolean
  failure: ApiError | null
}

export function paymentWaitView(snapshot: PaymentWaitSnapshot): PaymentWaitView {
  const { context } = snapshot
  const kind = snapshot.matches('stillPending')
    ? 'stillPending'
    : snapshot.status === 'done'
      ? snapshot.output.outcome
      : 'waiting'
  return { kind, longWait: snapshot.status === 'active' && snapshot.can({ type: 'wait.abandon' }), failure: context.failure }
}
