/**
 * Model-based scenarios of the waiting room (`machines/opening/waiting-room.machine.ts`, issue 22).
 * `xstate/graph` walks the machine as a pure function to the shortest path to every state the
 * model's events reach (the server's answers to the call in flight, the athlete's and the
 * browser's events, and the clock moved to each moment that matters: the read the room planned, the
 * room's opening, 2 minutes and 1 minute before a held place runs out, its end, the admission's
 * end); each path is extended by every event that takes a transition there, then replayed against
 * a live room whose calls are held until the path answers them (machines/opening/test-harness.ts).
 * After each step the properties below, written from the design (issue 22, decision 037), are
 * checked on what the screen reads (the view, the failure said, what may be done), on what the room
 * told the portal and on the calls the fake server received. The machine is never asked what
 * should happen: it only finds the paths, and its next state is compared only to prove the replay
 * follows them.
 *
 * | Spec (issue 22 design, decision 037) | Property |
 * |---|---|
 * | the view of each ticket state and of each answer of join, status, hold and leave | `showsWhatTheServerSaid` |
 * | "the ticket is never lost: it lives on the server" (failures keep it, say offline/busy/trouble) | `showsWhatTheServerSaid`, `failureIsSaid` |
 * | one call at a time | `oneCallAtATime` |
 * | `riprova_tra_s` + 0–20 % jitter; 2, 4, 8 … 60 s after a failure; `Retry-After` on 429/503; `connection.back` at once | `asksAsTheServerAsks` |
 * | position announced at most once a minute, only when changed | `positionSaidAtMostOnceAMinute` |
 * | warning at 2 min, last minute at 1, expiry on the dot unless in payment, each once | `holdMomentsAtTheirTime` |
 * | admitted: the hold taken at once with the admission; `admitted` only with a place held | `admittedWithAPlace` |
 * | 409 already_in_queue → "your place is kept"; 401 → the session machine | `toldAsTheServerSaid` |
 * | join offered with no ticket in an open room, or after an end; leave while waiting or holding | `offersWhatTheSpecOffers` |
 * | nothing asked once over | `asksNothingOnceOver` (end of every path) |
 */
import { describe, expect, it } from 'vitest'
import { initialTransition, transition, type AnyStateNode } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { ApiError } from '../../contracts/api-error'
import type { QueueTicket } from '../../contracts/queue.contract'
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../../contracts/time'
import {
  busy,
  offline,
  OPENS_AT,
  RACE_ID,
  refusal,
  ROOM_OPENS_AT,
  serverError,
  startRoom,
  ticketOf,
  unauthorized,
  type CallName,
  type Room,
} from '../../machines/opening/test-harness'
import {
  waitingRoomMachine,
  type WaitingRoomEvent,
  type WaitingRoomInput,
  type WaitingRoomSnapshot,
  type WaitingRoomView,
} from '../../machines/opening/waiting-room.machine'
import { recordCoverage, writeCoverageAfterAll } from './coverage'

writeCoverageAfterAll(import.meta.filename)

// ---------------------------------------------------------------------------------------------
// The spec's figures (issue 22 design, decision 037)

const SPEC_WARNING_MS = 2 * MINUTE_MS
const SPEC_LAST_MINUTE_MS = MINUTE_MS
const SPEC_POSITION_INTERVAL_MS = MINUTE_MS
const SPEC_MAX_JITTER = 0.2
/** 2, 4, 8 … 60 s after the n-th failure in a row (from 1). */
const specBackoffS = (failures: number) => Math.min(60, 2 ** failures)
const ADMISSION_TOKEN = 'signed-admission-1'

// ---------------------------------------------------------------------------------------------
// The model's events

type Answer = { label: string; ticket: (now: number) => QueueTicket } | { label: string; error: ApiError }

const iso = (ms: number) => new Date(ms).toISOString()
const bare = { posizione: undefined, davanti: undefined, attesa_stimata_s: undefined }
const ticket =
  (overrides: Partial<QueueTicket> | ((now: number) => Partial<QueueTicket>)) =>
  (now: number): QueueTicket =>
    ticketOf(typeof overrides === 'function' ? overrides(now) : overrides)
const held = (leftMs: number, inPayment = false) =>
  ticket((now) => ({ ...bare, stato: 'posto', posto: { scade: iso(now + leftMs), in_pagamento: inPayment }, riprova_tra_s: 30 }))

