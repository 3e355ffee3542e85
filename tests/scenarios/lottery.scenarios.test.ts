/**
 * Model-based scenarios of a lottery application (`machines/places/lottery.machine.ts`, issue 23
 * point 4). `xstate/graph` walks the machine to the shortest path to every state the model's events
 * reach (what the page can read of the application and its link, and the clock moved to each moment
 * that matters: before the draw, the draw, an hour before the payment's deadline, the deadline);
 * each path is extended by every event that takes a transition there, then replayed on a live actor.
 * After each step the properties below, written from the design (issue 23, decision 038), are
 * checked on what the screen reads and what the machine emitted; the model's own next state is
 * compared only to prove the replay follows the path.
 *
 * | Spec (issue 23 point 4, decision 038) | Property |
 * |---|---|
 * | applied: a countdown to the draw; drawn: to the payment's deadline | `countsDownToTheNextMoment` |
 * | the outcome the server published is what is shown (drawn, paid, not drawn) | `showsWhatWasRead` |
 * | a link unpaid by its deadline has lapsed | `lapsesAtTheDeadline` |
 * | the page reads again when the draw is due and when the deadline passes, and only then | `readsAgainWhenTimeSays` |
 * | each outcome told to a screen reader once | `toldOnce` |
 */
import { describe, expect, it } from 'vitest'
import { createActor, initialTransition, transition } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { HOUR_MS, SECOND_MS } from '../../contracts/time'
import { lotteryMachine, viewOf, type LotteryEmitted, type LotteryEvent, type LotteryInput, type LotterySnapshot } from '../../machines/places/lottery.machine'
import { recordCoverage, writeCoverageAfterAll } from './coverage'

writeCoverageAfterAll(import.meta.filename)

// The seed's flagship: applications read a month before the draw; 240 hours to pay.
const DRAW = Date.parse('2026-04-02T10:00:00Z')
const PAY_BY = DRAW + 240 * HOUR_MS
const INPUT: LotteryInput = { drawAt: DRAW, now: DRAW - 31 * 24 * HOUR_MS }

const EVENTS: readonly LotteryEvent[] = [
  { type: 'clock.tick', now: DRAW - SECOND_MS },
  { type: 'clock.tick', now: DRAW },
  { type: 'clock.tick', now: PAY_BY - HOUR_MS },
  { type: 'clock.tick', now: PAY_BY },
  { type: 'lottery.read', outcome: 'in_attesa', payBy: null, link: null },
  { type: 'lottery.read', outcome: 'estratto', payBy: PAY_BY, link: 'open' },
  { type: 'lottery.read', outcome: 'estratto', payBy: PAY_BY, link: 'paid' },
  { type: 'lottery.read', outcome: 'estratto', payBy: PAY_BY, link: 'lapsed' },
  { type: 'lottery.read', outcome: 'non_estratto', payBy: null, link: null },
]

const nameOf = (event: LotteryEvent) =>
  event.type === 'clock.tick' ? `tick ${new Date(event.now).toISOString()}` : `read ${event.outcome}${event.link ? ` (${event.link})` : ''}`

const serializeState = (snapshot: LotterySnapshot) => JSON.stringify({ value: snapshot.value, now: snapshot.context.now, payBy: snapshot.context.payBy })
const eventsAt = (snapshot: LotterySnapshot) => (snapshot.status === 'active' ? [...EVENTS] : [])

interface ScenarioPath {
  name: string
  events: LotteryEvent[]
}

function generate(): ScenarioPath[] {
  const paths: ScenarioPath[] = []
  for (const path of getShortestPaths(lotteryMachine, { input: INPUT, events: eventsAt, serializeState })) {
    const prefix = path.steps.slice(1).map((step) => step.event as LotteryEvent)
    for (const event of eventsAt(path.state)) {
      if (lotteryMachine.getTransitionData(path.state, event).length === 0) continue
      const events = [...prefix, event]
      paths.push({ name: events.map(nameOf).join(' → '), events })
    }
  }
  return paths
}

const PATHS = generate()

interface Observed {
  snapshot: LotterySnapshot
  before: LotterySnapshot
  event: LotteryEvent
  /** What the machine emitted on this step, and on the whole path so far. */
  emitted: LotteryEmitted[]
  all: LotteryEmitted[]
  /** The clock as the page last told it, and the last read. */
  now: number
  lastRead: Extract<LotteryEvent, { type: 'lottery.read' }> | null
}

