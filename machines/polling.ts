import { afterFailure, readDueAt, type ReadFailure, type ReadPacing, type RetryFailure } from './rules/server-reading'

/**
 * The one skeleton of the machines that follow a record on the server and ask again when it is due:
 * the waiting room's ticket (decision 037), the wait list's entry (decision 038) and the payment
 * wait (decision 020). Ask when the server says (its hint, `Retry-After`), with a jitter; after a
 * failure keep what is shown, back off, and ask at once when the athlete or the connection says so
 * (never inside a wait the server asked for). The pacing itself is pure (rules/server-reading.ts);
 * here are the named guards, the context changes and the state fragments a machine composes in its
 * own `setup`, so each machine still draws its reads as states of its own diagram.
 *
 * Two clocks make a read due. The room and the list keep `nextReadAt` and are told the time by the
 * portal (`clock.tick`, which the QA panel's clock moves too): `whenReadDue`, `pollingStates`,
 * `callWithRetry`. The payment wait's short waits run on XState's own clock: `askAgainAfter`, in
 * ask-again.ts, apart so that the wizard, which only waits for payments, does not download the pacing
 * here (the enrolment wizard's weight line of `npm run bench`).
 */

/** What a machine following a record keeps of its reads, beside its own context. */
export interface PollingContext extends ReadPacing {
  /** While a call is retried: why; null when the last call was answered. */
  failure: ReadFailure | null
  /** When the next read (or retry) is due; null while none is planned. */
  nextReadAt: number | null
}

/** The context of a machine that has read nothing yet. */
export function initialPolling({ now, jitterSeed }: Pick<ReadPacing, 'now' | 'jitterSeed'>): PollingContext {
  return { now, jitterSeed, reads: 0, failures: 0, failure: null, nextReadAt: null }
}

/** Nothing planned, nothing failing: a call starting now, or a record that will not change by itself. */
export const NOT_READING = { failure: null, failures: 0, nextReadAt: null } as const satisfies Partial<PollingContext>

/**
 * After an answer received at `receivedAt`: failures forgotten, the next read `readAfterS` later,
 * lengthened by the jitter (none planned when `readAfterS` is null: the record will not change).
 */
export function answered(context: PollingContext, receivedAt: number, readAfterS: number | null): Pick<PollingContext, 'reads' | 'failures' | 'failure' | 'nextReadAt'> {
  const reads = context.reads + 1
  return { reads, failure: null, failures: 0, nextReadAt: readAfterS === null ? null : readDueAt(receivedAt, readAfterS, context, reads) }
}

/**
 * After a failed call: the next try after the server's `Retry-After`, else the back-off. A failure
 * the machine gave a meaning of its own (not `retry`) is retried as trouble.
 */
export function failed(context: PollingContext, failure: { kind: string }): Pick<PollingContext, 'reads' | 'failures' | 'failure' | 'nextReadAt'> {
  return afterFailure(context, isRetry(failure) ? failure : null)
}

/** The machines' `failureOf` unions all carry `RetryFailure` as their `retry` kind. */
function isRetry(failure: { kind: string }): failure is RetryFailure {
  return failure.kind === 'retry'
}

/** The guards the fragments below name; a machine spreads them into its `setup({ guards })`. */
export const pollingGuards = {
  isReadDue: ({ context }: { context: PollingContext }) => context.nextReadAt !== null && context.now >= context.nextReadAt,
  /** Not inside a wait the server asked for (429/503): that one is kept whatever the page does. */
  mayRetryNow: ({ context }: { context: PollingContext }) => context.failure === 'offline' || context.failure === 'trouble',
}

/**
 * Retrying a failed call (by the portal's clock): when the wait planned is over, or at once when the
 * connection comes back or the athlete asks (`retry`), unless the server asked for the wait. The
 * call is made in the sibling state `target` (`asking` in the fragments below).
 */
export function whenReadDue<const Retry extends string, const Target extends string = 'asking'>(retry: Retry, target: Target = 'asking' as Target) {
  const now = { guard: 'mayRetryNow', target } as const
  return {
    always: { guard: 'isReadDue', target },
    on: { 'connection.back': now, ...({ [retry]: now } as Record<Retry, typeof now>) },
  } as const
}

/** A call made on entry, retried as `whenReadDue` says when its `onError` sends it to `retrying`. */
export function callWithRetry<const Invoke, const Retry extends string>(invoke: Invoke, retry: Retry) {
  return { initial: 'asking', states: { asking: { invoke }, retrying: whenReadDue(retry) } } as const
}

/**
 * Reading the record whenever a read is due (the answer's own pace, by the portal's clock), and
 * retrying a failed read: `invoke` reads it, its `onError` goes to `retrying` for a plain failure.
 */
export function pollingStates<const Invoke, const Retry extends string>(invoke: Invoke, retry: Retry) {
  return {
    initial: 'idle',
    states: {
      idle: { always: { guard: 'isReadDue', target: 'asking' } },
      asking: { invoke },
      retrying: whenReadDue(retry),
    },
  } as const
}
