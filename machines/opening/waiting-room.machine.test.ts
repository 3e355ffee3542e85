import { describe, expect, it } from 'vitest'
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../../contracts/time'
import { failure } from '../session/test-harness'
import {
  busy,
  JITTER_SEED,
  offline,
  OPENS_AT,
  RACE_ID,
  refusal,
  ROOM_OPENS_AT,
  serverError,
  startRoom,
  ticketOf,
  tickets,
  unauthorized,
  type CallName,
  type Room,
} from './test-harness'
import { jitterFraction } from '../rules/server-reading'
import { failureOf, readingOf, type WaitingRoomView } from './waiting-room.machine'

/** Decision 037: every wait is lengthened by up to 20% (the spec's figure, not the machine's constant). */
const MAX_JITTER = 0.2

const notInQueue = (name: CallName) => refusal(name, 404, 'not_in_queue')

/** The room page at the opening of registration with a ticket in line at `position`. */
async function queuedAt(position = 5, options: Parameters<typeof startRoom>[0] = {}) {
  const room = startRoom({ now: OPENS_AT, ...options })
  await room.answer('readTicket', tickets.queued(position))
  return room
}

/** Moves the clock to the read the room planned and checks none is made 1 ms earlier. */
function toNextRead(room: Room) {
  const due = room.context().nextReadAt
  if (due === null) throw new Error('no read is planned')
  const count = room.calls.length
  room.advanceTo(due - 1)
  expect(room.calls, 'nothing 1 ms before the planned read').toHaveLength(count)
  room.advance(1)
  expect(room.calls, 'a call once it is due').toHaveLength(count + 1)
}

/** A held place until `until`, reached from the line as the room page does. */
async function heldUntil(until: number) {
  const room = await queuedAt(1)
  toNextRead(room)
  await room.answer('readTicket', tickets.admitted(room.now))
  await room.answer('holdPlace', tickets.held(until))
  return room
}

describe('failureOf: every code of the four calls', () => {
  it('reads a 401 as the session over and no answer as offline', () => {
    expect(failureOf(unauthorized('readTicket'))).toEqual({ kind: 'sessionOver' })
    expect(failureOf(offline('readTicket'))).toMatchObject({ kind: 'retry', failure: 'offline', retryAfterS: null })
  })

  it('names the codes of queue.join, queue.status, queue.hold and queue.leave', () => {
    expect(failureOf(notInQueue('readTicket'))).toEqual({ kind: 'notInQueue' })
    expect(failureOf(notInQueue('leaveQueue'))).toEqual({ kind: 'notInQueue' })
    expect(failureOf(refusal('joinQueue', 409, 'sold_out'))).toEqual({ kind: 'soldOut' })
    expect(failureOf(refusal('joinQueue', 422, 'queue_closed'))).toEqual({ kind: 'closed' })
    expect(failureOf(refusal('joinQueue', 422, 'not_eligible'))).toEqual({ kind: 'refused', code: 'not_eligible' })
    expect(failureOf(refusal('joinQueue', 409, 'already_enrolled'))).toEqual({ kind: 'refused', code: 'already_enrolled' })
    expect(failureOf(refusal('holdPlace', 410, 'admission_expired'))).toEqual({ kind: 'admissionExpired' })
    expect(failureOf(refusal('holdPlace', 422, 'admission_invalid'))).toEqual({ kind: 'admissionInvalid' })
    expect(failureOf(notInQueue('holdPlace'))).toEqual({ kind: 'notInQueue' })
  })

  it('takes the ticket a 409 already_in_queue carries, and does without one that lacks it or breaks the contract', () => {
    const ticket = tickets.queued(3)
    expect(failureOf(refusal('joinQueue', 409, 'already_in_queue', { biglietto: ticket }))).toEqual({ kind: 'alreadyInQueue', ticket })
    expect(failureOf(refusal('joinQueue', 409, 'already_in_queue'))).toEqual({ kind: 'alreadyInQueue', ticket: null })
    const broken = refusal('joinQueue', 409, 'already_in_queue', { biglietto: { ...ticket, stato: 'somewhere' } })
    expect(failureOf(broken)).toEqual({ kind: 'alreadyInQueue', ticket: null })
  })

  it('reads 429 and 503 as busy, with the Retry-After they name', () => {
    expect(failureOf(busy('readTicket', 429, 7))).toMatchObject({ kind: 'retry', failure: 'busy', retryAfterS: 7 })
    expect(failureOf(busy('joinQueue', 503))).toMatchObject({ kind: 'retry', failure: 'busy', retryAfterS: null })
  })

  it('reads anything else as trouble: a 500, a contract breach, a bug', () => {
    expect(failureOf(serverError('readTicket'))).toMatchObject({ kind: 'retry', failure: 'trouble' })
    const breach = failure({ kind: 'contract', direction: 'response', status: 200, detail: 'stato', operation: 'queue.status' })
    expect(failureOf(breach)).toMatchObject({ kind: 'retry', failure: 'trouble' })
    expect(failureOf(new Error('bug'))).toMatchObject({ kind: 'retry', failure: 'trouble' })
  })
})

