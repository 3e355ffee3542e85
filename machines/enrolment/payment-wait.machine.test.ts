import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { isApiError, type ApiError } from '../../contracts/api-error'
import type { PaymentState } from '../../contracts/payments.contract'
import { deferred, flushMicrotasks, httpFailure, networkFailure, type Deferred } from '../session/test-harness'
import {
  failureOf,
  GIVE_UP_AFTER_POLLS,
  linkReading,
  LONG_WAIT_AFTER_POLLS,
  paymentWaitMachine,
  paymentWaitView,
  pollDelayMs,
  type PaymentReading,
  type PaymentWaitEmitted,
} from './payment-wait.machine'

/**
 * A wait whose status reads the test answers by hand, one deferred per read, with its timers on a
 * simulated clock that only `advance` moves.
 */
function start(paymentId = 'PAY-1') {
  const reads: string[] = []
  let pending: Deferred<PaymentReading> | null = null
  const clock = new SimulatedClock()
  const actor = createActor(
    paymentWaitMachine.provide({
      actors: {
        readStatus: fromPromise<PaymentReading, { paymentId: string }>(({ input }) => {
          reads.push(input.paymentId)
          pending = deferred()
          return pending.promise
        }),
      },
    }),
    { input: { paymentId }, clock },
  )
  const emitted: PaymentWaitEmitted[] = []
  actor.on('*', (event) => void emitted.push(event))
  actor.start()

  async function settle(how: (call: Deferred<PaymentReading>) => void) {
    const call = pending
    if (!call) throw new Error('no status read is in flight')
    pending = null
    how(call)
    await flushMicrotasks()
  }

  return {
    actor,
    reads,
    emitted,
    view: () => paymentWaitView(actor.getSnapshot()),
    value: () => actor.getSnapshot().value,
    status: () => actor.getSnapshot().status,
    output: () => actor.getSnapshot().output,
    isReading: () => pending !== null,
    answer: (state: PaymentReading) => settle((call) => call.resolve(state)),
    fail: (error: unknown) => settle((call) => call.reject(error)),
    advance: (ms: number) => clock.increment(ms),
    send: (type: 'wait.retry' | 'wait.abandon') => actor.send({ type }),
  }
}

type Wait = ReturnType<typeof start>

/** `polls` pending answers, each followed by its whole wait: the next read is in flight. */
async function pendingFor(t: Wait, polls: number) {
  for (let poll = 0; poll < polls; poll += 1) {
    await t.answer('pending')
    t.advance(pollDelayMs(poll))
  }
}

describe('the waits between checks', () => {
  it('grow by half from 1 s and stop growing at 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(pollDelayMs)).toEqual([1000, 1500, 2250, 3375, 5063, 7594, 8000, 8000])
  })
})

describe('waiting for the provider to settle a payment', () => {
  it('reads the status of the payment at once', () => {
    const t = start('PAY-42')
    expect(t.reads).toEqual(['PAY-42'])
    expect(t.view()).toEqual({ kind: 'waiting', longWait: false, failure: null })
  })

  it('a paid payment ends the wait at once, says so with its id, and outputs paid', async () => {
    const t = start('PAY-42')
    await t.answer('success')
    expect(t.status()).toBe('done')
    expect(t.output()).toEqual({ outcome: 'paid' })
    expect(t.emitted).toEqual([{ type: 'paid', paymentId: 'PAY-42' }])
    expect(t.view()).toMatchObject({ kind: 'paid' })
  })

  it.each<PaymentState>(['failed', 'expired'])('a payment the provider reports %s ends the wait at once as unpaid, saying nothing of a payment', async (state) => {
    const t = start()
    await t.answer(state)
    expect(t.status()).toBe('done')
    expect(t.output()).toEqual({ outcome: 'unpaid' })
    expect(t.view()).toMatchObject({ kind: 'unpaid' })
    expect(t.emitted).toEqual([])
  })

  it('a pending payment is asked again after 1 s, then after 1.5 s, until it settles', async () => {
    const t = start()
    await t.answer('pending')
    expect(t.value()).toBe('waiting')
    t.advance(999)
    expect(t.reads).toHaveLength(1)
    t.advance(1)
    expect(t.reads).toHaveLength(2)
    await t.answer('pending')
    t.advance(1499)
    expect(t.reads).toHaveLength(2)
    t.advance(1)
    expect(t.reads).toHaveLength(3)
    await t.answer('success')
    expect(t.output()).toEqual({ outcome: 'paid' })
  })

  it('each wait is the back-off of the checks made so far', async () => {
    const t = start()
    for (let poll = 0; poll < 6; poll += 1) {
      await t.answer('pending')
      t.advance(pollDelayMs(poll) - 1)
      expect(t.reads).toHaveLength(poll + 1)
      t.advance(1)
      expect(t.reads).toHaveLength(poll + 2)
    }
  })

  it('nothing is asked while a check is in flight, however long it takes', async () => {
    const t = start()
    t.advance(60_000)
    expect(t.reads).toHaveLength(1)
    await t.answer('pending')
    expect(t.reads).toHaveLength(1)
  })
})

