import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { PaymentState } from '../../contracts/payments.contract'
import { deferred, flushMicrotasks, httpFailure, networkFailure, type Deferred } from '../session/test-harness'
import { pollDelayMs } from './enrolment.machine'
import { GIVE_UP_AFTER_POLLS, paymentStatusMachine } from './payment-status.machine'

function start() {
  const reads: string[] = []
  let pending: Deferred<PaymentState> | undefined
  const actor = createActor(
    paymentStatusMachine.provide({
      actors: {
        readStatus: fromPromise<PaymentState, { paymentId: string }>(({ input }) => {
          reads.push(input.paymentId)
          pending = deferred()
          return pending.promise
        }),
      },
    }),
    { input: { paymentId: 'PAY-1' } },
  ).start()
  return { actor, reads, answer: () => pending!, value: () => actor.getSnapshot().value }
}

describe('payment status after the checkout', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows a settled payment at once', async () => {
    const t = start()
    t.answer().resolve('success')
    await flushMicrotasks()
    expect(t.value()).toBe('settled')
    expect(t.actor.getSnapshot().context.state).toBe('success')
  })

  it('asks again while pending, waiting longer each time, until it settles', async () => {
    const t = start()
    t.answer().resolve('pending')
    await flushMicrotasks()
    expect(t.value()).toBe('waiting')
    await vi.advanceTimersByTimeAsync(pollDelayMs(0))
    expect(t.reads).toHaveLength(2)
    t.answer().resolve('pending')
    await flushMicrotasks()
    await vi.advanceTimersByTimeAsync(pollDelayMs(1) - 1)
    expect(t.reads).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.reads).toHaveLength(3)
    t.answer().resolve('failed')
    await flushMicrotasks()
    expect(t.actor.getSnapshot().context.state).toBe('failed')
  })

  it('stops asking after a while and lets the athlete ask again', async () => {
    const t = start()
    for (let poll = 0; poll < GIVE_UP_AFTER_POLLS; poll += 1) {
      t.answer().resolve('pending')
      await flushMicrotasks()
      await vi.advanceTimersByTimeAsync(pollDelayMs(poll))
    }
    t.answer().resolve('pending')
    await flushMicrotasks()
    expect(t.value()).toBe('stillPending')
    const reads = t.reads.length
    await vi.advanceTimersByTimeAsync(60_000)
    expect(t.reads).toHaveLength(reads)
    t.actor.send({ type: 'status.retry' })
    expect(t.reads).toHaveLength(reads + 1)
  })

  it('names an unknown payment, and keeps a network failure retryable', async () => {
    const unknown = start()
    unknown.answer().reject(httpFailure(404, 'payment_not_found', 'payments.status'))
    await flushMicrotasks()
    expect(unknown.value()).toBe('notFound')

    const offline = start()
    offline.answer().reject(networkFailure('payments.status'))
    await flushMicrotasks()
    expect(offline.value()).toBe('failed')
    offline.actor.send({ type: 'status.retry' })
    offline.answer().resolve('success')
    await flushMicrotasks()
    expect(offline.value()).toBe('settled')
  })
})
