/**
 * Model-based scenarios of the enrolment wizard (`machines/enrolment/enrolment.machine.ts`) and the
 * payment wait it invokes. For each place a wizard can start from (enrolment.model.ts `STARTS`),
 * `xstate/graph` walks the machine as a pure function to the shortest path to every state it can
 * reach with the model's events; each path is extended by every event that takes a transition
 * there, then replayed against a live wizard whose calls are faked at its actors (the payment wait
 * runs live, its status reads faked, its timers on a simulated clock). What each step must show is
 * written from the spec and the decisions below, from what the fake server answered and what the
 * athlete did; the machine's own next state is compared only to prove the replay follows the path.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, initialTransition, SimulatedClock, transition, type ActorLogic, type AnyActorRef, type Snapshot } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import type { RefundOption } from '../../contracts/athlete.contract'
import type { GateRefusal } from '../../machines/enrolment/eligibility'
import {
  enrolmentMachine,
  keptProgressOf,
  screenOf,
  type EnrolmentEmitted,
  type EnrolmentEvent,
  type EnrolmentInput,
  type EnrolmentSnapshot,
  type EnrolRequest,
  type GateOutcome,
  type LateRefusal,
  type SignRequest,
  type StartedPayment,
  type StartPaymentRequest,
} from '../../machines/enrolment/enrolment.machine'
import { paymentWaitMachine, paymentWaitView, type PaymentWaitSnapshot, type WaitOutcome } from '../../machines/enrolment/payment-wait.machine'
import type { PricedRace } from '../../machines/enrolment/price'
import { deferred, flushMicrotasks, type Deferred } from '../../machines/session/test-harness'
import { recordCoverage, transitionKey, writeCoverageAfterAll } from './coverage'
import {
  eventsAt,
  KEPT_ATTEMPT,
  KEPT_PAYMENT,
  LINK_CODE,
  machineEventOf,
  nameOf,
  OTHER_TAB_PAYMENT,
  SENTENCE,
  STARTS,
  TEAM,
  WAIVER,
  type CallId,
  type ModelEvent,
  type Start,
} from './enrolment.model'
import { fakeStatusReads, SPEC_WAITS_BEFORE_LONG_WAIT, specPollWaitMs, statusFailure, type ReadAnswer } from './payment-wait.model'

writeCoverageAfterAll(import.meta.filename)

// ---------------------------------------------------------------------------------------------
// What the server holds

/** What the fake server holds of the athlete's place, learnt from its answers alone. */
interface ServerView {
  /** The server holds the athlete's subscription (made now, or found by the gate). */
  placeMade: boolean
  /** The server holds a signature on the waiver's current text. */
  signed: boolean
}

/** A payment kept under way was started in an earlier visit, which needed the place made and signed. */
const serverViewAt = (start: Start): ServerView => {
  const keptUnderWay = start.input.kept !== undefined && JSON.stringify(start.input.kept).includes(KEPT_PAYMENT)
  return { placeMade: keptUnderWay, signed: keptUnderWay }
}

const codeOf = (error: ApiError) => (error.kind === 'http' ? error.code : null)

/** Decisions 020 and 027: what each answer of the server says of the place. */
function learnServerView(view: ServerView, event: ModelEvent): ServerView {
  if (event.type === 'answer' && event.call === 'check') {
    const { open } = event.output as GateOutcome
    return open ? { placeMade: true, signed: open.step === 'payment' && !open.waiverRevised } : view
  }
  if (event.type === 'answer' && event.call === 'enrol') return { ...view, placeMade: true }
  if (event.type === 'answer' && event.call === 'sign') return { ...view, signed: true }
  if (event.type === 'fail' && codeOf(event.error) === 'waiver_not_signed') return { ...view, signed: false }
  if (event.type === 'fail' && codeOf(event.error) === 'no_subscription') return { placeMade: false, signed: false }
  return view
}

// ---------------------------------------------------------------------------------------------
// Paths

interface ScenarioPath {
  name: string
  start: Start
  events: ModelEvent[]
}

/** The model event each machine event the graph walked stands for. */
const modelEventOf = new WeakMap<object, ModelEvent>()
function machineEventsAt(snapshot: EnrolmentSnapshot): EnrolmentEvent[] {
  return eventsAt(snapshot).map((event) => {
    const machineEvent = machineEventOf(event)
    // User events are their own machine events: a copy keeps one model event per object.
    const own = machineEvent === event ? { ...machineEvent } : machineEvent
    modelEventOf.set(own, event)
    return own
  })
}

