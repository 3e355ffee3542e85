import { describe, expect, it } from 'vitest'
import { failureOf, placeChangeView } from './place-change.machine'
import {
  CHANGED,
  offline,
  quoteChanged,
  RACE_ID,
  refusal,
  serverError,
  startPlaceChange,
  TODAY,
  TRANSACTION_ID,
  unauthorized,
  unavailable,
} from './test-harness'

const withdraw = () => startPlaceChange({ kind: 'withdraw', raceId: RACE_ID, expected: TODAY.totale })
const view = (harness: ReturnType<typeof withdraw>) => placeChangeView(harness.snapshot())

describe('withdrawing a place', () => {
  it('shows the quote, asks for confirmation, and sends nothing until confirmed', () => {
    const harness = withdraw()
    expect(view(harness)).toBe('quote')
    harness.send({ type: 'change.start' })
    expect(view(harness)).toBe('confirming')
    harness.send({ type: 'change.cancel' })
    expect(view(harness)).toBe('quote')
    expect(harness.calls).toEqual([])
  })

  it('sends the refund shown with the key made at confirmation, once however often confirmed, and ends done', async () => {
    const harness = withdraw()
    harness.send({ type: 'change.start' })
    harness.send({ type: 'change.confirm', key: 'key-1' })
    harness.send({ type: 'change.confirm', key: 'key-2' })
    expect(harness.calls).toEqual([{ kind: 'withdraw', raceId: RACE_ID, expected: 22.5, key: 'key-1' }])
    expect(view(harness)).toBe('submitting')
    await harness.answer({ transactionId: TRANSACTION_ID })
    expect(view(harness)).toBe('done')
    expect(harness.snapshot().context.transactionId).toBe(TRANSACTION_ID)
    expect(harness.snapshot().status).toBe('done')
  })

  it('retries a failure with the same key: offline, a 503 and a 500 are not refusals', async () => {
    const harness = withdraw()
    harness.send({ type: 'change.start' })
    harness.send({ type: 'change.confirm', key: 'key-1' })
    for (const [error, said] of [
      [offline(), 'offline'],
      [unavailable(), 'busy'],
      [serverError(), 'trouble'],
    ] as const) {
      await harness.answer(error)
      expect(view(harness)).toBe('failed')
      expect(harness.snapshot().context.failure).toBe(said)
      harness.send({ type: 'change.retry' })
    }
    await harness.answer({ transactionId: TRANSACTION_ID })
    expect(harness.calls.map((call) => call.key)).toEqual(['key-1', 'key-1', 'key-1', 'key-1'])
    expect(harness.overlapped).toBe(false)
    expect(view(harness)).toBe('done')
  })

  it('shows a changed refund and sends it, with a new key, only once confirmed again', async () => {
    const harness = withdraw()
    harness.send({ type: 'change.start' })
    harness.send({ type: 'change.confirm', key: 'key-1' })
    await harness.answer(quoteChanged())
    expect(view(harness)).toBe('quoteChanged')
    expect(harness.snapshot().context).toMatchObject({ changedQuote: CHANGED, expected: 9, key: null })
    expect(harness.calls).toHaveLength(1)
    harness.send({ type: 'change.confirm', key: 'key-2' })
    expect(harness.calls[1]).toEqual({ kind: 'withdraw', raceId: RACE_ID, expected: 9, key: 'key-2' })
  })

  it('ends refused with the code the server gave', async () => {
    const harness = withdraw()
    harness.send({ type: 'change.start' })
    harness.send({ type: 'change.confirm', key: 'key-1' })
    await harness.answer(refusal('withdraw', 422, 'withdrawal_closed'))
    expect(view(harness)).toBe('refused')
    expect(harness.snapshot().context.refusal).toBe('withdrawal_closed')
  })

  it('hands an expired session over', async () => {
    const harness = withdraw()
    harness.send({ type: 'change.start' })
    harness.send({ type: 'change.confirm', key: 'key-1' })
    const told: string[] = []
    harness.actor.on('sessionExpired', (event) => void told.push(event.type))
    await harness.answer(unauthorized())
    expect(view(harness)).toBe('sessionExpired')
    expect(told).toEqual(['sessionExpired'])
  })

  it('lets the athlete give up after a failure; the next confirmation is a new attempt', async () => {
    const harness = withdraw()
    harness.send({ type: 'change.start' })
    harness.send({ type: 'change.confirm', key: 'key-1' })
    await harness.answer(offline())
    harness.send({ type: 'change.cancel' })
    expect(view(harness)).toBe('quote')
    expect(harness.snapshot().context.key).toBeNull()
  })
})

describe('deferring a place', () => {
  it('sends no refund and ends refused when the race does not allow it', async () => {
    const harness = startPlaceChange({ kind: 'defer', raceId: 204, expected: null })
    harness.send({ type: 'change.start' })
    harness.send({ type: 'change.confirm', key: 'key-1' })
    expect(harness.calls).toEqual([{ kind: 'defer', raceId: 204, expected: null, key: 'key-1' }])
    await harness.answer(refusal('defer', 422, 'defer_closed'))
    expect(harness.snapshot().context.refusal).toBe('defer_closed')
  })
})

describe('failureOf', () => {
  it('reads each refusal code, and a refund_changed without figures as trouble to retry', () => {
    for (const code of ['not_enrolled', 'not_paid', 'place_changed', 'withdrawal_closed'] as const) {
      expect(failureOf(refusal('withdraw', 409, code))).toEqual({ kind: 'refused', code })
    }
    expect(failureOf(quoteChanged())).toEqual({ kind: 'quoteChanged', quote: CHANGED })
    expect(failureOf(refusal('withdraw', 409, 'refund_changed'))).toMatchObject({ kind: 'retry', failure: 'trouble' })
    expect(failureOf(new Error('a bug'))).toMatchObject({ kind: 'retry', failure: 'trouble' })
  })
})
