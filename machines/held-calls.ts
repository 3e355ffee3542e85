/**
 * For the tests of a machine that follows a record on the server (the waiting room, the wait list):
 * its calls held in flight until a test answers or fails them, each logged with the test clock's
 * instant and its input, and the failures the API client would throw for them. No network, no
 * timers: the harnesses (machines/opening/test-harness.ts, machines/places/wait-list.test-harness.ts)
 * build on it, and the model-based scenarios on them.
 */
import { fromPromise } from 'xstate'
import type { ApiError } from '../contracts/api-error'
import { deferred, failure, flushMicrotasks, type Deferred } from './session/test-harness'

export interface HeldCall<Name extends string, Input> {
  name: Name
  at: number
  input: Input
}

/** The API client's failures for each call, named by the call's operation (`OPERATION[name]`). */
export function apiFailures<Name extends string>(operation: Record<Name, string>) {
  return {
    /** A refusal (the body as the contract shapes it). */
    refusal(name: Name, status: number, code: string, extra: Record<string, unknown> = {}): ApiError {
      return failure({ kind: 'http', status, code, body: { type: 'about:blank', title: code, status, code, ...extra }, operation: operation[name] })
    },
    /** 429 or 503 with the server's `Retry-After` (seconds), if it named one. */
    busy(name: Name, status: 429 | 503, retryAfterS?: number): ApiError {
      return failure({ kind: 'http', status, code: null, body: null, operation: operation[name], ...(retryAfterS === undefined ? {} : { retryAfterS }) })
    },
    offline: (name: Name): ApiError => failure({ kind: 'network', operation: operation[name] }),
    unauthorized: (name: Name): ApiError => failure({ kind: 'unauthorized', operation: operation[name] }),
    serverError: (name: Name): ApiError => failure({ kind: 'http', status: 500, code: null, body: null, operation: operation[name] }),
  }
}

/** Calls held in flight; `now` reads the test clock when a call starts. */
export function heldCalls<Name extends string, Answer, Input>(now: () => number) {
  const calls: HeldCall<Name, Input>[] = []
  const pending: Partial<Record<Name, Deferred<Answer>>> = {}
  /** Calls started while another one was still in flight (these machines never make two at once). */
  const overlapping: Name[] = []

  /** The stand-in for the actor `name`: its call stays in flight until `settle`. */
  const held = <TInput extends Input>(name: Name) =>
    fromPromise<Answer, TInput>(({ input, signal }) => {
      if (Object.keys(pending).length > 0) overlapping.push(name)
      calls.push({ name, at: now(), input })
      const call = deferred<Answer>()
      pending[name] = call
      // A state left mid-call stops its actor: the portal's call is cut short (src/lib/api-actor.ts).
      signal.addEventListener('abort', () => {
        if (pending[name] === call) delete pending[name]
      })
      return call.promise
    })

  async function settle(name: Name, how: (call: Deferred<Answer>) => void) {
    const call = pending[name]
    if (!call) throw new Error(`no ${name} call is in flight (in flight: ${Object.keys(pending).join(', ') || 'none'})`)
    delete pending[name]
    how(call)
    await flushMicrotasks()
  }

  return {
    calls,
    overlapping,
    held,
    /** Answers the call `name` in flight. */
    answer: (name: Name, answer: Answer) => settle(name, (call) => call.resolve(answer)),
    /** Fails the call `name` in flight with `error`. */
    fail: (name: Name, error: unknown) => settle(name, (call) => call.reject(error)),
    /** The calls of `name` made so far. */
    callsOf: (name: Name) => calls.filter((call) => call.name === name),
    inFlight: (name?: Name) => (name ? pending[name] !== undefined : Object.keys(pending).length > 0),
  }
}
