/**
 * Model-based scenarios of the wait list (`machines/places/wait-list.machine.ts`, issue 23 point 3).
 * `xstate/graph` walks the machine to the shortest path to every state the model's events reach
 * (the server's answers to the call in flight, the athlete's and the browser's events, and the clock
 * moved to each moment that matters: the read planned, 2 hours before an offer's deadline, the
 * deadline); each path is extended by every event that takes a transition there, then replayed
 * against a live list whose calls are held until the path answers them
 * (machines/places/wait-list.test-harness.ts). After each step the properties below, written from
 * the design (issue 23, decision 038), are checked on what the screen reads and the calls the fake
 * server received; the machine's next state is compared only to prove the replay follows the path.
 *
 * | Spec (issue 23 point 3, decision 038) | Property |
 * |---|---|
 * | the view of each entry state and of each answer of join, status and leave; an offer's deadline on the clock | `showsWhatTheServerSaid` |
 * | one call at a time | `oneCallAtATime` |
 * | read every minute (+ up to 20 %) while listed or offered; 2, 4, 8 … 60 s after a failure; `Retry-After` | `asksAsTheServerAsks` |
 * | a warning 2 hours before the deadline, once; the wizard opened only for an offer | `toldAtTheirTime` |
 * | nothing asked once the entry can no longer change by itself | `asksNothingOnceOver` (end of every path) |
 */
import { describe, expect, it } from 'vitest'
import { initialTransition, transition, type AnyStateNode } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { ApiError } from '../../contracts/api-error'
import { HOUR_MS, SECOND_MS } from '../../contracts/time'
import type { WaitEntry } from '../../contracts/wait-list.contract'
import { waitListMachine, type WaitListEvent, type WaitListInput, type WaitListSnapshot, type WaitListView } from '../../machines/places/wait-list.machine'
import {
  busy,
  entryOf,
  JITTER_SEED,
  offline,
  RACE_ID,
  refusal,
  serverError,
  START,
  startList,
  unauthorized,
  type CallName,
  type List,
} from '../../machines/places/wait-list.test-harness'
import { recordCoverage, writeCoverageAfterAll } from './coverage'

writeCoverageAfterAll(import.meta.filename)

// The spec's figures (issue 23 design).
const SPEC_READ_S = 60
const SPEC_WARNING_MS = 2 * HOUR_MS
const SPEC_MAX_JITTER = 0.2
const specBackoffS = (failures: number) => Math.min(60, 2 ** failures)

type Answer = { label: string; entry: (now: number) => WaitEntry } | { label: string; error: ApiError }

const iso = (ms: number) => new Date(ms).toISOString()
const bare = { posizione: undefined, davanti: undefined }
const offered = (leftMs: number) => (now: number) => entryOf({ ...bare, stato: 'offerta', offerta_scade: iso(now + leftMs) })

const ENTRIES: Answer[] = [
  { label: 'in_attesa 3', entry: () => entryOf() },
  { label: 'in_attesa 1', entry: () => entryOf({ posizione: 1, davanti: 0 }) },
  { label: 'offerta 48 h', entry: offered(48 * HOUR_MS) },
  { label: 'offerta 1 h', entry: offered(HOUR_MS) },
  // The server's clock a little behind, or a card authorised in time and settling.
  { label: 'offerta, deadline passed', entry: offered(-SECOND_MS) },
  { label: 'iscritto', entry: () => entryOf({ ...bare, stato: 'iscritto' }) },
  { label: 'scaduta', entry: () => entryOf({ ...bare, stato: 'scaduta' }) },
  { label: 'uscito', entry: () => entryOf({ ...bare, stato: 'uscito' }) },
]

const failures = (name: CallName): Answer[] => [
  { label: '401', error: unauthorized(name) },
  { label: 'network', error: offline(name) },
  { label: '503 Retry-After 20', error: busy(name, 503, 20) },
  { label: '500', error: serverError(name) },
]

const ANSWERS: Record<CallName, Answer[]> = {
  readEntry: [...ENTRIES, { label: '404 not_listed', error: refusal('readEntry', 404, 'not_listed') }, ...failures('readEntry')],
  joinList: [
    ENTRIES[0]!,
    { label: '409 already_listed (its entry)', error: refusal('joinList', 409, 'already_listed', { voce: entryOf({ posizione: 2, davanti: 1 }) }) },
    { label: '409 already_listed (no entry)', error: refusal('joinList', 409, 'already_listed') },
    { label: '409 places_left', error: refusal('joinList', 409, 'places_left') },
    { label: '422 wait_list_closed', error: refusal('joinList', 422, 'wait_list_closed') },
    { label: '409 already_enrolled', error: refusal('joinList', 409, 'already_enrolled') },
    ...failures('joinList'),
  ],
  leaveList: [ENTRIES.at(-1)!, { label: '404 not_listed', error: refusal('leaveList', 404, 'not_listed') }, ...failures('leaveList')],
}