/** What the server may answer each call with: every state of a ticket, every code, and failures. */
const TICKETS: Answer[] = [
  { label: 'in_sala', ticket: ticket({ ...bare, stato: 'in_sala', riprova_tra_s: 30 }) },
  { label: 'in_coda 5', ticket: ticket({ posizione: 5, davanti: 4, riprova_tra_s: 15 }) },
  { label: 'in_coda 4', ticket: ticket({ posizione: 4, davanti: 3, riprova_tra_s: 15 }) },
  { label: 'esaurito', ticket: ticket({ stato: 'esaurito', definitivo: false, riprova_tra_s: 60 }) },
  { label: 'esaurito definitivo', ticket: ticket({ stato: 'esaurito', definitivo: true, riprova_tra_s: undefined }) },
  {
    label: 'ammesso',
    ticket: ticket((now) => ({ ...bare, stato: 'ammesso', ammissione: { token: ADMISSION_TOKEN, scade: iso(now + 5 * MINUTE_MS) }, riprova_tra_s: 30 })),
  },
  // Outside the contract's intent (an admission with no token): nothing to take a place with.
  { label: 'ammesso without its token', ticket: ticket({ ...bare, stato: 'ammesso', riprova_tra_s: 30 }) },
  { label: 'posto 10 min', ticket: held(10 * MINUTE_MS) },
  { label: 'posto 100 s', ticket: held(100 * SECOND_MS) },
  { label: 'posto 50 s', ticket: held(50 * SECOND_MS) },
  // The server's clock a little behind the portal's: the deadline already passed here.
  { label: 'posto, deadline passed', ticket: held(-SECOND_MS) },
  { label: 'posto in_pagamento', ticket: held(10 * MINUTE_MS, true) },
  { label: 'pagato', ticket: ticket({ ...bare, stato: 'pagato', riprova_tra_s: undefined }) },
  { label: 'scaduto admission', ticket: ticket({ ...bare, stato: 'scaduto', motivo: 'admission_expired', riprova_tra_s: undefined }) },
  { label: 'scaduto hold', ticket: ticket({ ...bare, stato: 'scaduto', motivo: 'hold_expired', riprova_tra_s: undefined }) },
  { label: 'uscito', ticket: ticket({ ...bare, stato: 'uscito', riprova_tra_s: undefined }) },
]

const failures = (name: CallName): Answer[] => [
  { label: '401', error: unauthorized(name) },
  { label: 'network', error: offline(name) },
  { label: '503 Retry-After 20', error: busy(name, 503, 20) },
  { label: '429', error: busy(name, 429) },
  { label: '500', error: serverError(name) },
]

const ANSWERS: Record<CallName, Answer[]> = {
  readTicket: [...TICKETS, { label: '404 not_in_queue', error: refusal('readTicket', 404, 'not_in_queue') }, ...failures('readTicket')],
  joinQueue: [
    TICKETS[0]!,
    TICKETS[1]!,
    {
      label: '409 already_in_queue (its ticket)',
      error: refusal('joinQueue', 409, 'already_in_queue', { biglietto: ticketOf({ posizione: 12, davanti: 11 }) }),
    },
    { label: '409 already_in_queue (no ticket)', error: refusal('joinQueue', 409, 'already_in_queue') },
    { label: '409 sold_out', error: refusal('joinQueue', 409, 'sold_out') },
    { label: '422 queue_closed', error: refusal('joinQueue', 422, 'queue_closed') },
    { label: '422 not_eligible', error: refusal('joinQueue', 422, 'not_eligible') },
    { label: '409 already_enrolled', error: refusal('joinQueue', 409, 'already_enrolled') },
    ...failures('joinQueue'),
  ],
  holdPlace: [
    TICKETS[7]!,
    { label: '410 admission_expired', error: refusal('holdPlace', 410, 'admission_expired') },
    { label: '422 admission_invalid', error: refusal('holdPlace', 422, 'admission_invalid') },
    { label: '404 not_in_queue', error: refusal('holdPlace', 404, 'not_in_queue') },
    ...failures('holdPlace'),
  ],
  leaveQueue: [TICKETS.at(-1)!, { label: '404 not_in_queue', error: refusal('leaveQueue', 404, 'not_in_queue') }, ...failures('leaveQueue')],
}

/** `wokenAfterHold`: a tab asleep from before the warnings until a minute after the place ran out. */
type Moment = 'readDue' | 'roomOpens' | 'holdWarning' | 'holdLastMinute' | 'holdEnds' | 'wokenAfterHold' | 'admissionEnds'

type ModelEvent =
  | { type: 'answer'; call: CallName; answer: Answer }
  | Exclude<WaitingRoomEvent, { type: 'clock.tick' }>
  | { type: 'time'; moment: Moment; now: number }

