import { assertEvent, assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate'
import * as z from 'zod/mini'
import { errorCodeOf, toApiError } from '../../contracts/api-error'
import type * as queue from '../../contracts/queue.contract'
import { QueueTicketSchema, type QueueTicket, type TicketEndReason, type TicketState } from '../../contracts/queue.contract'
import { MINUTE_MS } from '../../contracts/time'
import { answered, callWithRetry, failed, initialPolling, NOT_READING, pollingGuards, pollingStates, whenReadDue, type PollingContext } from '../polling'
import { isHoldLive } from '../rules/held-place'
import { retryFailureOf, type RetryFailure } from '../rules/server-reading'

/**
 * Opening day (issue 22, decision 037): one athlete's ticket for one race's waiting room, from the
 * countdown to the room's opening to a paid place, as seen by one race page, room page or wizard
 * (one actor each; the ticket itself lives on the server, so a reload or another tab is a new actor
 * that reads it again and finds it as it was).
 *
 * Public surface (the portal's binding and facade, src/features/queue, build against this):
 * - input `WaitingRoomInput` { raceId, now, opensAt, roomOpensAt, jitterSeed, autoJoin? }:
 *   instants in epoch ms (registration's opening, the room's `sala_attesa.apre`), `jitterSeed` any
 *   32-bit integer (one per actor: spreads the reads of thousands of clients), `autoJoin` for the
 *   room page (join as soon as the room is open);
 * - events `WaitingRoomEvent`: `clock.tick { now }` (decision 003: once a second while mounted, and
 *   on focus and `online`), `connection.back` (on `online`: a read or call that failed for want of
 *   a connection is tried at once), `queue.join`, `queue.leave`, `queue.retry` (the athlete's "try
 *   now" after a failure; never inside a `Retry-After`);
 * - emitted `WaitingRoomEmitted`: `admitted` (this actor took the held place: go to the wizard),
 *   `rejoined` (the join found the athlete's ticket: "your place is kept"), `holdEnding` (2 minutes
 *   left), `holdExpired`, `sessionExpired` (a 401: the session machine takes over), and
 *   `announce { code: AnnounceCode }`: when a screen reader should be told (`position`, at most
 *   once a minute and only when it changed; `admitted`; `holdEnding`; `holdLastMinute`;
 *   `holdExpired`; `admissionExpired`; `soldOut`), never every second;
 * - the view: `viewOf(snapshot)`, from state meta `view` (`WaitingRoomView`): `reading`,
 *   `beforeRoom`, `roomOpen`, `joining`, `inRoom`, `queued`, `soldOut` (may come back),
 *   `soldOutFinal`, `admitted`, `held`, `holdEnding` (2 minutes or less), `paying` (a payment
 *   authorised in time), `paid`, `ended` (`endReason`), `leaving`, `left`, `closed`, `refused`
 *   (`refusal`), `sessionExpired`; what the athlete may do is `snapshot.can(event)` (`queue.join`
 *   in `roomOpen`, `ended`, `left`; `queue.leave` while waiting, admitted or holding a place;
 *   `queue.retry` / `connection.back` while an offline or trouble failure is retried);
 * - context the view reads (`WaitingRoomContext`): `ticket` (`TicketReading`: position, people
 *   ahead, wait, deadlines, `paying`, `soldOutFinal`), `endReason`, `refusal`, `failure`
 *   (`ReadFailure`: offline / busy / trouble while a call is retried), `nextReadAt`, `now`,
 *   `opensAt`, `roomOpensAt`;
 * - actors, provided from src/ with `fromApiCall` (src/lib/api-actor.ts): `readTicket`
 *   (`queue.status`), `joinQueue` (`queue.join`; a 409 is thrown as is: `failureOf` reads the
 *   ticket it carries), `holdPlace` (`queue.hold`), `leaveQueue` (`queue.leave`); input
 *   `RaceInput` { raceId } (`holdPlace`: `HoldPlaceInput` { raceId, admission }), output
 *   `TicketAnswer` { ticket, receivedAt } (`receivedAt`: the portal's clock when the answer came).
 */

/** Decision 037: the warning that the held place is running out, and the last one. */
export const HOLD_WARNING_MS = 2 * MINUTE_MS
export const HOLD_LAST_MINUTE_MS = MINUTE_MS
/** A position is said to a screen reader at most this often (it changes with every admission). */
export const POSITION_ANNOUNCE_INTERVAL_MS = MINUTE_MS
/** A waiting ticket's answer should say when to ask again; if one does not, this. */
export const DEFAULT_READ_AFTER_S = 30

/** The input of `readTicket`, `joinQueue` and `leaveQueue`. */
export interface RaceInput {
  raceId: number
}
/** The input of `holdPlace`: the signed admission the ticket carried. */
export interface HoldPlaceInput extends RaceInput {
  admission: string
}

/** What the server answered a call with, and when it arrived (decision 003). */
export interface TicketAnswer {
  ticket: QueueTicket
  receivedAt: number
}

/**
 * What the machine keeps of a ticket: its codes, counts and instants (epoch ms). DESIGN.md keeps
 * server data out of context; the ticket's state is the exception because it *is* the machine's
 * state: where the athlete stands, when to ask again and when the held place runs out are decided
 * from it, by the clock, between two reads (decision 024 makes the same exception for prices).
 */
export interface TicketReading {
  /** The ticket's reference (`biglietto`), shown to the athlete. */
  id: string
  state: TicketState
  /** Joined before the opening: the place in line was drawn. */
  drawn: boolean
  position: number | null
  ahead: number | null
  waitS: number | null
  admissionEndsAt: number | null
  holdEndsAt: number | null
  /** A payment of the held place was authorised in time: it no longer runs out. */
  paying: boolean
  /** Sold out and every place paid: nothing will come back. */
  soldOutFinal: boolean
  endReason: TicketEndReason | null
  readAfterS: number | null
  receivedAt: number
}

export function readingOf({ ticket, receivedAt }: TicketAnswer): TicketReading {
  const at = (instant: string | undefined) => (instant === undefined ? null : Date.parse(instant))
  return {
    id: ticket.biglietto,
    state: ticket.stato,
    drawn: ticket.sorteggiato,
    position: ticket.posizione ?? null,
    ahead: ticket.davanti ?? null,
    waitS: ticket.attesa_stimata_s ?? null,
    admissionEndsAt: at(ticket.ammissione?.scade),
    holdEndsAt: at(ticket.posto?.scade),
    paying: ticket.posto?.in_pagamento ?? false,
    soldOutFinal: ticket.definitivo ?? false,
    endReason: ticket.motivo ?? null,
    readAfterS: ticket.riprova_tra_s ?? null,
    receivedAt,
  }
}

export type RefusalCode = 'not_eligible' | 'already_enrolled'

/** What a failed call of the room means. */
export type WaitingRoomFailure =
  | { kind: 'sessionOver' }
  | { kind: 'notInQueue' }
  /** A 409 of a join: the athlete's own ticket, as it stands (null if the answer lacked it). */
  | { kind: 'alreadyInQueue'; ticket: QueueTicket | null }
  | { kind: 'soldOut' }
  | { kind: 'closed' }
  | { kind: 'refused'; code: RefusalCode }
  | { kind: 'admissionExpired' }
  | { kind: 'admissionInvalid' }
  | RetryFailure

const JoinConflictTicketSchema = z.object({ biglietto: QueueTicketSchema })

export function failureOf(error: unknown): WaitingRoomFailure {
  const apiError = toApiError(error)
  if (apiError.kind === 'unauthorized') return { kind: 'sessionOver' }
  if (apiError.kind === 'network') return retryFailureOf(apiError)
  const code = errorCodeOf<typeof queue.join | typeof queue.status | typeof queue.hold | typeof queue.leave>(apiError)
  switch (code) {
    case 'not_in_queue':
      return { kind: 'notInQueue' }
    case 'already_in_queue': {
      const conflict = z.safeParse(JoinConflictTicketSchema, apiError.kind === 'http' ? apiError.body : null)
      return { kind: 'alreadyInQueue', ticket: conflict.success ? conflict.data.biglietto : null }
    }
    case 'sold_out':
      return { kind: 'soldOut' }
    case 'queue_closed':
      return { kind: 'closed' }
    case 'not_eligible':
    case 'already_enrolled':
      return { kind: 'refused', code }
    case 'admission_expired':
      return { kind: 'admissionExpired' }
    case 'admission_invalid':
      return { kind: 'admissionInvalid' }
    case null:
      break
  }
  return retryFailureOf(apiError)
}

export interface WaitingRoomInput {
  raceId: number
  /** The portal's clock at the start (epoch ms). */
  now: number
  /** When registration opens (`apertura_iscrizioni`): the draw, then admissions. */
  opensAt: number
  /** When the room opens (`sala_attesa.apre`). */
  roomOpensAt: number
  jitterSeed: number
  /** Join as soon as the room is open and the athlete has no ticket (the room page). */
  autoJoin?: boolean
}

export type AnnounceCode = 'position' | 'admitted' | 'holdEnding' | 'holdLastMinute' | 'holdExpired' | 'admissionExpired' | 'soldOut'

/** With the counts of its reads (`failure`: offline / busy / trouble while a call is retried; `nextReadAt`). */
export interface WaitingRoomContext extends PollingContext {
  raceId: number
  opensAt: number
  roomOpensAt: number
  autoJoin: boolean
  /** The last answer about the ticket; null while none is known (or there is none). */
  ticket: TicketReading | null
  /**
   * The signed admission while the ticket is `ammesso`: the one server value kept whole, because
   * `queue.hold` takes it (and takes it again, idempotently, after a lost answer).
   */
  admissionToken: string | null
  /** What ran out, once the ticket ended (the server's `motivo`, or the clock past the deadline). */
  endReason: TicketEndReason | null
  refusal: RefusalCode | null
  /** The last position said to a screen reader, and when. */
  announcedPosition: { position: number; at: number } | null
  /** The deadlines of the held place whose warnings were said (a place held again warns again). */
  announcedHoldEnding: number | null
  announcedLastMinute: number | null
}

export type WaitingRoomEvent =
  | { type: 'clock.tick'; now: number }
  | { type: 'connection.back' }
  | { type: 'queue.join' }
  | { type: 'queue.leave' }
  | { type: 'queue.retry' }

export type WaitingRoomEmitted =
  | { type: 'admitted' }
  | { type: 'rejoined' }
  | { type: 'holdEnding' }
  | { type: 'holdExpired' }
  | { type: 'sessionExpired' }
  | { type: 'announce'; code: AnnounceCode }

/** What a screen shows: the `view` meta of the state the room is in. */
export type WaitingRoomView =
  | 'reading'
  | 'beforeRoom'
  | 'roomOpen'
  | 'joining'
  | 'inRoom'
  | 'queued'
  | 'soldOut'
  | 'soldOutFinal'
  | 'admitted'
  | 'held'
  | 'holdEnding'
  | 'paying'
  | 'paid'
  | 'ended'
  | 'leaving'
  | 'left'
  | 'closed'
  | 'refused'
  | 'sessionExpired'

const WAITING_STATES: ReadonlySet<TicketState> = new Set(['in_sala', 'in_coda', 'esaurito'])

/** Done and error events of invoked actors are not in the event union: their payload is read as is. */
const answerOf = (event: { type: string }) => (event as { output?: TicketAnswer }).output!
const errorOf = (event: { type: string }) => (event as { error?: unknown }).error

const view = (name: WaitingRoomView) => ({ view: name })

/**
 * What a fresh answer changes: the ticket kept, the next read planned (`riprova_tra_s`, lengthened
 * by the jitter), and what is said of the change (decision 037: a position at most once a minute
 * and only when it moved; a state change once; nothing on a first reading, which the page shows).
 */
export function afterAnswer(
  context: WaitingRoomContext,
  answer: TicketAnswer,
): { changes: Partial<WaitingRoomContext>; said: WaitingRoomEmitted[] } {
  const previous = context.ticket
  const ticket = readingOf(answer)
  const readAfterS = ticket.readAfterS ?? (WAITING_STATES.has(ticket.state) ? DEFAULT_READ_AFTER_S : null)
  const changes: Partial<WaitingRoomContext> = {
    ticket,
    ...answered(context, ticket.receivedAt, readAfterS),
    admissionToken: answer.ticket.ammissione?.token ?? null,
    endReason: ticket.endReason,
  }
  const said: WaitingRoomEmitted[] = []
  if (ticket.state === 'in_coda' && ticket.position !== null) {
    const last = context.announcedPosition
    const due = last === null || (last.position !== ticket.position && ticket.receivedAt - last.at >= POSITION_ANNOUNCE_INTERVAL_MS)
    if (due) {
      changes.announcedPosition = { position: ticket.position, at: ticket.receivedAt }
      said.push({ type: 'announce', code: 'position' })
    }
  }
  if (previous !== null && previous.state !== ticket.state) {
    if (ticket.state === 'esaurito') said.push({ type: 'announce', code: 'soldOut' })
    if (ticket.state === 'scaduto' && ticket.endReason === 'hold_expired') {
      said.push({ type: 'holdExpired' }, { type: 'announce', code: 'holdExpired' })
    } else if (ticket.state === 'scaduto') {
      said.push({ type: 'announce', code: 'admissionExpired' })
    }
  }
  return { changes, said }
}

/** Where a fresh answer about the ticket leads (from the transient `routing`). */
const ROUTES = [
  { guard: 'isInRoom', target: 'following.inRoom' },
  { guard: 'isQueued', target: 'following.queued' },
  { guard: 'isSoldOutForGood', target: 'soldOutFinal' },
  { guard: 'isSoldOutForNow', target: 'following.soldOut' },
  { guard: 'hasAdmission', target: 'admitted' },
  // An admission without its token (outside the contract) cannot be used: wait for the next answer.
  { guard: 'isAdmittedWithoutToken', target: 'following.queued' },
  { guard: 'isHeld', target: 'held' },
  { guard: 'isPaid', target: 'paid' },
  { guard: 'isEnded', target: 'ended' },
  // uscito
  { target: 'left' },
] as const

/** A read's failure: the session is over, the ticket is gone, or a retry after the back-off. */
const onReadError = [
  { guard: 'isSessionOver', target: '#waitingRoom.sessionEnded' },
  { guard: 'isNotInQueue', target: '#waitingRoom.outside' },
  { target: 'retrying', actions: 'recordFailure' },
] as const

/** Taking the place again after a failure, as any call is retried; its admission may run out meanwhile. */
const retryingHold = whenReadDue('queue.retry', 'taking')

/** Reading the ticket as the server asks (`riprova_tra_s`, with jitter), and again after a failure. */
const polling = pollingStates(
  {
    src: 'readTicket',
    input: ({ context }: { context: WaitingRoomContext }) => ({ raceId: context.raceId }),
    onDone: { target: '#waitingRoom.routing', actions: 'takeTicket' },
    onError: onReadError,
  },
  'queue.retry',
)

export const waitingRoomMachine = setup({
  types: {
    context: {} as WaitingRoomContext,
    input: {} as WaitingRoomInput,
    events: {} as WaitingRoomEvent,
    emitted: {} as WaitingRoomEmitted,
    meta: {} as { view: WaitingRoomView },
  },
  actors: {
    // Implementations come from src/ through `provide`; these stand-ins only carry the types.
    readTicket: fromApiStandIn<RaceInput>('readTicket'),
    joinQueue: fromApiStandIn<RaceInput>('joinQueue'),
    holdPlace: fromApiStandIn<HoldPlaceInput>('holdPlace'),
    leaveQueue: fromApiStandIn<RaceInput>('leaveQueue'),
  },
  guards: {
    ...pollingGuards,
    isInRoom: ({ context }) => context.ticket?.state === 'in_sala',
    isQueued: ({ context }) => context.ticket?.state === 'in_coda',
    isSoldOutForGood: ({ context }) => context.ticket?.state === 'esaurito' && context.ticket.soldOutFinal,
    isSoldOutForNow: ({ context }) => context.ticket?.state === 'esaurito',
    hasAdmission: ({ context }) => context.ticket?.state === 'ammesso' && context.admissionToken !== null,
    isAdmittedWithoutToken: ({ context }) => context.ticket?.state === 'ammesso',
    isHeld: ({ context }) => context.ticket?.state === 'posto',
    isPaid: ({ context }) => context.ticket?.state === 'pagato',
    isEnded: ({ context }) => context.ticket?.state === 'scaduto',
    isRoomOpen: ({ context }) => context.now >= context.roomOpensAt,
    isRoomOpenToJoin: ({ context }) => context.now >= context.roomOpensAt && context.autoJoin,
    isAdmissionOver: ({ context }) => context.ticket?.admissionEndsAt != null && context.now >= context.ticket.admissionEndsAt,
    isPaying: ({ context }) => context.ticket?.paying === true,
    isHoldOver: ({ context }) =>
      context.ticket?.holdEndsAt != null && !isHoldLive({ endsAt: context.ticket.holdEndsAt, paying: context.ticket.paying }, context.now),
    isHoldInLastMinute: ({ context }) =>
      context.ticket?.holdEndsAt != null && context.ticket.holdEndsAt - context.now <= HOLD_LAST_MINUTE_MS,
    isHoldEnding: ({ context }) => context.ticket?.holdEndsAt != null && context.ticket.holdEndsAt - context.now <= HOLD_WARNING_MS,
    isSessionOver: ({ event }) => failureOf(errorOf(event)).kind === 'sessionOver',
    isNotInQueue: ({ event }) => failureOf(errorOf(event)).kind === 'notInQueue',
    isAlreadyInQueueWithTicket: ({ event }) => {
      const failure = failureOf(errorOf(event))
      return failure.kind === 'alreadyInQueue' && failure.ticket !== null
    },
    isAlreadyInQueue: ({ event }) => failureOf(errorOf(event)).kind === 'alreadyInQueue',
    isSoldOut: ({ event }) => failureOf(errorOf(event)).kind === 'soldOut',
    isClosed: ({ event }) => failureOf(errorOf(event)).kind === 'closed',
    isRefused: ({ event }) => failureOf(errorOf(event)).kind === 'refused',
    isAdmissionExpired: ({ event }) => failureOf(errorOf(event)).kind === 'admissionExpired',
    isAdmissionInvalid: ({ event }) => failureOf(errorOf(event)).kind === 'admissionInvalid',
  },
  actions: {
    setNow: assign({
      now: ({ event }) => {
        assertEvent(event, 'clock.tick')
        return event.now
      },
    }),
    takeTicket: enqueueActions(({ context, event, enqueue }) => {
      const { changes, said } = afterAnswer(context, answerOf(event))
      enqueue.assign(changes)
      for (const emitted of said) enqueue.emit(emitted)
    }),
    /** The 409 of a join carried the athlete's ticket: kept as an answer, said as "your place is kept". */
    takeExistingTicket: enqueueActions(({ context, event, enqueue }) => {
      const failure = failureOf(errorOf(event))
      if (failure.kind !== 'alreadyInQueue' || failure.ticket === null) return
      const { changes, said } = afterAnswer(context, { ticket: failure.ticket, receivedAt: context.now })
      enqueue.assign(changes)
      enqueue.emit({ type: 'rejoined' })
      for (const emitted of said) enqueue.emit(emitted)
    }),
    /** After a failure: wait as the server asked (429/503), else 2, 4, 8 ... 60 s; with jitter either way. */
    recordFailure: assign(({ context, event }) => failed(context, failureOf(errorOf(event)))),
    refuse: enqueueActions(({ event, enqueue }) => {
      const failure = failureOf(errorOf(event))
      if (failure.kind === 'refused') enqueue.assign({ refusal: failure.code })
    }),
    /** The place this room took is held (and not, say, already paid from another tab): to the wizard. */
    tellAdmitted: enqueueActions(({ context, enqueue }) => {
      if (context.ticket?.state !== 'posto') return
      enqueue.emit({ type: 'admitted' })
      enqueue.emit({ type: 'announce', code: 'admitted' })
    }),
    tellSoldOut: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'announce', code: 'soldOut' })
    }),
    expireAdmission: enqueueActions(({ enqueue }) => {
      enqueue.assign({ endReason: 'admission_expired', admissionToken: null, ...NOT_READING })
      enqueue.emit({ type: 'announce', code: 'admissionExpired' })
    }),
    expireHold: enqueueActions(({ enqueue }) => {
      enqueue.assign({ endReason: 'hold_expired', ...NOT_READING })
      enqueue.emit({ type: 'holdExpired' })
      enqueue.emit({ type: 'announce', code: 'holdExpired' })
    }),
    warnHoldEnding: enqueueActions(({ context, enqueue }) => {
      const deadline = context.ticket?.holdEndsAt ?? null
      if (deadline === null || context.announcedHoldEnding === deadline) return
      enqueue.assign({ announcedHoldEnding: deadline })
      enqueue.emit({ type: 'holdEnding' })
      enqueue.emit({ type: 'announce', code: 'holdEnding' })
    }),
    /** The last minute; `holdEnding` too if the 2-minute warning was slept through, but said once. */
    warnLastMinute: enqueueActions(({ context, enqueue }) => {
      const deadline = context.ticket?.holdEndsAt ?? null
      if (deadline === null || context.announcedLastMinute === deadline) return
      enqueue.assign({ announcedHoldEnding: deadline, announcedLastMinute: deadline })
      if (context.announcedHoldEnding !== deadline) enqueue.emit({ type: 'holdEnding' })
      enqueue.emit({ type: 'announce', code: 'holdLastMinute' })
    }),
    forgetTicket: enqueueActions(({ enqueue }) => {
      enqueue.assign({ ticket: null, admissionToken: null, ...NOT_READING })
    }),
    /** Nothing more to read: the ticket will not change by itself. */
    stopReading: assign(NOT_READING),
    /** A call starting now: nothing planned, nothing failing yet. */
    startCall: assign({ ...NOT_READING, refusal: null }),
    tellSessionExpired: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'sessionExpired' })
    }),
  },
}).createMachine({
  id: 'waitingRoom',
  context: ({ input }) => ({
    ...initialPolling(input),
    raceId: input.raceId,
    opensAt: input.opensAt,
    roomOpensAt: input.roomOpensAt,
    autoJoin: input.autoJoin ?? false,
    ticket: null,
    admissionToken: null,
    endReason: null,
    refusal: null,
    announcedPosition: null,
    announcedHoldEnding: null,
    announcedLastMinute: null,
  }),
  // Time moves only here; the states' `always` transitions then see whether a deadline passed.
  on: { 'clock.tick': { actions: 'setNow' } },
  initial: 'reading',
  states: {
    /** Does the athlete have a ticket? The server says (a reload, another tab, another device). */
    reading: {
      meta: view('reading'),
      entry: 'startCall',
      ...callWithRetry(
        {
          src: 'readTicket',
          input: ({ context }: { context: WaitingRoomContext }) => ({ raceId: context.raceId }),
          onDone: { target: '#waitingRoom.routing', actions: 'takeTicket' },
          onError: onReadError,
        },
        'queue.retry',
      ),
    },
    /** A fresh answer about the ticket was kept: to the state it says. */
    routing: { always: ROUTES },
    /** No ticket. */
    outside: {
      entry: 'forgetTicket',
      initial: 'sorting',
      states: {
        sorting: {
          always: [
            { guard: 'isRoomOpenToJoin', target: '#waitingRoom.joining' },
            { guard: 'isRoomOpen', target: 'roomOpen' },
            { target: 'beforeRoom' },
          ],
        },
        beforeRoom: {
          meta: view('beforeRoom'),
          always: [
            { guard: 'isRoomOpenToJoin', target: '#waitingRoom.joining' },
            { guard: 'isRoomOpen', target: 'roomOpen' },
          ],
        },
        roomOpen: {
          meta: view('roomOpen'),
          on: { 'queue.join': '#waitingRoom.joining' },
        },
      },
    },
    /** Asking for a ticket; a join is idempotent (one ticket per athlete and race), so it is retried. */
    joining: {
      meta: view('joining'),
      entry: 'startCall',
      ...callWithRetry(
        {
          src: 'joinQueue',
          input: ({ context }: { context: WaitingRoomContext }) => ({ raceId: context.raceId }),
          onDone: { target: '#waitingRoom.routing', actions: 'takeTicket' },
          onError: [
            { guard: 'isSessionOver', target: '#waitingRoom.sessionEnded' },
            { guard: 'isAlreadyInQueueWithTicket', target: '#waitingRoom.routing', actions: 'takeExistingTicket' },
            // The 409 without its ticket: read it.
            { guard: 'isAlreadyInQueue', target: '#waitingRoom.reading' },
            { guard: 'isSoldOut', target: '#waitingRoom.soldOutFinal', actions: 'tellSoldOut' },
            { guard: 'isClosed', target: '#waitingRoom.closed' },
            { guard: 'isRefused', target: '#waitingRoom.refused', actions: 'refuse' },
            { target: 'retrying', actions: 'recordFailure' },
          ],
        },
        'queue.retry',
      ),
    },
    /** Waiting with a ticket, reading it as often as the server asks. */
    following: {
      on: { 'queue.leave': '#waitingRoom.leaving' },
      initial: 'queued',
      states: {
        /** Joined before the opening: the order is drawn then. */
        inRoom: { meta: view('inRoom'), ...polling },
        queued: { meta: view('queued'), ...polling },
        /** The places left cannot cover those ahead, for now: a place held ahead may come back. */
        soldOut: { meta: view('soldOut'), ...polling },
      },
    },
    /** Admitted: the place is taken at once, and the call retried while the admission lasts. */
    admitted: {
      meta: view('admitted'),
      entry: 'startCall',
      on: { 'queue.leave': '#waitingRoom.leaving' },
      initial: 'taking',
      states: {
        taking: {
          invoke: {
            src: 'holdPlace',
            input: ({ context }) => ({ raceId: context.raceId, admission: context.admissionToken! }),
            onDone: { target: '#waitingRoom.routing', actions: ['takeTicket', 'tellAdmitted'] },
            onError: [
              { guard: 'isSessionOver', target: '#waitingRoom.sessionEnded' },
              { guard: 'isAdmissionExpired', target: '#waitingRoom.ended', actions: 'expireAdmission' },
              // Not this ticket's admission any more (another tab left and joined again), or no ticket: read it.
              { guard: 'isAdmissionInvalid', target: '#waitingRoom.reading' },
              { guard: 'isNotInQueue', target: '#waitingRoom.outside' },
              { target: 'retrying', actions: 'recordFailure' },
            ],
          },
        },
        retrying: {
          ...retryingHold,
          always: [
            // The admission ran out while the calls failed: what became of it is the server's to say.
            { guard: 'isAdmissionOver', target: '#waitingRoom.reading' },
            retryingHold.always,
          ],
        },
      },
    },
    /**
     * A place held until the ticket's deadline, counted down by the clock; the ticket is read on
     * as the server asks (it says when the place is paid, or released elsewhere).
     */
    held: {
      type: 'parallel',
      on: { 'queue.leave': '#waitingRoom.leaving' },
      states: {
        countdown: {
          initial: 'sorting',
          states: {
            sorting: {
              always: [
                { guard: 'isPaying', target: 'paying' },
                { guard: 'isHoldOver', target: '#waitingRoom.ended', actions: 'expireHold' },
                { guard: 'isHoldInLastMinute', target: 'lastMinute' },
                { guard: 'isHoldEnding', target: 'ending' },
                { target: 'plenty' },
              ],
            },
            // Each answer enters `held` again (through `routing`), so a payment authorised since is
            // seen by `sorting`; the clock alone moves the countdown. A tab woken past a moment
            // goes straight to where the clock is, saying only that.
            plenty: {
              meta: view('held'),
              always: [
                { guard: 'isHoldOver', target: '#waitingRoom.ended', actions: 'expireHold' },
                { guard: 'isHoldInLastMinute', target: 'lastMinute' },
                { guard: 'isHoldEnding', target: 'ending' },
              ],
            },
            ending: {
              meta: view('holdEnding'),
              entry: 'warnHoldEnding',
              always: [
                { guard: 'isHoldOver', target: '#waitingRoom.ended', actions: 'expireHold' },
                { guard: 'isHoldInLastMinute', target: 'lastMinute' },
              ],
            },
            lastMinute: {
              meta: view('holdEnding'),
              entry: 'warnLastMinute',
              always: { guard: 'isHoldOver', target: '#waitingRoom.ended', actions: 'expireHold' },
            },
            /** A payment was authorised in time: the place no longer runs out; the provider settles it. */
            paying: { meta: view('paying') },
          },
        },
        updates: polling,
      },
    },
    paid: { meta: view('paid'), type: 'final', entry: 'stopReading' },
    /** The admission or the held place ran out (`endReason`): the athlete may join again, at the back. */
    ended: {
      meta: view('ended'),
      entry: 'stopReading',
      on: { 'queue.join': '#waitingRoom.joining' },
    },
    /** Releasing the place or leaving the line; retried, as leaving twice is leaving once. */
    leaving: {
      meta: view('leaving'),
      entry: 'startCall',
      ...callWithRetry(
        {
          src: 'leaveQueue',
          input: ({ context }: { context: WaitingRoomContext }) => ({ raceId: context.raceId }),
          onDone: { target: '#waitingRoom.routing', actions: 'takeTicket' },
          onError: onReadError,
        },
        'queue.retry',
      ),
    },
    left: {
      meta: view('left'),
      entry: 'stopReading',
      on: { 'queue.join': '#waitingRoom.joining' },
    },
    /** Joining refused: the room is not open (registration closed, or no room). */
    closed: { meta: view('closed'), type: 'final' },
    /** Joining refused: the athlete is entered already, or does not meet the race's conditions (`refusal`). */
    refused: { meta: view('refused'), type: 'final' },
    /** Every place is paid: nothing will come back. */
    soldOutFinal: { meta: view('soldOutFinal'), type: 'final', entry: 'stopReading' },
    /** A 401: the session machine asks the athlete to sign in; the ticket waits on the server. */
    sessionEnded: { meta: view('sessionExpired'), type: 'final', entry: 'tellSessionExpired' },
  },
})

/** The stand-in of an actor the portal provides: it only carries the types. */
function fromApiStandIn<TInput>(name: string) {
  return fromPromise<TicketAnswer, TInput>(() => {
    throw new Error(`${name} is provided by the portal`)
  })
}

export type WaitingRoomSnapshot = SnapshotFrom<typeof waitingRoomMachine>

/** The view of the state the room is in (its deepest state with a `view` meta). */
export function viewOf(snapshot: WaitingRoomSnapshot): WaitingRoomView {
  const views = Object.values(snapshot.getMeta()).flatMap((meta) => (meta ? [meta.view] : []))
  const found = views.at(-1)
  if (!found) throw new Error(`waitingRoom: no view for ${JSON.stringify(snapshot.value)}`)
  return found
}
