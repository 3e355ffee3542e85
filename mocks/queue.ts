import { commitmentOf } from '../contracts/lottery-draw'
import type { PublicRoomDraw, QueueTicket, RoomDraw, TicketState } from '../contracts/queue.contract'
import { roomDrawOrder } from '../contracts/room-draw'
import { MINUTE_MS, SECOND_MS } from '../contracts/time'
import { db, type AthleteRecord, type QueueRoomRecord, type QueueTicketRecord, type RaceRecord, type SimulatedPlan } from './db'
import { newRoomSeed } from './queue-defaults'
import { isActivePlace, nextBib } from './records'
import { simulatedEntrant } from './seed/entrants'

/**
 * The waiting room of a race that opens through one (issue 22, decision 037), kept by the simulated
 * backend by its clock. The rules, which a real backend must keep too:
 * - Tickets taken between the room's opening (`sala_attesa.apre`) and registration's are ordered at
 *   registration's opening by contracts/room-draw.ts: SHA-256 of the room's seed and the ticket's
 *   number, so the order does not depend on arrival or reloads. The seed is random, made with the
 *   room; every ticket answer publishes its SHA-256, and from the opening the seed itself and how
 *   many tickets were drawn, so anyone recomputes the order (`npm run lottery:verify`). Later
 *   tickets queue behind, by arrival.
 * - From the opening, admissions are given at the race's rate (the first at the opening itself), to
 *   the next waiting ticket, only while a place is free: paid places + held places + admissions not
 *   yet used never exceed `posti`.
 * - An admission lasts `ammissione_s`, a held place `posto_s`; either running out releases the place
 *   to the next in line. A held place with a card payment authorised in time does not run out; the
 *   payment's settlement converts it (provider.ts).
 * Nothing runs on a timer: every request first moves the rooms to its instant (`advanceRooms`, in
 * the ledger's turn), replaying what fell due in between in the order it fell due, so moving the
 * mock clock over an opening plays it as it would have happened.
 *
 * The tickets are a collection of the database (persisted and reset with it). Per race an index in
 * memory (the line as an order with a Fenwick tree of who is still waiting, the counts, the
 * deadlines in a heap) answers a position or the next in line in O(log n) with 10,000 tickets; it
 * is rebuilt from the collection whenever anything else wrote to it (a reset, an import, a tab).
 */

/** The records as the collections hold them (with their identity, which `update` finds them by). */
type TicketRow = ReturnType<(typeof db)['queueTickets']['all']>[number]
type RoomRow = ReturnType<(typeof db)['queueRooms']['all']>[number]

/** What happens at an instant: a deadline, or a step of a simulated other's plan. */
type DueKind = 'admission' | 'hold' | 'take' | 'pay'
interface Due {
  at: number
  athleteId: number
  kind: DueKind
}
/** At the same instant, places come back before simulated others act. */
const DUE_RANK: Record<DueKind, number> = { admission: 0, hold: 0, take: 1, pay: 1 }

/** A binary min-heap of deadlines; entries no longer true are dropped when they surface. */
class DueHeap {
  private items: Due[] = []
  private before = (a: Due, b: Due) => a.at < b.at || (a.at === b.at && DUE_RANK[a.kind] < DUE_RANK[b.kind])

  push(item: Due): void {
    const items = this.items
    items.push(item)
    let index = items.length - 1
    while (index > 0) {
      const parent = (index - 1) >> 1
      if (!this.before(items[index]!, items[parent]!)) break
      ;[items[index], items[parent]] = [items[parent]!, items[index]!]
      index = parent
    }
  }

  peek(): Due | undefined {
    return this.items[0]
  }

  pop(): void {
    const items = this.items
    const last = items.pop()
    if (items.length === 0 || !last) return
    items[0] = last
    let index = 0
    for (;;) {
      const left = 2 * index + 1
      const right = left + 1
      let least = index
      if (left < items.length && this.before(items[left]!, items[least]!)) least = left
      if (right < items.length && this.before(items[right]!, items[least]!)) least = right
      if (least === index) return
      ;[items[index], items[least]] = [items[least]!, items[index]!]
      index = least
    }
  }
}

/** Counts of waiting tickets by place in line: how many are ahead in O(log n). Grows by doubling. */
class Fenwick {
  private tree = new Int32Array(1)
  private flags = new Uint8Array(0)

  isSet(slot: number): boolean {
    return this.flags[slot] === 1
  }

  /** Appends a slot, set. */
  append(): number {
    const slot = this.flags.length
    if (slot + 1 >= this.tree.length) this.grow(Math.max(16, 2 * this.tree.length))
    const flags = new Uint8Array(slot + 1)
    flags.set(this.flags)
    this.flags = flags
    this.flags[slot] = 1
    this.add(slot, 1)
    return slot
  }

