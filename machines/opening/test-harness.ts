/**
 * A waiting room for the tests: its four calls held in flight until a test answers them (as the
 * server would, with `receivedAt` the test clock's), time moved only by `advance`, which sends the
 * `clock.tick` the portal's binding sends. No React, no network, no timers. The scenario tests
 * (tests/scenarios/waiting-room.*) use it too, with the coverage recorder.
 */
import { createActor, type InspectionEvent } from 'xstate'
import type { QueueTicket } from '../../contracts/queue.contract'
import { MINUTE_MS, SECOND_MS } from '../../contracts/time'
import { apiFailures, heldCalls, type HeldCall } from '../held-calls'
import {
  viewOf,
  waitingRoomMachine,
  type HoldPlaceInput,
  type RaceInput,
  type TicketAnswer,
  type WaitingRoomEmitted,
  type WaitingRoomEvent,
  type WaitingRoomInput,
} from './waiting-room.machine'

/** Registration opens at 09:00 on 1 June 2026 (UTC); the room half an hour before (decision 037). */
export const OPENS_AT = Date.UTC(2026, 5, 1, 9, 0, 0)
export const ROOM_OPENS_AT = OPENS_AT - 30 * MINUTE_MS
export const RACE_ID = 260
export const JITTER_SEED = 0x5eed

export type CallName = 'readTicket' | 'joinQueue' | 'holdPlace' | 'leaveQueue'

const OPERATION: Record<CallName, string> = {
  readTicket: 'queue.status',
  joinQueue: 'queue.join',
  holdPlace: 'queue.hold',
  leaveQueue: 'queue.leave',
}

export type Call = HeldCall<CallName, { raceId: number; admission?: string }>

const iso = (ms: number) => new Date(ms).toISOString()

/** A ticket as the server answers it; `in_coda` at position 5 unless told otherwise. */
export function ticketOf(overrides: Partial<QueueTicket> = {}): QueueTicket {
  return {
    biglietto: 'Q-260-17',
    gara_id: RACE_ID,
    stato: 'in_coda',
    entrato: iso(ROOM_OPENS_AT + MINUTE_MS),
    sorteggiato: true,
    posizione: 5,
    davanti: 4,
    attesa_stimata_s: 60,
    riprova_tra_s: 15,
    ...overrides,
  }
}

/** The ticket in each state, as the contract shapes it, with deadlines counted from `now`. */
export const tickets = {
  inRoom: (now: number) =>
    ticketOf({ stato: 'in_sala', posizione: undefined, davanti: undefined, attesa_stimata_s: Math.max(0, Math.round((OPENS_AT - now) / SECOND_MS)), riprova_tra_s: 30 }),
  queued: (position = 5) => ticketOf({ posizione: position, davanti: position - 1 }),
  admitted: (now: number, token = 'adm-token-1') =>
    ticketOf({
      stato: 'ammesso',
      posizione: undefined,
      davanti: undefined,
      attesa_stimata_s: undefined,
      ammissione: { token, scade: iso(now + 5 * MINUTE_MS) },
      riprova_tra_s: 30,
    }),
  held: (until: number, inPayment = false) =>
    ticketOf({
      stato: 'posto',
      posizione: undefined,
      davanti: undefined,
      attesa_stimata_s: undefined,
      posto: { scade: iso(until), in_pagamento: inPayment },
      riprova_tra_s: 30,
    }),
  paid: () => ticketOf({ stato: 'pagato', posizione: undefined, davanti: undefined, attesa_stimata_s: undefined, riprova_tra_s: undefined }),
  soldOut: (definitivo: boolean) =>
    ticketOf({ stato: 'esaurito', definitivo, attesa_stimata_s: undefined, riprova_tra_s: definitivo ? undefined : 60 }),
  ended: (motivo: 'admission_expired' | 'hold_expired') =>
    ticketOf({ stato: 'scaduto', motivo, posizione: undefined, davanti: undefined, attesa_stimata_s: undefined, riprova_tra_s: undefined }),
  left: () => ticketOf({ stato: 'uscito', posizione: undefined, davanti: undefined, attesa_stimata_s: undefined, riprova_tra_s: undefined }),
}

export const { refusal, busy, offline, unauthorized, serverError } = apiFailures(OPERATION)

export interface StartRoomOptions extends Partial<Omit<WaitingRoomInput, 'now'>> {
  /** The portal's clock at the start; the room's opening by default. */
  now?: number
  inspect?: (event: InspectionEvent) => void
}

/** Starts a waiting room; its first call (the ticket read) is in flight at once. */
export function startRoom(options: StartRoomOptions = {}) {
  const { inspect, now: start = ROOM_OPENS_AT, ...rest } = options
  let now = start
  const emitted: WaitingRoomEmitted[] = []
  const { calls, overlapping, held, answer, fail, callsOf, inFlight } = heldCalls<CallName, TicketAnswer, Call['input']>(() => now)

  const machine = waitingRoomMachine.provide({
    actors: {
      readTicket: held<RaceInput>('readTicket'),
      joinQueue: held<RaceInput>('joinQueue'),
      holdPlace: held<HoldPlaceInput>('holdPlace'),
      leaveQueue: held<RaceInput>('leaveQueue'),
    },
  })
  const input: WaitingRoomInput = { raceId: RACE_ID, opensAt: OPENS_AT, roomOpensAt: ROOM_OPENS_AT, jitterSeed: JITTER_SEED, ...rest, now: start }
  const actor = createActor(machine, { input, ...(inspect ? { inspect } : {}) })
  actor.on('*', (event) => void emitted.push(event))
  actor.start()

  const room = {
    actor,
    calls,
    emitted,
    overlapping,
    get now() {
      return now
    },
    send: (event: WaitingRoomEvent) => actor.send(event),
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
    view: () => viewOf(actor.getSnapshot()),
    value: () => actor.getSnapshot().value,
    status: () => actor.getSnapshot().status,
    can: (event: WaitingRoomEvent) => actor.getSnapshot().can(event),
    /** The calls of `name` made so far. */
    callsOf,
    inFlight,
    /** The announcement codes said so far. */
    announced: () => emitted.flatMap((event) => (event.type === 'announce' ? [event.code] : [])),
    /** The emitted events but announcements. */
    told: () => emitted.flatMap((event) => (event.type === 'announce' ? [] : [event.type])),
    answer: (name: CallName, ticket: QueueTicket) => answer(name, { ticket, receivedAt: now }),
    fail,
    /** Moves the portal's clock by `ms` and ticks the room, as the binding does every second (a room that ended takes no ticks). */
    advance(ms: number) {
      now += ms
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'clock.tick', now })
    },
    /** Moves the clock to `instant` (not back). */
    advanceTo(instant: number) {
      room.advance(Math.max(0, instant - now))
    },
  }
  return room
}

export type Room = ReturnType<typeof startRoom>