const USER_EVENTS: WaitingRoomEvent[] = [{ type: 'queue.join' }, { type: 'queue.leave' }, { type: 'queue.retry' }, { type: 'connection.back' }]

const CALL_OF_SRC: Record<string, CallName> = { readTicket: 'readTicket', joinQueue: 'joinQueue', holdPlace: 'holdPlace', leaveQueue: 'leaveQueue' }

/** The graph functions are typed with the machine's own events; actors' done and error events it handles all the same. */
const internalEvent = (event: { type: string; output?: unknown; error?: unknown }) => event as WaitingRoomEvent

/** The call in flight in a walked snapshot, and its invocation's id. */
function callInFlight(snapshot: WaitingRoomSnapshot): { call: CallName; id: string } | null {
  for (const node of (snapshot as { _nodes?: AnyStateNode[] })._nodes ?? []) {
    const invoke = node.invoke[0]
    if (invoke && typeof invoke.src === 'string') return { call: CALL_OF_SRC[invoke.src]!, id: invoke.id }
  }
  return null
}

/** The moments the clock may be moved to from here: each a tick to that instant, if still ahead. */
function momentsAt(snapshot: WaitingRoomSnapshot): Array<{ moment: Moment; now: number }> {
  const { context } = snapshot
  const candidates: Array<[Moment, number | null | undefined]> = [
    ['readDue', context.nextReadAt],
    ['roomOpens', context.roomOpensAt],
    ['holdWarning', context.ticket?.holdEndsAt != null ? context.ticket.holdEndsAt - SPEC_WARNING_MS : null],
    ['holdLastMinute', context.ticket?.holdEndsAt != null ? context.ticket.holdEndsAt - SPEC_LAST_MINUTE_MS : null],
    ['holdEnds', context.ticket?.holdEndsAt],
    ['wokenAfterHold', context.ticket?.holdEndsAt != null ? context.ticket.holdEndsAt + MINUTE_MS : null],
    ['admissionEnds', context.ticket?.admissionEndsAt],
  ]
  return candidates.flatMap(([moment, at]) => (at != null && at > context.now ? [{ moment, now: at }] : []))
}

/** The machine events of the model offered at a snapshot; each remembers its model event. */
const modelEventOf = new WeakMap<object, ModelEvent>()

function eventsAt(snapshot: WaitingRoomSnapshot): WaitingRoomEvent[] {
  if (snapshot.status !== 'active') return []
  const events: WaitingRoomEvent[] = []
  const offer = (machineEvent: { type: string; output?: unknown; error?: unknown }, model: ModelEvent) => {
    modelEventOf.set(machineEvent, model)
    events.push(internalEvent(machineEvent))
  }
  const inFlight = callInFlight(snapshot)
  if (inFlight) {
    for (const answer of ANSWERS[inFlight.call]) {
      const model: ModelEvent = { type: 'answer', call: inFlight.call, answer }
      offer(
        'ticket' in answer
          ? { type: `xstate.done.actor.${inFlight.id}`, output: { ticket: answer.ticket(snapshot.context.now), receivedAt: snapshot.context.now } }
          : { type: `xstate.error.actor.${inFlight.id}`, error: answer.error },
        model,
      )
    }
  }
  for (const event of USER_EVENTS) offer({ ...event }, event as ModelEvent)
  // A moment is worth a path only where it changes something (every tick moves the clock).
  for (const { moment, now } of momentsAt(snapshot)) {
    const tick = { type: 'clock.tick' as const, now }
    const [next] = transition(waitingRoomMachine, snapshot, tick)
    if (serializeState(next) !== serializeState(snapshot)) offer(tick, { type: 'time', moment, now })
  }
  return events
}

const takes = (snapshot: WaitingRoomSnapshot, event: WaitingRoomEvent) => waitingRoomMachine.getTransitionData(snapshot, event).length > 0

function nameOf(event: ModelEvent): string {
  if (event.type === 'answer') return `${event.call} → ${event.answer.label}`
  if (event.type === 'time') return `clock to ${event.moment}`
  return event.type
}

// ---------------------------------------------------------------------------------------------
// Paths

interface Start {
  name: string
  input: Omit<WaitingRoomInput, 'raceId' | 'opensAt' | 'roomOpensAt' | 'jitterSeed'>
}

const STARTS: Start[] = [
  { name: 'the race page before the room opens', input: { now: ROOM_OPENS_AT - 10 * MINUTE_MS } },
  { name: 'the room page before the room opens', input: { now: ROOM_OPENS_AT - 10 * MINUTE_MS, autoJoin: true } },
  { name: 'the room page, the room open', input: { now: ROOM_OPENS_AT + 5 * MINUTE_MS, autoJoin: true } },
]