  /** Builds it for `count` slots, all set. */
  fill(count: number): void {
    this.flags = new Uint8Array(count).fill(1)
    this.grow(Math.max(16, 2 * (count + 1)))
  }

  clear(slot: number): void {
    if (this.flags[slot] !== 1) return
    this.flags[slot] = 0
    this.add(slot, -1)
  }

  /** How many set slots come before `slot`. */
  before(slot: number): number {
    let sum = 0
    for (let index = slot; index > 0; index -= index & -index) sum += this.tree[index]!
    return sum
  }

  private add(slot: number, delta: number): void {
    for (let index = slot + 1; index < this.tree.length; index += index & -index) this.tree[index]! += delta
  }

  private grow(capacity: number): void {
    this.tree = new Int32Array(capacity)
    for (let slot = 0; slot < this.flags.length; slot++) if (this.flags[slot] === 1) this.add(slot, 1)
  }
}

interface Room {
  raceId: number
  record: RoomRow
  tickets: Map<number, TicketRow>
  plans: Map<number, SimulatedPlan>
  /** The simulated others by arrival; those before `nextPlan` have arrived (or could not). */
  arrivals: SimulatedPlan[]
  nextPlan: number
  /** The highest number of a ticket taken before the opening: the draw covers numbers 1 to it. */
  lastDrawn: number
  /** The line once drawn: athlete ids, drawn tickets first in the order drawn, then by arrival. */
  ordered: boolean
  order: number[]
  slot: Map<number, number>
  line: Fenwick
  /** Every slot before it is no longer waiting. */
  cursor: number
  waiting: number
  admitted: number
  held: number
  due: DueHeap
  /** The instant the room has been played to. */
  playedTo: number
}

let rooms: Map<number, Room> | null = null
/** Writes of the engine itself, which keep the index true; any other write to the tickets drops it. */
let writing = 0

for (const collection of [db.queueTickets, db.queueRooms] as unknown as Array<(typeof db)['sessions']>) {
  for (const event of ['create', 'update', 'delete'] as const) {
    collection.hooks.on(event, () => {
      if (writing === 0) rooms = null
    })
  }
}

async function engineWrite<T>(work: () => Promise<T>): Promise<T> {
  writing++
  try {
    return await work()
  } catch (error) {
    rooms = null
    throw error
  } finally {
    writing--
  }
}

/** A ticket's number, what the draw keys (its `biglietto` is `Q-<race>-<number>`). */
const ticketNumber = (ticket: QueueTicketRecord) => ticket.arrivo + 1

/** A room's order drawn: each drawn ticket number's place (1: drawn first), for numbers 1 to `count`. */
interface DrawnOrder {
  count: number
  rank: Map<number, number>
}

// By seed, outside the index: both are computed asynchronously (Web Crypto) while the index is
// rebuilt synchronously after a write not the engine's, so they outlive it. A reset or an import
// brings the rooms' own seeds, hence their own entries.
const commitments = new Map<string, string>()
const drawnOrders = new Map<string, DrawnOrder>()

function highestDrawn(tickets: Iterable<QueueTicketRecord>): number {
  let highest = 0
  for (const ticket of tickets) if (ticket.sorteggiato) highest = Math.max(highest, ticketNumber(ticket))
  return highest
}

/** The room's order, when drawn for its seed and its tickets as they are. */
function drawnOrder(room: Room): DrawnOrder | undefined {
  const order = drawnOrders.get(room.record.seme)
  return order?.count === room.lastDrawn ? order : undefined
}

/** Publishes the room's commitment: computed once per seed, before any answer carries it. */
async function commit(room: Room): Promise<void> {
  const seed = room.record.seme
  if (!commitments.has(seed)) commitments.set(seed, await commitmentOf(seed))
}

/** Draws the room's order (at the opening, or again when the clock went back and more joined before it). */
async function draw(room: Room): Promise<void> {
  if (drawnOrder(room)) return
  const count = room.lastDrawn
  const order = await roomDrawOrder(room.record.seme, count)
  drawnOrders.set(room.record.seme, { count, rank: new Map(order.map((number, index) => [number, index + 1])) })
}

function buildRoom(record: RoomRow, tickets: readonly TicketRow[]): Room {
  const arrivals = [...record.simulati].sort((a, b) => a.arriva - b.arriva || a.athlete_id - b.athlete_id)
  const room: Room = {
    raceId: record.race_id,
    record,
    tickets: new Map(tickets.map((ticket) => [ticket.athlete_id, ticket])),
    plans: new Map(record.simulati.map((plan) => [plan.athlete_id, plan])),
    arrivals,
    nextPlan: 0,
    lastDrawn: highestDrawn(tickets),
    ordered: false,
    order: [],
    slot: new Map(),
    line: new Fenwick(),
    cursor: 0,
    waiting: 0,
    admitted: 0,
    held: 0,
    due: new DueHeap(),
    playedTo: 0,
  }
  for (const ticket of tickets) {
    room.playedTo = Math.max(room.playedTo, ticket.entrato, ticket.ammesso_at ?? 0, ticket.posto_at ?? 0)
    if (ticket.stato === 'in_attesa') room.waiting++
    if (ticket.stato === 'ammesso') {
      room.admitted++
      scheduleAdmitted(room, ticket)
    }
    if (ticket.stato === 'posto') {
      room.held++
      scheduleHeld(room, ticket)
    }
  }
  return room
}

