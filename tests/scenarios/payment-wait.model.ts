/**
 * The payment wait's model for the scenario tests: its status reads faked at the actor, the
 * answers a read can get, and the oracle's side of the wait written from the spec (decision 020:
 * "polls with growing waits (1 s, ×1.5, at most 8 s) and stops after 12 checks with a way to check
 * again"; decision 024: abandoning is offered only after the long wait). The enrolment scenarios
 * reuse the fake reads for the wait the wizard invokes.
 */
import { fromPromise } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import { deferred, failure, flushMicrotasks, httpFailure, networkFailure, type Deferred } from '../../machines/session/test-harness'
import type { PaymentReading } from '../../machines/enrolment/payment-wait.machine'

/** A failed status read, as the API client throws it for `payments.status`. */
export const statusFailure = (status: number, code: string): ApiError => httpFailure(status, code, 'payments.status')

/** What the server may answer a status read with: a reading, or a failure. */
export type ReadAnswer = { reading: PaymentReading } | { error: ApiError; label: string }

export const READ_ANSWERS: readonly ReadAnswer[] = [
  { reading: 'success' },
  { reading: 'failed' },
  { reading: 'expired' },
  { reading: 'pending' },
  { reading: 'payable' },
  { error: statusFailure(404, 'payment_not_found'), label: '404 payment_not_found' },
  { error: statusFailure(410, 'request_expired'), label: '410 request_expired' },
  { error: networkFailure('payments.status'), label: 'network' },
  { error: failure({ kind: 'http', status: 503, code: null, body: null, retryAfterS: 5, operation: 'payments.status' }), label: '503' },
]

export const describeAnswer = (answer: ReadAnswer): string => ('reading' in answer ? answer.reading : answer.label)

/**
 * Status reads the test answers by hand: each read waits on a deferred until `answer` settles it, or
 * until its actor is stopped. `overlapped` records a read started while another was still in flight
 * (the wait must never).
 */
export function fakeStatusReads() {
  const reads: string[] = []
  let pending: Deferred<PaymentReading> | null = null
  let overlapped = false
  const readStatus = fromPromise<PaymentReading, { paymentId: string }>(({ input, signal }) => {
    if (pending !== null) overlapped = true
    reads.push(input.paymentId)
    const call = deferred<PaymentReading>()
    pending = call
    // A wait that ends mid-read stops its actor: the portal's call is cut short (src/lib/api-actor.ts).
    signal.addEventListener('abort', () => {
      if (pending === call) pending = null
    })
    return call.promise
  })
  return {
    readStatus,
    reads,
    get overlapped() {
      return overlapped
    },
    isReading: () => pending !== null,
    /** Settles the read in flight with the server's answer. */
    async answer(answer: ReadAnswer) {
      const call = pending
      if (!call) throw new Error('no status read is in flight')
      pending = null
      if ('reading' in answer) call.resolve(answer.reading)
      else call.reject(answer.error)
      await flushMicrotasks()
    },
  }
}

export type FakeStatusReads = ReturnType<typeof fakeStatusReads>

/** The outcome the spec gives each final answer of the server (section 4: "success or failed"; decisions 020, 026). */
export function outcomeOfAnswer(answer: ReadAnswer): 'paid' | 'unpaid' | 'payable' | 'notFound' | 'expired' | null {
  if ('reading' in answer) {
    // A declined card and a payment the provider let lapse were both not charged: unpaid.
    if (answer.reading === 'success') return 'paid'
    if (answer.reading === 'failed' || answer.reading === 'expired') return 'unpaid'
    // An organiser's link open to pay (decision 026): nothing to wait for.
    if (answer.reading === 'payable') return 'payable'
    return null
  }
  if (answer.error.kind === 'http' && answer.error.code === 'payment_not_found') return 'notFound'
  // An organiser's link past its deadline (decision 026).
  if (answer.error.kind === 'http' && answer.error.code === 'request_expired') return 'expired'
  // No usable answer: decision 024, "the wait goes on with the failure said".
  return null
}

/** Decision 020: the n-th wait between two checks (from 0): 1 s, then ×1.5 each time, at most 8 s. */
export const specPollWaitMs = (n: number): number => Math.min(8_000, Math.round(1_000 * 1.5 ** n))
/** Decision 020: after 12 waits the wait stops asking until the athlete asks again. */
export const SPEC_WAITS_BEFORE_GIVING_UP = 12
/** Decision 024: three checks again (about 5 s) make a long wait, which the athlete may abandon. */
export const SPEC_WAITS_BEFORE_LONG_WAIT = 3