const fullInput = (start: Start): WaitingRoomInput => ({ raceId: RACE_ID, opensAt: OPENS_AT, roomOpensAt: ROOM_OPENS_AT, jitterSeed: 0x5eed, ...start.input })

/**
 * What decides a transition: the state, whether a retry may be asked for now, the ticket's state
 * and flags, and (without a ticket) whether the room is open.
 */
function serializeState(snapshot: WaitingRoomSnapshot): string {
  const { context } = snapshot
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    failure: context.failure === null ? null : context.failure === 'busy' ? 'busy' : 'retryNow',
    ticket: context.ticket && [context.ticket.state, context.ticket.paying, context.ticket.soldOutFinal],
    token: context.admissionToken !== null,
    roomOpen: context.ticket === null && context.now >= context.roomOpensAt,
  })
}

interface ScenarioPath {
  name: string
  start: Start
  events: ModelEvent[]
}

function generate(start: Start): ScenarioPath[] {
  const input = fullInput(start)
  const reached = getShortestPaths(waitingRoomMachine, { input, events: eventsAt, serializeState })
  const paths: ScenarioPath[] = []
  for (const path of reached) {
    if (path.state.status !== 'active') continue
    const prefix = path.steps.slice(1).map((step) => modelEventOf.get(step.event)!)
    for (const event of eventsAt(path.state)) {
      if (!takes(path.state, event)) continue
      const events = [...prefix, modelEventOf.get(event)!]
      paths.push({ name: [start.name, ...events.map(nameOf)].join(' → '), start, events })
    }
  }
  return paths
}

const PATHS = STARTS.flatMap(generate)

// ---------------------------------------------------------------------------------------------
// The oracle: what the spec says, from what the fake server answered and the athlete did

/** What the room is doing that a failure makes it retry (null: following a ticket, or nothing to do). */
type Doing = 'read' | 'join' | 'hold' | 'leave' | null

interface Spec {
  now: number
  autoJoin: boolean
  doing: Doing
  /** The server's last word on the ticket: a ticket, none (404), or a refused join. */
  ticket: QueueTicket | null
  joinRefused: string | null
  sessionOver: boolean
  /** The held place ran out by the clock (decision 037: on the dot, unless in payment). */
  holdRanOut: boolean
  /** The last failure of the call retried, and how many in a row. */
  failure: { kind: 'offline' | 'busy' | 'trouble'; retryAfterS: number | null } | null
  failuresInRow: number
  /** When the room may and must ask again (from the last answer or failure). */
  earliest: number | null
  latest: number | null
  positionsSaid: Array<{ position: number; at: number }>
  holdMomentsSaid: Array<{ code: string; deadline: number | null }>
  admittedCount: number
  rejoinedCount: number
}

const deadlineOf = (t: QueueTicket | null) => (t?.posto ? Date.parse(t.posto.scade) : null)

function specView(spec: Spec): WaitingRoomView {
  if (spec.sessionOver) return 'sessionExpired'
  if (spec.joinRefused === 'sold_out') return 'soldOutFinal'
  if (spec.joinRefused === 'queue_closed') return 'closed'
  if (spec.joinRefused !== null) return 'refused'
  if (spec.doing === 'read') return 'reading'
  if (spec.doing === 'join') return 'joining'
  if (spec.doing === 'hold') return 'admitted'
  if (spec.doing === 'leave') return 'leaving'
  const t = spec.ticket
  if (t === null) return spec.now < ROOM_OPENS_AT ? 'beforeRoom' : 'roomOpen'
  if (spec.holdRanOut) return 'ended'
  switch (t.stato) {
    case 'in_sala':
      return 'inRoom'
    case 'in_coda':
    case 'ammesso':
      return 'queued'
    case 'esaurito':
      return t.definitivo ? 'soldOutFinal' : 'soldOut'
    case 'posto': {
      if (t.posto!.in_pagamento) return 'paying'
      const left = deadlineOf(t)! - spec.now
      return left <= 0 ? 'ended' : left <= SPEC_WARNING_MS ? 'holdEnding' : 'held'
    }
    case 'pagato':
      return 'paid'
    case 'scaduto':
      return 'ended'
    case 'uscito':
      return 'left'
  }
}

const finalView = (view: WaitingRoomView) => ['paid', 'closed', 'refused', 'soldOutFinal', 'sessionExpired'].includes(view)

