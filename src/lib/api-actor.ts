import { fromPromise } from 'xstate'
import { toApiError } from '../../contracts/api-error'

/**
 * A machine's actor over the API client or the query cache. It fails only with an `ApiError`
 * (the machines' `failureOf` reads nothing else), and a call cut short because its actor was
 * stopped never settles: React's StrictMode and a screen left mid-call stop an actor and may
 * bring its snapshot back to life, and an abort reaching the machine then would be told to the
 * athlete as a failure that never happened.
 */
export function fromApiCall<TOutput, TInput>(call: (args: { input: TInput; signal: AbortSignal }) => Promise<TOutput>) {
  return fromPromise<TOutput, TInput>(async ({ input, signal }) => {
    try {
      const output = await call({ input, signal })
      return signal.aborted ? neverSettles<TOutput>() : output
    } catch (cause) {
      if (signal.aborted) return neverSettles<TOutput>()
      const error = toApiError(cause)
      // For developers: the athlete is told the page failed; the stack says where.
      if (error.kind === 'fault') console.error('[pettorale] a call failed inside the page:', cause)
      throw error
    }
  })
}

function neverSettles<T>(): Promise<T> {
  return new Promise<T>(() => undefined)
}
