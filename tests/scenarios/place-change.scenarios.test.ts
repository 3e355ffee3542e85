/**
 * Model-based scenarios of a withdrawal or deferral (`machines/places/place-change.machine.ts`,
 * issue 23). `xstate/graph` walks the machine as a pure function to the shortest path to every state
 * the model's events reach (the athlete's, and the server's answers to the change in flight); each
 * path is extended by every event that takes a transition there, then replayed against a live
 * machine whose call is held until the path answers it (machines/places/test-harness.ts). After each
 * step the properties below, written from decision 038, are checked on what the page reads and on
 * the calls the fake server received; the machine's next state is compared only to prove the replay
 * follows the path.
 *
 * | Spec (decision 038) | Property |
 * |---|---|
 * | nothing changes without the athlete's confirmation; one call at a time | `asksOnlyWhenConfirmed` |
 * | a key made once per attempt and kept for its retries | `oneKeyPerAttempt` |
 * | the amount shown is the amount refunded; a changed one is shown and confirmed again | `sendsTheRefundShown` |
 * | each refusal worded; a 503 (or no answer) is not a refusal; a 401 goes to the session | `saysWhatTheServerSaid` |
 */
import { describe, expect, it } from 'vitest'
import { initialTransition, transition } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { ApiError } from '../../contracts/api-error'
import {
  placeChangeMachine,
  placeChangeView,
  type PlaceChangeEvent,
  type PlaceChangeInput,
  type PlaceChangeSnapshot,
} from '../../machines/places/place-change.machine'
import {
  CHANGED,
  offline,
  quoteChanged,
  RACE_ID,
  refusal,
  serverError,
  startPlaceChange,
  TODAY,
  TRANSACTION_ID,
  unauthorized,
  unavailable,
  type PlaceChangeHarness,
} from '../../machines/places/test-harness'
import { recordCoverage, writeCoverageAfterAll } from './coverage'

writeCoverageAfterAll(import.meta.filename)

// ---------------------------------------------------------------------------------------------
// The model's events

type ServerAnswer = { ok: true } | { error: ApiError; label: string; said: 'refused' | 'quoteChanged' | 'offline' | 'busy' | 'trouble' | 'session' }

const ANSWERS: readonly ServerAnswer[] = [
  { ok: true },
  { error: refusal('withdraw', 422, 'withdrawal_closed'), label: '422 withdrawal_closed', said: 'refused' },
  { error: refusal('withdraw', 409, 'place_changed'), label: '409 place_changed', said: 'refused' },
  { error: quoteChanged(), label: '409 refund_changed', said: 'quoteChanged' },
  { error: offline(), label: 'network', said: 'offline' },
  { error: unavailable(), label: '503', said: 'busy' },
  { error: serverError(), label: '500', said: 'trouble' },
  { error: unauthorized(), label: '401', said: 'session' },
]

const SUBMIT_ID = placeChangeMachine.getStateNodeById('placeChange.submitting').invoke[0]!.id

type ModelEvent = PlaceChangeEvent | { type: 'answer'; answer: ServerAnswer }

let keys = 0
const MODEL_EVENTS: readonly ModelEvent[] = [
  { type: 'change.start' },
  { type: 'change.cancel' },
  // The key a confirmation carries is made when it is sent (replay), this one only names the event.
  { type: 'change.confirm', key: 'model' },
  { type: 'change.retry' },
  ...ANSWERS.map((answer) => ({ type: 'answer' as const, answer })),
]

function machineEventOf(event: ModelEvent): PlaceChangeEvent {
  if (event.type !== 'answer') return event
  const internal =
    'ok' in event.answer
      ? { type: `xstate.done.actor.${SUBMIT_ID}`, output: { transactionId: TRANSACTION_ID } }
      : { type: `xstate.error.actor.${SUBMIT_ID}`, error: event.answer.error }
  return internal as unknown as PlaceChangeEvent
}

const MACHINE_EVENTS = MODEL_EVENTS.map(machineEventOf)
const modelEventOf = new Map(MACHINE_EVENTS.map((event, index) => [event, MODEL_EVENTS[index]!]))
const nameOf = (event: ModelEvent) => (event.type === 'answer' ? ('ok' in event.answer ? 'answer → ok' : `answer → ${event.answer.label}`) : event.type)

const serializeState = (snapshot: PlaceChangeSnapshot) =>
  JSON.stringify({ value: snapshot.value, expected: snapshot.context.expected, status: snapshot.status })

const eventsAt = (snapshot: PlaceChangeSnapshot) =>
  snapshot.status !== 'active'
    ? []
    : MACHINE_EVENTS.filter((event) => !event.type.startsWith('xstate.') || placeChangeMachine.getTransitionData(snapshot, event).length > 0)

interface ScenarioPath {
  name: string
  input: PlaceChangeInput
  events: ModelEvent[]
}

function generate(input: PlaceChangeInput): ScenarioPath[] {
  const reached = getShortestPaths(placeChangeMachine, { input, events: eventsAt, serializeState })
  const paths: ScenarioPath[] = []
  for (const path of reached) {
    const prefix = path.steps.slice(1).map((step) => modelEventOf.get(step.event)!)
    for (const event of eventsAt(path.state)) {
      if (placeChangeMachine.getTransitionData(path.state, event).length === 0) continue
      const events = [...prefix, modelEventOf.get(event)!]
      paths.push({ name: [input.kind, ...events.map(nameOf)].join(' → '), input, events })
    }
  }
  return paths
}