/**
 * Everything a guard reads, briefly (the state, the choices, the entry, the typed text, the attempt,
 * whether prices were read) and what the server holds: two paths the wizard cannot tell apart may
 * differ in what the spec allows next.
 */
function serializeState({ snapshot, server }: ModelState): string {
  const { context: c } = snapshot
  const checking = snapshot.matches('checking') || snapshot.matches('restoring')
  const signing = snapshot.matches({ wizard: 'disclaimer' }) || snapshot.matches({ wizard: 'signing' })
  const attemptForTheseChoices =
    c.attempt !== null &&
    c.tariff !== null &&
    c.attempt.refund === c.choices.refund &&
    c.attempt.gps === c.choices.gps &&
    c.attempt.expectedTotal === Math.round(100 * totalOf(c.tariff, c.choices.refund, c.choices.gps))
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    choices: [c.choices.dataConfirmed, Boolean(c.choices.extra['navetta']), c.choices.rulesAccepted, c.choices.refund, c.choices.gps],
    entry: c.entry,
    attempt: c.attempt && [attemptForTheseChoices, c.attempt.paymentId !== null],
    prices: c.tariff !== null,
    // A place kept for the athlete lets the clock stop the wizard.
    kept: c.keptPlace !== null,
    ...(signing ? { text: c.disclaimerText === '' ? '' : c.disclaimerText === SENTENCE ? 'sentence' : 'other' } : {}),
    // Where the gate leads back to counts only while it reads.
    ...(checking ? { resumeAt: c.resumeAt, keptUnreadable: c.keptUnreadable } : {}),
    server,
  })
}

/** The state of the model: the wizard's, and what the server holds. */
type ModelState = Snapshot<unknown> & { snapshot: EnrolmentSnapshot; server: ServerView }

const modelState = (snapshot: EnrolmentSnapshot, server: ServerView) =>
  ({ status: snapshot.status, output: snapshot.output, error: snapshot.error, snapshot, server }) as ModelState

/** The wizard walked as a pure function beside the server's view of the place, for `xstate/graph`. */
function modelLogic(start: Start): ActorLogic<ModelState, EnrolmentEvent, EnrolmentInput> {
  return {
    config: enrolmentMachine.config,
    getInitialSnapshot: (_, input) => modelState(initialTransition(enrolmentMachine, input)[0], serverViewAt(start)),
    transition: (state, event) => modelState(transition(enrolmentMachine, state.snapshot, event)[0], learnServerView(state.server, modelEventOf.get(event)!)),
    getPersistedSnapshot: (state) => state,
  }
}

/**
 * What a path's last step does: the step before it (Pay after a lost answer is not Pay after a
 * refused key), the transitions it takes, the answer or event that takes them, the state it ends
 * in (an eventless transition on the way, such as reading the prices a kept payment never read,
 * ends elsewhere) and what the server holds.
 */
function scenarioKey({ snapshot, server }: ModelState, event: EnrolmentEvent, previous: ModelEvent): string {
  const taken = enrolmentMachine.getTransitionData(snapshot, event).map(transitionKey).join(' + ')
  const [next] = transition(enrolmentMachine, snapshot, event)
  return `${nameOf(previous)} → ${taken} | ${nameOf(modelEventOf.get(event)!)} | ${JSON.stringify(next.value)} | ${JSON.stringify(server)}`
}

/**
 * The shortest path to every state the model reaches from each start (the wizard's state and what
 * the server holds), extended by each event that
 * takes a transition there; of those, each start's first steps and one path per `scenarioKey`
 * (each of the server's answers is its own scenario, even where several take one transition), the
 * shortest first.
 */