function roomsIndex(): Map<number, Room> {
  if (rooms) return rooms
  const byRace = new Map<number, TicketRow[]>()
  for (const ticket of db.queueTickets.all()) {
    const list = byRace.get(ticket.race_id)
    if (list) list.push(ticket)
    else byRace.set(ticket.race_id, [ticket])
  }
  const built = new Map<number, Room>()
  for (const record of db.queueRooms.all()) built.set(record.race_id, buildRoom(record, byRace.get(record.race_id) ?? []))
  rooms = built
  return built
}

/**
 * The room of a race with `sala_attesa`, made on first use when the database has none, with a
 * random seed: every request moves every room first (`advanceRooms`), so that is the mock's first
 * request, well before a room opens.
 */
async function roomOf(race: RaceRecord): Promise<Room> {
  const found = roomsIndex().get(race.id)
  if (found) return found
  const record = await engineWrite(() => db.queueRooms.create({ race_id: race.id, seme: newRoomSeed(), arrivi: 0, ammissioni: 0, simulati: [] }))
  const room = buildRoom(record, [])
  roomsIndex().set(race.id, room)
  return room
}

function scheduleAdmitted(room: Room, ticket: QueueTicketRecord): void {
  room.due.push({ at: ticket.ammissione_scade!, athleteId: ticket.athlete_id, kind: 'admission' })
  const plan = room.plans.get(ticket.athlete_id)
  if (plan) room.due.push({ at: ticket.ammesso_at! + plan.presa_s * SECOND_MS, athleteId: ticket.athlete_id, kind: 'take' })
}

function scheduleHeld(room: Room, ticket: QueueTicketRecord): void {
  if (!ticket.in_pagamento) room.due.push({ at: ticket.posto_scade!, athleteId: ticket.athlete_id, kind: 'hold' })
  const plan = room.plans.get(ticket.athlete_id)
  if (plan && plan.paga_s !== null) room.due.push({ at: ticket.posto_at! + plan.paga_s * SECOND_MS, athleteId: ticket.athlete_id, kind: 'pay' })
}

/** Whether a deadline still stands: the ticket is still in the state it was set for, with that instant. */
function stillDue(room: Room, due: Due): boolean {
  const ticket = room.tickets.get(due.athleteId)
  const plan = room.plans.get(due.athleteId)
  if (!ticket) return false
  switch (due.kind) {
    case 'admission':
      return ticket.stato === 'ammesso' && ticket.ammissione_scade === due.at
    case 'hold':
      return ticket.stato === 'posto' && !ticket.in_pagamento && ticket.posto_scade === due.at
    case 'take':
      return ticket.stato === 'ammesso' && !!plan && ticket.ammesso_at! + plan.presa_s * SECOND_MS === due.at
    case 'pay':
      return ticket.stato === 'posto' && !!plan && plan.paga_s !== null && ticket.posto_at! + plan.paga_s * SECOND_MS === due.at
  }
}

function ticketWaiting(ticket: QueueTicketRecord | undefined): boolean {
  return ticket?.stato === 'in_attesa'
}

/**
 * Puts the waiting tickets in line: those taken before the opening in the order drawn, then the
 * others by arrival. False while the order is not drawn (`draw`, asynchronous, runs as the room is
 * moved past the opening, before any answer reads it).
 */
function ensureOrdered(room: Room): boolean {
  if (room.ordered) return true
  const order = drawnOrder(room)
  if (!order) return false
  const keyed = [...room.tickets.values()]
    .filter(ticketWaiting)
    .map((ticket) => ({ ticket, key: ticket.sorteggiato ? (order.rank.get(ticketNumber(ticket)) ?? Number.MAX_SAFE_INTEGER) : 0 }))
  keyed.sort(
    (a, b) =>
      Number(b.ticket.sorteggiato) - Number(a.ticket.sorteggiato) ||
      a.key - b.key ||
      a.ticket.arrivo - b.ticket.arrivo ||
      a.ticket.athlete_id - b.ticket.athlete_id,
  )
  room.order = keyed.map(({ ticket }) => ticket.athlete_id)
  room.slot = new Map(room.order.map((athleteId, slot) => [athleteId, slot]))
  room.line = new Fenwick()
  room.line.fill(room.order.length)
  room.cursor = 0
  room.ordered = true
  return true
}