describe('the long wait', () => {
  it(`is not one before ${String(LONG_WAIT_AFTER_POLLS)} checks again: abandoning is refused and the checks go on`, async () => {
    const t = start()
    await pendingFor(t, LONG_WAIT_AFTER_POLLS - 1)
    await t.answer('pending')
    expect(t.view()).toEqual({ kind: 'waiting', longWait: false, failure: null })
    t.send('wait.abandon')
    expect(t.status()).toBe('active')
    t.advance(pollDelayMs(LONG_WAIT_AFTER_POLLS - 1))
    expect(t.reads).toHaveLength(LONG_WAIT_AFTER_POLLS + 1)
  })

  it(`is not one at first; after ${String(LONG_WAIT_AFTER_POLLS)} checks again it is, and the athlete may abandon`, async () => {
    const t = start()
    expect(t.view().longWait).toBe(false)
    t.send('wait.abandon')
    expect(t.status()).toBe('active')
    await pendingFor(t, LONG_WAIT_AFTER_POLLS)
    expect(t.view()).toEqual({ kind: 'waiting', longWait: true, failure: null })
    t.send('wait.abandon')
    expect(t.status()).toBe('done')
    expect(t.output()).toEqual({ outcome: 'abandoned' })
    expect(t.view().kind).toBe('abandoned')
    expect(t.emitted).toEqual([])
  })

  it('abandoning between two checks asks nothing more', async () => {
    const t = start()
    await pendingFor(t, LONG_WAIT_AFTER_POLLS)
    await t.answer('pending')
    const reads = t.reads.length
    t.send('wait.abandon')
    t.advance(60_000)
    expect(t.reads).toHaveLength(reads)
    expect(t.output()).toEqual({ outcome: 'abandoned' })
  })

  it('a settled payment offers no abandoning', async () => {
    const t = start()
    await pendingFor(t, LONG_WAIT_AFTER_POLLS)
    await t.answer('success')
    expect(t.view()).toMatchObject({ kind: 'paid', longWait: false })
  })
})

describe('giving up', () => {
  async function givenUp() {
    const t = start()
    await pendingFor(t, GIVE_UP_AFTER_POLLS)
    await t.answer('pending')
    return t
  }

  it(`stops asking after ${String(GIVE_UP_AFTER_POLLS)} checks again, and says the payment is still pending`, async () => {
    const t = await givenUp()
    expect(t.reads).toHaveLength(GIVE_UP_AFTER_POLLS + 1)
    expect(t.view()).toEqual({ kind: 'stillPending', longWait: true, failure: null })
    t.advance(10 * 60_000)
    expect(t.reads).toHaveLength(GIVE_UP_AFTER_POLLS + 1)
    expect(t.status()).toBe('active')
  })

  it('one check fewer still waits', async () => {
    const t = start()
    await pendingFor(t, GIVE_UP_AFTER_POLLS - 1)
    await t.answer('pending')
    expect(t.view().kind).toBe('waiting')
  })

  it('asked again, it starts over: a check at once, the first wait, and no long wait yet', async () => {
    const t = await givenUp()
    t.send('wait.retry')
    expect(t.reads).toHaveLength(GIVE_UP_AFTER_POLLS + 2)
    expect(t.view()).toEqual({ kind: 'waiting', longWait: false, failure: null })
    await t.answer('pending')
    t.advance(pollDelayMs(0))
    expect(t.reads).toHaveLength(GIVE_UP_AFTER_POLLS + 3)
  })

  it('the athlete who gave up waiting may abandon', async () => {
    const t = await givenUp()
    t.send('wait.abandon')
    expect(t.output()).toEqual({ outcome: 'abandoned' })
  })
})

describe('a check that gets no usable answer', () => {
  it('keeps waiting with the failure on screen, and clears it on the next good answer', async () => {
    const t = start()
    await t.fail(networkFailure('payments.status'))
    expect(t.view()).toEqual({ kind: 'waiting', longWait: false, failure: networkFailure('payments.status') })
    t.advance(pollDelayMs(0))
    expect(t.reads).toHaveLength(2)
    await t.answer('pending')
    expect(t.view()).toEqual({ kind: 'waiting', longWait: false, failure: null })
  })

  it('retry asks again at once, without waiting for the clock', async () => {
    const t = start()
    await t.fail(httpFailure(503, null, 'payments.status'))
    t.send('wait.retry')
    expect(t.reads).toHaveLength(2)
    await t.answer('success')
    expect(t.output()).toEqual({ outcome: 'paid' })
  })

  it('a failure that is no ApiError is shown as one', async () => {
    const t = start()
    await t.fail(new DOMException('The operation was aborted.', 'AbortError'))
    expect(t.view().kind).toBe('waiting')
    expect(isApiError(t.view().failure)).toBe(true)
  })

  it('a payment the server does not know ends the wait as not found', async () => {
    const t = start()
    await t.fail(httpFailure(404, 'payment_not_found', 'payments.status'))
    expect(t.output()).toEqual({ outcome: 'notFound' })
    expect(t.view().kind).toBe('notFound')
  })

  it('a 404 that names no payment is a failure to wait through, not an unknown payment', async () => {
    const t = start()
    await t.fail(httpFailure(404, null, 'payments.status'))
    expect(t.status()).toBe('active')
    expect(t.view().failure).toEqual(httpFailure(404, null, 'payments.status'))
  })
})