async function generate(): Promise<ScenarioPath[]> {
  const { getShortestPaths } = await import('xstate/graph')
  const taken = new Set<string>()
  const paths: ScenarioPath[] = []
  for (const start of STARTS) {
    const reached = getShortestPaths(modelLogic(start), {
      input: start.input,
      events: (state: ModelState) => machineEventsAt(state.snapshot),
      serializeState,
    })
    reached.sort((a, b) => a.steps.length - b.steps.length)
    for (const path of reached) {
      const prefix = path.steps.slice(1).map((step) => modelEventOf.get(step.event)!)
      for (const event of machineEventsAt(path.state.snapshot)) {
        if (enrolmentMachine.getTransitionData(path.state.snapshot, event).length === 0) continue
        // Each start's first steps are its own: where it resumes is what the start is for.
        const key = prefix.length === 0 ? `${start.name} | ${nameOf(modelEventOf.get(event)!)}` : scenarioKey(path.state, event, prefix.at(-1)!)
        if (taken.has(key)) continue
        taken.add(key)
        const events = [...prefix, modelEventOf.get(event)!]
        paths.push({ name: `${start.name}: ${['start', ...events.map(nameOf)].join(' → ')}`, start, events })
      }
    }
  }
  return paths
}

const PATHS = await generate()

// ---------------------------------------------------------------------------------------------
// A live wizard with its calls faked

interface Requests {
  check: number[]
  enrol: EnrolRequest[]
  sign: SignRequest[]
  startPayment: StartPaymentRequest[]
  readTariff: number[]
  wait: string[]
}

/**
 * Every call waits on a deferred the replay settles. `crashingWait`: the payment wait is a stand-in
 * whose end the replay decides, so that it can fail (the real wait ends only in an outcome).
 */
function liveWizard(start: Start, crashingWait: boolean) {
  const requests: Requests = { check: [], enrol: [], sign: [], startPayment: [], readTariff: [], wait: [] }
  const held = new Map<CallId, Deferred<unknown>>()
  const overlapped = new Set<CallId>()
  function hold<T>(id: CallId, request: unknown, signal: AbortSignal): Promise<T> {
    if (held.has(id)) overlapped.add(id)
    ;(requests[id] as unknown[]).push(request)
    const call = deferred<unknown>()
    held.set(id, call)
    signal.addEventListener('abort', () => {
      if (held.get(id) === call) held.delete(id)
    })
    return call.promise as Promise<T>
  }
  const reads = fakeStatusReads()
  const machine = enrolmentMachine.provide({
    actors: {
      checkEligibility: fromPromise<GateOutcome, { raceId: number }>(({ input, signal }) => hold('check', input.raceId, signal)),
      enrol: fromPromise<void, EnrolRequest>(({ input, signal }) => hold('enrol', input, signal)),
      signWaiver: fromPromise<void, SignRequest>(({ input, signal }) => hold('sign', input, signal)),
      startPayment: fromPromise<StartedPayment, StartPaymentRequest>(({ input, signal }) => hold('startPayment', input, signal)),
      readTariff: fromPromise<PricedRace, { raceId: number }>(({ input, signal }) => hold('readTariff', input.raceId, signal)),
      paymentWait: crashingWait
        ? (fromPromise<{ outcome: WaitOutcome }, { paymentId: string }>(({ input, signal }) => hold('wait', input.paymentId, signal)) as unknown as typeof paymentWaitMachine)
        : paymentWaitMachine.provide({ actors: { readStatus: reads.readStatus } }),
    },
  })
  const clock = new SimulatedClock()
  const actor = createActor(machine, { input: start.input, clock, inspect: recordCoverage })
  const emitted: EnrolmentEmitted[] = []
  actor.on('*', (event) => void emitted.push(event))
  let crash: unknown = null
  actor.subscribe({ error: (error) => void (crash = error) })
  actor.start()

  async function settle(id: CallId, how: (call: Deferred<unknown>) => void) {
    const call = held.get(id)
    if (!call) throw new Error(`no ${id} call is in flight`)
    held.delete(id)
    how(call)
    await flushMicrotasks()
  }
  return {
    actor,
    requests,
    overlapped,
    reads,
    clock,
    emitted,
    crash: () => crash,
    snapshot: () => actor.getSnapshot(),
    wait: () => actor.getSnapshot().children['paymentWait'] as AnyActorRef | undefined,
    resolve: (id: CallId, output: unknown) => settle(id, (call) => call.resolve(output)),
    reject: (id: CallId, error: unknown) => settle(id, (call) => call.reject(error)),
  }
}

type Live = ReturnType<typeof liveWizard>

// ---------------------------------------------------------------------------------------------
// The oracle: what the fake server said and the athlete did, and what the spec makes of it