function leaveLine(room: Room, athleteId: number): void {
  room.waiting--
  const slot = room.slot.get(athleteId)
  if (room.ordered && slot !== undefined) room.line.clear(slot)
}

function joinLine(room: Room, ticket: TicketRow): void {
  room.waiting++
  if (!room.ordered) return
  // Drawn after the line was drawn: only when the clock went back before the opening. Draw again.
  if (ticket.sorteggiato) {
    room.ordered = false
    return
  }
  room.order.push(ticket.athlete_id)
  room.slot.set(ticket.athlete_id, room.line.append())
}

// Read on every step of every room's play, so a plain find: @msw/data matches an object condition
// by walking its entries for each record (13 times slower over the seed's 20 races).
const raceById = (id: number) => db.races.all().find((race) => race.id === id)

/** Places not paid, held or promised by an admission. */
function freePlaces(room: Room, race: RaceRecord): number {
  return race.posti - race.iscritti - room.held - room.admitted
}

function assertPlaces(room: Room, race: RaceRecord): void {
  if (race.iscritti + room.held + room.admitted > race.posti) {
    throw new Error(`queue: race ${String(race.id)} would promise more than its ${String(race.posti)} places`)
  }
}

/** When the next admission may be given: the rate allows k + 1 by `opening + k / rate`. */
function admissionAt(room: Room, race: RaceRecord): number | null {
  const sala = race.sala_attesa
  if (!sala || room.waiting === 0 || freePlaces(room, race) <= 0) return null
  const opening = Date.parse(race.apertura_iscrizioni)
  const at = Math.max(opening + Math.ceil((room.record.ammissioni * MINUTE_MS) / sala.ammissioni_al_minuto), room.playedTo)
  return at < Date.parse(race.chiusura_iscrizioni) ? at : null
}

function nextArrival(room: Room): SimulatedPlan | undefined {
  while (room.nextPlan < room.arrivals.length && room.tickets.has(room.arrivals[room.nextPlan]!.athlete_id)) room.nextPlan++
  return room.arrivals[room.nextPlan]
}

function nextDue(room: Room): Due | undefined {
  for (let due = room.due.peek(); due; due = room.due.peek()) {
    if (stillDue(room, due)) return due
    room.due.pop()
  }
  return undefined
}

/** Plays a room forward to `now`: whatever fell due, in the order it fell due. */
async function advance(room: Room, now: number): Promise<void> {
  await commit(room)
  // The clock went back (QA): play on from there.
  if (now < room.playedTo) room.playedTo = now
  for (;;) {
    const race = raceById(room.raceId)
    if (!race?.sala_attesa) return
    const due = nextDue(room)
    const plan = nextArrival(room)
    const admission = admissionAt(room, race)
    const candidates = [
      due && due.at <= now ? due.at : Infinity,
      plan && plan.arriva <= now ? plan.arriva : Infinity,
      admission !== null && admission <= now ? admission : Infinity,
    ]
    const at = Math.min(...candidates)
    if (at === Infinity) {
      room.playedTo = Math.max(room.playedTo, now)
      // Drawn at the opening even with no place to give, so every answer from then on has the order.
      if (now >= Date.parse(race.apertura_iscrizioni)) await draw(room)
      return
    }
    room.playedTo = Math.max(room.playedTo, at)
    if (candidates[0] === at) {
      room.due.pop()
      await runDue(room, race, due!)
    } else if (candidates[1] === at) {
      room.nextPlan++
      if (joinRefusal(room, race, plan!.athlete_id, at) === null) await enter(room, race, plan!.athlete_id, at)
    } else {
      await admit(room, race, at)
    }
  }
}

async function update(room: Room, athleteId: number, change: (draft: QueueTicketRecord) => void): Promise<TicketRow> {
  const current = room.tickets.get(athleteId)!
  const next = await engineWrite(() => db.queueTickets.update(current, { data: change }))
  room.tickets.set(athleteId, next!)
  return next!
}

async function updateRoom(room: Room, change: (draft: QueueRoomRecord) => void): Promise<void> {
  const next = await engineWrite(() => db.queueRooms.update(room.record, { data: change }))
  room.record = next!
}

async function admit(room: Room, race: RaceRecord, at: number): Promise<void> {
  await draw(room)
  ensureOrdered(room)
  while (room.cursor < room.order.length && !room.line.isSet(room.cursor)) room.cursor++
  const athleteId = room.order[room.cursor]
  if (athleteId === undefined) throw new Error(`queue: race ${String(race.id)} counts ${String(room.waiting)} waiting but has none in line`)
  const ticket = room.tickets.get(athleteId)!
  const scade = at + race.sala_attesa!.ammissione_s * SECOND_MS
  const token = await signAdmission(race.id, athleteId, ticket.biglietto, scade)
  const n = room.record.ammissioni
  await updateRoom(room, (draft) => void (draft.ammissioni = n + 1))
  const admitted = await update(room, athleteId, (draft) => {
    draft.stato = 'ammesso'
    draft.ammissione_n = n
    draft.ammesso_at = at
    draft.ammissione_token = token
    draft.ammissione_scade = scade
  })
  leaveLine(room, athleteId)
  room.admitted++
  scheduleAdmitted(room, admitted)
  assertPlaces(room, race)
}

