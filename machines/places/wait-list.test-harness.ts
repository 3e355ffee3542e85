/**
 * A wait list for the tests: its three calls held in flight until a test answers them (with
 * `receivedAt` the test clock's), time moved only by `advance`, which sends the `clock.tick` the
 * portal's binding sends. No React, no network, no timers. The scenarios
 * (tests/scenarios/wait-list.scenarios.test.ts) use it too, with the coverage recorder.
 */
import { createActor, fromPromise, type InspectionEvent } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import { HOUR_MS } from '../../contracts/time'
import type { WaitEntry } from '../../contracts/wait-list.contract'
import { deferred, failure, flushMicrotasks, type Deferred } from '../session/test-harness'
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

export function refusal(name: CallName, status: number, code: string, extra: Record<string, unknown> = {}): ApiError {
  return failure({ kind: 'http', status, code, body: { type: 'about:blank', title: code, status, code, ...extra }, operation: OPERATION[name] })
}
export function busy(name: CallName, status: 429 | 503, retryAfterS?: number): ApiError {
  return failure({ kind: 'http', status, code: null, body: null, operation: OPERATION[name], ...(retryAfterS === undefined ? {} : { retryAfterS }) })
}
export const offline = (name: CallName): ApiError => failure({ kind: 'network', operation: OPERATION[name] })
export const unauthorized = (name: CallName): ApiError => failure({ kind: 'unauthorized', operation: OPERATION[name] })
export const serverError = (name: CallName): ApiError => failure({ kind: 'http', status: 500, code: null, body: null, operation: OPERATION[name] })

/** Starts a wait list; its first call (the entry read) is in flight at once. */
export function startList(options: { now?: number; inspect?: (event: InspectionEvent) => void } = {}) {
  let now = options.now ?? START
  const calls: Array<{ name: CallName; at: number }> = []
  const emitted: WaitListEmitted[] = []
  const pending: Partial<Record<CallName, Deferred<EntryAnswer>>> = {}
  const overlapping: CallName[] = []

  const held = (name: CallName) =>
    fromPromise<EntryAnswer, RaceInput>(({ signal }) => {
      if (Object.keys(pending).length > 0) overlapping.push(name)
      calls.push({ name, at: now })
      const call = deferred<EntryAnswer>()
      pending[name] = call
      signal.addEventListener('abort', () => {
        if (pending[name] === call) delete pending[name]
      })
      return call.promise
    })

  const machine = waitListMachine.provide({ actors: { readEntry: held('readEntry'), joinList: held('joinList'), leaveList: held('leaveList') } })
  const actor = createActor(machine, { input: { raceId: RACE_ID, now, jitterSeed: JITTER_SEED }, ...(options.inspect ? { inspect: options.inspect } : {}) })
  actor.on('*', (event) => void emitted.push(event))
  actor.start()

  async function settle(name: CallName, how: (call: Deferred<EntryAnswer>) => void) {
    const call = pending[name]
    if (!call) throw new Error(`no ${name} call is in flight (in flight: ${Object.keys(pending).join(', ') || 'none'})`)
    delete pending[name]
    how(call)
    await flushMicrotasks()
  }

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
    callsOf: (name: CallName) => calls.filter((call) => call.name === name),
    inFlight: (name?: CallName) => (name ? pending[name] !== undefined : Object.keys(pending).length > 0),
    announced: () => emitted.flatMap((event) => (event.type === 'announce' ? [event.code] : [])),
    told: () => emitted.flatMap((event) => (event.type === 'announce' ? [] : [event.type])),
    answer: (name: CallName, entry: WaitEntry) => settle(name, (call) => call.resolve({ entry, receivedAt: now })),
    fail: (name: CallName, error: unknown) => settle(name, (call) => call.reject(error)),
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
