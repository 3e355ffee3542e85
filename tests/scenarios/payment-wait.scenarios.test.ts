/**
 * Model-based scenarios of the payment wait (`machines/enrolment/payment-wait.machine.ts`).
 * `xstate/graph` walks the machine as a pure function to the shortest path to every state it can
 * reach with the model's events (the server's answers to a status read, the poll timer, the
 * athlete's retry and abandon); each path is extended by every event that takes a transition there,
 * then replayed against a live wait whose status reads are faked and whose timer runs on a
 * simulated clock. What each step must show is written from the spec (payment-wait.model.ts), not
 * asked of the machine; the machine's own next state is compared only to prove the replay follows
 * the path.
 */
import { describe, expect, it } from 'vitest'
import { createActor, initialTransition, SimulatedClock, transition } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  paymentWaitMachine,
  paymentWaitView,
  type PaymentWaitEmitted,
  type PaymentWaitEvent,
  type PaymentWaitSnapshot,
} from '../../machines/enrolment/payment-wait.machine'
import { recordCoverage, writeCoverageAfterAll } from './coverage'
import {
  describeAnswer,
  fakeStatusReads,
  outcomeOfAnswer,
  READ_ANSWERS,
  SPEC_WAITS_BEFORE_GIVING_UP,
  SPEC_WAITS_BEFORE_LONG_WAIT,
  specPollWaitMs,
  type FakeStatusReads,
  type ReadAnswer,
} from './payment-wait.model'

writeCoverageAfterAll(import.meta.filename)

const PAYMENT_ID = 'PAY-2026-0042'

// ---------------------------------------------------------------------------------------------
// The model's events

/** The status read's invocation and the poll timer, as XState names their events. */
const READ_ID = paymentWaitMachine.getStateNodeById('paymentWait.checking').invoke[0]!.id
const POLL_OVER = paymentWaitMachine.getStateNodeById('paymentWait.waiting').after[0]!.eventType

type ModelEvent = PaymentWaitEvent | { type: 'read'; answer: ReadAnswer } | { type: 'pollOver' }

const MODEL_EVENTS: readonly ModelEvent[] = [
  ...READ_ANSWERS.map((answer) => ({ type: 'read' as const, answer })),
  { type: 'pollOver' },
  { type: 'wait.retry' },
  { type: 'wait.abandon' },
]

/** The model event as the machine gets it: an actor's done or error event, or the timer's. */
function machineEventOf(event: ModelEvent): PaymentWaitEvent {
  const internal =
    event.type === 'read'
      ? 'reading' in event.answer
        ? { type: `xstate.done.actor.${READ_ID}`, output: event.answer.reading }
        : { type: `xstate.error.actor.${READ_ID}`, error: event.answer.error }
      : event.type === 'pollOver'
        ? { type: POLL_OVER }
        : event
  // The graph functions are typed with the machine's own events; these internal ones it handles all the same.
  return internal as PaymentWaitEvent
}

const MACHINE_EVENTS = MODEL_EVENTS.map(machineEventOf)
const modelEventOf = new Map(MACHINE_EVENTS.map((event, index) => [event, MODEL_EVENTS[index]!]))

const nameOf = (event: ModelEvent) =>
  event.type === 'read' ? `read → ${describeAnswer(event.answer)}` : event.type === 'pollOver' ? 'poll wait over' : event.type

// ---------------------------------------------------------------------------------------------
// Paths

interface ScenarioPath {
  name: string
  events: ModelEvent[]
}

/** What decides a transition: the state and the checks made so far. */
const serializeState = (snapshot: PaymentWaitSnapshot) => JSON.stringify({ value: snapshot.value, polls: snapshot.context.polls, status: snapshot.status })

/**
 * The events the model offers a state: none once the wait has ended, and an actor's answer only
 * where it is in flight (XState treats an error nobody awaits as the machine's own).
 */
const eventsAt = (snapshot: PaymentWaitSnapshot) =>
  snapshot.status !== 'active'
    ? []
    : MACHINE_EVENTS.filter((event) => !event.type.startsWith('xstate.') || paymentWaitMachine.getTransitionData(snapshot, event).length > 0)