describe('readingOf', () => {
  it('keeps the codes, counts and instants of an answer', () => {
    const until = OPENS_AT + 10 * MINUTE_MS
    expect(readingOf({ ticket: tickets.held(until, true), receivedAt: OPENS_AT })).toEqual({
      id: 'Q-260-17',
      state: 'posto',
      drawn: true,
      position: null,
      ahead: null,
      waitS: null,
      admissionEndsAt: null,
      holdEndsAt: until,
      paying: true,
      soldOutFinal: false,
      endReason: null,
      readAfterS: 30,
      receivedAt: OPENS_AT,
    })
    expect(readingOf({ ticket: tickets.queued(7), receivedAt: OPENS_AT })).toMatchObject({ position: 7, ahead: 6, waitS: 60 })
  })
})

describe('before the room opens', () => {
  it('reads whether the athlete has a ticket, and counts down to the room when there is none', async () => {
    const room = startRoom({ now: ROOM_OPENS_AT - HOUR_MS })
    expect(room.view()).toBe('reading')
    expect(room.callsOf('readTicket')).toEqual([{ name: 'readTicket', at: ROOM_OPENS_AT - HOUR_MS, input: { raceId: RACE_ID } }])
    await room.fail('readTicket', notInQueue('readTicket'))
    expect(room.view()).toBe('beforeRoom')
    expect(room.can({ type: 'queue.join' }), 'no joining before the room opens').toBe(false)
    room.advanceTo(ROOM_OPENS_AT - 1)
    expect(room.view()).toBe('beforeRoom')
    room.advance(1)
    expect(room.view()).toBe('roomOpen')
    expect(room.calls, 'the race page does not join by itself').toHaveLength(1)
    room.send({ type: 'queue.join' })
    expect(room.view()).toBe('joining')
    expect(room.callsOf('joinQueue')).toEqual([{ name: 'joinQueue', at: ROOM_OPENS_AT, input: { raceId: RACE_ID } }])
  })

  it('the room page joins the moment the room opens, and at once when it is open already', async () => {
    const early = startRoom({ now: ROOM_OPENS_AT - MINUTE_MS, autoJoin: true })
    await early.fail('readTicket', notInQueue('readTicket'))
    expect(early.view()).toBe('beforeRoom')
    early.advance(MINUTE_MS - 1)
    expect(early.inFlight('joinQueue')).toBe(false)
    early.advance(1)
    expect(early.callsOf('joinQueue').map((call) => call.at)).toEqual([ROOM_OPENS_AT])

    const open = startRoom({ now: ROOM_OPENS_AT + MINUTE_MS, autoJoin: true })
    await open.fail('readTicket', notInQueue('readTicket'))
    expect(open.view()).toBe('joining')
    expect(open.inFlight('joinQueue')).toBe(true)
  })
})

