/**
 * Model-based scenarios of a lottery application (`machines/places/lottery.machine.ts`, issue 23
 * point 4). `xstate/graph` walks the machine to the shortest path to every state the model's events
 * reach: what the query cache can tell of the application, its link and the wait list (each answer
 * and failure the watcher passes on), the watcher failing, the athlete's retry and the connection
 * coming back, and the clock moved to each moment that matters (before the draw, the draw, two minutes after it, an hour before the
 * payment's deadline, the deadline, two minutes after it). Each path is extended by every event that
 * takes a transition there, then replayed on a live actor whose watcher records the reads asked of
 * it. After each step the properties below, written from the design (issue 23, decision 038), are
 * checked on what the screen reads (the view, the countdown, the place in line) and what the machine
 * emitted; the model's own next state is compared only to prove the replay follows the path.
 *
 * | Spec (issue 23 point 4, decision 038) | Property |
 * |---|---|
 * | applied: a countdown to the draw; drawn: to the payment's deadline; not drawn: the place in line | `countsDownToTheNextMoment` |
 * | the outcome the server published is what is shown; a link unpaid at its deadline has lapsed, unless a card authorised in time is settling | `showsWhatTheServerSaid` |
 * | the page reads again when the draw is due and when the deadline passes, and then every minute (+ up to 20 %) until the result is out or the card settled; never on an answer | `readsAgainWhenTimeSays` |
 * | each outcome told to a screen reader once, and only when it changes on screen | `toldOnce` |
 * | a 401 ends the session, said once | `sessionEndSaid` |
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, initialTransition, transition } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { ApiError } from '../../contracts/api-error'
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../../contracts/time'
import {
  deadlineOf,
  lotteryMachine,
  positionOf,
  viewOf,
  type LotteryEmitted,
  type LotteryEvent,
  type LotteryInput,
  type LotterySnapshot,
  type LotteryView,
  type WatcherCommand,
  type WatchInput,
} from '../../machines/places/lottery.machine'
import { recordCoverage, writeCoverageAfterAll } from './coverage'

writeCoverageAfterAll(import.meta.filename)

// The seed's flagship: the page opened a month before the draw; 240 hours to pay.
const DRAW = Date.parse('2026-04-02T10:00:00Z')
const PAY_BY = DRAW + 240 * HOUR_MS
const INPUT: LotteryInput = { raceId: 201, drawAt: DRAW, now: DRAW - 31 * 24 * HOUR_MS, jitterSeed: 7 }
// The spec's pace of reads while the result or a card is awaited.
const SPEC_READ_MS = MINUTE_MS
const SPEC_MAX_JITTER = 0.2

const http = (status: number, code: string | null): ApiError => ({ kind: 'http', operation: 'scenario', status, code: code as never, body: { code } })
const network: ApiError = { kind: 'network', operation: 'scenario' }
const WATCHER_FAILED = { type: 'xstate.error.actor.watcher', error: { kind: 'fault', operation: 'scenario', detail: 'the cache is gone' } } as const

type ModelEvent = LotteryEvent | typeof WATCHER_FAILED

const EVENTS: readonly ModelEvent[] = [
  { type: 'clock.tick', now: DRAW - SECOND_MS },
  { type: 'clock.tick', now: DRAW },
  { type: 'clock.tick', now: DRAW + 2 * MINUTE_MS },
  { type: 'clock.tick', now: PAY_BY - HOUR_MS },
  { type: 'clock.tick', now: PAY_BY },
  { type: 'clock.tick', now: PAY_BY + 2 * MINUTE_MS },
  { type: 'application.read', application: { esito: 'in_attesa' } },
  { type: 'application.read', application: { esito: 'estratto', pagamento_scade: new Date(PAY_BY).toISOString() } },
  { type: 'application.read', application: { esito: 'non_estratto' } },
  { type: 'application.failed', error: http(404, 'no_application') },
  { type: 'application.failed', error: { kind: 'unauthorized', operation: 'scenario' } },
  { type: 'application.failed', error: network },
  // Received at the clock's time when sent (`eventsAt`).
  { type: 'link.read', stato: 'pending', receivedAt: 0 },
  { type: 'link.read', stato: 'success', receivedAt: 0 },
  { type: 'link.failed', error: http(410, 'request_expired') },
  { type: 'link.failed', error: network },
  { type: 'entry.read', position: 12 },
  { type: 'connection.back' },
  { type: 'lottery.retry' },
  WATCHER_FAILED,
]

const nameOf = (event: ModelEvent): string => {
  switch (event.type) {
    case 'clock.tick':
      return `tick ${new Date(event.now).toISOString()}`
    case 'application.read':
      return `read ${event.application.esito}`
    case 'application.failed':
    case 'link.failed':
      return `${event.type} ${event.error && typeof event.error === 'object' && 'code' in event.error ? String(event.error.code) : (event.error as ApiError).kind}`
    case 'link.read':
      return `link ${event.stato} at ${new Date(event.receivedAt).toISOString()}`
    case 'entry.read':
      return `line ${String(event.position)}`
    case 'lottery.retry':
      return 'retry'
    case 'connection.back':
      return 'back online'
    case 'xstate.error.actor.watcher':
      return 'watcher failed'
  }
}

const serializeState = (snapshot: LotterySnapshot) => {
  const { now, facts, shown, announced, nextReadAt } = snapshot.context
  return JSON.stringify({ value: snapshot.value, now, facts, shown, announced: [...announced].sort(), planned: nextReadAt !== null })
}

/**
 * What may come next, as the server and the portal behave: time only moves on; a published outcome
 * stays as it is (an application waits, then is drawn or not); the watcher follows a link only for
 * a drawn application and the wait list only for one not drawn.
 */