function generate(): ScenarioPath[] {
  const input = { paymentId: PAYMENT_ID }
  const reached = getShortestPaths(paymentWaitMachine, { input, events: eventsAt, serializeState })
  const paths: ScenarioPath[] = []
  for (const path of reached) {
    const prefix = path.steps.slice(1)
    for (const event of eventsAt(path.state)) {
      if (paymentWaitMachine.getTransitionData(path.state, event).length === 0) continue
      paths.push({
        name: ['start', ...prefix.map((step) => nameOf(modelEventOf.get(step.event)!)), nameOf(modelEventOf.get(event)!)].join(' → '),
        events: [...prefix.map((step) => modelEventOf.get(step.event)!), modelEventOf.get(event)!],
      })
    }
  }
  return paths
}

const PATHS = generate()

// ---------------------------------------------------------------------------------------------
// The oracle: what the spec says, from what the fake server answered and the athlete did

interface Observed {
  snapshot: PaymentWaitSnapshot
  emitted: PaymentWaitEmitted[]
  reads: FakeStatusReads
  /** The server's last answer to a status read. */
  lastAnswer: ReadAnswer | null
  /** The waits between two checks since the wait began or the athlete asked again after it gave up. */
  waits: number
  lastEvent: ModelEvent | null
}

/** Section 8 ("payment successful") and decision 024: paid is said only when the server said the payment succeeded. */
function paidOnlyWhenTheServerSaysPaid(o: Observed) {
  const serverSaidPaid = o.lastAnswer !== null && outcomeOfAnswer(o.lastAnswer) === 'paid'
  const paid = o.snapshot.status === 'done' && o.snapshot.output?.outcome === 'paid'
  expect(paid, 'paid exactly when the last read said success').toBe(serverSaidPaid)
  expect(o.emitted, 'the portal is told of the payment once, by its id').toEqual(serverSaidPaid ? [{ type: 'paid', paymentId: PAYMENT_ID }] : [])
}

/**
 * Section 4 ("payment outcome: success or failed"), decisions 020 and 026: a settled answer ends the
 * wait at once with its outcome; no usable answer never does; abandoning is the athlete's.
 */
function endsAsTheServerSaid(o: Observed) {
  const settled = o.lastAnswer === null ? null : outcomeOfAnswer(o.lastAnswer)
  if (o.lastEvent?.type === 'wait.abandon' && o.snapshot.status === 'done') {
    expect(o.snapshot.output).toEqual({ outcome: 'abandoned' })
    return
  }
  if (o.lastEvent?.type === 'read' && settled !== null) {
    expect(o.snapshot.status).toBe('done')
    expect(o.snapshot.output).toEqual({ outcome: settled })
    expect(paymentWaitView(o.snapshot).kind).toBe(settled)
  } else if (o.snapshot.status === 'done') {
    // Ended earlier on this path: the replay stops at the end, so this only holds the last step.
    expect(o.lastEvent?.type).toBe('read')
  } else {
    expect(settled, 'an active wait has no settled answer').toBeNull()
  }
}

/** Decision 020: one status read at a time ("asks again"), always of the payment awaited. */
function neverAsksTwiceAtOnce(o: Observed) {
  expect(o.reads.overlapped, 'a read started while another was in flight').toBe(false)
  expect(new Set(o.reads.reads)).toEqual(new Set([PAYMENT_ID]))
}

/** Decision 020/024: the wait stops asking at its final states, however long the page stays open. */
function asksNothingOnceEnded(o: Observed, clock: SimulatedClock) {
  if (o.snapshot.status !== 'done') return
  expect(o.reads.isReading(), 'no read in flight once ended').toBe(false)
  const reads = o.reads.reads.length
  clock.increment(60 * 60 * 1000)
  expect(o.reads.reads, 'no read an hour after the end').toHaveLength(reads)
}

/**
 * Decision 020: "stops after 12 checks with a way to check again": the wait has given up exactly
 * when 12 waits have passed and the last check found nothing settled; then the athlete may ask again.
 */
function givesUpAfterTwelveWaits(o: Observed) {
  const view = paymentWaitView(o.snapshot)
  const gaveUp = o.snapshot.status === 'active' && !o.reads.isReading() && o.waits >= SPEC_WAITS_BEFORE_GIVING_UP
  expect(view.kind === 'stillPending', `${String(o.waits)} waits`).toBe(gaveUp)
  if (gaveUp) expect(o.snapshot.can({ type: 'wait.retry' }), 'a way to check again').toBe(true)
}