/** The spec's side of one step: what the room should now be doing, given what happened. */
function advanceSpec(spec: Spec, event: ModelEvent, before: { canJoin: boolean; canLeave: boolean; callOutstanding: boolean }) {
  const plan = (from: number, waitS: number) => {
    spec.earliest = from + waitS * SECOND_MS
    spec.latest = from + waitS * SECOND_MS * (1 + SPEC_MAX_JITTER)
  }
  const answered = () => {
    spec.failure = null
    spec.failuresInRow = 0
  }
  const afterTicket = (t: QueueTicket) => {
    answered()
    spec.ticket = t
    spec.joinRefused = null
    const deadline = deadlineOf(t)
    // A deadline already past here (the clocks a little apart): ran out, on the portal's clock.
    spec.holdRanOut = t.stato === 'posto' && !t.posto!.in_pagamento && deadline! <= spec.now
    spec.doing = t.stato === 'ammesso' && t.ammissione ? 'hold' : null
    if (spec.holdRanOut || spec.doing === 'hold') spec.earliest = spec.latest = null
    else if (t.riprova_tra_s !== undefined) plan(spec.now, t.riprova_tra_s)
    else spec.earliest = spec.latest = null
  }
  const noTicket = () => {
    answered()
    spec.ticket = null
    spec.earliest = spec.latest = null
    spec.doing = spec.now >= ROOM_OPENS_AT && spec.autoJoin ? 'join' : null
  }
  switch (event.type) {
    case 'answer': {
      const { answer } = event
      if ('ticket' in answer) {
        afterTicket(answer.ticket(spec.now))
        return
      }
      const error = answer.error
      if (error.kind === 'unauthorized') {
        spec.sessionOver = true
        return
      }
      const code = error.kind === 'http' ? error.code : null
      if (code === 'not_in_queue') return noTicket()
      if (code !== null) answered()
      if (code === 'already_in_queue') {
        const carried = error.kind === 'http' ? (error.body as { biglietto?: QueueTicket }).biglietto : undefined
        if (carried) afterTicket(carried)
        else spec.doing = 'read'
        return
      }
      if (code === 'sold_out' || code === 'queue_closed' || code === 'not_eligible' || code === 'already_enrolled') {
        spec.joinRefused = code
        return
      }
      if (code === 'admission_expired') {
        spec.ticket = { ...spec.ticket!, stato: 'scaduto', motivo: 'admission_expired' }
        spec.doing = null
        spec.earliest = spec.latest = null
        return
      }
      if (code === 'admission_invalid') {
        spec.doing = 'read'
        return
      }
      // No usable answer: the same call again after the back-off, or after the server's Retry-After.
      spec.failuresInRow += 1
      const kind = error.kind === 'network' ? 'offline' : error.kind === 'http' && (error.status === 429 || error.status === 503) ? 'busy' : 'trouble'
      const retryAfterS = error.kind === 'http' ? (error.retryAfterS ?? null) : null
      spec.failure = { kind, retryAfterS }
      // The admission ran out while taking the place failed: the server says what became of it, at once.
      if (spec.doing === 'hold' && spec.now >= Date.parse(spec.ticket!.ammissione!.scade)) {
        spec.doing = 'read'
        answered()
        spec.earliest = spec.latest = null
        return
      }
      plan(spec.now, retryAfterS ?? specBackoffS(spec.failuresInRow))
      return
    }
    case 'time': {
      spec.now = event.now
      const t = spec.ticket
      const deadline = deadlineOf(t)
      if (t?.stato === 'posto' && !t.posto!.in_pagamento && deadline !== null && spec.now >= deadline && spec.doing === null) {
        spec.holdRanOut = true
        answered()
        spec.earliest = spec.latest = null
      }
      // The admission ran out while taking the place failed: the server says what became of it.
      if (spec.doing === 'hold' && spec.failure !== null && !before.callOutstanding && t?.ammissione && spec.now >= Date.parse(t.ammissione.scade)) {
        spec.doing = 'read'
        answered()
        spec.earliest = spec.latest = null
      }
      if (spec.doing === null && spec.ticket === null && spec.joinRefused === null && spec.now >= ROOM_OPENS_AT && spec.autoJoin && !spec.sessionOver) {
        spec.doing = 'join'
      }
      return
    }
    case 'queue.join':
      if (before.canJoin) {
        spec.doing = 'join'
        spec.failure = null
        spec.failuresInRow = 0
      }
      return
    case 'queue.leave':
      if (before.canLeave) {
        spec.doing = 'leave'
        spec.failure = null
        spec.failuresInRow = 0
      }
      return
    case 'queue.retry':
    case 'connection.back':
      return
  }
}