describe('joining: every answer of queue.join', () => {
  async function joining(options: Parameters<typeof startRoom>[0] = {}) {
    const room = startRoom({ now: ROOM_OPENS_AT + MINUTE_MS, autoJoin: true, ...options })
    await room.fail('readTicket', notInQueue('readTicket'))
    return room
  }

  it('201 before the opening: in the room, the place drawn at the opening', async () => {
    const room = await joining()
    await room.answer('joinQueue', tickets.inRoom(room.now))
    expect(room.view()).toBe('inRoom')
    expect(room.context().ticket).toMatchObject({ state: 'in_sala', drawn: true, position: null })
    expect(room.can({ type: 'queue.leave' })).toBe(true)
    expect(room.announced()).toEqual([])
  })

  it('201 after the opening: in line, the position said', async () => {
    const room = await joining({ now: OPENS_AT + MINUTE_MS })
    await room.answer('joinQueue', ticketOf({ sorteggiato: false, posizione: 41, davanti: 40 }))
    expect(room.view()).toBe('queued')
    expect(room.context().ticket).toMatchObject({ position: 41, ahead: 40, drawn: false })
    expect(room.announced()).toEqual(['position'])
  })

  it('409 already_in_queue: the ticket it carries, as it stands, and "your place is kept"', async () => {
    const room = await joining({ now: OPENS_AT + MINUTE_MS })
    await room.fail('joinQueue', refusal('joinQueue', 409, 'already_in_queue', { biglietto: tickets.queued(12) }))
    expect(room.view()).toBe('queued')
    expect(room.context().ticket?.position).toBe(12)
    expect(room.told()).toEqual(['rejoined'])
    expect(room.callsOf('joinQueue'), 'joined once').toHaveLength(1)
  })

  it('409 already_in_queue without its ticket: the ticket is read', async () => {
    const room = await joining()
    await room.fail('joinQueue', refusal('joinQueue', 409, 'already_in_queue'))
    expect(room.view()).toBe('reading')
    await room.answer('readTicket', tickets.admitted(room.now))
    expect(room.view()).toBe('admitted')
  })

  it('409 sold_out: sold out for good, said at once, nothing more asked', async () => {
    const room = await joining()
    await room.fail('joinQueue', refusal('joinQueue', 409, 'sold_out'))
    expect(room.view()).toBe('soldOutFinal')
    expect(room.status()).toBe('done')
    expect(room.announced()).toEqual(['soldOut'])
  })

  it('422 queue_closed: closed', async () => {
    const room = await joining()
    await room.fail('joinQueue', refusal('joinQueue', 422, 'queue_closed'))
    expect(room.view()).toBe('closed')
    expect(room.status()).toBe('done')
  })

  it.each([
    [422, 'not_eligible'],
    [409, 'already_enrolled'],
  ] as const)('%i %s: refused, with the code', async (status, code) => {
    const room = await joining()
    await room.fail('joinQueue', refusal('joinQueue', status, code))
    expect(room.view()).toBe('refused')
    expect(room.context().refusal).toBe(code)
  })

  it('401: the session is over, said once, and the room stops', async () => {
    const room = await joining()
    await room.fail('joinQueue', unauthorized('joinQueue'))
    expect(room.view()).toBe('sessionExpired')
    expect(room.told()).toEqual(['sessionExpired'])
    expect(room.status()).toBe('done')
  })

  it('no answer: the join is tried again after the back-off, and at once when the connection is back', async () => {
    const room = await joining()
    await room.fail('joinQueue', offline('joinQueue'))
    expect(room.view()).toBe('joining')
    expect(room.context().failure).toBe('offline')
    toNextRead(room)
    expect(room.callsOf('joinQueue')).toHaveLength(2)
    await room.fail('joinQueue', offline('joinQueue'))
    room.send({ type: 'connection.back' })
    expect(room.callsOf('joinQueue')).toHaveLength(3)
    await room.answer('joinQueue', tickets.inRoom(room.now))
    expect(room.context().failure).toBeNull()
  })
})