type Moment = 'readDue' | 'offerWarning' | 'offerEnds'
type ModelEvent = { type: 'answer'; call: CallName; answer: Answer } | Exclude<WaitListEvent, { type: 'clock.tick' }> | { type: 'time'; moment: Moment }

const USER_EVENTS: WaitListEvent[] = [
  { type: 'waitList.join' },
  { type: 'waitList.leave' },
  { type: 'waitList.enrol' },
  { type: 'waitList.retry' },
  { type: 'connection.back' },
]

const internalEvent = (event: { type: string; output?: unknown; error?: unknown }) => event as WaitListEvent

function callInFlight(snapshot: WaitListSnapshot): { call: CallName; id: string } | null {
  for (const node of (snapshot as { _nodes?: AnyStateNode[] })._nodes ?? []) {
    const invoke = node.invoke[0]
    if (invoke && typeof invoke.src === 'string') return { call: invoke.src as CallName, id: invoke.id }
  }
  return null
}

function momentsAt(snapshot: WaitListSnapshot): Array<{ moment: Moment; now: number }> {
  const { context } = snapshot
  const deadline = context.entry?.offerEndsAt ?? null
  const candidates: Array<[Moment, number | null]> = [
    ['readDue', context.nextReadAt],
    ['offerWarning', deadline === null ? null : deadline - SPEC_WARNING_MS],
    ['offerEnds', deadline],
  ]
  return candidates.flatMap(([moment, at]) => (at !== null && at > context.now ? [{ moment, now: at }] : []))
}

const modelEventOf = new WeakMap<object, ModelEvent>()

function eventsAt(snapshot: WaitListSnapshot): WaitListEvent[] {
  if (snapshot.status !== 'active') return []
  const events: WaitListEvent[] = []
  const offer = (machineEvent: { type: string; output?: unknown; error?: unknown }, model: ModelEvent) => {
    modelEventOf.set(machineEvent, model)
    events.push(internalEvent(machineEvent))
  }
  const inFlight = callInFlight(snapshot)
  if (inFlight) {
    for (const answer of ANSWERS[inFlight.call]) {
      const model: ModelEvent = { type: 'answer', call: inFlight.call, answer }
      const now = snapshot.context.now
      offer(
        'entry' in answer
          ? { type: `xstate.done.actor.${inFlight.id}`, output: { entry: answer.entry(now), receivedAt: now } }
          : { type: `xstate.error.actor.${inFlight.id}`, error: answer.error },
        model,
      )
    }
  }
  for (const event of USER_EVENTS) offer({ ...event }, event as ModelEvent)
  for (const { moment, now } of momentsAt(snapshot)) {
    const tick = { type: 'clock.tick' as const, now }
    const [next] = transition(waitListMachine, snapshot, tick)
    if (serializeState(next) !== serializeState(snapshot)) offer(tick, { type: 'time', moment })
  }
  return events
}

const takes = (snapshot: WaitListSnapshot, event: WaitListEvent) => waitListMachine.getTransitionData(snapshot, event).length > 0

function nameOf(event: ModelEvent): string {
  if (event.type === 'answer') return `${event.call} → ${event.answer.label}`
  if (event.type === 'time') return `clock to ${event.moment}`
  return event.type
}

function serializeState(snapshot: WaitListSnapshot): string {
  const { context } = snapshot
  const deadline = context.entry?.offerEndsAt ?? null
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    failure: context.failure === null ? null : context.failure === 'busy' ? 'busy' : 'retryNow',
    entry: context.entry?.state ?? null,
    enrolling: context.enrolling,
    deadline: deadline === null ? null : deadline <= context.now ? 'passed' : deadline - context.now <= SPEC_WARNING_MS ? 'ending' : 'far',
  })
}

const INPUT: WaitListInput = { raceId: RACE_ID, now: START, jitterSeed: JITTER_SEED }

interface ScenarioPath {
  name: string
  events: ModelEvent[]
}

function generate(): ScenarioPath[] {
  const reached = getShortestPaths(waitListMachine, { input: INPUT, events: eventsAt, serializeState })
  const paths: ScenarioPath[] = []
  for (const path of reached) {
    if (path.state.status !== 'active') continue
    const prefix = path.steps.slice(1).map((step) => modelEventOf.get(step.event)!)
    for (const event of eventsAt(path.state)) {
      if (!takes(path.state, event)) continue
      const events = [...prefix, modelEventOf.get(event)!]
      paths.push({ name: ['the wait-list page', ...events.map(nameOf)].join(' → '), events })
    }
  }
  return paths
}