/** Decision 024: abandoning is offered, and accepted, only after the long wait (three waits). */
function longWaitOnlyAfterThreeWaits(o: Observed) {
  const longWait = o.snapshot.status === 'active' && o.waits >= SPEC_WAITS_BEFORE_LONG_WAIT
  expect(paymentWaitView(o.snapshot).longWait, `${String(o.waits)} waits`).toBe(longWait)
  if (o.lastEvent?.type === 'wait.abandon') expect(o.snapshot.status === 'done', 'abandon accepted').toBe(o.waits >= SPEC_WAITS_BEFORE_LONG_WAIT)
}

/** Decision 024: "a failed status check no longer ends /payment on an error screen: the wait goes on with the failure said". */
function unansweredReadIsSaid(o: Observed) {
  if (o.lastEvent?.type !== 'read') return
  const unanswered = 'error' in o.lastEvent.answer && outcomeOfAnswer(o.lastEvent.answer) === null
  if (unanswered) expect(o.snapshot.status).toBe('active')
  if (o.snapshot.status === 'active') expect(paymentWaitView(o.snapshot).failure !== null, 'the failure is said').toBe(unanswered)
}

// ---------------------------------------------------------------------------------------------
// Replaying a path

async function replay(path: ScenarioPath) {
  const reads = fakeStatusReads()
  const clock = new SimulatedClock()
  const actor = createActor(paymentWaitMachine.provide({ actors: { readStatus: reads.readStatus } }), {
    input: { paymentId: PAYMENT_ID },
    clock,
    inspect: recordCoverage,
  })
  const emitted: PaymentWaitEmitted[] = []
  actor.on('*', (event) => void emitted.push(event))
  actor.start()
  expect(reads.reads, 'the status is read at once').toEqual([PAYMENT_ID])

  // The machine walked as a function beside the live wait, only to prove the replay follows the path.
  let [model] = initialTransition(paymentWaitMachine, { paymentId: PAYMENT_ID })
  const o: Observed = { snapshot: actor.getSnapshot(), emitted, reads, lastAnswer: null, waits: 0, lastEvent: null }
  for (const [index, event] of path.events.entries()) {
    const where = `${path.name}, step ${String(index + 1)} (${nameOf(event)})`
    const before = actor.getSnapshot()
    switch (event.type) {
      case 'read':
        await reads.answer(event.answer)
        o.lastAnswer = event.answer
        break
      case 'pollOver': {
        const wait = specPollWaitMs(o.waits)
        const count = reads.reads.length
        clock.increment(wait - 1)
        expect(reads.reads, `${where}: no check 1 ms before the ${String(wait)} ms wait is over`).toHaveLength(count)
        clock.increment(1)
        expect(reads.reads, `${where}: a check once the ${String(wait)} ms are over`).toHaveLength(count + 1)
        o.waits += 1
        break
      }
      case 'wait.retry':
        actor.send(event)
        if (paymentWaitView(before).kind === 'stillPending') o.waits = 0
        break
      case 'wait.abandon':
        actor.send(event)
        break
    }
    ;[model] = transition(paymentWaitMachine, model, machineEventOf(event))
    o.snapshot = actor.getSnapshot()
    o.lastEvent = event
    expect(o.snapshot.value, `${where}: the replay follows the path`).toEqual(model.value)
    for (const property of [paidOnlyWhenTheServerSaysPaid, endsAsTheServerSaid, neverAsksTwiceAtOnce, givesUpAfterTwelveWaits, longWaitOnlyAfterThreeWaits, unansweredReadIsSaid]) {
      try {
        property(o)
      } catch (error) {
        throw new Error(`${where}: ${property.name}: ${String(error)}`)
      }
    }
  }
  asksNothingOnceEnded(o, clock)
  actor.stop()
}

describe('payment wait scenarios', () => {
  it('the model names the machine’s timer event', () => {
    expect(POLL_OVER).toBe('xstate.after.pollDelay.paymentWait.waiting')
  })

  it.each(PATHS.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    await replay(path)
  })
})