describe('a reload: a new room reading the ticket the server kept, in each state', () => {
  const NOW = OPENS_AT + 5 * MINUTE_MS
  const cases: Array<[string, () => ReturnType<typeof ticketOf>, WaitingRoomView]> = [
    ['in_sala', () => tickets.inRoom(NOW), 'inRoom'],
    ['in_coda', () => tickets.queued(9), 'queued'],
    ['esaurito, places may come back', () => tickets.soldOut(false), 'soldOut'],
    ['esaurito definitivo', () => tickets.soldOut(true), 'soldOutFinal'],
    ['ammesso', () => tickets.admitted(NOW), 'admitted'],
    ['posto', () => tickets.held(NOW + 7 * MINUTE_MS), 'held'],
    ['posto with 90 s left', () => tickets.held(NOW + 90 * SECOND_MS), 'holdEnding'],
    ['posto in_pagamento', () => tickets.held(NOW + 7 * MINUTE_MS, true), 'paying'],
    ['pagato', () => tickets.paid(), 'paid'],
    ['scaduto (admission)', () => tickets.ended('admission_expired'), 'ended'],
    ['scaduto (hold)', () => tickets.ended('hold_expired'), 'ended'],
    ['uscito', () => tickets.left(), 'left'],
  ]

  it.each(cases)('%s', async (_, ticket, expected) => {
    const room = startRoom({ now: NOW })
    await room.answer('readTicket', ticket())
    expect(room.view()).toBe(expected)
    // A reload says nothing of what happened before it: the page shows where the ticket stands.
    expect(room.told().filter((type) => type !== 'holdEnding')).toEqual([])
    if (expected === 'admitted') expect(room.callsOf('holdPlace')[0]?.input).toEqual({ raceId: RACE_ID, admission: 'adm-token-1' })
    if (expected === 'ended') expect(room.context().endReason).toBe(ticket().motivo)
  })

  it('the read failing keeps looking for the ticket, as offline, busy or trouble', async () => {
    const room = startRoom({ now: NOW })
    await room.fail('readTicket', offline('readTicket'))
    expect([room.view(), room.context().failure]).toEqual(['reading', 'offline'])
    room.send({ type: 'connection.back' })
    await room.fail('readTicket', busy('readTicket', 503, 10))
    expect(room.context().failure).toBe('busy')
    toNextRead(room)
    await room.fail('readTicket', serverError('readTicket'))
    expect(room.context().failure).toBe('trouble')
    room.send({ type: 'queue.retry' })
    await room.answer('readTicket', tickets.queued(2))
    expect([room.view(), room.context().failure]).toEqual(['queued', null])
  })

  it('a 401 of the read ends it', async () => {
    const room = startRoom({ now: NOW })
    await room.fail('readTicket', unauthorized('readTicket'))
    expect(room.told()).toEqual(['sessionExpired'])
  })
})

describe('following the line', () => {
  it('reads again as the server asks, lengthened by at most 20%', async () => {
    const room = await queuedAt(5)
    const wait = room.context().nextReadAt! - OPENS_AT
    expect(wait).toBe(Math.round(15 * SECOND_MS * (1 + jitterFraction(JITTER_SEED, 1))))
    expect(wait).toBeGreaterThanOrEqual(15 * SECOND_MS)
    expect(wait).toBeLessThan(15 * SECOND_MS * (1 + MAX_JITTER))
    toNextRead(room)
    await room.answer('readTicket', tickets.queued(4))
    toNextRead(room)
    expect(room.overlapping).toEqual([])
  })

  it('whatever the seed, a read comes between the wait asked and 20% more', async () => {
    for (let seed = 0; seed < 100; seed += 1) {
      const room = await queuedAt(5, { jitterSeed: seed * 7919 })
      const wait = room.context().nextReadAt! - OPENS_AT
      expect(wait).toBeGreaterThanOrEqual(15 * SECOND_MS)
      expect(wait).toBeLessThan(15 * SECOND_MS * (1 + MAX_JITTER))
    }
  })

  it('two rooms with different seeds do not read in step', async () => {
    const one = await queuedAt(5, { jitterSeed: 1 })
    const two = await queuedAt(5, { jitterSeed: 2 })
    expect(one.context().nextReadAt).not.toBe(two.context().nextReadAt)
  })

  it('crosses the opening: in the room, read at the opening, then in line at the drawn position', async () => {
    const room = startRoom({ now: OPENS_AT - 40 * SECOND_MS })
    await room.answer('readTicket', ticketOf({ ...tickets.inRoom(room.now), riprova_tra_s: 30 }))
    expect(room.view()).toBe('inRoom')
    toNextRead(room)
    await room.answer('readTicket', ticketOf({ ...tickets.inRoom(room.now), riprova_tra_s: Math.max(1, Math.ceil((OPENS_AT - room.now) / SECOND_MS)) }))
    room.advanceTo(OPENS_AT)
    expect(room.view()).toBe('inRoom')
    toNextRead(room)
    await room.answer('readTicket', tickets.queued(6))
    expect(room.view()).toBe('queued')
    expect(room.announced()).toEqual(['position'])
  })

  it('says the position at most once a minute, and only when it moved', async () => {
    const room = await queuedAt(20)
    expect(room.announced()).toEqual(['position'])
    const positions = [19, 18, 17, 17, 16, 15, 15, 15, 15]
    const said: Array<[number, number]> = []
    for (const position of positions) {
      toNextRead(room)
      const before = room.announced().length
      await room.answer('readTicket', tickets.queued(position))
      if (room.announced().length > before) said.push([position, room.now - OPENS_AT])
    }
    expect(said.length).toBeGreaterThan(0)
    let last: [number, number] = [20, 0]
    for (const [position, at] of said) {
      expect(at - last[1], 'a minute between two').toBeGreaterThanOrEqual(MINUTE_MS)
      expect(position, 'only a change').not.toBe(last[0])
      last = [position, at]
    }
    // 15 stayed for the last reads: once said, never again.
    expect(said.filter(([position]) => position === 15).length).toBeLessThanOrEqual(1)
  })

  it('sold out for now: said once, read slowly, back in line when a place comes back', async () => {
    const room = await queuedAt(8)
    toNextRead(room)
    await room.answer('readTicket', tickets.soldOut(false))
    expect(room.view()).toBe('soldOut')
    expect(room.announced()).toEqual(['position', 'soldOut'])
    expect(room.context().nextReadAt! - room.now).toBeGreaterThanOrEqual(60 * SECOND_MS)
    toNextRead(room)
    await room.answer('readTicket', tickets.soldOut(false))
    expect(room.announced().filter((code) => code === 'soldOut')).toHaveLength(1)
    toNextRead(room)
    await room.answer('readTicket', tickets.queued(2))
    expect(room.view()).toBe('queued')
  })

  it('sold out for good: the room stops asking', async () => {
    const room = await queuedAt(8)
    toNextRead(room)
    await room.answer('readTicket', tickets.soldOut(true))
    expect(room.view()).toBe('soldOutFinal')
    expect(room.announced()).toContain('soldOut')
    const calls = room.calls.length
    room.advance(HOUR_MS)
    expect(room.calls).toHaveLength(calls)
  })

  it('a ticket gone from the server (404) is no ticket', async () => {
    const room = await queuedAt(8)
    toNextRead(room)
    await room.fail('readTicket', notInQueue('readTicket'))
    expect(room.view()).toBe('roomOpen')
    expect(room.context().ticket).toBeNull()
  })

  it('a 401 while following ends it', async () => {
    const room = await queuedAt(8)
    toNextRead(room)
    await room.fail('readTicket', unauthorized('readTicket'))
    expect(room.told()).toEqual(['sessionExpired'])
    expect(room.status()).toBe('done')
  })
})

