import { describe, expect, it } from 'vitest'
import { assertEvent, assign, createActor, fromPromise, setup } from 'xstate'
import { toApiError } from '../contracts/api-error'
import { SECOND_MS } from '../contracts/time'
import { apiFailures, heldCalls } from './held-calls'
import { answered, callWithRetry, failed, initialPolling, NOT_READING, pollingGuards, pollingStates, type PollingContext } from './polling'
import { readDueAt, retryFailureOf } from './rules/server-reading'

/**
 * The skeleton alone, in the smallest machine that follows a record: a first read retried until it
 * is answered, then reads as often as each answer asks. Decision 037's figures are written out here
 * (2, 4, 8 ... s; at most 20% longer), not read from the module.
 */
const MAX_JITTER = 0.2
const START = Date.UTC(2026, 11, 2, 6, 0, 0)
const SEED = 0x5eed

interface Answer {
  readAfterS: number | null
  receivedAt: number
}
type FollowerEvent = { type: 'clock.tick'; now: number } | { type: 'connection.back' } | { type: 'record.retry' } | { type: 'record.stop' }

const follower = setup({
  types: { context: {} as PollingContext, input: {} as { now: number; jitterSeed: number }, events: {} as FollowerEvent },
  actors: { readRecord: fromPromise<Answer>(() => Promise.reject(new Error('held by the test'))) },
  guards: pollingGuards,
  actions: {
    setNow: assign({
      now: ({ event }) => {
        assertEvent(event, 'clock.tick')
        return event.now
      },
    }),
    takeAnswer: assign(({ context, event }) => {
      // Done events of invoked actors are not in the event union: their payload is read as is.
      const { readAfterS, receivedAt } = (event as { output?: Answer }).output!
      return answered(context, receivedAt, readAfterS)
    }),
    recordFailure: assign(({ context, event }) => failed(context, retryFailureOf(toApiError((event as { error?: unknown }).error)))),
    stopReading: assign(NOT_READING),
  },
}).createMachine({
  id: 'follower',
  context: ({ input }) => initialPolling(input),
  on: { 'clock.tick': { actions: 'setNow' } },
  initial: 'reading',
  states: {
    reading: callWithRetry({ src: 'readRecord', onDone: { target: '#follower.following', actions: 'takeAnswer' }, onError: { target: 'retrying', actions: 'recordFailure' } }, 'record.retry'),
    following: {
      on: { 'record.stop': { target: 'stopped', actions: 'stopReading' } },
      ...pollingStates({ src: 'readRecord', onDone: { target: 'idle', actions: 'takeAnswer' }, onError: { target: 'retrying', actions: 'recordFailure' } }, 'record.retry'),
    },
    stopped: {},
  },
})

const { offline, busy, serverError } = apiFailures({ readRecord: 'records.status' })

/** The follower, its reads held in flight until the test answers them, its time moved by `advance` (a `clock.tick`). */
function startFollower() {
  let now = START
  const reads = heldCalls<'readRecord', Answer, unknown>(() => now)
  const actor = createActor(follower.provide({ actors: { readRecord: reads.held('readRecord') } }), { input: { now, jitterSeed: SEED } })
  actor.start()
  const t = {
    context: () => actor.getSnapshot().context,
    reads: () => reads.calls.length,
    overlapping: reads.overlapping,
    get now() {
      return now
    },
    answer: (readAfterS: number | null) => reads.answer('readRecord', { readAfterS, receivedAt: now }),
    fail: (error: unknown) => reads.fail('readRecord', error),
    send: (event: FollowerEvent) => actor.send(event),
    advance(ms: number) {
      now += ms
      actor.send({ type: 'clock.tick', now })
    },
    /** Moves the clock to the planned read, checking none is made 1 ms earlier. */
    toNextRead() {
      const due = t.context().nextReadAt
      if (due === null) throw new Error('no read is planned')
      const count = t.reads()
      t.advance(due - 1 - now)
      expect(t.reads(), 'nothing 1 ms before the planned read').toBe(count)
      t.advance(1)
      expect(t.reads(), 'a read once it is due').toBe(count + 1)
    },
  }
  return t
}