async function runDue(room: Room, race: RaceRecord, due: Due): Promise<void> {
  const { athleteId, at } = due
  if (due.kind === 'admission' || due.kind === 'hold') {
    await update(room, athleteId, (draft) => {
      draft.stato = 'scaduto'
      draft.motivo = due.kind === 'admission' ? 'admission_expired' : 'hold_expired'
    })
    if (due.kind === 'admission') room.admitted--
    else room.held--
    return
  }
  if (due.kind === 'take') {
    await holdPlace(room, race, athleteId, at)
    return
  }
  // A simulated other pays its held place: entered like anyone paying (provider.ts), with a generated name.
  await update(room, athleteId, (draft) => void (draft.stato = 'pagato'))
  room.held--
  const bib = nextBib(race)
  await db.entrants.create({ race_id: race.id, pettorale: bib, ...simulatedEntrant(race, athleteId) })
  await db.races.update((q) => q.where({ id: race.id }), { data: (record) => void (record.iscritti += 1) })
}

/** The admitted ticket takes its place: the admission's reserved place carries over. */
async function holdPlace(room: Room, race: RaceRecord, athleteId: number, at: number): Promise<TicketRow> {
  const held = await update(room, athleteId, (draft) => {
    draft.stato = 'posto'
    draft.posto_at = at
    draft.posto_scade = at + race.sala_attesa!.posto_s * SECOND_MS
    draft.in_pagamento = false
  })
  room.admitted--
  room.held++
  scheduleHeld(room, held)
  return held
}

/** Why a join at `at` is refused, before the athlete's own conditions; `null` when it may join. */
function joinRefusal(room: Room, race: RaceRecord, athleteId: number, at: number): 'queue_closed' | 'sold_out' | 'already_in_queue' | null {
  const ticket = room.tickets.get(athleteId)
  if (ticket && ticket.stato !== 'scaduto' && ticket.stato !== 'uscito' && !(ticket.stato === 'pagato' && !holdsPaidPlace(athleteId, race.id))) {
    return 'already_in_queue'
  }
  const sala = race.sala_attesa
  if (!sala || at < Date.parse(sala.apre) || at >= Date.parse(race.chiusura_iscrizioni)) return 'queue_closed'
  if (race.iscritti >= race.posti) return 'sold_out'
  return null
}

/** A new ticket, or one that ran out or was left joining again at the back, as a new arrival. */
async function enter(room: Room, race: RaceRecord, athleteId: number, at: number): Promise<void> {
  const arrivo = room.record.arrivi
  await updateRoom(room, (draft) => void (draft.arrivi = arrivo + 1))
  const fields = {
    biglietto: `Q-${String(race.id)}-${String(arrivo + 1)}`,
    stato: 'in_attesa' as const,
    entrato: at,
    sorteggiato: at < Date.parse(race.apertura_iscrizioni),
    arrivo,
    ammissione_n: null,
    ammesso_at: null,
    ammissione_scade: null,
    posto_at: null,
    posto_scade: null,
    in_pagamento: false,
    motivo: null,
  }
  // The last admission's token stays: offered again, it is answered as run out, not as forged.
  const before = room.tickets.get(athleteId)
  // Read before the update, which may change the record in place.
  const gaveUp = before?.sorteggiato === true && ticketNumber(before) === room.lastDrawn
  const ticket = before
    ? await update(room, athleteId, (draft) => void Object.assign(draft, fields))
    : await engineWrite(() => db.queueTickets.create({ race_id: race.id, athlete_id: athleteId, ammissione_token: null, ...fields }))
  room.tickets.set(athleteId, ticket)
  // A drawn ticket taken again gives up its number; the draw's range ends at the highest still held.
  if (gaveUp) room.lastDrawn = highestDrawn(room.tickets.values())
  if (ticket.sorteggiato) room.lastDrawn = Math.max(room.lastDrawn, ticketNumber(ticket))
  joinLine(room, ticket)
}

/** Every room moved to `now`. Run it in the ledger's turn (provider.ts does, before every request). */
export async function advanceRooms(now: number): Promise<void> {
  for (const race of db.races.all()) {
    if (race.sala_attesa) await advance(await roomOf(race), now)
  }
}

// --- The admission token ---------------------------------------------------------------------

/** The mock's signing secret: one per mock instance (a reload makes another; tickets keep their token). */
const ADMISSION_SECRET = crypto.getRandomValues(new Uint8Array(32))
let admissionKey: Promise<CryptoKey> | undefined

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