describe('failures while following: back-off, Retry-After and jitter', () => {
  it('no answer: 2, 4, 8, 16, 32, 60, 60 s (each lengthened by its jitter), the ticket kept', async () => {
    const room = await queuedAt(5)
    toNextRead(room)
    for (const [index, waitS] of [2, 4, 8, 16, 32, 60, 60].entries()) {
      const failedAt = room.now
      await room.fail('readTicket', offline('readTicket'))
      expect([room.view(), room.context().failure]).toEqual(['queued', 'offline'])
      const wait = room.context().nextReadAt! - failedAt
      expect(wait, `wait ${String(index + 1)}`).toBeGreaterThanOrEqual(waitS * SECOND_MS)
      expect(wait).toBeLessThan(waitS * SECOND_MS * (1 + MAX_JITTER))
      toNextRead(room)
    }
    expect(room.context().ticket?.position, 'the ticket is never lost').toBe(5)
    await room.answer('readTicket', tickets.queued(4))
    expect([room.context().failure, room.context().failures]).toEqual([null, 0])
  })

  it('the connection back: read at once', async () => {
    const room = await queuedAt(5)
    toNextRead(room)
    await room.fail('readTicket', offline('readTicket'))
    expect(room.can({ type: 'connection.back' })).toBe(true)
    room.send({ type: 'connection.back' })
    expect(room.inFlight('readTicket')).toBe(true)
  })

  it.each([429, 503] as const)('%i with Retry-After: no read before it, whatever the page does', async (status) => {
    const room = await queuedAt(5)
    toNextRead(room)
    const failedAt = room.now
    await room.fail('readTicket', busy('readTicket', status, 45))
    expect(room.context().failure).toBe('busy')
    const wait = room.context().nextReadAt! - failedAt
    expect(wait).toBeGreaterThanOrEqual(45 * SECOND_MS)
    expect(wait).toBeLessThan(45 * SECOND_MS * (1 + MAX_JITTER))
    room.send({ type: 'connection.back' })
    room.send({ type: 'queue.retry' })
    expect(room.inFlight()).toBe(false)
    expect(room.can({ type: 'queue.retry' })).toBe(false)
    toNextRead(room)
  })

  it('429 without Retry-After: the back-off', async () => {
    const room = await queuedAt(5)
    toNextRead(room)
    const failedAt = room.now
    await room.fail('readTicket', busy('readTicket', 429))
    expect(room.context().nextReadAt! - failedAt).toBeLessThan(2 * SECOND_MS * (1 + MAX_JITTER))
  })

  it('other trouble: the back-off, and the athlete may try at once', async () => {
    const room = await queuedAt(5)
    toNextRead(room)
    await room.fail('readTicket', serverError('readTicket'))
    expect(room.context().failure).toBe('trouble')
    room.send({ type: 'queue.retry' })
    expect(room.inFlight('readTicket')).toBe(true)
  })
})