interface Oracle extends ServerView {
  /** The prices the server last gave: what the breakdown on screen is made of. */
  prices: PricedRace | null
  /** Every payment key sent, with what it asked for. */
  keys: Map<string, StartPaymentRequest>
  /** The last attempt's key, and whether the server's answer ended it (a lost answer does not). */
  lastKey: string | null
  lastKeyEnded: boolean
  /** The payments the server named (started, in progress in another tab, kept under way). */
  payments: Set<string>
  /** The last status read's answer, while the wizard awaits a payment. */
  lastReading: ReadAnswer | null
}

function oracleAt(start: Start): Oracle {
  const server = serverViewAt(start)
  const keptUnderWay = server.signed
  return {
    ...server,
    prices: null,
    keys: keptUnderWay ? new Map([[KEPT_ATTEMPT.key, { raceId: 0, key: KEPT_ATTEMPT.key, refund: 'protetto', gps: true, expectedTotal: KEPT_ATTEMPT.expectedTotal / 100 }]]) : new Map(),
    lastKey: keptUnderWay ? KEPT_ATTEMPT.key : null,
    lastKeyEnded: false,
    payments: new Set(keptUnderWay ? [KEPT_PAYMENT] : []),
    lastReading: null,
  }
}

/** Section 3 (subscription: total price) and decision 024: the race, plus the protection and the GPS chosen. */
function totalOf(prices: PricedRace, refund: RefundOption | null, gps: boolean | null): number {
  return prices.prezzo + (refund === 'protetto' ? prices.supplemento_rimborso : 0) + (gps === true ? prices.noleggio_gps : 0)
}

/**
 * Decision 020: "a retry after a lost answer ... asks again with the same key"; any answer of the
 * server ends the attempt but a lost one (no answer, a 5xx) or one that says a payment is on its way.
 */
const endsTheAttempt = (error: ApiError) =>
  error.kind === 'http' && error.status < 500 && codeOf(error) !== 'payment_in_progress'

/** Decisions 020 and 024: what the athlete is told of each late refusal of the server. */
const LATE_REFUSAL_OF: Record<string, LateRefusal['code']> = {
  sold_out: 'sold_out',
  already_enrolled: 'already_enrolled',
  // The place is paid or signed already: the athlete is enrolled.
  already_paid: 'already_enrolled',
  already_signed: 'already_enrolled',
  registration_closed: 'registration_closed',
  not_eligible: 'not_eligible',
  lottery_application: 'lottery_application',
  payment_link_open: 'payment_link_open',
  queue_required: 'queue_required',
  hold_expired: 'hold_expired',
  offer_expired: 'offer_expired',
}

/**
 * Where each refusal leads the athlete (the refusals screen, src/features/enrolment/gate-refusals.tsx
 * and src/ui/gate-refusal.tsx): a refusal always names its way forward.
 */
const WAY_FORWARD: Record<GateRefusal['code'] | LateRefusal['code'], string> = {
  login_required: 'log in, or create an account',
  profile_incomplete: 'complete my profile',
  certificate_missing: 'upload my medical certificate',
  certificate_in_review: 'see my certificate',
  certificate_not_valid: 'upload a new certificate',
  certificate_expires_before_race: 'see my certificate / upload a new one',
  under_minimum_age: 'see other races',
  registration_not_open: 'come back when it opens (the race page counts down)',
  registration_closed: 'see other races',
  sold_out: 'see other races',
  already_enrolled: 'go to my races',
  lottery_application: 'go to my races',
  payment_link_open: "pay with the organiser's link",
  not_eligible: 'see my certificate, see my profile',
  waiting_room: 'enter the waiting room (counted down to its opening)',
  queue_required: 'back to the waiting room',
  hold_expired: 'back to the waiting room',
  offer_expired: 'see the wait list',
}

interface Step {
  event: ModelEvent
  before: EnrolmentSnapshot
  after: EnrolmentSnapshot
  /** The oracle as it stood when the event was sent, and after the server's answer. */
  known: Oracle
  emitted: EnrolmentEmitted[]
  newPayments: StartPaymentRequest[]
}

const emittedTypes = (step: Step) => step.emitted.map((event) => event.type)

/**
 * Issue 21 and decision 020: "no payment starts before the waiver is signed" and the summary
 * confirmed (the subscription is made before the waiver is signed, the payment after).
 */