interface Observed {
  room: Room
  spec: Spec
  event: ModelEvent
  /** The calls made by this step. */
  newCalls: Room['calls']
  doingBefore: Doing
  failureBefore: Spec['failure']
  /** The read the spec planned before the step. */
  planBefore: { earliest: number | null; latest: number | null }
}

/** Issue 22 design: the view of every ticket state and of every answer; failures keep the ticket. */
function showsWhatTheServerSaid(o: Observed) {
  expect(o.room.view()).toBe(specView(o.spec))
  if (o.spec.ticket?.stato === 'scaduto' || o.spec.holdRanOut) {
    expect(o.room.context().endReason).toBe(o.spec.holdRanOut ? 'hold_expired' : o.spec.ticket!.motivo)
  }
  if (o.spec.joinRefused === 'not_eligible' || o.spec.joinRefused === 'already_enrolled') expect(o.room.context().refusal).toBe(o.spec.joinRefused)
}

/** Issue 22 design: network → offline, 429/503 → busy, anything else → trouble; said until an answer. */
function failureIsSaid(o: Observed) {
  if (o.room.status() !== 'active') return
  expect(o.room.context().failure).toBe(o.spec.failure?.kind ?? null)
}

function oneCallAtATime(o: Observed) {
  expect(o.room.overlapping).toEqual([])
}

/**
 * Decision 037: reads as the server asks (`riprova_tra_s`), lengthened by at most 20 %; after a
 * failure 2, 4, 8 … 60 s, or the server's `Retry-After`; the connection back or the athlete's retry
 * asks at once, except inside a `Retry-After`.
 */
function asksAsTheServerAsks(o: Observed) {
  const { event, newCalls, planBefore } = o
  if (event.type === 'time') {
    for (const call of newCalls) {
      if (call.name === 'joinQueue' && o.spec.ticket === null && o.failureBefore === null) continue // the room opening: the room page joins
      if (call.name === 'readTicket' && o.doingBefore === 'hold') continue // the admission ran out: read at once
      expect(planBefore.earliest, `${call.name} at a planned moment`).not.toBeNull()
      expect(call.at, 'not before the server asked').toBeGreaterThanOrEqual(planBefore.earliest!)
      // The walk moves the clock to `latest` (the wait asked plus 20%): the read is made by then.
      if (event.moment === 'readDue') expect(call.at, 'jitter under 20%').toBeLessThanOrEqual(planBefore.latest!)
    }
    if (event.moment === 'readDue') expect(newCalls.length, 'asked once the wait is over').toBe(1)
  }
  if (event.type === 'connection.back' || event.type === 'queue.retry') {
    const mayAskNow = o.failureBefore !== null && o.failureBefore.kind !== 'busy'
    expect(newCalls.length > 0, 'asks at once after no answer or trouble, never inside a Retry-After').toBe(mayAskNow)
  }
  if (event.type === 'answer' && 'error' in event.answer && o.spec.failure !== null) {
    expect(newCalls, 'a failed call is not repeated at once').toEqual([])
  }
}

/** Issue 22 design: the position is said at most once every 60 s, and only when it changed. */
function positionSaidAtMostOnceAMinute(o: Observed) {
  const said = o.room.emitted.filter((e) => e.type === 'announce' && e.code === 'position').length
  if (said > o.spec.positionsSaid.length) {
    expect(said).toBe(o.spec.positionsSaid.length + 1)
    const position = o.room.context().ticket!.position!
    const last = o.spec.positionsSaid.at(-1)
    if (last) {
      expect(position).not.toBe(last.position)
      expect(o.spec.now - last.at).toBeGreaterThanOrEqual(SPEC_POSITION_INTERVAL_MS)
    }
    o.spec.positionsSaid.push({ position, at: o.spec.now })
  }
}

/**
 * Decision 037: a warning at 2 minutes, another at 1, the end on the dot (never while a payment is
 * authorised), each said once for a deadline, and only for a place held.
 */