describe('admitted: the place is taken at once', () => {
  async function admitted() {
    const room = await queuedAt(1)
    toNextRead(room)
    await room.answer('readTicket', tickets.admitted(room.now, 'signed-admission'))
    return room
  }

  it('with the admission it was given; then the place is held and the wizard told', async () => {
    const room = await admitted()
    expect(room.view()).toBe('admitted')
    expect(room.callsOf('holdPlace')).toEqual([{ name: 'holdPlace', at: room.now, input: { raceId: RACE_ID, admission: 'signed-admission' } }])
    await room.answer('holdPlace', tickets.held(room.now + 10 * MINUTE_MS))
    expect(room.view()).toBe('held')
    expect(room.told()).toEqual(['admitted'])
    expect(room.announced()).toEqual(['position', 'admitted'])
  })

  it('a hold answered with the place already paid (another tab): paid, not sent to the wizard', async () => {
    const room = await admitted()
    await room.answer('holdPlace', tickets.paid())
    expect(room.view()).toBe('paid')
    expect(room.told()).toEqual([])
  })

  it('410 admission_expired: ended, said', async () => {
    const room = await admitted()
    await room.fail('holdPlace', refusal('holdPlace', 410, 'admission_expired'))
    expect(room.view()).toBe('ended')
    expect(room.context().endReason).toBe('admission_expired')
    expect(room.announced()).toContain('admissionExpired')
    expect(room.can({ type: 'queue.join' }), 'may join again, at the back').toBe(true)
  })

  it('422 admission_invalid: the ticket is read again', async () => {
    const room = await admitted()
    await room.fail('holdPlace', refusal('holdPlace', 422, 'admission_invalid'))
    expect(room.view()).toBe('reading')
    await room.answer('readTicket', tickets.queued(30))
    expect(room.view()).toBe('queued')
  })

  it('404 not_in_queue: no ticket', async () => {
    const room = await admitted()
    await room.fail('holdPlace', notInQueue('holdPlace'))
    expect(room.view()).toBe('roomOpen')
  })

  it('401: the session is over', async () => {
    const room = await admitted()
    await room.fail('holdPlace', unauthorized('holdPlace'))
    expect(room.told()).toEqual(['sessionExpired'])
  })

  it('failures retry with the same admission while it lasts, then the server is asked what became of it', async () => {
    const room = await admitted()
    const admissionEnds = room.context().ticket!.admissionEndsAt!
    await room.fail('holdPlace', offline('holdPlace'))
    expect(room.view()).toBe('admitted')
    room.send({ type: 'connection.back' })
    await room.fail('holdPlace', serverError('holdPlace'))
    room.send({ type: 'queue.retry' })
    await room.fail('holdPlace', busy('holdPlace', 503, 20))
    toNextRead(room)
    expect(room.callsOf('holdPlace').map((call) => call.input.admission)).toEqual(Array(4).fill('signed-admission'))
    await room.fail('holdPlace', busy('holdPlace', 503, 300))
    room.advanceTo(admissionEnds)
    expect(room.view()).toBe('reading')
    await room.answer('readTicket', tickets.ended('admission_expired'))
    expect(room.context().endReason).toBe('admission_expired')
    expect(room.announced()).toContain('admissionExpired')
  })

  it('the athlete may leave instead', async () => {
    const room = await admitted()
    room.send({ type: 'queue.leave' })
    expect(room.view()).toBe('leaving')
    expect(room.inFlight('holdPlace'), 'the hold call is abandoned').toBe(false)
  })
})