const PATHS = generate()

// ---------------------------------------------------------------------------------------------
// The oracle: what the spec says, from what the fake server answered and the athlete did

interface Spec {
  now: number
  /** The call the page is making that is not a routine read (the first read, a join, a leave). */
  doing: 'read' | 'join' | 'leave' | null
  entry: WaitEntry | null
  refused: string | null
  sessionOver: boolean
  /** The athlete took the offer into the wizard. */
  enrolling: boolean
  /** The clock passed the offer's deadline; the server has not confirmed it yet. */
  lapsedByClock: boolean
  failuresInRow: number
  failure: { retryAfterS: number | null } | null
  /** Every offer deadline the server gave: each may be warned of once. */
  deadlinesSeen: Set<number>
  enrolsOpened: number
}

const deadlineOf = (entry: WaitEntry | null) => (entry?.offerta_scade === undefined || entry === null ? null : Date.parse(entry.offerta_scade))

function specView(spec: Spec): WaitListView {
  if (spec.sessionOver) return 'sessionExpired'
  if (spec.refused !== null) return 'refused'
  if (spec.doing === 'read') return 'reading'
  if (spec.doing === 'join') return 'joining'
  if (spec.doing === 'leave') return 'leaving'
  if (spec.lapsedByClock) return 'lapsed'
  const entry = spec.entry
  if (entry === null) return 'notListed'
  switch (entry.stato) {
    case 'in_attesa':
      return 'waiting'
    case 'offerta': {
      const left = deadlineOf(entry)! - spec.now
      if (left <= 0) return 'enrolling'
      if (spec.enrolling) return 'enrolling'
      return left <= SPEC_WARNING_MS ? 'offerEnding' : 'offered'
    }
    case 'iscritto':
      return 'enrolled'
    case 'scaduta':
      return 'lapsed'
    case 'uscito':
      return 'left'
  }
}

/** The offer is open on the clock: a deadline ahead and the server's last word `offerta`. */
const offerOpen = (spec: Spec) => spec.entry?.stato === 'offerta' && !spec.lapsedByClock && deadlineOf(spec.entry)! > spec.now

function advanceSpec(spec: Spec, event: ModelEvent, canEnrol: boolean): void {
  const answered = () => {
    spec.failure = null
    spec.failuresInRow = 0
  }
  const afterEntry = (entry: WaitEntry) => {
    answered()
    spec.doing = null
    spec.lapsedByClock = false
    spec.entry = entry
    const deadline = deadlineOf(entry)
    if (deadline !== null) spec.deadlinesSeen.add(deadline)
  }
  switch (event.type) {
    case 'answer': {
      const { answer } = event
      if ('entry' in answer) return afterEntry(answer.entry(spec.now))
      const error = answer.error
      if (error.kind === 'unauthorized') {
        spec.sessionOver = true
        return
      }
      const code = error.kind === 'http' ? error.code : null
      // The read after the clock's lapse: a failure leaves the lapse as the clock said it.
      if (spec.lapsedByClock) {
        answered()
        return
      }
      if (code === 'not_listed') {
        answered()
        spec.doing = null
        spec.entry = null
        spec.enrolling = false
        return
      }
      if (code === 'already_listed') {
        answered()
        const carried = error.kind === 'http' ? (error.body as { voce?: WaitEntry }).voce : undefined
        if (carried) afterEntry(carried)
        else spec.doing = 'read'
        return
      }
      if (code === 'places_left' || code === 'wait_list_closed' || code === 'already_enrolled') {
        spec.refused = code
        return
      }
      spec.failuresInRow += 1
      spec.failure = { retryAfterS: error.kind === 'http' ? (error.retryAfterS ?? null) : null }
      return
    }
    case 'time':
      return
    case 'waitList.join':
      spec.doing = 'join'
      spec.enrolling = false
      spec.lapsedByClock = false
      answered()
      return
    case 'waitList.leave':
      spec.doing = 'leave'
      spec.enrolling = false
      spec.lapsedByClock = false
      answered()
      return
    case 'waitList.enrol':
      if (canEnrol) {
        spec.enrolling = true
        spec.enrolsOpened += 1
      }
      return
    default:
      return
  }
}

