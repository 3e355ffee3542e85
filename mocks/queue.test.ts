// @vitest-environment node
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { PublicRoomDrawSchema, QueueTicketSchema } from '../contracts/queue.contract'
import { MINUTE_MS, SECOND_MS } from '../contracts/time'
import { db, dumpDb, loadDb } from './db'
import { controls } from './node'
import { createProvider, SETTLE_DELAY_MS } from './provider'
import { createPersistentDb, memoryChangeStore } from './persistence'
import { commitmentOf } from '../contracts/lottery-draw'
import { roomDrawOrder } from '../contracts/room-draw'
import { describeRoomVerdict, verifyPublicRoomDraw, verifyRoomDraw } from '../scripts/lottery-verify'
import { roomReport } from './queue'
import { stageRush } from './queue-stage'
import { createSeed, SEED_NOW_MS, SEED_RACE_IDS } from './seed'
import { RUSH_DRAW_COMMITMENT, RUSH_DRAW_SEED } from './seed/rush'
import { api, bearer, get, persona, post, signIn } from './test-api'
import '../tests/setup/mock-backend'

/**
 * Issue 22: the waiting room's rules at the simulated backend's API (mocks/queue.ts): the room's
 * window, one ticket per athlete, the draw at the opening and arrival order after it, admissions at
 * the rate while a place is free, held places, their running out, the enrolment calls gated on a
 * live hold, a card authorised in time converting the place and one too late voided.
 */

const coda = (raceId: number) => `/api/v1/vdatrailers/gara/${String(raceId)}/coda`
const sorteggio = (raceId: number) => `/api/v1/vdatrailers/gara/${String(raceId)}/coda/sorteggio`
const posto = (raceId: number) => `/api/v1/vdatrailers/gara/${String(raceId)}/posto`
const del = (token: string, path: string) => api(path, { method: 'DELETE', headers: bearer(token) })
const raceOf = (id: number) => db.races.findFirst((q) => q.where({ id }))!
const clockAt = (ms: number) => controls.setNow(ms)
const provider = () => createProvider(controls.now, () => undefined)

const ROOM_OPENS = SEED_NOW_MS + 10 * MINUTE_MS
const OPENING = SEED_NOW_MS + 40 * MINUTE_MS

/** A rush without simulated others: `athletes` signed in, `places`, `rate` a minute, 5 min admissions, 10 min holds. */
async function staged(athletes: number, places: number, rate = 60) {
  return stageRush({
    athletes,
    places,
    admissionsPerMinute: rate,
    admissionSeconds: 300,
    holdSeconds: 600,
    roomOpensAt: new Date(ROOM_OPENS).toISOString(),
    registrationOpensAt: new Date(OPENING).toISOString(),
  })
}

const ticket = async (token: string, raceId: number) => z.parse(QueueTicketSchema, (await get(token, coda(raceId))).body)

/** Takes the held place the ticket's admission reserved. */
async function hold(token: string, raceId: number) {
  const { ammissione } = await ticket(token, raceId)
  return post(token, posto(raceId), { ammissione: ammissione!.token })
}

/** Enters the race (answers, waiver) and starts the card payment, as the wizard does. */
async function enrolAndStart(token: string, raceId: number, key = `key-${token.slice(-12)}`) {
  const created = await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: raceId, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Aosta' } })
  if (created.status !== 200) return created
  await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: raceId })
  return post(token, '/api/v1/vdatrailers/pagamenti', {
    project_id: raceId,
    opzione_rimborso: 'standard',
    noleggio_gps: false,
    totale_atteso: raceOf(raceId).prezzo,
    idempotency_key: key,
  })
}