describe('the held place', () => {
  const HOLD_S = 10 * 60

  it('warns at 2 minutes, again in the last minute, and ends on the dot with hold_expired', async () => {
    const start = OPENS_AT
    const room = await heldUntil(start + HOLD_S * SECOND_MS)
    const until = room.context().ticket!.holdEndsAt!
    room.advanceTo(until - 2 * MINUTE_MS - 1)
    expect(room.view()).toBe('held')
    expect(room.told()).toEqual(['admitted'])
    room.advance(1)
    expect(room.view()).toBe('holdEnding')
    expect(room.told()).toEqual(['admitted', 'holdEnding'])
    expect(room.announced().at(-1)).toBe('holdEnding')
    room.advanceTo(until - MINUTE_MS - 1)
    expect(room.announced().at(-1)).toBe('holdEnding')
    room.advance(1)
    expect(room.announced().at(-1)).toBe('holdLastMinute')
    room.advanceTo(until - 1)
    expect(room.view()).toBe('holdEnding')
    room.advance(1)
    expect(room.view()).toBe('ended')
    expect(room.context().endReason).toBe('hold_expired')
    expect(room.told()).toEqual(['admitted', 'holdEnding', 'holdExpired'])
    expect(room.announced().filter((code) => code !== 'position')).toEqual(['admitted', 'holdEnding', 'holdLastMinute', 'holdExpired'])
    expect(room.inFlight(), 'no read left in flight').toBe(false)
    const calls = room.calls.length
    room.advance(HOUR_MS)
    expect(room.calls).toHaveLength(calls)
  })

  it('reads the ticket every 30 s while held; each answer keeps the countdown and says nothing twice', async () => {
    const room = await heldUntil(OPENS_AT + HOLD_S * SECOND_MS)
    const until = room.context().ticket!.holdEndsAt!
    let reads = 0
    while (room.context().nextReadAt! < until - 30 * SECOND_MS) {
      toNextRead(room)
      await room.answer('readTicket', tickets.held(until))
      reads += 1
    }
    expect(reads).toBeGreaterThanOrEqual(14)
    expect(room.told()).toEqual(['admitted', 'holdEnding'])
    expect(room.announced().filter((code) => code === 'holdLastMinute')).toHaveLength(1)
  })

  it('the server says paid: paid, nothing more asked', async () => {
    const room = await heldUntil(OPENS_AT + HOLD_S * SECOND_MS)
    toNextRead(room)
    await room.answer('readTicket', tickets.paid())
    expect(room.view()).toBe('paid')
    expect(room.status()).toBe('done')
  })

  it('a payment authorised in time: the place no longer runs out, until the server says paid', async () => {
    const room = await heldUntil(OPENS_AT + HOLD_S * SECOND_MS)
    const until = room.context().ticket!.holdEndsAt!
    toNextRead(room)
    await room.answer('readTicket', tickets.held(until, true))
    expect(room.view()).toBe('paying')
    room.advanceTo(until + MINUTE_MS)
    expect(room.view()).toBe('paying')
    expect(room.told()).toEqual(['admitted'])
    await room.answer('readTicket', tickets.paid())
    expect(room.view()).toBe('paid')
  })

  it('a payment declined: the countdown again, as long as the place is held', async () => {
    const room = await heldUntil(OPENS_AT + HOLD_S * SECOND_MS)
    const until = room.context().ticket!.holdEndsAt!
    toNextRead(room)
    await room.answer('readTicket', tickets.held(until, true))
    toNextRead(room)
    await room.answer('readTicket', tickets.held(until, false))
    expect(room.view()).toBe('held')
    room.advanceTo(until)
    expect(room.view()).toBe('ended')
  })

  it('the server says it ran out first: ended, said once', async () => {
    const room = await heldUntil(OPENS_AT + HOLD_S * SECOND_MS)
    toNextRead(room)
    await room.answer('readTicket', tickets.ended('hold_expired'))
    expect(room.view()).toBe('ended')
    expect(room.told()).toEqual(['admitted', 'holdExpired'])
  })

  it('a read failing while held keeps the countdown and retries', async () => {
    const room = await heldUntil(OPENS_AT + HOLD_S * SECOND_MS)
    toNextRead(room)
    await room.fail('readTicket', offline('readTicket'))
    expect([room.view(), room.context().failure]).toEqual(['held', 'offline'])
    room.send({ type: 'connection.back' })
    expect(room.inFlight('readTicket')).toBe(true)
  })

  it('a tab woken past a moment says only where the clock is', async () => {
    const asleep = await heldUntil(OPENS_AT + HOLD_S * SECOND_MS)
    asleep.advanceTo(OPENS_AT + HOLD_S * SECOND_MS - 30 * SECOND_MS)
    expect(asleep.view()).toBe('holdEnding')
    expect(asleep.told()).toEqual(['admitted', 'holdEnding'])
    expect(asleep.announced().filter((code) => code.startsWith('hold'))).toEqual(['holdLastMinute'])

    const longer = await heldUntil(OPENS_AT + HOLD_S * SECOND_MS)
    longer.advanceTo(OPENS_AT + HOLD_S * SECOND_MS + MINUTE_MS)
    expect(longer.told()).toEqual(['admitted', 'holdExpired'])
    expect(longer.announced().filter((code) => code.startsWith('hold'))).toEqual(['holdExpired'])
  })

  it('a place held again after one ran out warns again', async () => {
    const room = await heldUntil(OPENS_AT + 3 * MINUTE_MS)
    room.advanceTo(OPENS_AT + 2 * MINUTE_MS)
    room.advanceTo(OPENS_AT + 3 * MINUTE_MS)
    expect(room.told()).toEqual(['admitted', 'holdEnding', 'holdExpired'])
    room.send({ type: 'queue.join' })
    await room.answer('joinQueue', tickets.queued(1))
    toNextRead(room)
    await room.answer('readTicket', tickets.admitted(room.now))
    await room.answer('holdPlace', tickets.held(room.now + 90 * SECOND_MS))
    expect(room.view()).toBe('holdEnding')
    expect(room.told()).toEqual(['admitted', 'holdEnding', 'holdExpired', 'admitted', 'holdEnding'])
  })
})

