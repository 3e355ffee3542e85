/**
 * A wait list for the tests: its three calls held in flight until a test answers them (with
 * `receivedAt` the test clock's), time moved only by `advance`, which sends the `clock.tick` the
 * portal's binding sends. No React, no network, no timers. The scenarios
 * (tests/scenarios/wait-list.scenarios.test.ts) use it too, with the coverage recorder.
 */
import { createActor, type InspectionEvent } from 'xstate'
import { HOUR_MS } from '../../contracts/time'
import type { WaitEntry } from '../../contracts/wait-list.contract'
import { apiFailures, heldCalls } from '../held-calls'
import { viewOf, waitListMachine, type EntryAnswer, type RaceInput, type WaitListEmitted, type WaitListEvent } from './wait-list.machine'

/** Monday 2 March 2026, 09:00 in Rome (the seed's "now"). */
export const START = Date.UTC(2026, 2, 2, 8, 0, 0)
export const RACE_ID = 206
export const JITTER_SEED = 0x5eed

export type CallName = 'readEntry' | 'joinList' | 'leaveList'

const OPERATION: Record<CallName, string> = { readEntry: 'waitList.status', joinList: 'waitList.join', leaveList: 'waitList.leave' }

const iso = (ms: number) => new Date(ms).toISOString()

/** An entry as the server answers it: in line, 3rd, unless told otherwise. */
export function entryOf(overrides: Partial<WaitEntry> = {}): WaitEntry {
  return { gara_id: RACE_ID, stato: 'in_attesa', entrato: iso(START - HOUR_MS), origine: 'lista', posizione: 3, davanti: 2, ...overrides }
}

const bare = { posizione: undefined, davanti: undefined }
/** The entry in each state; an offer's deadline counted from `now`. */
export const entries = {
  waiting: (position = 3) => entryOf({ posizione: position, davanti: position - 1 }),
  offered: (now: number, leftMs = 48 * HOUR_MS) => entryOf({ ...bare, stato: 'offerta', offerta_scade: iso(now + leftMs) }),
  enrolled: () => entryOf({ ...bare, stato: 'iscritto' }),
  lapsed: () => entryOf({ ...bare, stato: 'scaduta' }),
  left: () => entryOf({ ...bare, stato: 'uscito' }),
}

export const { refusal, busy, offline, unauthorized, serverError } = apiFailures(OPERATION)

/** Starts a wait list; its first call (the entry read) is in flight at once. */
export function startList(options: { now?: number; inspect?: (event: InspectionEvent) => void } = {}) {
  let now = options.now ?? START
  const emitted: WaitListEmitted[] = []
  const { calls, overlapping, held, answer, fail, callsOf, inFlight } = heldCalls<CallName, EntryAnswer, RaceInput>(() => now)

  const machine = waitListMachine.provide({ actors: { readEntry: held('readEntry'), joinList: held('joinList'), leaveList: held('leaveList') } })
  const actor = createActor(machine, { input: { raceId: RACE_ID, now, jitterSeed: JITTER_SEED }, ...(options.inspect ? { inspect: options.inspect } : {}) })
  actor.on('*', (event) => void emitted.push(event))
  actor.start()

  const list = {
    actor,
    calls,
    emitted,
    overlapping,
    get now() {
      return now
    },
    send: (event: WaitListEvent) => actor.send(event),
    context: () => actor.getSnapshot().context,
    view: () => viewOf(actor.getSnapshot()),
    status: () => actor.getSnapshot().status,
    can: (event: WaitListEvent) => actor.getSnapshot().can(event),
    callsOf,
    inFlight,
    announced: () => emitted.flatMap((event) => (event.type === 'announce' ? [event.code] : [])),
    told: () => emitted.flatMap((event) => (event.type === 'announce' ? [] : [event.type])),
    /** Answers the call in flight; `receivedAt` later than the clock is an answer that came before the next tick. */
    answer: (name: CallName, entry: WaitEntry, receivedAt = now) => answer(name, { entry, receivedAt }),
    fail,
    advance(ms: number) {
      now += ms
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'clock.tick', now })
    },
    advanceTo(instant: number) {
      list.advance(Math.max(0, instant - now))
    },
  }
  return list
}

export type List = ReturnType<typeof startList>