describe('joining the room', () => {
  it('is closed before the room opens, after registration closes, and for a race without a room', async () => {
    const { raceId, tokens } = await staged(1, 5)
    clockAt(ROOM_OPENS - SECOND_MS)
    expect((await post(tokens[0]!, coda(raceId), {})).body.code).toBe('queue_closed')
    clockAt(Date.parse(raceOf(raceId).chiusura_iscrizioni))
    expect((await post(tokens[0]!, coda(raceId), {})).body.code).toBe('queue_closed')
    clockAt(ROOM_OPENS)
    expect(await post(tokens[0]!, coda(SEED_RACE_IDS.open), {})).toMatchObject({ status: 422, body: { code: 'queue_closed' } })
  })

  it('gives one ticket per athlete: a second join (another tab, a reload) answers 409 already_in_queue with the same ticket', async () => {
    const { raceId, tokens } = await staged(1, 5)
    clockAt(ROOM_OPENS + MINUTE_MS)
    const first = await post(tokens[0]!, coda(raceId), {})
    expect(first.status).toBe(201)
    const joined = z.parse(QueueTicketSchema, first.body)
    expect(joined).toMatchObject({ stato: 'in_sala', sorteggiato: true, gara_id: raceId })
    // In the room: asked again within the seconds to the opening, the wait counted from it.
    expect(joined.riprova_tra_s).toBe(30)
    expect(joined.attesa_stimata_s).toBeGreaterThanOrEqual(29 * 60)
    const again = await post(tokens[0]!, coda(raceId), {})
    expect(again).toMatchObject({ status: 409, body: { code: 'already_in_queue', biglietto: { biglietto: joined.biglietto, stato: 'in_sala' } } })
    expect((await ticket(tokens[0]!, raceId)).biglietto).toBe(joined.biglietto)
  })

  it('refuses an athlete the race does not take (no valid certificate) and one already entered', async () => {
    const { raceId } = await staged(1, 5)
    clockAt(ROOM_OPENS)
    expect(await post(await signIn('revisione'), coda(raceId), {})).toMatchObject({ status: 422, body: { code: 'not_eligible' } })
    const token = await signIn('completo')
    await db.subscriptions.create({
      athlete_id: persona('completo').athleteId, project_id: raceId, liberatoria: true, liberatoria_signed: null, liberatoria_versione: 'v1',
      pettorale: 1, categoria: null, pagato: true, opzione_rimborso: 'standard', noleggio_gps: false, totale: 30,
    })
    expect(await post(token, coda(raceId), {})).toMatchObject({ status: 409, body: { code: 'already_enrolled' } })
  })

  it('refuses a join once every place is paid: 409 sold_out', async () => {
    const { raceId, tokens } = await staged(1, 3)
    await db.races.update((q) => q.where({ id: raceId }), { data: (race) => void (race.iscritti = 3) })
    clockAt(OPENING)
    expect(await post(tokens[0]!, coda(raceId), {})).toMatchObject({ status: 409, body: { code: 'sold_out' } })
  })

  it('answers 404 not_in_queue for the status of an athlete without a ticket', async () => {
    const { raceId, tokens } = await staged(1, 3)
    expect(await get(tokens[0]!, coda(raceId))).toMatchObject({ status: 404, body: { code: 'not_in_queue' } })
  })
})

describe('the order', () => {
  it('draws the tickets taken before the opening by the seed, whatever order they came in', async () => {
    const { raceId, tokens } = await staged(6, 6)
    clockAt(ROOM_OPENS)
    // They join in reverse order of id.
    for (const token of [...tokens].reverse()) await post(token, coda(raceId), {})
    clockAt(OPENING + 10 * MINUTE_MS)
    await get(tokens[0]!, coda(raceId))
    const seed = db.queueRooms.findFirst((q) => q.where({ race_id: raceId }))!.seme
    const drawn = (await roomDrawOrder(seed, 6)).map((number) => `Q-${String(raceId)}-${String(number)}`)
    expect(roomReport(raceOf(raceId), controls.now()).admissions.map((admission) => admission.ticket)).toEqual(drawn)
  })

  it('queues the arrivals after the opening behind every drawn ticket, in arrival order', async () => {
    const { raceId, tokens } = await staged(4, 1, 60)
    clockAt(ROOM_OPENS)
    await post(tokens[3]!, coda(raceId), {})
    clockAt(OPENING + SECOND_MS)
    for (const token of tokens.slice(0, 3)) await post(token, coda(raceId), {})
    // One place, taken by the drawn ticket: the others wait in line, sold out for now.
    expect(await ticket(tokens[3]!, raceId)).toMatchObject({ stato: 'ammesso', sorteggiato: true })
    expect(await ticket(tokens[0]!, raceId)).toMatchObject({ stato: 'esaurito', definitivo: false, riprova_tra_s: 120 })
    // Each admission that runs out returns the place to the next arrival.
    clockAt(OPENING + 6 * MINUTE_MS)
    expect(await ticket(tokens[0]!, raceId)).toMatchObject({ stato: 'ammesso', sorteggiato: false })
    expect(await ticket(tokens[1]!, raceId)).toMatchObject({ stato: 'esaurito' })
    clockAt(OPENING + 12 * MINUTE_MS)
    expect(await ticket(tokens[1]!, raceId)).toMatchObject({ stato: 'ammesso' })
    const report = roomReport(raceOf(raceId), controls.now())
    expect(report.admissions.map((admission) => admission.drawn)).toEqual([true, false, false])
  })

  it('says the position, the people ahead and the wait at the rate, and when to ask again', async () => {
    const { raceId, tokens } = await staged(5, 5, 1)
    clockAt(OPENING)
    for (const token of tokens) await post(token, coda(raceId), {})
    // One admitted at the opening; the last of five has three ahead, three minutes at one a minute.
    expect(await ticket(tokens[4]!, raceId)).toMatchObject({ stato: 'in_coda', posizione: 4, davanti: 3, attesa_stimata_s: 180, riprova_tra_s: 30 })
    expect(await ticket(tokens[1]!, raceId)).toMatchObject({ stato: 'in_coda', posizione: 1, davanti: 0, attesa_stimata_s: 0, riprova_tra_s: 5 })
  })
})