function holdMomentsAtTheirTime(o: Observed) {
  const said = o.room.emitted.flatMap((e) => (e.type === 'holdEnding' || e.type === 'holdExpired' ? [e.type] : e.type === 'announce' && e.code === 'holdLastMinute' ? [e.code] : []))
  for (const code of said.slice(o.spec.holdMomentsSaid.length)) {
    const deadline = deadlineOf(o.spec.ticket)
    if (code === 'holdExpired') {
      const serverSaid = o.spec.ticket?.stato === 'scaduto' && o.spec.ticket.motivo === 'hold_expired'
      expect(serverSaid || o.spec.holdRanOut, 'expired only when it ran out').toBe(true)
    } else {
      expect(deadline, `${code} for a held place`).not.toBeNull()
      expect(o.spec.ticket!.posto!.in_pagamento).toBe(false)
      const left = deadline! - o.spec.now
      expect(left, `${code} at its moment`).toBeLessThanOrEqual(code === 'holdEnding' ? SPEC_WARNING_MS : SPEC_LAST_MINUTE_MS)
      expect(o.spec.holdMomentsSaid.some((s) => s.code === code && s.deadline === deadline), `${code} once per deadline`).toBe(false)
    }
    o.spec.holdMomentsSaid.push({ code, deadline })
  }
}

/** Issue 22 design: admitted → the hold taken at once with the admission; `admitted` only once a place is held. */
function admittedWithAPlace(o: Observed) {
  if (o.spec.doing === 'hold' && o.room.status() === 'active' && o.spec.failure === null) {
    expect(o.room.inFlight('holdPlace'), 'the place is taken at once').toBe(true)
  }
  for (const call of o.newCalls.filter((c) => c.name === 'holdPlace')) expect(call.input).toEqual({ raceId: RACE_ID, admission: ADMISSION_TOKEN })
  const admittedNow = o.event.type === 'answer' && o.event.call === 'holdPlace' && 'ticket' in o.event.answer
  const told = o.room.emitted.filter((e) => e.type === 'admitted').length
  expect(told, 'admitted once per place taken').toBe(o.spec.admittedCount + (admittedNow ? 1 : 0))
  if (admittedNow) o.spec.admittedCount += 1
}

/** Issue 22 design: 409 already_in_queue with its ticket → `rejoined`; a 401 → `sessionExpired`, and the room stops. */
function toldAsTheServerSaid(o: Observed) {
  const rejoined = o.room.emitted.filter((e) => e.type === 'rejoined').length
  const expired = o.room.emitted.filter((e) => e.type === 'sessionExpired').length
  expect(expired).toBe(o.spec.sessionOver ? 1 : 0)
  if (o.spec.sessionOver) expect(o.room.status()).toBe('done')
  const carried = o.event.type === 'answer' && 'error' in o.event.answer && o.event.answer.label === '409 already_in_queue (its ticket)'
  expect(rejoined).toBe(o.spec.rejoinedCount + (carried ? 1 : 0))
  if (carried) o.spec.rejoinedCount += 1
}

/**
 * Issue 22 design: joining is offered with no ticket once the room is open, or after the ticket
 * ended or was left (again at the back); leaving while in the room, in line, sold out for now,
 * admitted or holding a place.
 */
function offersWhatTheSpecOffers(o: Observed) {
  const view = o.room.view()
  const canJoin = ['roomOpen', 'ended', 'left'].includes(view)
  const canLeave = ['inRoom', 'queued', 'soldOut', 'admitted', 'held', 'holdEnding', 'paying'].includes(view)
  expect(o.room.can({ type: 'queue.join' }), 'join offered').toBe(canJoin)
  expect(o.room.can({ type: 'queue.leave' }), 'leave offered').toBe(canLeave)
}

/** Nothing is asked once over, however long the page stays open. */
function asksNothingOnceOver(room: Room) {
  const view = room.view()
  if (!finalView(view) && !['ended', 'left', 'beforeRoom', 'roomOpen'].includes(view)) return
  if (['beforeRoom', 'roomOpen'].includes(view) && room.context().autoJoin) return
  expect(room.inFlight(), 'no call in flight').toBe(false)
  const calls = room.calls.length
  room.advance(HOUR_MS)
  expect(room.calls, 'none an hour later').toHaveLength(calls)
}

// ---------------------------------------------------------------------------------------------
// Replaying a path

/** The moment the clock is moved to, from the spec, and the instant 1 ms before it (or before the earliest read). */
function momentOf(spec: Spec, moment: Moment, where: string): [number, number] {
  const deadline = deadlineOf(spec.ticket)
  const at = (instant: number | null | undefined): [number, number] => {
    if (instant == null) throw new Error(`${where}: the room planned a moment the spec does not have (${moment})`)
    return [instant - 1, instant]
  }
  switch (moment) {
    case 'readDue':
      if (spec.earliest === null || spec.latest === null) throw new Error(`${where}: the room planned a read the spec does not`)
      return [spec.earliest - 1, spec.latest]
    case 'roomOpens':
      return at(ROOM_OPENS_AT)
    case 'holdWarning':
      return at(deadline === null ? null : deadline - SPEC_WARNING_MS)
    case 'holdLastMinute':
      return at(deadline === null ? null : deadline - SPEC_LAST_MINUTE_MS)
    case 'holdEnds':
      return at(deadline)
    case 'wokenAfterHold':
      // No tick in between: the tab slept through the warnings.
      if (deadline === null) throw new Error(`${where}: the room planned a moment the spec does not have (${moment})`)
      return [Number.NEGATIVE_INFINITY, deadline + MINUTE_MS]
    case 'admissionEnds':
      return at(spec.ticket?.ammissione ? Date.parse(spec.ticket.ammissione.scade) : null)
  }
}