function noPaymentBeforeTheWaiverIsSigned(step: Step) {
  if (step.newPayments.length === 0) return
  expect(step.known.placeMade, 'a payment started with no subscription made').toBe(true)
  expect(step.known.signed, 'a payment started before the waiver was signed').toBe(true)
}

/**
 * Issue 21 and decision 020: "Pay never sends a second request for one attempt": a double click
 * sends one; one request at a time; a key always asks for the same payment; a retry after a lost
 * answer asks again with the same key; after the server's answer the next attempt has a new key.
 */
function payNeverSendsASecondRequest(step: Step, live: Live) {
  expect(step.newPayments.length, 'requests sent by one press of Pay, pressed twice').toBeLessThanOrEqual(1)
  expect(live.overlapped.has('startPayment'), 'a payment request sent while another was in flight').toBe(false)
  for (const request of step.newPayments) {
    const sameAsLast = step.known.lastKey !== null && step.known.keys.get(step.known.lastKey)
    const asks = (r: StartPaymentRequest) => [r.refund, r.gps, r.expectedTotal]
    if (step.known.lastKey !== null && !step.known.lastKeyEnded && sameAsLast && JSON.stringify(asks(sameAsLast)) === JSON.stringify(asks(request))) {
      expect(request.key, 'the retry of an unanswered attempt').toBe(step.known.lastKey)
    } else {
      expect(step.known.keys.has(request.key), `a new attempt reuses the key ${request.key}`).toBe(false)
    }
  }
}

/** Decision 020/024: the portal charges the total on screen: the server's prices and the choices shown. */
function chargesTheTotalOnScreen(step: Step) {
  for (const request of step.newPayments) {
    const { choices } = step.before.context
    expect([request.refund, request.gps], 'the choices paid for are the ones on screen').toEqual([choices.refund, choices.gps])
    expect(step.known.prices, 'prices read before paying').not.toBeNull()
    expect(request.expectedTotal).toBeCloseTo(totalOf(step.known.prices!, choices.refund, choices.gps), 2)
  }
}

/**
 * Decision 020: "The portal refuses to go on when the server's total differs from the breakdown it
 * showed": the athlete goes to the checkout only with the server's address, for the total asked.
 */
function checkoutOnlyForTheTotalAsked(step: Step, live: Live) {
  const redirects = step.emitted.filter((event) => event.type === 'redirect')
  const event = step.event
  if (event.type === 'answer' && event.call === 'startPayment') {
    const started = event.output as StartedPayment
    const asked = live.requests.startPayment.at(-1)!
    const agreed = Math.abs(started.total - asked.expectedTotal) < 0.005
    expect(redirects, agreed ? 'to the checkout' : 'not to a checkout for another total').toEqual(agreed ? [{ type: 'redirect', url: started.redirectUrl }] : [])
    if (!agreed) expect(emittedTypes(step), 'the prices are read again').toContain('priceChanged')
  } else {
    expect(redirects).toEqual([])
  }
}

/**
 * Issue 21: "a refusal always names its way forward": the refusals screen has a reason to show, each
 * with a destination, the one the server gave (a late one: what the server refused, and the link it
 * named); nothing is left to charge; a visitor is asked to log in.
 */
function aRefusalNamesItsWayForward(step: Step) {
  const { after } = step
  if (screenOf(after).kind !== 'refused') return
  const { refusals, lateRefusal, attempt } = after.context
  const reasons = lateRefusal ? [lateRefusal.code] : refusals.map((refusal) => refusal.code)
  expect(reasons.length, 'a refusal with no reason').toBeGreaterThan(0)
  for (const reason of reasons) expect(WAY_FORWARD[reason], `no way forward for ${reason}`).toBeDefined()
  const event = step.event
  if (event.type === 'fail') {
    expect(lateRefusal?.code, 'the refusal is the one the server gave').toBe(LATE_REFUSAL_OF[codeOf(event.error) ?? ''])
    if (codeOf(event.error) === 'payment_link_open') expect(lateRefusal?.link, "the organiser's link to pay").toBe(LINK_CODE)
    expect(attempt, 'a refused place keeps no attempt to retry').toBeNull()
  }
  if (event.type === 'answer' && event.call === 'check') {
    expect(refusals).toEqual((event.output as GateOutcome).refusals)
    if (refusals.some((refusal) => refusal.code === 'login_required')) expect(emittedTypes(step), 'the login opens').toContain('loginRequired')
  }
}