describe('the draw anyone can check (issue 40)', () => {
  const SHA256_HEX = /^[0-9a-f]{64}$/
  const seedOf = (raceId: number) => db.queueRooms.findFirst((q) => q.where({ race_id: raceId }))!.seme

  it('publishes the SHA-256 of the seed from the first answer, and the seed itself only once the order is drawn at the opening', async () => {
    const { raceId, tokens } = await staged(3, 3)
    clockAt(ROOM_OPENS)
    const first = z.parse(QueueTicketSchema, (await post(tokens[0]!, coda(raceId), {})).body)
    const second = z.parse(QueueTicketSchema, (await post(tokens[1]!, coda(raceId), {})).body)
    const impegno = first.sorteggio!.impegno
    expect(impegno).toMatch(SHA256_HEX)
    expect(first.sorteggio).toEqual({ impegno, seme: null, biglietti: null, numero: 1 })
    expect(second.sorteggio).toEqual({ impegno, seme: null, biglietti: null, numero: 2 })

    clockAt(OPENING - SECOND_MS)
    expect((await ticket(tokens[0]!, raceId)).sorteggio).toEqual({ impegno, seme: null, biglietti: null, numero: 1 })

    clockAt(OPENING)
    const drawn = [await ticket(tokens[0]!, raceId), await ticket(tokens[1]!, raceId)]
    const seme = drawn[0]!.sorteggio!.seme!
    expect(seme).toBe(seedOf(raceId))
    expect(await commitmentOf(seme)).toBe(impegno)
    const order = await roomDrawOrder(seme, 2)
    expect(drawn.map((answer) => answer.sorteggio)).toEqual([
      { impegno, seme, biglietti: 2, numero: 1, estratto: order.indexOf(1) + 1 },
      { impegno, seme, biglietti: 2, numero: 2, estratto: order.indexOf(2) + 1 },
    ])
    // Taken after the opening: not in the draw, behind it.
    clockAt(OPENING + SECOND_MS)
    expect(z.parse(QueueTicketSchema, (await post(tokens[2]!, coda(raceId), {})).body).sorteggio).toEqual({ impegno, seme, biglietti: 2, numero: 3 })
  })

  it('publishes the draw to anyone, without a session: the commitment before the room opens, the seed and the count once drawn', async () => {
    const { raceId, tokens } = await staged(3, 3)
    // Read without a token (`api`, not `get`): no sign-in needed.
    const published = async () => {
      const answer = await api(sorteggio(raceId))
      expect(answer.status).toBe(200)
      return z.parse(PublicRoomDrawSchema, answer.body)
    }
    clockAt(ROOM_OPENS - MINUTE_MS)
    const before = await published()
    const impegno = await commitmentOf(seedOf(raceId))
    expect(before).toEqual({ gara_id: raceId, impegno, seme: null, biglietti: null })

    clockAt(ROOM_OPENS)
    for (const token of tokens.slice(0, 2)) expect(z.parse(QueueTicketSchema, (await post(token, coda(raceId), {})).body).sorteggio?.impegno).toBe(impegno)
    clockAt(OPENING - SECOND_MS)
    expect(await published()).toEqual(before)

    clockAt(OPENING)
    const drawn = await published()
    expect(drawn).toEqual({ gara_id: raceId, impegno, seme: seedOf(raceId), biglietti: 2 })
    expect(await commitmentOf(drawn.seme!)).toBe(impegno)
    // The same draw as every ticket's, and the order the room admits in.
    expect((await ticket(tokens[0]!, raceId)).sorteggio).toMatchObject({ impegno, seme: drawn.seme, biglietti: 2 })
    const verdict = await verifyPublicRoomDraw(drawn)
    expect(verdict).toMatchObject({ ok: true, tickets: 2, ticket: null, place: null })
    if (!verdict.ok) throw new Error(describeRoomVerdict(verdict))
    const admitted = roomReport(raceOf(raceId), controls.now()).admissions.map((admission) => admission.ticket)
    expect(admitted[0]).toBe(`Q-${String(raceId)}-${String(verdict.order[0])}`)
    // Joined after the opening: behind the draw, not in it.
    clockAt(OPENING + SECOND_MS)
    await post(tokens[2]!, coda(raceId), {})
    expect(await published()).toEqual(drawn)
  })

  it('answers 404 no_room for a race without a waiting room, and for no race', async () => {
    expect(await api(sorteggio(SEED_RACE_IDS.open))).toMatchObject({ status: 404, body: { code: 'no_room' } })
    expect(await api(sorteggio(999_999))).toMatchObject({ status: 404, body: { code: 'no_room' } })
  })

  it('admits in the order the verify script recomputes from the published seed and count', async () => {
    const { raceId, tokens } = await staged(8, 8)
    clockAt(ROOM_OPENS)
    // Arrival order is not the draw's: every other athlete joins first.
    for (const token of [...tokens.filter((_, index) => index % 2 === 1), ...tokens.filter((_, index) => index % 2 === 0)]) await post(token, coda(raceId), {})
    clockAt(OPENING + 10 * MINUTE_MS)
    const answers = await Promise.all(tokens.map((token) => ticket(token, raceId)))
    for (const answer of answers) expect(await verifyRoomDraw(answer)).toMatchObject({ ok: true, tickets: 8, ticket: answer.biglietto })
    const verdict = await verifyRoomDraw(answers[0]!)
    if (!verdict.ok) throw new Error(describeRoomVerdict(verdict))
    const admitted = roomReport(raceOf(raceId), controls.now()).admissions.map((admission) => admission.ticket)
    expect(admitted).toEqual(verdict.order.map((number) => `Q-${String(raceId)}-${String(number)}`))
  })

  it('draws from a random seed made with the room, never one derived from the race', async () => {
    const one = await staged(1, 1)
    const other = await staged(1, 1)
    expect(seedOf(one.raceId)).toMatch(SHA256_HEX)
    expect(seedOf(other.raceId)).toMatch(SHA256_HEX)
    expect(seedOf(one.raceId)).not.toBe(seedOf(other.raceId))
    // A race given a room without one in the database: the room is made at the next request.
    const raceId = SEED_RACE_IDS.open
    expect(db.queueRooms.findFirst((q) => q.where({ race_id: raceId }))).toBeUndefined()
    await db.races.update((q) => q.where({ id: raceId }), {
      data: (race) => void (race.sala_attesa = { apre: new Date(ROOM_OPENS).toISOString(), ammissioni_al_minuto: 10, ammissione_s: 300, posto_s: 600 }),
    })
    // The first request is the public draw's: it carries the commitment of the room it made (and,
    // registration being open already, its seed).
    const first = await api(sorteggio(raceId))
    const seed = seedOf(raceId)
    expect(first).toMatchObject({ status: 200, body: { gara_id: raceId, impegno: await commitmentOf(seed), seme: seed } })
    expect(seed).toMatch(SHA256_HEX)
    expect(seed).not.toContain(String(raceId))
    expect([seedOf(one.raceId), seedOf(other.raceId)]).not.toContain(seed)
  })
})