describe("an organiser's payment link (decision 026: the same wait, read by the link's code)", () => {
  it('reads the link by its code', () => {
    const t = start('lnk-pending-1')
    expect(t.reads).toEqual(['lnk-pending-1'])
  })

  it('a link open for the athlete to pay ends the wait at once: there is nothing to wait for', async () => {
    const t = start('lnk-1')
    await t.answer('payable')
    expect(t.output()).toEqual({ outcome: 'payable' })
    expect(t.view()).toEqual({ kind: 'payable', longWait: false, failure: null })
    expect(t.emitted).toEqual([])
    t.advance(60_000)
    expect(t.reads).toHaveLength(1)
  })

  it('a card with the provider is waited for: pending, then paid, with the link in the event', async () => {
    const t = start('lnk-1')
    await t.answer('pending')
    expect(t.view().kind).toBe('waiting')
    t.advance(pollDelayMs(0))
    await t.answer('success')
    expect(t.output()).toEqual({ outcome: 'paid' })
    expect(t.emitted).toEqual([{ type: 'paid', paymentId: 'lnk-1' }])
  })

  it('a card declined on the link ends the wait as payable again (the link stays open for another card)', async () => {
    const t = start('lnk-1')
    await t.answer('pending')
    t.advance(pollDelayMs(0))
    await t.answer('payable')
    expect(t.output()).toEqual({ outcome: 'payable' })
    expect(t.emitted).toEqual([])
  })

  it('a link past its deadline (410 request_expired) ends the wait as expired', async () => {
    const t = start('lnk-old')
    await t.fail(httpFailure(410, 'request_expired', 'payments.byLink'))
    expect(t.output()).toEqual({ outcome: 'expired' })
    expect(t.view().kind).toBe('expired')
  })

  it('an unknown link (404 payment_not_found) ends it as not found', async () => {
    const t = start('lnk-nobody')
    await t.fail(httpFailure(404, 'payment_not_found', 'payments.byLink'))
    expect(t.output()).toEqual({ outcome: 'notFound' })
  })

  it('no answer is waited through, the failure on screen, as for a card payment', async () => {
    const t = start('lnk-1')
    await t.fail(networkFailure('payments.byLink'))
    expect(t.view()).toEqual({ kind: 'waiting', longWait: false, failure: networkFailure('payments.byLink') })
    t.advance(pollDelayMs(0))
    await t.answer('payable')
    expect(t.output()).toEqual({ outcome: 'payable' })
  })
})

describe("linkReading: what a link's status means to the wait", () => {
  const url = 'https://pay.example.org/link/lnk-1'
  it.each<[string, Parameters<typeof linkReading>[0], PaymentReading]>([
    ['pending with its checkout: payable', { stato: 'pending', checkout_url: url }, 'payable'],
    ['pending without it: a card with the provider', { stato: 'pending' }, 'pending'],
    ['paid', { stato: 'success' }, 'success'],
    ['paid, even were a checkout named', { stato: 'success', checkout_url: url }, 'success'],
    ['failed (voided: the place was paid otherwise)', { stato: 'failed' }, 'failed'],
  ])('%s', (_, status, reading) => {
    expect(linkReading(status)).toBe(reading)
  })
})

describe('failureOf: what a failed status check means', () => {
  it('payment_not_found: the payment is unknown', () => {
    expect(failureOf(httpFailure(404, 'payment_not_found', 'payments.status'))).toEqual({ kind: 'notFound' })
  })

  it("request_expired: an organiser's link past its deadline", () => {
    expect(failureOf(httpFailure(410, 'request_expired', 'payments.byLink'))).toEqual({ kind: 'expired' })
  })

  it.each<[string, ApiError]>([
    ['no answer', networkFailure('payments.status')],
    ['a 401', { kind: 'unauthorized', operation: 'payments.status' }],
    ['an answer outside the contract', { kind: 'contract', operation: 'payments.status', direction: 'response', detail: 'stato' }],
    ['a 500', httpFailure(500, null, 'payments.status')],
  ])('%s: no answer to use, the error kept', (_, error) => {
    expect(failureOf(error)).toEqual({ kind: 'unanswered', error })
  })

  it.each<[string, unknown]>([
    ['an Error', new Error('boom')],
    ['an aborted request', new DOMException('The operation was aborted.', 'AbortError')],
    ['undefined', undefined],
  ])('%s, not an ApiError, is no answer with an ApiError', (_, value) => {
    const meaning = failureOf(value)
    expect(meaning.kind).toBe('unanswered')
    expect(meaning.kind === 'unanswered' && isApiError(meaning.error)).toBe(true)
  })
})