/**
 * Issue 21 ("names its way forward") for the problems said on a step: each comes with a way on the
 * screen offers (section 8: payment failed; decision 020: a declined payment may be paid again, a
 * failed check retried, a price change paid at the new total).
 */
function everyProblemOffersAWayOn(step: Step) {
  const { after } = step
  if (after.status !== 'active') return
  const screen = screenOf(after)
  const { problems, failure } = after.context
  const can = (event: EnrolmentEvent) => after.can(event)
  if (screen.kind === 'checkFailed') expect(can({ type: 'wizard.retry' }), 'try again after a failed check').toBe(true)
  if (screen.kind === 'confirming') {
    // The stand-in of a crashing wait has no view of its own.
    const wait = (after.children['paymentWait'] as AnyActorRef | undefined)?.getSnapshot() as PaymentWaitSnapshot | undefined
    const view = wait && 'matches' in wait && wait.status === 'active' ? paymentWaitView(wait) : null
    if (view?.failure || view?.kind === 'stillPending') expect(can({ type: 'wizard.retry' }), 'check again').toBe(true)
  }
  if (screen.kind !== 'step' || screen.busy !== null) return
  if (screen.disclaimerOpen) {
    if (problems.disclaimer || failure?.action === 'sign') expect(can({ type: 'disclaimer.submit', waiver: WAIVER }), 'sign again').toBe(true)
  } else if (screen.step === 'summary') {
    if (problems.summary || failure?.action === 'enrol') expect(can({ type: 'summary.confirm' }), 'confirm again').toBe(true)
  } else if (screen.step === 'payment') {
    if (problems.payment || failure?.action === 'startPayment') expect(can({ type: 'payment.pay' }), 'pay again').toBe(true)
  }
}

/**
 * Section 8 ("payment successful") and decision 020: the wizard says paid only when the provider's
 * status read said so, for a payment the server named; the wait stops asking once it has ended.
 */
function paidOnlyWhenTheProviderSaysSo(step: Step, live: Live) {
  const paid = step.emitted.filter((event) => event.type === 'paid')
  const saidPaid = step.event.type === 'waitEnded' && step.event.outcome === 'paid'
  expect(step.after.matches('paid'), 'paid screen').toBe(step.before.matches('paid') || saidPaid)
  expect(paid.length, '`paid` told to the portal').toBe(saidPaid ? 1 : 0)
  for (const event of paid) {
    expect(step.known.payments.has(event.paymentId), `paid ${event.paymentId}, a payment the server never named`).toBe(true)
    if (live.requests.wait.length === 0) expect(live.reads.reads.at(-1), 'the payment read is the one said paid').toBe(event.paymentId)
  }
  if (!step.after.matches({ wizard: 'confirming' })) {
    expect(live.wait(), 'no payment wait outside the confirming screen').toBeUndefined()
    expect(live.reads.isReading(), 'no status read in flight outside the confirming screen').toBe(false)
  }
  expect(live.reads.overlapped, 'two status reads at once').toBe(false)
}

/** Decision 020: the browser keeps choices and codes only: no free-text answer, no typed sentence; nothing once ended. */
function keptProgressHoldsNoFreeText(step: Step) {
  const kept = keptProgressOf(step.after)
  if (step.after.status === 'done') expect(kept, 'dropped once paid or applied').toBeNull()
  const stored = JSON.stringify(kept)
  expect(stored).not.toContain(TEAM)
  expect(stored).not.toContain(SENTENCE)
}

// ---------------------------------------------------------------------------------------------
// Replaying a path

/** The status reads that end the wait with each outcome (decisions 020, 024, 026); `abandoned` is the athlete's, after the long wait. */
const READ_FOR: Record<Exclude<WaitOutcome, 'abandoned'>, ReadAnswer> = {
  paid: { reading: 'success' },
  unpaid: { reading: 'failed' },
  payable: { reading: 'payable' },
  notFound: { error: statusFailure(404, 'payment_not_found'), label: '404' },
  expired: { error: statusFailure(410, 'request_expired'), label: '410' },
}