/** `<race>.<athlete>.<ticket>.<expiry ms>.<HMAC-SHA256 of them>`. */
async function signAdmission(raceId: number, athleteId: number, ticket: string, expires: number): Promise<string> {
  admissionKey ??= crypto.subtle.importKey('raw', ADMISSION_SECRET, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const payload = `${String(raceId)}.${String(athleteId)}.${ticket}.${String(expires)}`
  const signature = await crypto.subtle.sign('HMAC', await admissionKey, new TextEncoder().encode(payload))
  return `${payload}.${base64url(signature)}`
}

// --- What the handlers ask -------------------------------------------------------------------

const iso = (epochMs: number) => new Date(epochMs).toISOString()
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))

/**
 * Where a waiting ticket stands: in the room before the draw, in the line with how many ahead, or
 * past the places left. What the athlete is told (`ticketView`) and what the room counts (`roomReport`).
 */
function waitingPlace(race: RaceRecord, ticket: QueueTicketRecord, now: number): { stato: 'in_sala' } | { stato: 'esaurito' } | { stato: 'in_coda'; davanti: number } {
  const room = roomsIndex().get(race.id)
  // Not yet drawn: only when the index was rebuilt between this request's move and its answer.
  if (now < Date.parse(race.apertura_iscrizioni) || !room || !ensureOrdered(room)) return { stato: 'in_sala' }
  const davanti = room.line.before(room.slot.get(ticket.athlete_id)!)
  return freePlaces(room, race) - davanti <= 0 ? { stato: 'esaurito' } : { stato: 'in_coda', davanti }
}

/**
 * The room's draw as published, to anyone and on every ticket: the commitment always; from the
 * opening, once drawn, the seed and the tickets drawn, with the order (each number's place) for a
 * ticket's own place. Nothing while the commitment is not computed (`commit`, as the room is moved).
 */
function publishedDraw(room: Room | undefined, race: RaceRecord, now: number): { draw: Omit<PublicRoomDraw, 'gara_id'>; order?: DrawnOrder } | undefined {
  const impegno = room && commitments.get(room.record.seme)
  if (!room || !impegno) return undefined
  const order = now >= Date.parse(race.apertura_iscrizioni) ? drawnOrder(room) : undefined
  if (!order) return { draw: { impegno, seme: null, biglietti: null } }
  return { draw: { impegno, seme: room.record.seme, biglietti: order.count }, order }
}

/** The room's draw as the ticket publishes it: the published draw, this ticket's number and, once drawn, its place. */
function drawOf(room: Room | undefined, race: RaceRecord, ticket: QueueTicketRecord, now: number): { sorteggio?: RoomDraw } {
  const published = publishedDraw(room, race, now)
  if (!published) return {}
  const numero = ticketNumber(ticket)
  const estratto = ticket.sorteggiato ? published.order?.rank.get(numero) : undefined
  return { sorteggio: { ...published.draw, numero, ...(estratto === undefined ? {} : { estratto }) } }
}

/**
 * The room's draw as anyone is answered it (`queue.draw`), in the ledger's turn after the rooms were
 * moved to `now`; `null` for a race without a room. The room and its commitment are made here if
 * need be, so even an answer given before any other carries the commitment.
 */
export async function roomDrawView(race: RaceRecord, now: number): Promise<PublicRoomDraw | null> {
  if (!race.sala_attesa) return null
  const room = await roomOf(race)
  await commit(room)
  // Committed just above: the draw is published.
  return { gara_id: race.id, ...publishedDraw(room, race, now)!.draw }
}

/** The ticket as the athlete is answered it: where it stands now, and when to ask again. */
export function ticketView(race: RaceRecord, ticket: QueueTicketRecord, now: number): QueueTicket {
  const room = roomsIndex().get(race.id)
  const sala = race.sala_attesa!
  const base = { biglietto: ticket.biglietto, gara_id: race.id, entrato: iso(ticket.entrato), sorteggiato: ticket.sorteggiato, ...drawOf(room, race, ticket, now) }
  const minutesFor = (ahead: number) => Math.ceil(ahead / sala.ammissioni_al_minuto) * 60
  switch (ticket.stato) {
    case 'in_attesa': {
      const place = waitingPlace(race, ticket, now)
      if (place.stato === 'in_sala') {
        // Before the draw no place is known: the wait said is for the middle of the room.
        const toOpening = Math.max(0, Math.ceil((Date.parse(race.apertura_iscrizioni) - now) / SECOND_MS))
        const middle = Math.floor(((room?.waiting ?? 1) - 1) / 2)
        return { ...base, stato: 'in_sala', attesa_stimata_s: toOpening + minutesFor(middle), riprova_tra_s: clamp(Math.min(30, toOpening), 1, 30) }
      }
      if (place.stato === 'esaurito') {
        const definitivo = race.iscritti >= race.posti
        // A place coming back is admitted to this ticket on the server's side and waits there for
        // an admission's length: asking at 40% of it (the portal's jitter adds at most 20%) still
        // finds it in time, without thousands of sold-out tickets asking every minute.
        return { ...base, stato: 'esaurito', definitivo, ...(definitivo ? {} : { riprova_tra_s: clamp(Math.floor(sala.ammissione_s * 0.4), 5, 120) }) }
      }
      const attesa = minutesFor(place.davanti)
      return { ...base, stato: 'in_coda', posizione: place.davanti + 1, davanti: place.davanti, attesa_stimata_s: attesa, riprova_tra_s: clamp(Math.ceil(attesa / 4), 5, 30) }
    }
    case 'ammesso':
      return { ...base, stato: 'ammesso', ammissione: { token: ticket.ammissione_token!, scade: iso(ticket.ammissione_scade!) }, riprova_tra_s: 30 }
    case 'posto':
      return { ...base, stato: 'posto', posto: { scade: iso(ticket.posto_scade!), in_pagamento: ticket.in_pagamento }, riprova_tra_s: 30 }
    case 'scaduto':
      return { ...base, stato: 'scaduto', motivo: ticket.motivo ?? 'hold_expired' }
    default:
      return { ...base, stato: ticket.stato }
  }
}