describe('admissions', () => {
  it('are given at the rate from the opening (the first at the opening itself), never before', async () => {
    const { raceId, tokens } = await staged(10, 10, 4)
    clockAt(ROOM_OPENS)
    for (const token of tokens) await post(token, coda(raceId), {})
    const admitted = () => roomReport(raceOf(raceId), controls.now()).admissions.length
    clockAt(OPENING - SECOND_MS)
    await get(tokens[0]!, coda(raceId))
    expect(admitted()).toBe(0)
    clockAt(OPENING)
    await get(tokens[0]!, coda(raceId))
    expect(admitted()).toBe(1)
    // Four a minute: one every 15 seconds, so 1 + floor(t / 15 s) by t.
    clockAt(OPENING + 44 * SECOND_MS)
    await get(tokens[0]!, coda(raceId))
    expect(admitted()).toBe(3)
    const times = roomReport(raceOf(raceId), controls.now()).admissions.map((admission) => Date.parse(admission.admittedAt) - OPENING)
    expect(times).toEqual([0, 15_000, 30_000])
  })

  it('never promises more than the places: paid + held + admitted stays within posti', async () => {
    const { raceId, tokens } = await staged(8, 3, 60)
    clockAt(OPENING)
    for (const token of tokens) await post(token, coda(raceId), {})
    clockAt(OPENING + 5 * SECOND_MS)
    await get(tokens[0]!, coda(raceId))
    const report = roomReport(raceOf(raceId), controls.now())
    expect(report).toMatchObject({ places: 3, paid: 0, held: 0, admitted: 3 })
    expect(report.states).toMatchObject({ ammesso: 3, esaurito: 5 })
  })
})