async function replay(path: ScenarioPath) {
  const input = fullInput(path.start)
  const room = startRoom({ ...input, inspect: recordCoverage })
  let [model] = initialTransition(waitingRoomMachine, input)
  const spec: Spec = {
    now: input.now,
    autoJoin: input.autoJoin ?? false,
    doing: 'read',
    ticket: null,
    joinRefused: null,
    sessionOver: false,
    holdRanOut: false,
    failure: null,
    failuresInRow: 0,
    earliest: null,
    latest: null,
    positionsSaid: [],
    holdMomentsSaid: [],
    admittedCount: 0,
    rejoinedCount: 0,
  }
  expect(room.callsOf('readTicket'), 'the ticket is read at once').toHaveLength(1)

  for (const [index, pathEvent] of path.events.entries()) {
    let event = pathEvent
    const where = `step ${String(index + 1)} (${nameOf(event)})`
    const callsBefore = room.calls.length
    // What the fake server knows: whether a call of the room is still unanswered.
    const before = { canJoin: room.can({ type: 'queue.join' }), canLeave: room.can({ type: 'queue.leave' }), callOutstanding: room.inFlight() }
    const failureBefore = spec.failure
    const doingBefore = spec.doing
    const planBefore = { earliest: spec.earliest, latest: spec.latest }
    let machineEvent: WaitingRoomEvent
    switch (event.type) {
      case 'answer': {
        const { answer } = event
        const id = callInFlight(model)!.id
        if ('ticket' in answer) {
          const t = answer.ticket(room.now)
          machineEvent = internalEvent({ type: `xstate.done.actor.${id}`, output: { ticket: t, receivedAt: room.now } })
          await room.answer(event.call, t)
        } else {
          machineEvent = internalEvent({ type: `xstate.error.actor.${id}`, error: answer.error })
          await room.fail(event.call, answer.error)
        }
        break
      }
      case 'time': {
        // The instant comes from the spec, not from the walk: a read is due by `latest` and not
        // before `earliest`; the other moments are the room's and the ticket's own instants.
        const [early, at] = momentOf(spec, event.moment, where)
        if (early > room.now) {
          room.advanceTo(early)
          ;[model] = transition(waitingRoomMachine, model, { type: 'clock.tick', now: early })
          advanceSpec(spec, { ...event, now: early }, before)
          if (event.moment === 'readDue') expect(room.calls.length, `${where}: nothing asked 1 ms before the wait is over`).toBe(callsBefore)
          expect(room.view(), `${where}: 1 ms before the moment`).toBe(specView(spec))
        }
        machineEvent = { type: 'clock.tick', now: at }
        before.callOutstanding = room.inFlight()
        room.advanceTo(at)
        event = { ...event, now: at }
        break
      }
      default:
        machineEvent = event
        room.send(event)
    }
    advanceSpec(spec, event, before)
    ;[model] = transition(waitingRoomMachine, model, machineEvent)
    expect(room.snapshot().value, `${where}: the replay follows the path`).toEqual(model.value)
    const o: Observed = { room, spec, event, newCalls: room.calls.slice(callsBefore), doingBefore, failureBefore, planBefore }
    for (const property of [showsWhatTheServerSaid, failureIsSaid, oneCallAtATime, asksAsTheServerAsks, positionSaidAtMostOnceAMinute, holdMomentsAtTheirTime, admittedWithAPlace, toldAsTheServerSaid, offersWhatTheSpecOffers]) {
      try {
        property(o)
      } catch (error) {
        throw new Error(`${path.name}\n${where}: ${property.name}: ${String(error)}`)
      }
    }
  }
  asksNothingOnceOver(room)
  room.actor.stop()
}

describe('waiting room scenarios', () => {
  it('the model reaches every start with paths', () => {
    expect(PATHS.length).toBeGreaterThan(100)
  })

  it.each(PATHS.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    await replay(path)
  })
})
