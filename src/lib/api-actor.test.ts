import { describe, expect, it, vi } from 'vitest'
import { assign, createActor, setup } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import { fromApiCall } from './api-actor'
import { ApiRequestError } from './api-request-error'

const serverError: ApiError = { kind: 'http', operation: 'races.get', status: 503, code: null, body: null }

type Creator = (args: { input: undefined; signal: AbortSignal }) => Promise<unknown>

/** Runs the actor's call as XState does (its logic's `config` is the promise creator), with a signal the test may abort. */
function run(call: { config?: unknown }, signal = new AbortController().signal) {
  const settled = vi.fn()
  const promise = (call.config as Creator)({ input: undefined, signal })
  promise.then(
    (value) => settled('done', value),
    (error: unknown) => settled('error', error),
  )
  return settled
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('an actor over the API', () => {
  it('gives the answer of a call that succeeds', async () => {
    const settled = run(fromApiCall(() => Promise.resolve(42)))
    await flush()
    expect(settled).toHaveBeenCalledWith('done', 42)
  })

  it('fails with the ApiError a failed read carried, and with a fault in the page for anything else thrown, told to developers', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const bug = new TypeError('x is undefined')
    const fromQuery = run(fromApiCall(() => Promise.reject(new ApiRequestError(serverError))))
    const fromBug = run(fromApiCall(() => Promise.reject(bug)))
    await flush()
    expect(fromQuery).toHaveBeenCalledWith('error', serverError)
    expect(fromBug).toHaveBeenCalledWith('error', { kind: 'fault', operation: 'unknown', detail: 'x is undefined' })
    expect(logged).toHaveBeenCalledOnce()
    expect(logged).toHaveBeenCalledWith('[pettorale] a call failed inside the page:', bug)
  })

  it('never settles a call cut short because its actor stopped: neither its abort nor a late answer', async () => {
    const stop = new AbortController()
    const aborted = run(
      fromApiCall(() => {
        stop.abort()
        return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))
      }),
      stop.signal,
    )
    const stopLate = new AbortController()
    const late = run(
      fromApiCall(() => {
        stopLate.abort()
        return Promise.resolve('an answer nobody waits for')
      }),
      stopLate.signal,
    )
    await flush()
    expect(aborted).not.toHaveBeenCalled()
    expect(late).not.toHaveBeenCalled()
  })

  it('a machine invoking it sees the failure as an ApiError in onError', async () => {
    const machine = setup({
      actors: { read: fromApiCall<number, undefined>(() => Promise.reject(new ApiRequestError(serverError))) },
    }).createMachine({
      initial: 'reading',
      context: { error: null as unknown },
      states: {
        reading: { invoke: { src: 'read', onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) } } },
        failed: {},
      },
    })
    const actor = createActor(machine).start()
    await flush()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toEqual(serverError)
  })
})