describe('the held place', () => {
  it('is taken with the admission, for posto_s; the same admission again answers the same hold', async () => {
    const { raceId, tokens } = await staged(1, 2)
    clockAt(OPENING)
    await post(tokens[0]!, coda(raceId), {})
    const admitted = await ticket(tokens[0]!, raceId)
    expect(admitted).toMatchObject({ stato: 'ammesso', riprova_tra_s: 30 })
    // Admitted at the join's instant (the mock clock runs on meanwhile by a few milliseconds).
    expect(Date.parse(admitted.ammissione!.scade) - OPENING).toBeGreaterThanOrEqual(300 * SECOND_MS)
    expect(Date.parse(admitted.ammissione!.scade) - OPENING).toBeLessThan(301 * SECOND_MS)
    const first = await post(tokens[0]!, posto(raceId), { ammissione: admitted.ammissione!.token })
    expect(first.status).toBe(201)
    const held = z.parse(QueueTicketSchema, first.body)
    expect(held).toMatchObject({ stato: 'posto', posto: { in_pagamento: false }, riprova_tra_s: 30 })
    expect(Date.parse(held.posto!.scade) - controls.now()).toBeGreaterThan(599 * SECOND_MS)
    expect(await post(tokens[0]!, posto(raceId), { ammissione: admitted.ammissione!.token })).toEqual({ status: 201, body: held })
  })

  it('refuses an admission that is not the ticket\'s (422 admission_invalid) and one that ran out (410 admission_expired)', async () => {
    const { raceId, tokens } = await staged(2, 2)
    clockAt(OPENING)
    for (const token of tokens) await post(token, coda(raceId), {})
    clockAt(OPENING + 2 * SECOND_MS)
    const mine = (await ticket(tokens[0]!, raceId)).ammissione!.token
    const theirs = (await ticket(tokens[1]!, raceId)).ammissione!.token
    expect(await post(tokens[0]!, posto(raceId), { ammissione: theirs })).toMatchObject({ status: 422, body: { code: 'admission_invalid' } })
    expect(await post(tokens[0]!, posto(raceId), { ammissione: `${mine.slice(0, -4)}AAAA` })).toMatchObject({ status: 422, body: { code: 'admission_invalid' } })
    clockAt(OPENING + 301 * SECOND_MS)
    expect(await ticket(tokens[0]!, raceId)).toMatchObject({ stato: 'scaduto', motivo: 'admission_expired' })
    expect(await post(tokens[0]!, posto(raceId), { ammissione: mine })).toMatchObject({ status: 410, body: { code: 'admission_expired' } })
  })

  it('runs out after posto_s: the ticket ends hold_expired, the enrolment calls say so, the place goes to the next', async () => {
    const { raceId, tokens } = await staged(2, 1)
    clockAt(OPENING)
    for (const token of tokens) await post(token, coda(raceId), {})
    await hold(tokens[0]!, raceId)
    expect((await enrolAndStart(tokens[0]!, raceId)).status).toBe(201)
    expect(await ticket(tokens[1]!, raceId)).toMatchObject({ stato: 'esaurito', definitivo: false })
    clockAt(OPENING + 601 * SECOND_MS)
    expect(await ticket(tokens[0]!, raceId)).toMatchObject({ stato: 'scaduto', motivo: 'hold_expired' })
    expect(await enrolAndStart(tokens[0]!, raceId, 'again-0001')).toMatchObject({ status: 409, body: { code: 'hold_expired' } })
    // The payment call checks it too, not only the enrolment's.
    const payAgain = await post(tokens[0]!, '/api/v1/vdatrailers/pagamenti', {
      project_id: raceId, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: raceOf(raceId).prezzo, idempotency_key: 'again-0002',
    })
    expect(payAgain).toMatchObject({ status: 409, body: { code: 'hold_expired' } })
    expect(await ticket(tokens[1]!, raceId)).toMatchObject({ stato: 'ammesso' })
  })

  it('is required by the enrolment calls of a room race: 409 queue_required without one', async () => {
    const { raceId, tokens } = await staged(1, 2)
    clockAt(OPENING)
    expect(await enrolAndStart(tokens[0]!, raceId)).toMatchObject({ status: 409, body: { code: 'queue_required' } })
    await post(tokens[0]!, coda(raceId), {})
    // Admitted is not yet held.
    expect(await enrolAndStart(tokens[0]!, raceId)).toMatchObject({ status: 409, body: { code: 'queue_required' } })
  })

  it('converts to the paid place when a card authorised in time settles, even after the hold\'s deadline', async () => {
    const { raceId, tokens } = await staged(1, 1)
    clockAt(OPENING)
    await post(tokens[0]!, coda(raceId), {})
    await hold(tokens[0]!, raceId)
    const started = await enrolAndStart(tokens[0]!, raceId)
    await provider().decide(String(started.body.pagamento_id), 'authorised')
    expect(await ticket(tokens[0]!, raceId)).toMatchObject({ stato: 'posto', posto: { in_pagamento: true } })
    // The provider is slow: its confirmation arrives after the hold's ten minutes.
    clockAt(OPENING + 11 * MINUTE_MS)
    const paid = await ticket(tokens[0]!, raceId)
    expect(paid.stato).toBe('pagato')
    expect(paid.riprova_tra_s).toBeUndefined()
    expect(raceOf(raceId).iscritti).toBe(1)
    expect(db.payments.findFirst((q) => q.where({ pagamento_id: String(started.body.pagamento_id) }))!.stato).toBe('success')
  })

  it('voids a card authorised after its hold ran out (motivo hold_expired): nothing charged, no place', async () => {
    const { raceId, tokens } = await staged(1, 1)
    clockAt(OPENING)
    await post(tokens[0]!, coda(raceId), {})
    await hold(tokens[0]!, raceId)
    const started = await enrolAndStart(tokens[0]!, raceId)
    clockAt(OPENING + 11 * MINUTE_MS)
    await provider().decide(String(started.body.pagamento_id), 'authorised')
    clockAt(controls.now() + SETTLE_DELAY_MS)
    await get(tokens[0]!, coda(raceId))
    const payment = db.payments.findFirst((q) => q.where({ pagamento_id: String(started.body.pagamento_id) }))!
    expect(payment).toMatchObject({ stato: 'failed', motivo: 'hold_expired' })
    expect(raceOf(raceId).iscritti).toBe(0)
    expect(db.transactions.findFirst((q) => q.where({ id: `TX-${payment.pagamento_id}` }))).toMatchObject({ stato: 'refunded' })
  })

  it('is needed again by an athlete who paid and then withdrew: the room\'s paid ticket no longer lets the enrolment calls through (decision 058)', async () => {
    const { raceId, tokens } = await staged(1, 2)
    const [token] = tokens as [string]
    clockAt(OPENING)
    await post(token, coda(raceId), {})
    await hold(token, raceId)
    const started = await enrolAndStart(token, raceId)
    await provider().decide(String(started.body.pagamento_id), 'authorised')
    clockAt(controls.now() + SETTLE_DELAY_MS)
    expect((await ticket(token, raceId)).stato).toBe('pagato')
    const ritiro = `/api/v1/vdatrailers/iscrizione/${String(raceId)}/ritiro`
    const quoted = await post(token, ritiro, { rimborso_atteso: 0, chiave: 'withdraw-quote' })
    const { totale } = quoted.body.rimborso as { totale: number }
    expect((await post(token, ritiro, { rimborso_atteso: totale, chiave: 'withdraw' })).status).toBe(200)

    // Not let in on the old ticket: a card the settlement would void is never started.
    expect(await enrolAndStart(token, raceId, 'again')).toMatchObject({ status: 409, body: { code: 'queue_required' } })
    // Through the room like anyone else: a new ticket, then a held place, then the payment.
    expect((await post(token, coda(raceId), {})).status).toBe(201)
    expect((await hold(token, raceId)).status).toBe(201)
    expect((await enrolAndStart(token, raceId, 'again-held')).status).toBe(201)
  })

  it('stays after a declined card: the athlete can try again within it', async () => {
    const { raceId, tokens } = await staged(1, 1)
    clockAt(OPENING)
    await post(tokens[0]!, coda(raceId), {})
    await hold(tokens[0]!, raceId)
    const started = await enrolAndStart(tokens[0]!, raceId)
    await provider().decide(String(started.body.pagamento_id), 'declined')
    clockAt(OPENING + 2 * MINUTE_MS)
    expect(await ticket(tokens[0]!, raceId)).toMatchObject({ stato: 'posto', posto: { in_pagamento: false } })
    const retried = await post(tokens[0]!, '/api/v1/vdatrailers/pagamenti', {
      project_id: raceId, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: raceOf(raceId).prezzo, idempotency_key: 'retry-0001',
    })
    expect(retried.status).toBe(201)
  })
})