/** The athlete's ticket for a race, if any (O(1)). */
export function ticketOf(raceId: number, athleteId: number): QueueTicketRecord | undefined {
  return roomsIndex().get(raceId)?.tickets.get(athleteId)
}

export type JoinResult =
  | { ok: true; ticket: QueueTicket }
  | { ok: false; code: 'queue_closed' | 'sold_out' | 'already_enrolled' | 'not_eligible' }
  | { ok: false; code: 'already_in_queue'; ticket: QueueTicket }

/**
 * Joins the athlete to the race's room, in the ledger's turn after the rooms were moved to `now`.
 * A ticket that is still in play is answered as it is; one that ran out or was left joins at the back.
 */
export async function joinQueue(athlete: AthleteRecord, race: RaceRecord, now: number, eligible: boolean): Promise<JoinResult> {
  if (!race.sala_attesa) return { ok: false, code: 'queue_closed' }
  const room = await roomOf(race)
  const refusal = joinRefusal(room, race, athlete.id, now)
  if (refusal === 'already_in_queue') return { ok: false, code: refusal, ticket: ticketView(race, room.tickets.get(athlete.id)!, now) }
  if (refusal === 'queue_closed') return { ok: false, code: refusal }
  if (holdsPaidPlace(athlete.id, race.id)) return { ok: false, code: 'already_enrolled' }
  if (!eligible) return { ok: false, code: 'not_eligible' }
  if (refusal) return { ok: false, code: refusal }
  await enter(room, race, athlete.id, now)
  // Admitted at once when a place and the rate allow.
  await advance(room, now)
  return { ok: true, ticket: ticketView(race, room.tickets.get(athlete.id)!, now) }
}

export type HoldResult = { ok: true; ticket: QueueTicket } | { ok: false; code: 'admission_expired' | 'admission_invalid' | 'not_in_queue' }

/**
 * Takes the place an admission reserved. The same admission again answers the same hold; one that
 * ran out is `admission_expired`; one that is not the ticket's (another athlete's, another race's,
 * forged) is `admission_invalid`.
 */
export async function takeHold(athleteId: number, race: RaceRecord, token: string, now: number): Promise<HoldResult> {
  const room = race.sala_attesa ? roomsIndex().get(race.id) : undefined
  const ticket = room?.tickets.get(athleteId)
  if (!room || !ticket) return { ok: false, code: 'not_in_queue' }
  // The ticket keeps its last admission: equal to it is this athlete's, for this race, as signed.
  if (ticket.ammissione_token === null || !sameText(ticket.ammissione_token, token)) return { ok: false, code: 'admission_invalid' }
  if (ticket.stato === 'ammesso') return { ok: true, ticket: ticketView(race, await holdPlace(room, race, athleteId, now), now) }
  if ((ticket.stato === 'posto' || ticket.stato === 'pagato') && ticket.posto_at !== null) return { ok: true, ticket: ticketView(race, ticket, now) }
  return { ok: false, code: 'admission_expired' }
}

/** Compares two tokens in time independent of where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  return difference === 0
}

/**
 * Leaves the line, or gives back the admission or the held place to the next in line. A held place
 * whose payment is authorised is not given back: the payment decides it. A ticket that has ended
 * is answered as it is.
 */