/** After the clock moved: an open offer past its deadline lapses (and is read once more). */
function clockMoved(spec: Spec, now: number): void {
  const wasOpen = offerOpen(spec) && spec.doing === null
  spec.now = now
  if (wasOpen && deadlineOf(spec.entry)! <= now) {
    spec.lapsedByClock = true
    spec.enrolling = false
    spec.failure = null
    spec.failuresInRow = 0
  }
}

interface Observed {
  list: List
  spec: Spec
  event: ModelEvent
}

function showsWhatTheServerSaid({ list, spec }: Observed) {
  expect(list.view()).toBe(specView(spec))
}

function oneCallAtATime({ list }: Observed) {
  expect(list.overlapping).toEqual([])
}

/** A read planned after an answer or a failure is due when the spec says, jitter included. */
function asksAsTheServerAsks({ list, spec, event }: Observed) {
  if (event.type !== 'answer' || spec.sessionOver || spec.refused !== null) return
  const next = list.context().nextReadAt
  if (next === null || list.inFlight()) return
  const waitS = spec.failure ? (spec.failure.retryAfterS ?? specBackoffS(spec.failuresInRow)) : SPEC_READ_S
  expect(next - spec.now).toBeGreaterThanOrEqual(waitS * SECOND_MS)
  expect(next - spec.now).toBeLessThanOrEqual(waitS * SECOND_MS * (1 + SPEC_MAX_JITTER))
}

/** The warning once per deadline, when 2 hours or less are left; `enrol` only for an offer taken. */
function toldAtTheirTime({ list, spec }: Observed) {
  expect(list.told().filter((told) => told === 'enrol')).toHaveLength(spec.enrolsOpened)
  const warnings = list.told().filter((told) => told === 'offerEnding').length
  expect(warnings).toBeLessThanOrEqual(spec.deadlinesSeen.size)
  if (list.view() === 'offerEnding') expect(warnings).toBeGreaterThan(0)
}

function asksNothingOnceOver(list: List) {
  const view = list.view()
  const live = ['reading', 'joining', 'leaving', 'waiting', 'offered', 'offerEnding', 'enrolling'].includes(view)
  if (live || list.inFlight()) return
  const calls = list.calls.length
  list.advance(HOUR_MS)
  expect(list.calls, 'none an hour later').toHaveLength(calls)
}

async function replay(path: ScenarioPath) {
  const list = startList({ now: START, inspect: recordCoverage })
  let [model] = initialTransition(waitListMachine, INPUT)
  const spec: Spec = {
    now: START,
    doing: 'read',
    entry: null,
    refused: null,
    sessionOver: false,
    enrolling: false,
    lapsedByClock: false,
    failuresInRow: 0,
    failure: null,
    deadlinesSeen: new Set(),
    enrolsOpened: 0,
  }
  for (const [index, event] of path.events.entries()) {
    const where = `step ${String(index + 1)} (${nameOf(event)})`
    const canEnrol = list.can({ type: 'waitList.enrol' }) && offerOpen(spec)
    let machineEvent: WaitListEvent
    switch (event.type) {
      case 'answer': {
        const id = callInFlight(model)!.id
        if ('entry' in event.answer) {
          const entry = event.answer.entry(list.now)
          machineEvent = internalEvent({ type: `xstate.done.actor.${id}`, output: { entry, receivedAt: list.now } })
          await list.answer(event.call, entry)
        } else {
          machineEvent = internalEvent({ type: `xstate.error.actor.${id}`, error: event.answer.error })
          await list.fail(event.call, event.answer.error)
        }
        advanceSpec(spec, event, canEnrol)
        break
      }
      case 'time': {
        const at = momentsAt(model).find((moment) => moment.moment === event.moment)!.now
        machineEvent = { type: 'clock.tick', now: at }
        list.advanceTo(at)
        clockMoved(spec, at)
        break
      }
      default:
        machineEvent = event
        advanceSpec(spec, event, canEnrol)
        list.send(event)
    }
    ;[model] = transition(waitListMachine, model, machineEvent)
    expect(list.actor.getSnapshot().value, `${where}: the replay follows the path`).toEqual(model.value)
    const observed: Observed = { list, spec, event }
    for (const property of [showsWhatTheServerSaid, oneCallAtATime, asksAsTheServerAsks, toldAtTheirTime]) {
      try {
        property(observed)
      } catch (error) {
        throw new Error(`${path.name}\n${where}: ${property.name}: ${String(error)}`)
      }
    }
  }
  asksNothingOnceOver(list)
  list.actor.stop()
}

describe('wait list scenarios', () => {
  it('the model reaches the machine with paths', () => {
    expect(PATHS.length).toBeGreaterThan(50)
  })

  it.each(PATHS.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    await replay(path)
  })

})