describe('leaving and sold out', () => {
  it('leaves the line, or gives the held place back to the next; a ticket left may join again at the back', async () => {
    const { raceId, tokens } = await staged(3, 1)
    clockAt(OPENING)
    for (const token of tokens) await post(token, coda(raceId), {})
    await hold(tokens[0]!, raceId)
    expect((await del(tokens[2]!, coda(raceId))).body).toMatchObject({ stato: 'uscito' })
    expect((await del(tokens[0]!, coda(raceId))).body).toMatchObject({ stato: 'uscito' })
    // Admitted at the rate's next turn, a second after the first.
    expect(await ticket(tokens[1]!, raceId)).toMatchObject({ stato: 'in_coda', posizione: 1 })
    clockAt(OPENING + SECOND_MS)
    expect(await ticket(tokens[1]!, raceId)).toMatchObject({ stato: 'ammesso' })
    // Left is left: leaving again answers the ticket as it is.
    expect(await del(tokens[0]!, coda(raceId))).toMatchObject({ status: 200, body: { stato: 'uscito' } })
    const rejoined = await post(tokens[2]!, coda(raceId), {})
    expect(rejoined).toMatchObject({ status: 201, body: { stato: 'esaurito', sorteggiato: false } })
    expect(await del((await staged(1, 1)).tokens[0]!, coda(raceId))).toMatchObject({ status: 404, body: { code: 'not_in_queue' } })
  })

  it('says sold out for good (definitivo) once every place is paid', async () => {
    const { raceId, tokens } = await staged(2, 1)
    clockAt(OPENING)
    for (const token of tokens) await post(token, coda(raceId), {})
    await hold(tokens[0]!, raceId)
    const started = await enrolAndStart(tokens[0]!, raceId)
    await provider().settleNow(String(started.body.pagamento_id), 'authorised')
    const ended = await ticket(tokens[1]!, raceId)
    expect(ended).toMatchObject({ stato: 'esaurito', definitivo: true })
    expect(ended.riprova_tra_s).toBeUndefined()
  })
})