export async function leaveQueue(athleteId: number, race: RaceRecord, now: number): Promise<QueueTicket | null> {
  const room = race.sala_attesa ? roomsIndex().get(race.id) : undefined
  const ticket = room?.tickets.get(athleteId)
  if (!room || !ticket) return null
  const releases = ticket.stato === 'ammesso' || (ticket.stato === 'posto' && !ticket.in_pagamento)
  if (ticket.stato === 'in_attesa' || releases) {
    await update(room, athleteId, (draft) => void (draft.stato = 'uscito'))
    if (ticket.stato === 'in_attesa') leaveLine(room, athleteId)
    if (ticket.stato === 'ammesso') room.admitted--
    if (ticket.stato === 'posto') room.held--
    await advance(room, now)
  }
  return ticketView(race, room.tickets.get(athleteId)!, now)
}

/**
 * The athlete's paid place in the race is still theirs (records.ts `isActivePlace`, decision 058).
 * A ticket stays `pagato` after its place was withdrawn, passed on or deferred: that ticket holds
 * nothing, so the athlete comes back through the room like anyone else.
 */
function holdsPaidPlace(athleteId: number, raceId: number): boolean {
  return isActivePlace(db.subscriptions.findFirst((q) => q.where({ athlete_id: athleteId, project_id: raceId })))
}

/**
 * What an enrolment call of a race may do (subscriptions.create, payments.start): a race without a
 * room is not the room's to say (`free`); with one, the athlete needs a live held place (`held`),
 * or holds a paid place (`paid`: the call's own checks answer), else none was taken (`queue_required`) or it
 * ran out (`hold_expired`).
 */
export function enrolmentGate(athleteId: number, race: RaceRecord, now: number): 'free' | 'held' | 'paid' | 'queue_required' | 'hold_expired' {
  if (!race.sala_attesa) return 'free'
  const ticket = ticketOf(race.id, athleteId)
  if (ticket?.stato === 'pagato' && holdsPaidPlace(athleteId, race.id)) return 'paid'
  if (ticket?.stato === 'posto' && (ticket.in_pagamento || ticket.posto_scade! > now)) return 'held'
  if (ticket?.stato === 'scaduto' && ticket.motivo === 'hold_expired') return 'hold_expired'
  return 'queue_required'
}

/**
 * The checkout authorised a card payment of the place at `at` (provider.ts, in the ledger's turn,
 * the rooms moved to `at`): a live held place no longer runs out. One that had run out stays so,
 * and the payment is voided when it settles.
 */
export async function markPaying(athleteId: number, raceId: number, at: number): Promise<void> {
  const room = roomsIndex().get(raceId)
  const ticket = room?.tickets.get(athleteId)
  if (!room || ticket?.stato !== 'posto' || ticket.in_pagamento || ticket.posto_scade! <= at) return
  await update(room, athleteId, (draft) => void (draft.in_pagamento = true))
}

/** Whether an authorised payment of a room race may take its place when it settles: its hold is being paid. */
export function settlementOf(athleteId: number, race: RaceRecord): 'free' | 'held' | 'hold_expired' {
  if (!race.sala_attesa) return 'free'
  const ticket = ticketOf(race.id, athleteId)
  return ticket?.stato === 'posto' && ticket.in_pagamento ? 'held' : 'hold_expired'
}

/** The held place is paid (provider.ts, in the same step as the payment's settlement). */
export async function convertHold(athleteId: number, raceId: number): Promise<void> {
  const room = roomsIndex().get(raceId)
  if (room?.tickets.get(athleteId)?.stato !== 'posto') return
  await update(room, athleteId, (draft) => void (draft.stato = 'pagato'))
  room.held--
}

// --- QA --------------------------------------------------------------------------------------

/** Where a room stands, for the QA panel and the bench's invariants (mocks/qa-api.ts `QaQueueReport`). */
export function roomReport(race: RaceRecord, now: number) {
  const room = roomsIndex().get(race.id)
  const tickets = room ? [...room.tickets.values()] : []
  const states = Object.fromEntries(
    (['in_sala', 'in_coda', 'ammesso', 'posto', 'pagato', 'esaurito', 'scaduto', 'uscito'] as const).map((state) => [state, 0]),
  ) as Record<TicketState, number>
  // Counted without building each ticket's view (dates as text and all): QA asks for this report
  // often, over every ticket of the room.
  for (const ticket of tickets) states[ticket.stato === 'in_attesa' ? waitingPlace(race, ticket, now).stato : ticket.stato]++
  const admissions = tickets
    .filter((ticket) => ticket.ammissione_n !== null && ticket.ammesso_at !== null)
    .sort((a, b) => a.ammissione_n! - b.ammissione_n!)
    .map((ticket) => ({
      ticket: ticket.biglietto,
      athleteId: ticket.athlete_id,
      drawn: ticket.sorteggiato,
      joinedAt: iso(ticket.entrato),
      admittedAt: iso(ticket.ammesso_at!),
    }))
  return {
    raceId: race.id,
    places: race.posti,
    paid: race.iscritti,
    held: room?.held ?? 0,
    admitted: room?.admitted ?? 0,
    tickets: tickets.length,
    states,
    admissions,
  }
}