function countsDownToTheNextMoment(o: Observed) {
  const view = viewOf(o.snapshot)
  if (view.state === 'applied') expect(view.msLeft).toBe(Math.max(0, DRAW - o.now))
  else if (view.state === 'drawn') expect(view.msLeft).toBe(Math.max(0, PAY_BY - o.now))
  else expect(view.msLeft).toBeNull()
}

function showsWhatWasRead(o: Observed) {
  if (o.event.type !== 'lottery.read') return
  const { state } = viewOf(o.snapshot)
  const before = viewOf(o.before).state
  // Once over (paid, not drawn), nothing read changes it; a read lapse may still turn out paid.
  if (before === 'paid' || before === 'notDrawn') return expect(state).toBe(before)
  if (o.event.outcome === 'estratto' && o.event.link === 'paid') return expect(state).toBe('paid')
  if (before === 'lapsed') return expect(state).toBe('lapsed')
  if (o.event.outcome === 'estratto') return expect(state).toBe(o.event.link === 'lapsed' ? 'lapsed' : 'drawn')
  if (before === 'drawn') return expect(state).toBe('drawn')
  if (o.event.outcome === 'non_estratto') return expect(state).toBe('notDrawn')
  expect(state).toBe(o.now >= DRAW ? 'drawing' : 'applied')
}

function lapsesAtTheDeadline(o: Observed) {
  if (viewOf(o.before).state === 'drawn' && o.event.type === 'clock.tick') expect(viewOf(o.snapshot).state).toBe(o.event.now >= PAY_BY ? 'lapsed' : 'drawn')
}

function readsAgainWhenTimeSays(o: Observed) {
  const rereads = o.emitted.filter((event) => event.type === 'reread').length
  const before = viewOf(o.before).state
  const crossed =
    o.event.type === 'clock.tick' && ((before === 'applied' && o.event.now >= DRAW) || (before === 'drawn' && o.event.now >= PAY_BY))
  expect(rereads).toBe(crossed ? 1 : 0)
}

function toldOnce(o: Observed) {
  const codes = o.all.flatMap((event) => (event.type === 'announce' ? [event.code] : []))
  expect(new Set(codes).size).toBe(codes.length)
  const { state } = viewOf(o.snapshot)
  if (state === 'drawn' || state === 'paid' || state === 'lapsed' || state === 'notDrawn') {
    expect(codes).toContain(state === 'drawn' ? 'drawn' : state)
  }
}

function replay(path: ScenarioPath) {
  const actor = createActor(lotteryMachine, { input: INPUT, inspect: recordCoverage })
  const all: LotteryEmitted[] = []
  actor.on('*', (event) => void all.push(event))
  actor.start()
  let [model] = initialTransition(lotteryMachine, INPUT)
  let now = INPUT.now
  let lastRead: Observed['lastRead'] = null
  for (const [index, event] of path.events.entries()) {
    const where = `${path.name}, step ${String(index + 1)} (${nameOf(event)})`
    const before = actor.getSnapshot()
    const seen = all.length
    actor.send(event)
    if (event.type === 'clock.tick') now = event.now
    else lastRead = event
    ;[model] = transition(lotteryMachine, model, event)
    const snapshot = actor.getSnapshot()
    expect(snapshot.value, where).toEqual(model.value)
    const o: Observed = { snapshot, before, event, emitted: all.slice(seen), all: [...all], now, lastRead }
    for (const property of [countsDownToTheNextMoment, showsWhatWasRead, lapsesAtTheDeadline, readsAgainWhenTimeSays, toldOnce]) property(o)
  }
  actor.stop()
}

describe('a lottery application, on every path the model reaches', () => {
  it('has paths to every state', () => {
    const reached = new Set(PATHS.map((path) => JSON.stringify(transition(lotteryMachine, path.events.slice(0, -1).reduce((s, e) => transition(lotteryMachine, s, e)[0], initialTransition(lotteryMachine, INPUT)[0]), path.events.at(-1)!)[0].value)))
    expect([...reached].sort()).toEqual(['"applied"', '"drawing"', '"drawn"', '"lapsed"', '"notDrawn"', '"paid"', '"reading"'].sort())
  })

  it.each(PATHS.map((path) => [path.name, path] as const))('%s', (_name, path) => replay(path))
})