describe('the tickets in the database', () => {
  it('persist with it: a reload of the same records answers the same place in line', async () => {
    const { raceId, tokens } = await staged(4, 1, 1)
    clockAt(OPENING)
    for (const token of tokens) await post(token, coda(raceId), {})
    const before = await ticket(tokens[3]!, raceId)
    await loadDb(dumpDb())
    expect(await ticket(tokens[3]!, raceId)).toEqual(before)
  })

  it('are kept in the change set over the seed (the browser\'s, an export) by their key, and come back from it', async () => {
    const database = createPersistentDb({ store: memoryChangeStore(), seed: createSeed })
    await database.boot()
    try {
      const { raceId, tokens } = await staged(3, 1, 1)
      clockAt(OPENING)
      for (const token of tokens) await post(token, coda(raceId), {})
      database.persist()
      const before = await ticket(tokens[2]!, raceId)
      const changes = database.changes()
      expect(changes.queueTickets?.map(([key]) => key)).toEqual(tokens.map((token) => `${String(raceId)}/${String(db.sessions.findFirst((q) => q.where({ token }))!.athlete_id)}`))
      await database.reset()
      expect(await get(tokens[2]!, coda(raceId))).toMatchObject({ status: 401 })
      await database.replace(changes)
      expect(await ticket(tokens[2]!, raceId)).toEqual(before)
    } finally {
      database.stop()
    }
  })

  it('go with a reset to the seed', async () => {
    clockAt(Date.parse(raceOf(SEED_RACE_IDS.rush).sala_attesa!.apre))
    const token = await signIn('completo')
    await post(token, coda(SEED_RACE_IDS.rush), {})
    await loadDb(createSeed())
    expect((await get(token, coda(SEED_RACE_IDS.rush))).status).toBe(401)
    expect(db.queueTickets.all()).toHaveLength(0)
  })
})