const PATHS = [...generate({ kind: 'withdraw', raceId: RACE_ID, expected: TODAY.totale }), ...generate({ kind: 'defer', raceId: RACE_ID, expected: null })]

// ---------------------------------------------------------------------------------------------
// The oracle

interface Observed {
  harness: PlaceChangeHarness
  snapshot: PlaceChangeSnapshot
  /** Confirmations that started an attempt, with their keys, and retries the athlete asked for. */
  attempts: string[]
  retries: number
  /** The refund the page shows: the input's, then the last changed one the server gave. */
  shown: number | null
  lastAnswer: ServerAnswer | null
  lastEvent: ModelEvent | null
}

/** Nothing is sent but on the athlete's confirmation or retry, and never two calls at once. */
function asksOnlyWhenConfirmed(o: Observed) {
  expect(o.harness.calls).toHaveLength(o.attempts.length + o.retries)
  expect(o.harness.overlapped).toBe(false)
}

/** Each call carries its attempt's key: a retry the same, a new confirmation a new one. */
function oneKeyPerAttempt(o: Observed) {
  const keysSent = [...new Set(o.harness.calls.map((call) => call.key))]
  expect(keysSent).toEqual(o.attempts)
}

/** The refund sent is the one shown (a deferral refunds nothing). */
function sendsTheRefundShown(o: Observed) {
  const last = o.harness.calls.at(-1)
  if (last && o.harness.isSubmitting()) expect(last.expected).toBe(o.shown)
  if (placeChangeView(o.snapshot) === 'quoteChanged') expect(o.snapshot.context.changedQuote).toEqual(CHANGED)
}

/** The page says what the server said, and only that. */
function saysWhatTheServerSaid(o: Observed) {
  if (o.lastEvent?.type !== 'answer') return
  const answer = o.lastEvent.answer
  const view = placeChangeView(o.snapshot)
  if ('ok' in answer) {
    expect(view).toBe('done')
    expect(o.snapshot.context.transactionId).toBe(TRANSACTION_ID)
    return
  }
  const expected = { refused: 'refused', quoteChanged: 'quoteChanged', session: 'sessionExpired', offline: 'failed', busy: 'failed', trouble: 'failed' }[answer.said]
  expect(view).toBe(expected)
  if (view === 'failed') expect(o.snapshot.context.failure).toBe(answer.said)
  if (view === 'refused') expect(o.snapshot.context.refusal).toBe(answer.error.kind === 'http' ? answer.error.code : null)
  expect(o.snapshot.can({ type: 'change.retry' })).toBe(view === 'failed')
}

/** Once over, nothing more is sent whatever the athlete does. */
function asksNothingOnceOver(o: Observed) {
  if (o.snapshot.status !== 'done') return
  const sent = o.harness.calls.length
  for (const event of [{ type: 'change.start' }, { type: 'change.confirm', key: 'late' }, { type: 'change.retry' }] as const) o.harness.send(event)
  expect(o.harness.calls).toHaveLength(sent)
}

async function replay(path: ScenarioPath) {
  const harness = startPlaceChange(path.input, { inspect: recordCoverage })
  let [model] = initialTransition(placeChangeMachine, path.input)
  const o: Observed = { harness, snapshot: harness.snapshot(), attempts: [], retries: 0, shown: path.input.expected, lastAnswer: null, lastEvent: null }
  for (const [index, event] of path.events.entries()) {
    const where = `${path.name}, step ${String(index + 1)} (${nameOf(event)})`
    const calls = harness.calls.length
    let sent: PlaceChangeEvent | null = null
    if (event.type === 'answer') {
      await harness.answer('ok' in event.answer ? { transactionId: TRANSACTION_ID } : event.answer.error)
      o.lastAnswer = event.answer
      if (!('ok' in event.answer) && event.answer.said === 'quoteChanged') o.shown = CHANGED.totale
    } else {
      sent = event.type === 'change.confirm' ? { type: 'change.confirm', key: `key-${String((keys += 1))}` } : event
      harness.send(sent)
      if (harness.calls.length > calls) {
        if (sent.type === 'change.confirm') o.attempts.push(sent.key)
        else o.retries += 1
      }
    }
    ;[model] = transition(placeChangeMachine, model, machineEventOf(event))
    o.snapshot = harness.snapshot()
    o.lastEvent = event
    expect(o.snapshot.value, `${where}: the replay follows the path`).toEqual(model.value)
    for (const property of [asksOnlyWhenConfirmed, oneKeyPerAttempt, sendsTheRefundShown, saysWhatTheServerSaid]) {
      try {
        property(o)
      } catch (error) {
        throw new Error(`${where}: ${property.name}: ${String(error)}`)
      }
    }
  }
  asksNothingOnceOver(o)
  harness.actor.stop()
}

describe('place change scenarios', () => {
  it('the model reaches the end of every kind of attempt', () => {
    expect(PATHS.some((path) => path.name.endsWith('answer → ok'))).toBe(true)
    expect(PATHS.length).toBeGreaterThan(20)
  })

  it.each(PATHS.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    await replay(path)
  })
})
