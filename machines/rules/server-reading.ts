import type { ApiError } from '../../contracts/api-error'
import { SECOND_MS } from '../../contracts/time'

/**
 * How a machine that follows a record on the server (the waiting room's ticket, decision 037; the
 * wait list's entry, decision 038) paces its reads: the next read planned from an answer or a
 * failure, with a jitter so thousands of clients told the same second spread out, and what a failed
 * call means for the retry. Pure; the machines keep the counts in their context.
 */

/** Decision 037: waits after a failure, 2, 4, 8 ... at most 60 s. */
export const MAX_BACKOFF_S = 60
/** Each wait is lengthened by up to this fraction, so clients told the same second spread out. */
export const MAX_JITTER = 0.2

/** The wait after `failures` failures in a row (from 1): 2, 4, 8, 16, 32, 60 s. */
export function backoffS(failures: number): number {
  return Math.min(MAX_BACKOFF_S, 2 ** Math.max(1, failures))
}

/**
 * A fraction of `[0, MAX_JITTER)` fixed by the seed and the count (a step of mulberry32): the same
 * actor spreads its waits, and no two clients with different seeds move in step.
 */
export function jitterFraction(seed: number, count: number): number {
  let t = (seed ^ Math.imul(count + 1, 0x9e3779b9)) >>> 0
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return (((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * MAX_JITTER
}

/** The counts a following machine keeps in its context for its reads. */
export interface ReadPacing {
  now: number
  jitterSeed: number
  /** Answers and failures so far: the count the jitter is drawn with. */
  reads: number
  /** Failures in a row, for the back-off. */
  failures: number
}

/** `waitS` from `from`, lengthened by this actor's jitter for its `reads`-th read. */
export function readDueAt(from: number, waitS: number, pacing: Pick<ReadPacing, 'jitterSeed'>, reads: number): number {
  return from + Math.round(waitS * SECOND_MS * (1 + jitterFraction(pacing.jitterSeed, reads)))
}

/** Why a call is being retried: no answer, the server asked to wait (429/503), or another failure. */
export type ReadFailure = 'offline' | 'busy' | 'trouble'

export interface RetryFailure {
  kind: 'retry'
  failure: ReadFailure
  /** The server's `Retry-After`, kept whatever the page does. */
  retryAfterS: number | null
  error: ApiError
}

/** A failed call that has no meaning of its own for the machine: what kind of retry it calls for. */
export function retryFailureOf(apiError: ApiError): RetryFailure {
  if (apiError.kind === 'network') return { kind: 'retry', failure: 'offline', retryAfterS: null, error: apiError }
  if (apiError.kind === 'http' && (apiError.status === 429 || apiError.status === 503)) {
    return { kind: 'retry', failure: 'busy', retryAfterS: apiError.retryAfterS ?? null, error: apiError }
  }
  return { kind: 'retry', failure: 'trouble', retryAfterS: null, error: apiError }
}

/**
 * The counts after a failed call: the next try after the server's `Retry-After` if it gave one,
 * else the back-off. `retry` is null for a failure the machine did not expect to retry: trouble.
 */
export function afterFailure(pacing: ReadPacing, retry: RetryFailure | null) {
  const reads = pacing.reads + 1
  const failures = pacing.failures + 1
  const waitS = retry?.retryAfterS ?? backoffS(failures)
  const failure: ReadFailure = retry?.failure ?? 'trouble'
  return { reads, failures, failure, nextReadAt: readDueAt(pacing.now, waitS, pacing, reads) }
}
