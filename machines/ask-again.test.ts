import { describe, expect, it } from 'vitest'
import { assign, createActor, fromPromise, setup, SimulatedClock } from 'xstate'
import { SECOND_MS } from '../contracts/time'
import { askAgainAfter } from './ask-again'
import { apiFailures, heldCalls } from './held-calls'

/** A record's read, as the payment wait reads its payment: answered or failed, then asked again. */
interface Answer {
  readAfterS: number | null
  receivedAt: number
}
const { offline } = apiFailures({ readRecord: 'records.status' })

describe("on XState's clock: askAgainAfter", () => {
  const checker = setup({
    types: { context: {} as { waits: number }, events: {} as { type: 'record.retry' } },
    actors: { readRecord: fromPromise<Answer>(() => Promise.reject(new Error('held by the test'))) },
    delays: { pause: ({ context }) => (context.waits + 1) * SECOND_MS },
    actions: { countWait: assign({ waits: ({ context }) => context.waits + 1 }) },
  }).createMachine({
    context: { waits: 0 },
    initial: 'asking',
    states: {
      asking: { invoke: { src: 'readRecord', onDone: 'waiting', onError: 'waiting' } },
      waiting: askAgainAfter('pause', { target: 'asking', retry: 'record.retry', actions: 'countWait' }),
    },
  })

  function startChecker() {
    const clock = new SimulatedClock()
    const reads = heldCalls<'readRecord', Answer, unknown>(() => clock.now())
    const actor = createActor(checker.provide({ actors: { readRecord: reads.held('readRecord') } }), { clock })
    actor.start()
    return { actor, clock, reads }
  }

  it("asks again after the machine's named delay, counting each wait, and not a millisecond sooner", async () => {
    const { actor, clock, reads } = startChecker()
    await reads.answer('readRecord', { readAfterS: null, receivedAt: 0 })
    clock.increment(SECOND_MS - 1)
    expect(reads.calls).toHaveLength(1)
    clock.increment(1)
    expect(reads.calls).toHaveLength(2)
    expect(actor.getSnapshot().context.waits).toBe(1)
    await reads.fail('readRecord', offline('readRecord'))
    clock.increment(2 * SECOND_MS - 1)
    expect(reads.calls).toHaveLength(2)
    clock.increment(1)
    expect(reads.calls).toHaveLength(3)
  })

  it('asks at once when the athlete asks, without counting a wait', async () => {
    const { actor, reads } = startChecker()
    await reads.answer('readRecord', { readAfterS: null, receivedAt: 0 })
    actor.send({ type: 'record.retry' })
    expect(reads.calls).toHaveLength(2)
    expect(actor.getSnapshot().context.waits).toBe(0)
  })
})