function eventsAt(snapshot: LotterySnapshot): ModelEvent[] {
  if (snapshot.status !== 'active') return []
  const { now, facts } = snapshot.context
  const esito = facts?.esito ?? null
  const received = EVENTS.map((event) => (event.type === 'link.read' ? { ...event, receivedAt: now } : event))
  return received.filter((event) => {
    switch (event.type) {
      case 'clock.tick':
        return event.now > now
      case 'application.read':
        return esito === null || esito === 'in_attesa' || esito === event.application.esito
      case 'link.read':
      case 'link.failed':
        return esito === 'estratto'
      case 'entry.read':
        return esito === 'non_estratto'
      default:
        return true
    }
  })
}

interface ScenarioPath {
  name: string
  events: ModelEvent[]
  /** The view the model ends on: every view must be the end of some path. */
  ends: LotteryView
}

function generate(): ScenarioPath[] {
  const paths: ScenarioPath[] = []
  const events = eventsAt as (snapshot: LotterySnapshot) => LotteryEvent[]
  for (const path of getShortestPaths(lotteryMachine, { input: INPUT, events, serializeState })) {
    const prefix = path.steps.slice(1).map((step) => step.event as ModelEvent)
    for (const event of eventsAt(path.state)) {
      if (lotteryMachine.getTransitionData(path.state, event as LotteryEvent).length === 0) continue
      const all = [...prefix, event]
      const [end] = transition(lotteryMachine, path.state, event as LotteryEvent)
      paths.push({ name: all.map(nameOf).join(' → '), events: all, ends: viewOf(end) })
    }
  }
  return paths
}

const PATHS = generate()

/** What the server said so far, as the spec reads it (never the machine's context). */
interface Told {
  now: number
  esito: 'in_attesa' | 'estratto' | 'non_estratto' | null
  /** The last link answer: its status and when it came; a 410 is `expired`. */
  link: { stato: 'pending' | 'success' | 'expired'; at: number } | null
  position: number | null
  notApplied: boolean
  sessionOver: boolean
  /** Nothing read, and a read failed (or the watcher did): the athlete may try again. */
  failed: boolean
}

interface Observed {
  snapshot: LotterySnapshot
  before: LotterySnapshot
  event: ModelEvent
  told: Told
  toldBefore: Told
  emitted: LotteryEmitted[]
  all: LotteryEmitted[]
  refreshes: number
  /** When the machine last came to await a result or a card (the draw due, a card settling), and its reads since. */
  awaitingSince: number | null
}

/** Decision 038's outcome, from what the server said and the clock. */
function expectedView(told: Told): LotteryView {
  if (told.sessionOver) return 'sessionExpired'
  if (told.notApplied) return 'notApplied'
  if (told.esito === null) return told.failed ? 'failed' : 'reading'
  if (told.esito === 'in_attesa') return told.now >= DRAW ? 'drawing' : 'applied'
  if (told.esito === 'non_estratto') return 'notDrawn'
  if (told.link?.stato === 'success') return 'paid'
  if (told.link?.stato === 'expired') return 'lapsed'
  if (told.now < PAY_BY) return 'drawn'
  // Past the deadline the server answers a pending link only for a card authorised in time.
  return told.link?.stato === 'pending' && told.link.at >= PAY_BY ? 'confirming' : 'lapsed'
}

function showsWhatTheServerSaid(o: Observed) {
  expect(viewOf(o.snapshot)).toBe(expectedView(o.told))
}

function countsDownToTheNextMoment(o: Observed) {
  const view = viewOf(o.snapshot)
  expect(deadlineOf(o.snapshot)).toBe(view === 'applied' ? DRAW : view === 'drawn' ? PAY_BY : null)
  expect(positionOf(o.snapshot)).toBe(view === 'notDrawn' ? o.told.position : null)
}

function readsAgainWhenTimeSays(o: Observed) {
  if (o.event.type !== 'clock.tick') return expect(o.refreshes).toBe(0)
  const before = viewOf(o.before)
  const after = viewOf(o.snapshot)
  const crossedDraw = before === 'applied' && o.event.now >= DRAW
  const crossedDeadline = before === 'drawn' && o.event.now >= PAY_BY
  if (crossedDraw || crossedDeadline) return expect(o.refreshes).toBe(1)
  if ((after === 'drawing' || after === 'confirming') && before === after && o.awaitingSince !== null) {
    const waited = o.event.now - o.awaitingSince
    if (waited < SPEC_READ_MS) expect(o.refreshes).toBe(0)
    if (waited >= SPEC_READ_MS * (1 + SPEC_MAX_JITTER)) expect(o.refreshes).toBe(1)
    return
  }
  expect(o.refreshes).toBe(0)
}