describe('the seeded rush (Vertical della Grivola)', () => {
  const rush = () => raceOf(SEED_RACE_IDS.rush)

  it('draws completo, joining as the room opens, 3rd: admitted 30 seconds after the opening', async () => {
    expect(rush().sala_attesa).toEqual({ apre: rush().sala_attesa!.apre, ammissioni_al_minuto: 4, ammissione_s: 300, posto_s: 600 })
    expect(db.queueRooms.findFirst((q) => q.where({ race_id: SEED_RACE_IDS.rush }))!.seme).toBe(RUSH_DRAW_SEED)
    expect(await commitmentOf(RUSH_DRAW_SEED)).toBe(RUSH_DRAW_COMMITMENT)
    const opening = Date.parse(rush().apertura_iscrizioni)
    expect(opening - SEED_NOW_MS).toBe(2 * 60 * MINUTE_MS)
    // The QA walkthrough's moment: the clock set to the room's opening, then the room entered.
    clockAt(Date.parse(rush().sala_attesa!.apre) + 30 * SECOND_MS)
    const token = await signIn('completo')
    expect((await post(token, coda(SEED_RACE_IDS.rush), {})).body).toMatchObject({ biglietto: 'Q-260-1', stato: 'in_sala', sorteggiato: true })
    clockAt(opening + 20 * SECOND_MS)
    expect(await ticket(token, SEED_RACE_IDS.rush)).toMatchObject({ stato: 'in_coda', posizione: 1, davanti: 0 })
    clockAt(opening + 30 * SECOND_MS)
    expect(await ticket(token, SEED_RACE_IDS.rush)).toMatchObject({ stato: 'ammesso' })
    expect(roomReport(rush(), controls.now()).admissions.map((admission) => admission.drawn)).toEqual([true, true, true])
    expect((await ticket(token, SEED_RACE_IDS.rush)).sorteggio).toEqual({ impegno: RUSH_DRAW_COMMITMENT, seme: RUSH_DRAW_SEED, biglietti: 26, numero: 1, estratto: 3 })
  })

  it('plays the simulated others by the clock: places are paid, some holds run out, never more than twelve', async () => {
    const opening = Date.parse(rush().apertura_iscrizioni)
    const token = await signIn('completo')
    for (let minute = 0; minute <= 40; minute += 1) {
      clockAt(opening + minute * MINUTE_MS)
      await api('/api/v1/vdatrailers/gare', { headers: bearer(token) })
      const report = roomReport(rush(), controls.now())
      expect(report.paid + report.held + report.admitted).toBeLessThanOrEqual(12)
    }
    const report = roomReport(rush(), controls.now())
    expect(report.tickets).toBe(60)
    expect(report.paid).toBeGreaterThan(0)
    expect(report.states.scaduto).toBeGreaterThan(0)
    expect(db.entrants.findMany((q) => q.where({ race_id: SEED_RACE_IDS.rush }))).toHaveLength(report.paid)
  })
})