describe('by the portal\'s clock: reads as the answers ask', () => {
  it('reads at once, then after the seconds the answer asked, lengthened by at most 20%', async () => {
    const t = startFollower()
    expect(t.reads()).toBe(1)
    await t.answer(30)
    const wait = t.context().nextReadAt! - START
    expect(wait).toBeGreaterThanOrEqual(30 * SECOND_MS)
    expect(wait).toBeLessThan(30 * SECOND_MS * (1 + MAX_JITTER))
    t.toNextRead()
    await t.answer(15)
    t.toNextRead()
  })

  it('an answer that asks for nothing more plans no read, however long the page stays', async () => {
    const t = startFollower()
    await t.answer(null)
    expect(t.context().nextReadAt).toBeNull()
    t.advance(60 * 60 * SECOND_MS)
    expect(t.reads()).toBe(1)
  })

  it('stopped, it plans nothing and reads nothing more', async () => {
    const t = startFollower()
    await t.answer(30)
    t.send({ type: 'record.stop' })
    expect(t.context()).toMatchObject({ nextReadAt: null, failure: null, failures: 0 })
    t.advance(60 * 60 * SECOND_MS)
    expect(t.reads()).toBe(1)
  })

  it('never asks twice at once, however far the clock jumps while a read is in flight', async () => {
    const t = startFollower()
    await t.answer(5)
    t.toNextRead()
    t.advance(10 * 60 * SECOND_MS)
    expect(t.reads()).toBe(2)
    expect(t.overlapping).toEqual([])
  })
})

describe('by the portal\'s clock: a dropped connection', () => {
  it('backs off 2, 4, 8, 16 s (each at most 20% longer), keeping what it read, as offline', async () => {
    const t = startFollower()
    await t.answer(30)
    t.toNextRead()
    const kept = t.context().reads
    for (const backoffS of [2, 4, 8, 16]) {
      const failedAt = t.now
      await t.fail(offline('readRecord'))
      expect(t.context().failure).toBe('offline')
      const wait = t.context().nextReadAt! - failedAt
      expect(wait).toBeGreaterThanOrEqual(backoffS * SECOND_MS)
      expect(wait).toBeLessThan(backoffS * SECOND_MS * (1 + MAX_JITTER))
      t.toNextRead()
    }
    expect(t.context().reads).toBe(kept + 4)
  })

  it('reads at once when the connection is back, and an answer forgets the failures', async () => {
    const t = startFollower()
    await t.answer(30)
    t.toNextRead()
    await t.fail(offline('readRecord'))
    t.send({ type: 'connection.back' })
    expect(t.reads()).toBe(3)
    await t.answer(30)
    expect(t.context()).toMatchObject({ failure: null, failures: 0 })
    expect(t.context().nextReadAt).toBe(readDueAt(t.now, 30, { jitterSeed: SEED }, t.context().reads))
  })

  it("the server's Retry-After is waited out: neither the athlete nor the connection shortens it", async () => {
    const t = startFollower()
    await t.answer(30)
    t.toNextRead()
    const failedAt = t.now
    await t.fail(busy('readRecord', 503, 45))
    expect(t.context().failure).toBe('busy')
    t.send({ type: 'record.retry' })
    t.send({ type: 'connection.back' })
    expect(t.reads()).toBe(2)
    expect(t.context().nextReadAt! - failedAt).toBeGreaterThanOrEqual(45 * SECOND_MS)
    t.toNextRead()
  })

  it('other trouble (a 500): the back-off, and the athlete may try at once', async () => {
    const t = startFollower()
    await t.answer(30)
    t.toNextRead()
    await t.fail(serverError('readRecord'))
    expect(t.context().failure).toBe('trouble')
    t.send({ type: 'record.retry' })
    expect(t.reads()).toBe(3)
  })

  it('the first read is retried the same way before anything was read', async () => {
    const t = startFollower()
    await t.fail(offline('readRecord'))
    expect(t.context().failure).toBe('offline')
    t.toNextRead()
    await t.fail(busy('readRecord', 429))
    t.send({ type: 'record.retry' })
    expect(t.reads()).toBe(2)
    t.toNextRead()
    await t.answer(30)
    expect(t.context()).toMatchObject({ failure: null, failures: 0, reads: 3 })
  })
})
