import { describe, expect, it } from 'vitest'
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../../contracts/time'
import { busy, entries, entryOf, offline, refusal, startList, unauthorized } from './wait-list.test-harness'
import { OFFER_WARNING_MS, READ_EVERY_S } from './wait-list.machine'

/** Issue 23 point 3: one athlete's wait list, from not listed to a place offered, taken or lapsed. */

describe('joining', () => {
  it('offers the join to an athlete not on the list, and shows the position the server gives', async () => {
    const list = startList()
    expect(list.view()).toBe('reading')
    await list.fail('readEntry', refusal('readEntry', 404, 'not_listed'))
    expect(list.view()).toBe('notListed')
    expect(list.can({ type: 'waitList.join' })).toBe(true)
    list.send({ type: 'waitList.join' })
    expect(list.view()).toBe('joining')
    await list.answer('joinList', entries.waiting(3))
    expect(list.view()).toBe('waiting')
    expect(list.context().entry).toMatchObject({ position: 3, ahead: 2 })
  })

  it('takes the entry a 409 carries as the answer (a second tab joined first)', async () => {
    const list = startList()
    await list.fail('readEntry', refusal('readEntry', 404, 'not_listed'))
    list.send({ type: 'waitList.join' })
    await list.fail('joinList', refusal('joinList', 409, 'already_listed', { voce: entries.waiting(2) }))
    expect(list.view()).toBe('waiting')
    expect(list.context().entry?.position).toBe(2)
  })

  it.each(['wait_list_closed', 'places_left', 'already_enrolled'] as const)('words the refusal %s', async (code) => {
    const list = startList()
    await list.fail('readEntry', refusal('readEntry', 404, 'not_listed'))
    list.send({ type: 'waitList.join' })
    await list.fail('joinList', refusal('joinList', code === 'wait_list_closed' ? 422 : 409, code))
    expect(list.view()).toBe('refused')
    expect(list.context().refusal).toBe(code)
  })
})

describe('waiting', () => {
  it('reads the entry again every minute (with at most 20% jitter), and backs off after failures', async () => {
    const list = startList()
    await list.answer('readEntry', entries.waiting(3))
    list.advance(READ_EVERY_S * SECOND_MS - 1)
    expect(list.callsOf('readEntry')).toHaveLength(1)
    list.advance(0.2 * READ_EVERY_S * SECOND_MS + 1)
    expect(list.callsOf('readEntry')).toHaveLength(2)
    await list.fail('readEntry', offline('readEntry'))
    expect(list.context().failure).toBe('offline')
    // 2 s (+ jitter) after the first failure; `connection.back` tries at once.
    list.send({ type: 'connection.back' })
    expect(list.callsOf('readEntry')).toHaveLength(3)
    await list.fail('readEntry', busy('readEntry', 503, 30))
    expect(list.can({ type: 'waitList.retry' })).toBe(false)
    list.advance(29 * SECOND_MS)
    expect(list.callsOf('readEntry')).toHaveLength(3)
    list.advance(8 * SECOND_MS)
    expect(list.callsOf('readEntry')).toHaveLength(4)
    expect(list.overlapping).toEqual([])
  })

  it('says when a place is offered', async () => {
    const list = startList()
    await list.answer('readEntry', entries.waiting(1))
    list.advance(2 * MINUTE_MS)
    await list.answer('readEntry', entries.offered(list.now))
    expect(list.view()).toBe('offered')
    expect(list.announced()).toEqual(['offered'])
  })

  it('leaves the list', async () => {
    const list = startList()
    await list.answer('readEntry', entries.waiting(2))
    list.send({ type: 'waitList.leave' })
    expect(list.view()).toBe('leaving')
    await list.answer('leaveList', entries.left())
    expect(list.view()).toBe('left')
    expect(list.can({ type: 'waitList.join' })).toBe(true)
  })
})

describe('an offer', () => {
  it('is counted down by the clock, warned of once near its end, and lapses on the dot', async () => {
    const list = startList()
    await list.answer('readEntry', entries.offered(list.now, 48 * HOUR_MS))
    const deadline = list.now + 48 * HOUR_MS
    expect(list.view()).toBe('offered')
    list.advanceTo(deadline - OFFER_WARNING_MS - 1)
    expect(list.told()).toEqual([])
    list.advanceTo(deadline - OFFER_WARNING_MS)
    expect(list.view()).toBe('offerEnding')
    expect(list.told()).toEqual(['offerEnding'])
    list.advanceTo(deadline)
    expect(list.view()).toBe('lapsed')
    expect(list.announced()).toEqual(['offerEnding', 'lapsed'])
    // The server confirms it, and nothing more is asked.
    await list.answer('readEntry', entries.lapsed())
    const calls = list.calls.length
    list.advance(HOUR_MS)
    expect(list.calls).toHaveLength(calls)
    expect(list.can({ type: 'waitList.join' })).toBe(true)
  })

  it('made by the read that brings it, is counted from the answer, never from the tick before (48 hours read at most 48:00:00)', async () => {
    const list = startList()
    await list.answer('readEntry', entries.waiting(1))
    list.advanceTo(list.context().nextReadAt!)
    // The server offers the place as it answers, 9 seconds after the tick that asked (a slow network).
    const answeredAt = list.now + 9 * SECOND_MS
    await list.answer('readEntry', entries.offered(answeredAt, 48 * HOUR_MS), answeredAt)
    expect(list.view()).toBe('offered')
    const { entry, now } = list.context()
    expect(entry!.offerEndsAt! - now).toBe(48 * HOUR_MS)
  })

  it('is taken into the wizard, and ends enrolled once paid', async () => {
    const list = startList()
    await list.answer('readEntry', entries.offered(list.now))
    list.send({ type: 'waitList.enrol' })
    expect(list.told()).toEqual(['enrol'])
    expect(list.view()).toBe('enrolling')
    list.advance(2 * MINUTE_MS)
    await list.answer('readEntry', entries.offered(list.now, 47 * HOUR_MS))
    expect(list.view()).toBe('enrolling')
    list.advance(2 * MINUTE_MS)
    await list.answer('readEntry', entries.enrolled())
    expect(list.view()).toBe('enrolled')
    expect(list.status()).toBe('done')
  })

  it('past its deadline, still offered by the server (a card authorised in time), waits for the settlement', async () => {
    const list = startList()
    await list.answer('readEntry', entries.offered(list.now, HOUR_MS))
    list.advance(HOUR_MS)
    expect(list.view()).toBe('lapsed')
    await list.answer('readEntry', entryOf({ stato: 'offerta', posizione: undefined, davanti: undefined, offerta_scade: new Date(list.now - 1).toISOString() }))
    expect(list.view()).toBe('enrolling')
    list.advance(2 * MINUTE_MS)
    await list.answer('readEntry', entries.enrolled())
    expect(list.view()).toBe('enrolled')
  })

  it('is declined by leaving', async () => {
    const list = startList()
    await list.answer('readEntry', entries.offered(list.now))
    list.send({ type: 'waitList.leave' })
    await list.answer('leaveList', entries.left())
    expect(list.view()).toBe('left')
  })
})

it('hands a 401 to the session machine', async () => {
  const list = startList()
  await list.fail('readEntry', unauthorized('readEntry'))
  expect(list.view()).toBe('sessionExpired')
  expect(list.told()).toEqual(['sessionExpired'])
})