async function deliver(live: Live, event: ModelEvent, crashingWait: boolean) {
  switch (event.type) {
    case 'answer':
      return live.resolve(event.call, event.output)
    case 'fail':
      return live.reject(event.call, event.error)
    case 'waitEnded': {
      if (crashingWait) return live.resolve('wait', { outcome: event.outcome })
      if (event.outcome !== 'abandoned') return live.reads.answer(READ_FOR[event.outcome])
      // The long wait: checks found the payment pending, then the athlete starts again.
      for (let wait = 0; wait < SPEC_WAITS_BEFORE_LONG_WAIT; wait += 1) {
        await live.reads.answer({ reading: 'pending' })
        live.clock.increment(specPollWaitMs(wait))
      }
      live.actor.send({ type: 'payment.abandon' })
      return
    }
    case 'payment.pay':
      // Pressed twice, as a double click does.
      live.actor.send(event)
      live.actor.send(event)
      return
    default:
      live.actor.send(event)
  }
}

/** What the server's answer (or the athlete's event) tells the oracle. */
function learn(known: Oracle, event: ModelEvent, live: Live): Oracle {
  const next: Oracle = { ...known, ...learnServerView(known, event), keys: new Map(known.keys), payments: new Set(known.payments) }
  const sent = live.requests.startPayment.at(-1)
  if (sent && !known.keys.has(sent.key)) next.keys.set(sent.key, sent)
  if (event.type === 'payment.pay' && sent && sent.key !== known.lastKey) {
    next.lastKey = sent.key
    next.lastKeyEnded = false
  }
  if (event.type === 'payment.redirectRefused') next.lastKeyEnded = true
  if (event.type === 'waitEnded' && event.outcome !== 'paid') next.lastKeyEnded = true
  if (event.type === 'answer') {
    if (event.call === 'check') {
      next.prices = (event.output as GateOutcome).tariff
    }
    if (event.call === 'readTariff') next.prices = event.output as PricedRace
    if (event.call === 'startPayment') {
      const started = event.output as StartedPayment
      next.payments.add(started.paymentId)
      if (Math.abs(started.total - sent!.expectedTotal) >= 0.005) next.lastKeyEnded = true
    }
  }
  if (event.type === 'fail') {
    const code = codeOf(event.error)
    if (code === 'payment_in_progress') next.payments.add(OTHER_TAB_PAYMENT)
    if (event.call === 'startPayment' && endsTheAttempt(event.error)) next.lastKeyEnded = true
  }
  return next
}

async function replay(path: ScenarioPath) {
  const crashingWait = path.events.some((event) => event.type === 'fail' && event.call === 'wait')
  const live = liveWizard(path.start, crashingWait)
  let [model] = initialTransition(enrolmentMachine, path.start.input)
  let known = oracleAt(path.start)
  for (const [index, event] of path.events.entries()) {
    const where = `${path.name}\n  at step ${String(index + 1)} (${nameOf(event)})`
    const before = live.snapshot()
    const emittedBefore = live.emitted.length
    const paymentsBefore = live.requests.startPayment.length
    await deliver(live, event, crashingWait)
    ;[model] = transition(enrolmentMachine, model, machineEventOf(event))
    const after = live.snapshot()
    expect(live.crash(), where).toBeNull()
    expect(after.value, `${where}: the replay follows the path`).toEqual(model.value)
    const step: Step = {
      event,
      before,
      after,
      known,
      emitted: live.emitted.slice(emittedBefore),
      newPayments: live.requests.startPayment.slice(paymentsBefore),
    }
    for (const property of [
      noPaymentBeforeTheWaiverIsSigned,
      payNeverSendsASecondRequest,
      chargesTheTotalOnScreen,
      checkoutOnlyForTheTotalAsked,
      aRefusalNamesItsWayForward,
      everyProblemOffersAWayOn,
      paidOnlyWhenTheProviderSaysSo,
      keptProgressHoldsNoFreeText,
    ]) {
      try {
        property(step, live)
      } catch (error) {
        throw new Error(`${where}\n  ${property.name}: ${String(error)}`)
      }
    }
    known = learn(known, event, live)
  }
  // Decision 020: the wait stops asking at its end, however long the page stays open.
  if (!live.snapshot().matches({ wizard: 'confirming' })) {
    const reads = live.reads.reads.length
    live.clock.increment(60 * 60 * 1000)
    expect(live.reads.reads, `${path.name}: no status read an hour later`).toHaveLength(reads)
  }
  live.actor.stop()
}

describe('enrolment scenarios', () => {
  it.each(PATHS.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    await replay(path)
  })
})