describe('leaving', () => {
  it.each([
    ['in the room', () => tickets.inRoom(OPENS_AT)],
    ['in line', () => tickets.queued(4)],
    ['sold out for now', () => tickets.soldOut(false)],
    ['holding a place', () => tickets.held(OPENS_AT + 5 * MINUTE_MS)],
  ])('%s: released, and the athlete may join again at the back', async (_, ticket) => {
    const room = startRoom({ now: OPENS_AT })
    await room.answer('readTicket', ticket())
    expect(room.can({ type: 'queue.leave' })).toBe(true)
    room.send({ type: 'queue.leave' })
    expect(room.view()).toBe('leaving')
    expect(room.callsOf('leaveQueue')).toHaveLength(1)
    expect(room.inFlight('readTicket')).toBe(false)
    await room.answer('leaveQueue', tickets.left())
    expect(room.view()).toBe('left')
    room.send({ type: 'queue.join' })
    await room.answer('joinQueue', ticketOf({ sorteggiato: false, posizione: 90, davanti: 89 }))
    expect(room.view()).toBe('queued')
  })

  it('a failed leave is tried again; a 404 means there is no ticket; a 401 ends it', async () => {
    const room = await queuedAt(4)
    room.send({ type: 'queue.leave' })
    await room.fail('leaveQueue', offline('leaveQueue'))
    expect([room.view(), room.context().failure]).toEqual(['leaving', 'offline'])
    room.send({ type: 'connection.back' })
    await room.fail('leaveQueue', notInQueue('leaveQueue'))
    expect(room.view()).toBe('roomOpen')

    const other = await queuedAt(4)
    other.send({ type: 'queue.leave' })
    await other.fail('leaveQueue', unauthorized('leaveQueue'))
    expect(other.told()).toEqual(['sessionExpired'])
  })

  it('leaving is not offered where there is nothing to leave', async () => {
    const room = startRoom({ now: OPENS_AT })
    await room.answer('readTicket', tickets.paid())
    expect(room.can({ type: 'queue.leave' })).toBe(false)
  })
})

describe('after an ending', () => {
  it('ended (the admission ran out): joining again is a new ticket at the back', async () => {
    const room = startRoom({ now: OPENS_AT + 20 * MINUTE_MS })
    await room.answer('readTicket', tickets.ended('admission_expired'))
    room.send({ type: 'queue.join' })
    expect(room.view()).toBe('joining')
    await room.answer('joinQueue', ticketOf({ sorteggiato: false, posizione: 140, davanti: 139 }))
    expect(room.context()).toMatchObject({ endReason: null, ticket: { position: 140 } })
  })

  it('makes one call at a time, whatever happened', async () => {
    const room = await heldUntil(OPENS_AT + 3 * MINUTE_MS)
    room.advance(3 * MINUTE_MS)
    room.send({ type: 'queue.join' })
    await room.answer('joinQueue', tickets.queued(3))
    expect(room.overlapping).toEqual([])
  })
})