const OUTCOMES: ReadonlySet<LotteryView> = new Set(['applied', 'drawing', 'drawn', 'confirming', 'paid', 'lapsed', 'notDrawn'])

function toldOnce(o: Observed) {
  const codes = o.all.flatMap((event) => (event.type === 'announce' ? [event.code] : []))
  expect(new Set(codes).size).toBe(codes.length)
  const said = o.emitted.flatMap((event) => (event.type === 'announce' ? [event.code] : []))
  const before = viewOf(o.before)
  const after = viewOf(o.snapshot)
  if (said.length === 0) return
  // Said on a change from an outcome on screen to the one said, never as the first outcome shown.
  expect(said).toEqual([after])
  expect(before).not.toBe(after)
  expect(OUTCOMES.has(before)).toBe(true)
}

function sessionEndSaid(o: Observed) {
  const ends = o.all.filter((event) => event.type === 'sessionExpired').length
  expect(ends).toBe(o.told.sessionOver ? 1 : 0)
}

function tell(told: Told, event: ModelEvent): Told {
  switch (event.type) {
    case 'clock.tick':
      return { ...told, now: event.now }
    case 'application.read':
      return { ...told, esito: event.application.esito, notApplied: false, failed: false }
    case 'application.failed': {
      const error = event.error as ApiError
      if (error.kind === 'unauthorized') return { ...told, sessionOver: true }
      if (error.kind === 'http' && error.code === 'no_application') return { ...told, notApplied: true, esito: null, link: null, position: null }
      return told.esito === null && !told.notApplied ? { ...told, failed: true } : told
    }
    case 'link.read':
      return told.esito === null ? told : { ...told, link: { stato: event.stato === 'success' ? 'success' : 'pending', at: event.receivedAt } }
    case 'link.failed': {
      const error = event.error as ApiError
      return told.esito !== null && error.kind === 'http' && error.code === 'request_expired' ? { ...told, link: { stato: 'expired', at: told.now } } : told
    }
    case 'entry.read':
      return told.esito === null ? told : { ...told, position: event.position }
    case 'lottery.retry':
    case 'connection.back':
      return { ...told, failed: false }
    case 'xstate.error.actor.watcher':
      // The watcher follows nothing any more: trying again reads afresh (the cache still holds the answers).
      return { ...told, failed: true, esito: null, notApplied: false, link: null, position: null }
  }
}

function replay(path: ScenarioPath) {
  let refreshes = 0
  const watchApplication = fromCallback<WatcherCommand, WatchInput>(({ receive }) => receive(() => void (refreshes += 1)))
  const actor = createActor(lotteryMachine.provide({ actors: { watchApplication } }), { input: INPUT, inspect: recordCoverage })
  const all: LotteryEmitted[] = []
  actor.on('*', (event) => void all.push(event))
  actor.start()
  let [model] = initialTransition(lotteryMachine, INPUT)
  let told: Told = { now: INPUT.now, esito: null, link: null, position: null, notApplied: false, sessionOver: false, failed: false }
  let awaitingSince: number | null = null
  for (const [index, event] of path.events.entries()) {
    const where = `${path.name}, step ${String(index + 1)} (${nameOf(event)})`
    const before = actor.getSnapshot()
    const seen = all.length
    refreshes = 0
    actor.send(event as LotteryEvent)
    ;[model] = transition(lotteryMachine, model, event as LotteryEvent)
    const snapshot = actor.getSnapshot()
    expect(snapshot.value, where).toEqual(model.value)
    const toldBefore = told
    told = tell(told, event)
    const o: Observed = { snapshot, before, event, told, toldBefore, emitted: all.slice(seen), all: [...all], refreshes, awaitingSince }
    for (const property of [showsWhatTheServerSaid, countsDownToTheNextMoment, readsAgainWhenTimeSays, toldOnce, sessionEndSaid]) {
      try {
        property(o)
      } catch (error) {
        throw new Error(`${where}: ${property.name}: ${(error as Error).message}`)
      }
    }
    // A wait begins when its view comes on screen, and begins again at each read it asks.
    const view = viewOf(snapshot)
    if (view !== 'drawing' && view !== 'confirming') awaitingSince = null
    else if (viewOf(before) !== view || refreshes > 0) awaitingSince = told.now
  }
  actor.stop()
}

describe('a lottery application, on every path the model reaches', () => {
  it('has paths to every view', () => {
    const views = new Set(PATHS.map((path) => path.ends))
    expect([...views].sort()).toEqual(['applied', 'confirming', 'drawing', 'drawn', 'failed', 'lapsed', 'notApplied', 'notDrawn', 'paid', 'reading', 'sessionExpired'])
  })

  it.each(PATHS.map((path) => [path.name, path] as const))('%s', (_name, path) => replay(path))
})
