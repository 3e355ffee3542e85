import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type AnyStateNode, type StateValue } from 'xstate'
import { isApiError, type ApiError } from '../../contracts/api-error'
import type { RefundOption } from '../../contracts/athlete.contract'
import type { PaymentState } from '../../contracts/payments.contract'
import { MAX_EXTRA_FIELD_ANSWER_LENGTH } from '../../contracts/races.contract'
import { deferred, flushMicrotasks, httpFailure, networkFailure, type Deferred } from '../session/test-harness'
import {
  enrolmentMachine,
  failureOf,
  keptProgressOf,
  screenOf,
  questionProblems,
  resumeOf,
  STEPS,
  type Choices,
  type EnrolmentEmitted,
  type EnrolmentEvent,
  type EnrolRequest,
  type GateOutcome,
  type Question,
  type ShownWaiver,
  type SignRequest,
  type StartedPayment,
  type StartPaymentRequest,
  type WizardScreen,
} from './enrolment.machine'
import type { OpenEnrolment } from './eligibility'
import { KEPT_PROGRESS_VERSION, KeptProgressSchema, type KeptProgress, type KeptStep, type RegistrationPhase } from './kept-progress'
import { LONG_WAIT_AFTER_POLLS, paymentWaitMachine, paymentWaitView, pollDelayMs, type PaymentReading, type PaymentWaitSnapshot } from './payment-wait.machine'
import type { PricedRace } from './price'

const RACE_ID = 203
const ATHLETE_ID = 1042
const SEED = 'wizard-7f3a'
const CHECKOUT = 'https://pay.example/checkout/1'

/** The race's questions: a free-text one (never kept in the browser), a choice and a checkbox. */
const QUESTIONS: Question[] = [
  { name: 'team', kind: 'text', required: false },
  { name: 'navetta', kind: 'select', required: true },
  { name: 'kit', kind: 'boolean', required: true },
]
/** A free-text answer the athlete types: it must never reach the browser's storage. */
const TEAM = 'Valdigne Runners Courmayeur'
/** A race that asks a free-text question that must be answered. */
const CARD_QUESTIONS: Question[] = [...QUESTIONS, { name: 'tessera', kind: 'text', required: true }]
const CARD = 'FIDAL-AO-778812'

/** 85 € the race, 10 € the protected refund, 6.50 € the GPS. */
const TARIFF: PricedRace = { prezzo: 85, supplemento_rimborso: 10, noleggio_gps: 6.5 }
/** Protected refund and GPS: 85 + 10 + 6.50. */
const FULL_TOTAL = 101.5

/** The sentence the athlete types to sign: it must never reach the browser's storage either. */
const SENTENCE = 'I accept the risks of running in the mountains'
const WAIVER: ShownWaiver = { versione: 'v3', lingua: 'en', testo: 'I take part at my own risk.', frase: SENTENCE }

function gate(overrides: Partial<GateOutcome> = {}): GateOutcome {
  return { refusals: [], entry: 'direct', open: null, questions: QUESTIONS, tariff: TARIFF, ...overrides }
}

/**
 * A place the server holds, made and not paid (the gate's `open`), with these choices. `answers`
 * is `null` unless given: a server that does not say which answers it holds.
 */
function place(step: OpenEnrolment['step'], choice: Choice, overrides: Partial<OpenEnrolment> = {}): OpenEnrolment {
  return { step, ...choice, answers: null, waiverRevised: false, ...overrides }
}

/** What each held call answers. */
interface Answers {
  check: GateOutcome
  enrol: void
  sign: void
  startPayment: StartedPayment
  readTariff: PricedRace
  readStatus: PaymentState
}
type CallId = keyof Answers

interface StartOptions {
  /** What the browser kept, as it comes out of storage. */
  kept?: unknown
  phase?: RegistrationPhase
  keySeed?: string
  /** The answers the tab still holds in memory (a session that ended without a reload). */
  answers?: Record<string, string | boolean>
}

const pathOf = (value: StateValue): string => {
  if (typeof value === 'string') return value
  const [key, child] = Object.entries(value)[0] ?? ['?', '?']
  return `${key}.${pathOf(child ?? '?')}`
}

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown

/**
 * An enrolment actor whose calls the test answers by hand: every call of every actor (the gate,
 * the enrolment, the signature, the payment, the prices, the payment's status read by the wait)
 * waits on a deferred the test settles. Timers (the wait's polling) run on a simulated clock.
 */
function start(options: StartOptions = {}) {
  const calls = {
    check: [] as number[],
    enrol: [] as EnrolRequest[],
    sign: [] as SignRequest[],
    startPayment: [] as StartPaymentRequest[],
    readTariff: [] as number[],
    readStatus: [] as string[],
  }
  const pending = new Map<CallId, Deferred<unknown>>()
  function hold<K extends CallId>(id: K): Promise<Answers[K]> {
    const call = deferred<Answers[K]>()
    pending.set(id, call)
    return call.promise
  }

  const machine = enrolmentMachine.provide({
    actors: {
      checkEligibility: fromPromise<GateOutcome, { raceId: number }>(({ input }) => {
        calls.check.push(input.raceId)
        return hold('check')
      }),
      enrol: fromPromise<void, EnrolRequest>(({ input }) => {
        calls.enrol.push(input)
        return hold('enrol')
      }),
      signWaiver: fromPromise<void, SignRequest>(({ input }) => {
        calls.sign.push(input)
        return hold('sign')
      }),
      startPayment: fromPromise<StartedPayment, StartPaymentRequest>(({ input }) => {
        calls.startPayment.push(input)
        return hold('startPayment')
      }),
      readTariff: fromPromise<PricedRace, { raceId: number }>(({ input }) => {
        calls.readTariff.push(input.raceId)
        return hold('readTariff')
      }),
      paymentWait: paymentWaitMachine.provide({
        actors: {
          readStatus: fromPromise<PaymentReading, { paymentId: string }>(({ input }) => {
            calls.readStatus.push(input.paymentId)
            return hold('readStatus')
          }),
        },
      }),
    },
  })
  const clock = new SimulatedClock()
  const actor = createActor(machine, {
    input: {
      raceId: RACE_ID,
      athleteId: ATHLETE_ID,
      phase: options.phase ?? 'open',
      keySeed: options.keySeed ?? SEED,
      kept: options.kept,
      answers: options.answers,
    },
    clock,
  })
  const emitted: EnrolmentEmitted[] = []
  actor.on('*', (event) => void emitted.push(event))
  // A crash shows in `value()` (and fails the assertion on it) instead of escaping the test.
  let crash: unknown = null
  actor.subscribe({ error: (error) => void (crash = error) })
  actor.start()

  async function settle(id: CallId, how: (call: Deferred<unknown>) => void) {
    const call = pending.get(id)
    if (!call) throw new Error(`no ${id} call is in flight`)
    pending.delete(id)
    how(call)
    await flushMicrotasks()
  }
  const snapshot = () => actor.getSnapshot()

  return {
    actor,
    calls,
    emitted,
    send: (event: EnrolmentEvent) => actor.send(event),
    snapshot,
    context: () => snapshot().context,
    /** `checking`, `wizard.gps`, ...; `crashed: ...` when the actor failed. */
    value: () => (crash === null ? pathOf(snapshot().value) : `crashed: ${String(crash)}`),
    screen: () => screenOf(snapshot()),
    kept: () => keptProgressOf(snapshot()),
    /** The wait for the provider, while the wizard awaits a payment. */
    wait: () => {
      const child = snapshot().children['paymentWait']
      return child ? paymentWaitView(child.getSnapshot() as PaymentWaitSnapshot) : null
    },
    advance: (ms: number) => clock.increment(ms),
    isHeld: (id: CallId) => pending.has(id),
    resolve: <K extends CallId>(id: K, answer?: Answers[K]) => settle(id, (call) => call.resolve(answer)),
    reject: (id: CallId, error: unknown) => settle(id, (call) => call.reject(error)),
    /** The emitted events of one type. */
    told: (type: EnrolmentEmitted['type']) => emitted.filter((event) => event.type === type),
  }
}

type Harness = ReturnType<typeof start>

function answerQuestions(t: Harness) {
  t.send({ type: 'extra.answer', name: 'team', value: TEAM })
  t.send({ type: 'extra.answer', name: 'navetta', value: 'Cogne' })
  t.send({ type: 'extra.answer', name: 'kit', value: true })
}

interface Choice {
  refund: RefundOption
  gps: boolean
}
const PROTECTED_WITH_GPS: Choice = { refund: 'protetto', gps: true }

/** Through the gate and every step to the summary. */
async function toSummary(t: Harness, choice: Choice = PROTECTED_WITH_GPS, outcome: GateOutcome = gate()) {
  await t.resolve('check', outcome)
  t.send({ type: 'data.confirm', confirmed: true })
  t.send({ type: 'wizard.next' })
  answerQuestions(t)
  if (outcome.questions.some((question) => question.name === 'tessera')) t.send({ type: 'extra.answer', name: 'tessera', value: CARD })
  t.send({ type: 'wizard.next' })
  t.send({ type: 'rules.accept', accepted: true })
  t.send({ type: 'wizard.next' })
  t.send({ type: 'refund.choose', option: choice.refund })
  t.send({ type: 'wizard.next' })
  t.send({ type: 'gps.choose', rent: choice.gps })
  t.send({ type: 'wizard.next' })
}

/** Confirmed and entered: the waiver's dialog is open. */
async function toDisclaimer(t: Harness, choice?: Choice, outcome?: GateOutcome) {
  await toSummary(t, choice, outcome)
  t.send({ type: 'summary.confirm' })
  await t.resolve('enrol')
}

/** Signed: the payment step. */
async function toPayment(t: Harness, choice?: Choice, outcome?: GateOutcome) {
  await toDisclaimer(t, choice, outcome)
  t.send({ type: 'disclaimer.type', text: SENTENCE })
  t.send({ type: 'disclaimer.submit', waiver: WAIVER })
  await t.resolve('sign')
}

/** Pay pressed and the server's answer held: the athlete is sent to the checkout. */
async function toCheckout(t: Harness) {
  await toPayment(t)
  t.send({ type: 'payment.pay' })
  await t.resolve('startPayment', { paymentId: 'PAY-1', redirectUrl: CHECKOUT, total: FULL_TOTAL })
}

/** The page comes back (a reload, the return from the checkout): a new wizard with what the last one kept. */
function reopen(t: Harness, options: Omit<StartOptions, 'kept'> = {}) {
  const kept = roundTrip(t.kept())
  t.actor.stop()
  return start({ ...options, kept })
}

/** Back from the checkout: the wizard awaits the payment. */
async function awaitingPayment() {
  const first = start()
  await toCheckout(first)
  return reopen(first)
}

const keyOf = (call: StartPaymentRequest | undefined) => call?.key

// ---------------------------------------------------------------------------------------------

describe('the gate', () => {
  it('checks eligibility first, then shows every refusal the gate found', async () => {
    const t = start()
    expect(t.value()).toBe('checking')
    expect(t.screen()).toEqual({ kind: 'checking' })
    expect(t.calls.check).toEqual([RACE_ID])
    await t.resolve('check', gate({ refusals: [{ code: 'certificate_in_review' }, { code: 'sold_out' }] }))
    expect(t.value()).toBe('refused')
    expect(t.screen()).toEqual({ kind: 'refused' })
    expect(t.context().refusals.map((refusal) => refusal.code)).toEqual(['certificate_in_review', 'sold_out'])
  })

  it('a passed gate opens the data check with nothing chosen, and the race questions and prices it read', async () => {
    const t = start()
    await t.resolve('check', gate({ entry: 'lottery' }))
    expect(t.value()).toBe('wizard.dataCheck')
    expect(t.screen()).toEqual({ kind: 'step', step: 'dataCheck', busy: null, disclaimerOpen: false })
    expect(t.context()).toMatchObject({ entry: 'lottery', questions: QUESTIONS, tariff: TARIFF, refusals: [], failure: null })
    expect(t.context().choices).toEqual({ dataConfirmed: false, extra: {}, rulesAccepted: false, refund: null, gps: null })
  })

  it('a failed check can be retried, and the retry asks the gate again', async () => {
    const t = start()
    await t.reject('check', networkFailure('races.get'))
    expect(t.value()).toBe('checkFailed')
    expect(t.screen()).toEqual({ kind: 'checkFailed' })
    expect(t.context().failure).toEqual({ action: 'check', error: networkFailure('races.get') })
    t.send({ type: 'wizard.retry' })
    expect(t.value()).toBe('checking')
    expect(t.context().failure).toBeNull()
    await t.resolve('check', gate())
    expect(t.value()).toBe('wizard.dataCheck')
    expect(t.calls.check).toEqual([RACE_ID, RACE_ID])
  })

  it('a visitor the gate asks to log in is told so: the login drawer opens', async () => {
    const t = start()
    await t.resolve('check', gate({ refusals: [{ code: 'login_required' }] }))
    expect(t.value()).toBe('refused')
    expect(t.emitted).toEqual([{ type: 'loginRequired' }])
  })

  it('a refusal other than the login asks nobody to log in', async () => {
    const t = start()
    await t.resolve('check', gate({ refusals: [{ code: 'certificate_missing' }] }))
    expect(t.told('loginRequired')).toEqual([])
  })
})

describe('a subscription made earlier and not paid', () => {
  it('signed, it resumes at the payment with the choices it was made with, and pays with them', async () => {
    const t = start()
    await t.resolve('check', gate({ open: place('payment', { refund: 'protetto', gps: false }) }))
    expect(t.value()).toBe('wizard.payment')
    expect(t.context().choices).toMatchObject({ dataConfirmed: true, rulesAccepted: true, refund: 'protetto', gps: false })
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment).toEqual([{ raceId: RACE_ID, key: `${SEED}.1`, refund: 'protetto', gps: false, expectedTotal: 95 }])
  })

  it('unsigned, it resumes at the waiver; closing it shows the summary of those choices', async () => {
    const t = start()
    await t.resolve('check', gate({ open: place('disclaimer', { refund: 'standard', gps: true }) }))
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.screen()).toEqual({ kind: 'step', step: 'summary', busy: null, disclaimerOpen: true })
    t.send({ type: 'disclaimer.close' })
    expect(t.value()).toBe('wizard.summary')
    expect(t.context().choices).toMatchObject({ refund: 'standard', gps: true })
  })

  it('choices kept in the browser win over the earlier subscription: the wizard resumes at its own step', async () => {
    const kept = keptAt('summary', { choices: { ...CHOICES_AT.summary, refund: 'standard', gps: false } })
    const t = start({ kept })
    await t.resolve('check', gate({ open: place('payment', { refund: 'protetto', gps: true }) }))
    expect(t.value()).toBe('wizard.summary')
    expect(t.context().choices).toMatchObject({ refund: 'standard', gps: false })
  })
})

describe("a place the organiser's payment link pays (issue 42)", () => {
  const LINK = 'lnk-pending-1'

  it('resumes at the payment with the link to pay it on, and Pay starts no card payment the server would refuse', async () => {
    const t = start()
    await t.resolve('check', gate({ open: place('payment', { refund: 'standard', gps: false }, { link: LINK }) }))
    expect(t.value()).toBe('wizard.payment')
    expect(t.context().paymentLink).toBe(LINK)
    expect(t.snapshot().can({ type: 'payment.pay' })).toBe(false)
    t.send({ type: 'payment.pay' })
    expect(t.value()).toBe('wizard.payment')
    expect(t.calls.startPayment).toEqual([])
  })

  it('a waiver still to sign comes first; signed, the payment is the link still', async () => {
    const t = start()
    await t.resolve('check', gate({ open: place('disclaimer', { refund: 'standard', gps: false }, { link: LINK }) }))
    t.send({ type: 'disclaimer.type', text: SENTENCE })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await t.resolve('sign')
    expect(t.value()).toBe('wizard.payment')
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment).toEqual([])
  })

  it('without a link open, Pay starts the payment as ever', async () => {
    const t = start()
    await t.resolve('check', gate({ open: place('payment', { refund: 'standard', gps: false }) }))
    expect(t.context().paymentLink).toBeNull()
    expect(t.snapshot().can({ type: 'payment.pay' })).toBe(true)
  })
})

describe('a place kept for the athlete that lapses mid-wizard (issue 42)', () => {
  const ENDS = Date.UTC(2026, 2, 2, 10, 10)
  const held = gate({ keptPlace: { kind: 'hold', hold: { endsAt: ENDS, paying: false } } })
  const offered = gate({ keptPlace: { kind: 'offer', endsAt: ENDS } })

  it.each<[string, GateOutcome, 'hold_expired' | 'offer_expired']>([
    ['a place held from the waiting room', held, 'hold_expired'],
    ['a place offered from the wait list', offered, 'offer_expired'],
  ])('%s: the wizard goes on until its deadline, then stops on the refusal, with nothing charged', async (_, outcome, code) => {
    const t = start()
    await toSummary(t, PROTECTED_WITH_GPS, outcome)
    t.send({ type: 'clock.tick', now: ENDS - 1 })
    expect(t.value()).toBe('wizard.summary')
    t.send({ type: 'clock.tick', now: ENDS })
    expect(t.value()).toBe('refused')
    expect(t.screen()).toEqual({ kind: 'refused' })
    expect(t.context().lateRefusal).toEqual({ code, step: 'summary' })
    // No way on: the summary cannot be confirmed, nor any step reached.
    t.send({ type: 'summary.confirm' })
    t.send({ type: 'wizard.back' })
    expect(t.value()).toBe('refused')
    expect(t.calls.enrol).toEqual([])
  })

  it('lapsed on an earlier step, Next goes nowhere any more', async () => {
    const t = start()
    await t.resolve('check', held)
    t.send({ type: 'data.confirm', confirmed: true })
    t.send({ type: 'clock.tick', now: ENDS + 60_000 })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('refused')
    expect(t.context().lateRefusal).toEqual({ code: 'hold_expired', step: 'dataCheck' })
  })

  it('a payment asked for before the deadline is the server\'s to answer: the wizard waits for it', async () => {
    const t = start()
    await toPayment(t, PROTECTED_WITH_GPS, held)
    t.send({ type: 'payment.pay' })
    t.send({ type: 'clock.tick', now: ENDS + 1 })
    expect(t.value()).toBe('wizard.startingPayment')
    await t.resolve('startPayment', { paymentId: 'PAY-1', redirectUrl: CHECKOUT, total: FULL_TOTAL })
    t.send({ type: 'clock.tick', now: ENDS + 2 })
    expect(t.value()).toBe('wizard.redirecting')
  })

  it('a race that keeps no place for the athlete never stops on the clock', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'clock.tick', now: Number.MAX_SAFE_INTEGER })
    expect(t.value()).toBe('wizard.summary')
  })
})

describe('resuming a place the server holds, with every answer (decision 027)', () => {
  /** What the place was made with: a free-text answer the browser never keeps, a choice, a checkbox. */
  const ANSWERS = { team: TEAM, navetta: 'Aosta', kit: true }

  it('signed on the current text, with every answer: the payment, every answer and choice filled in, the steps before done', async () => {
    const t = start()
    await t.resolve('check', gate({ open: place('payment', { refund: 'protetto', gps: true }, { answers: ANSWERS }) }))
    expect(t.value()).toBe('wizard.payment')
    expect(t.screen()).toEqual({ kind: 'step', step: 'payment', busy: null, disclaimerOpen: false })
    expect(t.context().choices).toEqual({ dataConfirmed: true, rulesAccepted: true, refund: 'protetto', gps: true, extra: ANSWERS })
    expect(t.context().problems).toEqual({})
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment).toEqual([{ raceId: RACE_ID, key: `${SEED}.1`, refund: 'protetto', gps: true, expectedTotal: FULL_TOTAL }])
    // The free text came from the server: the browser still never keeps it.
    expect(t.kept()?.choices.extra).toEqual({ navetta: 'Aosta', kit: true })
  })

  it('back from the payment, the summary shows the answers the place was made with', async () => {
    const t = start()
    await t.resolve('check', gate({ open: place('payment', { refund: 'standard', gps: false }, { answers: ANSWERS }) }))
    t.send({ type: 'wizard.back' })
    expect(t.value()).toBe('wizard.summary')
    expect(t.context().choices.extra).toEqual(ANSWERS)
  })

  it('unsigned: the waiver over the summary; confirming again sends the answers the place was made with', async () => {
    const t = start()
    await t.resolve('check', gate({ open: place('disclaimer', { refund: 'standard', gps: false }, { answers: ANSWERS }) }))
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.context().problems).toEqual({})
    expect(t.told('waiverRevised')).toEqual([])
    t.send({ type: 'disclaimer.close' })
    t.send({ type: 'summary.confirm' })
    expect(t.calls.enrol).toEqual([
      { raceId: RACE_ID, choices: { dataConfirmed: true, rulesAccepted: true, refund: 'standard', gps: false, extra: ANSWERS } },
    ])
  })

  it('signed on a text the organiser has revised since: the waiver again, saying why, its new text read afresh', async () => {
    const t = start()
    await t.resolve('check', gate({ open: place('disclaimer', { refund: 'protetto', gps: true }, { answers: ANSWERS, waiverRevised: true }) }))
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.context().problems).toEqual({ disclaimer: 'revised' })
    expect(t.told('waiverRevised')).toHaveLength(1)
    t.send({ type: 'disclaimer.type', text: SENTENCE })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await t.resolve('sign')
    expect(t.value()).toBe('wizard.payment')
    expect(t.context().problems).toEqual({})
  })

  it('a required question the place has no answer for (asked since): the questions, with the other answers kept', async () => {
    const t = start()
    await t.resolve(
      'check',
      gate({ questions: CARD_QUESTIONS, open: place('payment', { refund: 'protetto', gps: true }, { answers: ANSWERS, waiverRevised: true }) }),
    )
    expect(t.value()).toBe('wizard.extraFields')
    expect(t.context().choices.extra).toEqual(ANSWERS)
    // Not the waiver's turn yet: nothing is said of it.
    expect(t.context().problems).toEqual({})
    expect(t.told('waiverRevised')).toEqual([])
    t.send({ type: 'extra.answer', name: 'tessera', value: CARD })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.rules')
    expect(t.context().choices.rulesAccepted).toBe(true)
  })

  it('a server that does not say which answers it holds: the place took them when it was made, its step as it needs', async () => {
    const t = start()
    await t.resolve('check', gate({ questions: CARD_QUESTIONS, open: place('payment', { refund: 'protetto', gps: false }) }))
    expect(t.value()).toBe('wizard.payment')
    expect(t.context().choices.extra).toEqual({})
  })

  it('what this tab holds adds the answers the place has none for', async () => {
    const t = start({ kept: keptAt('payment'), answers: { tessera: CARD } })
    await t.resolve('check', gate({ questions: CARD_QUESTIONS, open: place('payment', { refund: 'protetto', gps: true }, { answers: ANSWERS }) }))
    expect(t.value()).toBe('wizard.payment')
    expect(t.context().choices.extra).toEqual({ ...ANSWERS, tessera: CARD })
  })

  describe('a kept progress that disagrees with the place', () => {
    it('sent from this browser (kept at the payment): the place wins, and the kept attempt keeps its key, so a retry cannot charge twice', async () => {
      const attempt = { key: 'kept-seed.2', refund: 'protetto' as const, gps: true, expectedTotal: 10150, paymentId: null }
      const t = start({ kept: keptAt('payment', { attempt, attempts: 2 }) })
      await t.resolve('check', gate({ open: place('payment', { refund: 'protetto', gps: true }, { answers: ANSWERS }) }))
      expect(t.value()).toBe('wizard.payment')
      expect(t.context().choices.extra).toEqual(ANSWERS)
      t.send({ type: 'payment.pay' })
      expect(keyOf(t.calls.startPayment[0])).toBe('kept-seed.2')
    })

    it('kept at the waiver, the place signed since (another tab): the payment', async () => {
      const t = start({ kept: keptAt('disclaimer') })
      await t.resolve('check', gate({ open: place('payment', { refund: 'standard', gps: false }, { answers: ANSWERS }) }))
      expect(t.value()).toBe('wizard.payment')
      expect(t.context().choices).toMatchObject({ refund: 'standard', gps: false, extra: ANSWERS })
    })

    it('kept at the payment, the place now needing its waiver signed again: the waiver', async () => {
      const t = start({ kept: keptAt('payment') })
      await t.resolve('check', gate({ open: place('disclaimer', { refund: 'protetto', gps: true }, { answers: ANSWERS, waiverRevised: true }) }))
      expect(t.value()).toBe('wizard.disclaimer')
      expect(t.context().problems).toEqual({ disclaimer: 'revised' })
    })

    it('a draft not sent (kept at a step up to the summary, choices made): its step and choices win; the place fills the free text the browser does not keep', async () => {
      const kept = keptAt('gps', { choices: { ...CHOICES_AT.gps, refund: 'standard', extra: { navetta: 'Cogne', kit: true } } })
      const t = start({ kept })
      await t.resolve('check', gate({ open: place('payment', { refund: 'protetto', gps: true }, { answers: ANSWERS }) }))
      expect(t.value()).toBe('wizard.gps')
      expect(t.context().choices).toMatchObject({ refund: 'standard', gps: null, extra: { team: TEAM, navetta: 'Cogne', kit: true } })
    })

    it('a draft from before the place was made (nothing chosen yet): the place wins', async () => {
      const t = start({ kept: keptAt('extraFields') })
      await t.resolve('check', gate({ open: place('payment', { refund: 'protetto', gps: true }, { answers: ANSWERS }) }))
      expect(t.value()).toBe('wizard.payment')
      expect(t.context().choices.extra).toEqual(ANSWERS)
    })
  })

  it('resumeOf, the rule itself, read without an actor', () => {
    const open = place('payment', { refund: 'protetto', gps: true }, { answers: ANSWERS })
    const none: Choices = { dataConfirmed: false, extra: {}, rulesAccepted: false, refund: null, gps: null }
    expect(resumeOf({ choices: none, resumeAt: null }, gate({ open })).step).toBe('payment')
    expect(resumeOf({ choices: none, resumeAt: null }, gate({ open: { ...open, answers: { team: TEAM } } })).step).toBe('extraFields')
    expect(resumeOf({ choices: none, resumeAt: null }, gate({ open: { ...open, step: 'disclaimer', waiverRevised: true } }))).toMatchObject({
      step: 'disclaimer',
      waiverRevised: true,
    })
    expect(resumeOf({ choices: CHOICES_AT.summary, resumeAt: 'summary' }, gate({ open })).step).toBe('summary')
    expect(resumeOf({ choices: CHOICES_AT.summary, resumeAt: 'confirming' }, gate({ open })).step).toBe('payment')
    expect(resumeOf({ choices: none, resumeAt: null }, gate()).step).toBe('dataCheck')
  })
})

describe('the steps', () => {
  it('each step refuses to move on until its answer is given, with the problem as a code', async () => {
    const t = start()
    await t.resolve('check', gate())
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.dataCheck')
    expect(t.context().problems).toEqual({ dataConfirmed: 'required' })
    t.send({ type: 'data.confirm', confirmed: true })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.extraFields')
    expect(t.context().problems).toEqual({})

    t.send({ type: 'extra.answer', name: 'team', value: TEAM })
    t.send({ type: 'wizard.next' })
    expect(t.context().problems).toEqual({ extra: { navetta: 'required', kit: 'required' } })
    t.send({ type: 'extra.answer', name: 'navetta', value: '   ' })
    t.send({ type: 'extra.answer', name: 'kit', value: true })
    t.send({ type: 'wizard.next' })
    expect(t.context().problems).toEqual({ extra: { navetta: 'required' } })
    t.send({ type: 'extra.answer', name: 'navetta', value: 'Aosta' })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.rules')

    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.rules')
    expect(t.context().problems).toEqual({ rules: 'required' })
    t.send({ type: 'rules.accept', accepted: true })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.refund')
    t.send({ type: 'wizard.next' })
    expect(t.context().problems).toEqual({ refund: 'required' })
    t.send({ type: 'refund.choose', option: 'standard' })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.gps')
    t.send({ type: 'wizard.next' })
    expect(t.context().problems).toEqual({ gps: 'required' })
    t.send({ type: 'gps.choose', rent: false })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.summary')
    expect(t.context().problems).toEqual({})
  })

  it('a box unticked again is no answer: the data check and the rules refuse Next', async () => {
    const t = start()
    await t.resolve('check', gate())
    t.send({ type: 'data.confirm', confirmed: true })
    t.send({ type: 'data.confirm', confirmed: false })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.dataCheck')
    t.send({ type: 'data.confirm', confirmed: true })
    t.send({ type: 'wizard.next' })
    answerQuestions(t)
    t.send({ type: 'wizard.next' })
    t.send({ type: 'rules.accept', accepted: true })
    t.send({ type: 'rules.accept', accepted: false })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.rules')
    expect(t.context().problems).toEqual({ rules: 'required' })
  })

  it.each<[string, EnrolmentEvent]>([
    ['nothing', { type: 'wizard.next' }],
    // The old wizard took the questions from the event; whatever an event carries, the machine checks its own.
    ['no questions', { type: 'wizard.next', fields: [] } as EnrolmentEvent],
    ['answers of its own', { type: 'wizard.next', answers: { navetta: 'Cogne', kit: true } } as EnrolmentEvent],
  ])('Next at the race questions with %s in the event and none answered is refused, naming each required question', async (_, next) => {
    const t = start()
    await t.resolve('check', gate())
    t.send({ type: 'data.confirm', confirmed: true })
    t.send({ type: 'wizard.next' })
    t.send(next)
    expect(t.value()).toBe('wizard.extraFields')
    expect(t.context().problems).toEqual({ extra: { navetta: 'required', kit: 'required' } })
  })

  it('a required checkbox left false is not answered; an optional question may stay empty', async () => {
    const t = start()
    await t.resolve('check', gate())
    t.send({ type: 'data.confirm', confirmed: true })
    t.send({ type: 'wizard.next' })
    t.send({ type: 'extra.answer', name: 'navetta', value: 'Cogne' })
    t.send({ type: 'extra.answer', name: 'kit', value: false })
    t.send({ type: 'wizard.next' })
    expect(t.context().problems).toEqual({ extra: { kit: 'required' } })
    t.send({ type: 'extra.answer', name: 'kit', value: true })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.rules')
  })

  describe(`a text answer over MAX_EXTRA_FIELD_ANSWER_LENGTH (${String(MAX_EXTRA_FIELD_ANSWER_LENGTH)}) characters, which the server refuses`, () => {
    const TOO_LONG = `too_long:${String(MAX_EXTRA_FIELD_ANSWER_LENGTH)}`
    const longest = 'x'.repeat(MAX_EXTRA_FIELD_ANSWER_LENGTH)

    it('keeps the questions step, even for an optional question, naming it too_long:<max>; shortened, Next goes on', async () => {
      const t = start()
      await t.resolve('check', gate())
      t.send({ type: 'data.confirm', confirmed: true })
      t.send({ type: 'wizard.next' })
      answerQuestions(t)
      t.send({ type: 'extra.answer', name: 'team', value: `${longest}x` })
      t.send({ type: 'wizard.next' })
      expect(t.value()).toBe('wizard.extraFields')
      expect(t.context().problems).toEqual({ extra: { team: TOO_LONG } })
      t.send({ type: 'extra.answer', name: 'team', value: longest })
      t.send({ type: 'wizard.next' })
      expect(t.value()).toBe('wizard.rules')
      expect(t.context().problems).toEqual({})
    })

    it('says too long rather than required for a required question, beside the other problems', async () => {
      const t = start()
      await t.resolve('check', gate({ questions: CARD_QUESTIONS }))
      t.send({ type: 'data.confirm', confirmed: true })
      t.send({ type: 'wizard.next' })
      t.send({ type: 'extra.answer', name: 'tessera', value: `${longest}!` })
      t.send({ type: 'wizard.next' })
      expect(t.value()).toBe('wizard.extraFields')
      expect(t.context().problems).toEqual({ extra: { tessera: TOO_LONG, navetta: 'required', kit: 'required' } })
    })

    it('made too long after the questions step is caught when the summary is confirmed: nothing is sent', async () => {
      const t = start()
      await toSummary(t)
      t.send({ type: 'extra.answer', name: 'team', value: `${longest}x` })
      t.send({ type: 'summary.confirm' })
      expect(t.value()).toBe('wizard.extraFields')
      expect(t.context().problems).toEqual({ extra: { team: TOO_LONG } })
      expect(t.calls.enrol).toEqual([])
    })

    it('counts code points, as the contract does, and the answer as typed, as it is sent', () => {
      const questions: Question[] = [{ name: 'team', kind: 'text', required: true }]
      // One character outside the Basic Multilingual Plane is one, though two UTF-16 units.
      expect(questionProblems(questions, { team: '🏔'.repeat(MAX_EXTRA_FIELD_ANSWER_LENGTH) })).toEqual({})
      expect(questionProblems(questions, { team: '🏔'.repeat(MAX_EXTRA_FIELD_ANSWER_LENGTH + 1) })).toEqual({ team: TOO_LONG })
      // Spaces count: the answer is sent untrimmed.
      expect(questionProblems(questions, { team: ` ${longest}` })).toEqual({ team: TOO_LONG })
      expect(questionProblems(questions, { team: '   ' })).toEqual({ team: 'required' })
      expect(questionProblems(questions, { team: true })).toEqual({ team: 'required' })
    })
  })

  it('a race without questions lets the questions step through at once', async () => {
    const t = start()
    await t.resolve('check', gate({ questions: [] }))
    t.send({ type: 'data.confirm', confirmed: true })
    t.send({ type: 'wizard.next' })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.rules')
  })

  it('a problem shown on a step is gone once the athlete leaves it', async () => {
    const t = start()
    await t.resolve('check', gate())
    t.send({ type: 'data.confirm', confirmed: true })
    t.send({ type: 'wizard.next' })
    t.send({ type: 'wizard.next' })
    expect(t.context().problems).not.toEqual({})
    t.send({ type: 'wizard.back' })
    expect(t.value()).toBe('wizard.dataCheck')
    expect(t.context().problems).toEqual({})
  })

  it('back and next keep every choice', async () => {
    const t = start()
    await toSummary(t)
    const before = t.context().choices
    expect(before).toEqual({
      dataConfirmed: true,
      extra: { team: TEAM, navetta: 'Cogne', kit: true },
      rulesAccepted: true,
      refund: 'protetto',
      gps: true,
    })
    for (const step of ['gps', 'refund', 'rules', 'extraFields', 'dataCheck']) {
      t.send({ type: 'wizard.back' })
      expect(t.value()).toBe(`wizard.${step}`)
    }
    expect(t.context().choices).toEqual(before)
    for (let i = 0; i < 5; i += 1) t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.summary')
  })

  it('the summary on screen is announced, each time it is reached', async () => {
    const t = start()
    await toSummary(t)
    expect(t.told('summaryReached')).toHaveLength(1)
    t.send({ type: 'wizard.back' })
    t.send({ type: 'wizard.next' })
    expect(t.told('summaryReached')).toHaveLength(2)
  })

  it('confirming the summary with a required question unanswered goes back to the questions, naming it', async () => {
    // A subscription made on another device: the wizard opens at its waiver without this wizard's answers.
    const t = start()
    await t.resolve('check', gate({ open: place('disclaimer', { refund: 'standard', gps: false }) }))
    t.send({ type: 'disclaimer.close' })
    t.send({ type: 'summary.confirm' })
    expect(t.value()).toBe('wizard.extraFields')
    expect(t.context().problems).toEqual({ extra: { navetta: 'required', kit: 'required' } })
    expect(t.calls.enrol).toEqual([])
  })

  it('an answer cleared after the questions step is caught when the summary is confirmed', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'extra.answer', name: 'navetta', value: '' })
    t.send({ type: 'summary.confirm' })
    expect(t.value()).toBe('wizard.extraFields')
    expect(t.context().problems).toEqual({ extra: { navetta: 'required' } })
    expect(t.calls.enrol).toEqual([])
  })

  it('a retry on the summary is no way around the race questions', async () => {
    const t = start()
    await t.resolve('check', gate({ open: place('disclaimer', { refund: 'standard', gps: false }) }))
    t.send({ type: 'disclaimer.close' })
    t.send({ type: 'wizard.retry' })
    expect(t.calls.enrol).toEqual([])
    expect(t.value()).not.toBe('wizard.enrolling')
  })
})

describe('enrolment and the waiver', () => {
  it('confirming the summary enters the athlete with the choices, says so, then opens the waiver', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    expect(t.value()).toBe('wizard.enrolling')
    expect(t.screen()).toEqual({ kind: 'step', step: 'summary', busy: 'enrolling', disclaimerOpen: false })
    expect(t.calls.enrol).toEqual([
      {
        raceId: RACE_ID,
        choices: { dataConfirmed: true, extra: { team: TEAM, navetta: 'Cogne', kit: true }, rulesAccepted: true, refund: 'protetto', gps: true },
      },
    ])
    await t.resolve('enrol')
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.emitted).toContainEqual({ type: 'enrolled' })
  })

  it('a failed enrolment stays on the summary with the failure; retry asks again', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    await t.reject('enrol', httpFailure(503, null, 'subscriptions.create'))
    expect(t.value()).toBe('wizard.summary')
    expect(t.context().failure).toEqual({ action: 'enrol', error: httpFailure(503, null, 'subscriptions.create') })
    expect(t.told('enrolled')).toEqual([])
    t.send({ type: 'wizard.retry' })
    expect(t.value()).toBe('wizard.enrolling')
    expect(t.calls.enrol).toHaveLength(2)
  })

  it('a server that finds an answer missing (a question added since the gate read them) has the gate read them again and leads back to the questions', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    await t.reject('enrol', httpFailure(422, 'missing_field', 'subscriptions.create'))
    expect(t.value()).toBe('checking')
    expect(t.told('enrolled')).toEqual([])
    expect(t.told('questionsChanged')).toEqual([{ type: 'questionsChanged' }])
    await t.resolve('check', gate({ questions: CARD_QUESTIONS }))
    expect(t.value()).toBe('wizard.extraFields')
    t.send({ type: 'wizard.next' })
    expect(t.context().problems).toEqual({ extra: { tessera: 'required' } })
  })

  it('a server that finds an answer missing, with every question of the race answered, leads back to the summary after the gate', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    await t.reject('enrol', httpFailure(422, 'missing_field', 'subscriptions.create'))
    await t.resolve('check', gate())
    expect(t.value()).toBe('wizard.summary')
  })

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['I accept the risks of running', 'incorrect'],
    [`${SENTENCE}.`, 'incorrect'],
  ])('the typed text %j is refused as %s, and nothing is signed', async (typed, problem) => {
    const t = start()
    await toDisclaimer(t)
    t.send({ type: 'disclaimer.type', text: typed })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.context().problems).toEqual({ disclaimer: problem })
    expect(t.calls.sign).toEqual([])
  })

  it('the right text, whatever its case and spacing, signs the waiver that was shown, then opens the payment', async () => {
    const t = start()
    await toDisclaimer(t)
    t.send({ type: 'disclaimer.type', text: '  i ACCEPT the   risks of running\tin the mountains ' })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    expect(t.value()).toBe('wizard.signing')
    expect(t.screen()).toEqual({ kind: 'step', step: 'summary', busy: 'signing', disclaimerOpen: true })
    expect(t.calls.sign).toEqual([{ raceId: RACE_ID, waiver: WAIVER }])
    await t.resolve('sign')
    expect(t.value()).toBe('wizard.payment')
    expect(t.emitted).toContainEqual({ type: 'waiverSigned' })
    expect(t.context().disclaimerText).toBe('')
  })

  it('a waiver revised while the athlete signed asks for the new text, and says the waiver changed', async () => {
    const t = start()
    await toDisclaimer(t)
    t.send({ type: 'disclaimer.type', text: SENTENCE })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await t.reject('sign', httpFailure(409, 'waiver_outdated', 'liberatoria.sign'))
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.context().problems).toEqual({ disclaimer: 'outdated' })
    expect(t.told('waiverRevised')).toHaveLength(1)
    expect(t.told('waiverSigned')).toEqual([])
  })

  it('a signature that gets no answer keeps the dialog and the typed text, with the failure', async () => {
    const t = start()
    await toDisclaimer(t)
    t.send({ type: 'disclaimer.type', text: SENTENCE })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await t.reject('sign', networkFailure('liberatoria.sign'))
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.context().failure).toEqual({ action: 'sign', error: networkFailure('liberatoria.sign') })
    expect(t.context().disclaimerText).toBe(SENTENCE)
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    expect(t.calls.sign).toHaveLength(2)
  })

  it('a waiver the server has no subscription for sends the athlete back to confirm the summary again', async () => {
    const t = start()
    await toDisclaimer(t)
    t.send({ type: 'disclaimer.type', text: SENTENCE })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await t.reject('sign', httpFailure(404, 'no_subscription', 'liberatoria.sign'))
    expect(t.value()).toBe('wizard.summary')
    expect(t.context().problems).toEqual({ summary: 'no_subscription' })
    t.send({ type: 'summary.confirm' })
    expect(t.value()).toBe('wizard.enrolling')
    expect(t.calls.enrol).toHaveLength(2)
  })

  it('closing the dialog goes back to the summary', async () => {
    const t = start()
    await toDisclaimer(t)
    t.send({ type: 'disclaimer.close' })
    expect(t.value()).toBe('wizard.summary')
  })

  it('a lottery application ends once the waiver is signed, with no payment, and says so', async () => {
    const t = start()
    await toDisclaimer(t, PROTECTED_WITH_GPS, gate({ entry: 'lottery' }))
    t.send({ type: 'disclaimer.type', text: SENTENCE })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await t.resolve('sign')
    expect(t.value()).toBe('applied')
    expect(t.screen()).toEqual({ kind: 'applied' })
    expect(t.snapshot().status).toBe('done')
    expect(t.told('waiverSigned')).toHaveLength(1)
    expect(t.told('applied')).toHaveLength(1)
    expect(t.calls.startPayment).toEqual([])
  })
})

describe('payment', () => {
  it('Pay starts a payment with the first key and the total shown, then sends the athlete to the checkout', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay' })
    expect(t.value()).toBe('wizard.startingPayment')
    expect(t.screen()).toEqual({ kind: 'step', step: 'payment', busy: 'startingPayment', disclaimerOpen: false })
    expect(t.calls.startPayment).toEqual([{ raceId: RACE_ID, key: `${SEED}.1`, refund: 'protetto', gps: true, expectedTotal: FULL_TOTAL }])
    await t.resolve('startPayment', { paymentId: 'PAY-1', redirectUrl: CHECKOUT, total: FULL_TOTAL })
    expect(t.value()).toBe('wizard.redirecting')
    expect(t.screen()).toEqual({ kind: 'redirecting' })
    expect(t.told('redirect')).toEqual([{ type: 'redirect', url: CHECKOUT }])
    expect(t.context().attempt).toEqual({ key: `${SEED}.1`, refund: 'protetto', gps: true, expectedTotal: 10150, paymentId: 'PAY-1' })
  })

  it.each<[string, Choice, number]>([
    ['the race alone', { refund: 'standard', gps: false }, 85],
    ['the race and the protected refund', { refund: 'protetto', gps: false }, 95],
    ['the race and the GPS', { refund: 'standard', gps: true }, 91.5],
    ['everything', { refund: 'protetto', gps: true }, 101.5],
  ])('the total Pay expects for %s is %d €', async (_, choice, euros) => {
    const t = start()
    await toPayment(t, choice)
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment[0]).toMatchObject({ refund: choice.refund, gps: choice.gps, expectedTotal: euros })
  })

  it('sums the prices in cents: 19.99 € + 0.10 € + 0.20 € is asked as 20.29 €, not a float', async () => {
    const t = start()
    await toPayment(t, PROTECTED_WITH_GPS, gate({ tariff: { prezzo: 19.99, supplemento_rimborso: 0.1, noleggio_gps: 0.2 } }))
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment[0]?.expectedTotal).toBe(20.29)
  })

  it('Pay before the payment step starts nothing', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'payment.pay' })
    expect(t.value()).toBe('wizard.summary')
    expect(t.calls.startPayment).toEqual([])
    expect(t.context().attempts).toBe(0)
  })

  it('a double click cannot start a second payment: Pay is ignored while the first runs', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay' })
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment).toHaveLength(1)
  })

  it('a retry after a lost answer asks again with the same key and total', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay' })
    await t.reject('startPayment', networkFailure('payments.start'))
    expect(t.value()).toBe('wizard.payment')
    expect(t.context().failure).toEqual({ action: 'startPayment', error: networkFailure('payments.start') })
    t.send({ type: 'payment.pay' })
    expect(t.context().failure).toBeNull()
    expect(t.calls.startPayment.map(keyOf)).toEqual([`${SEED}.1`, `${SEED}.1`])
    expect(t.calls.startPayment[1]?.expectedTotal).toBe(FULL_TOTAL)
  })

  it('a choice changed after an attempt that got no answer makes the next Pay a new attempt at the new total', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay' })
    await t.reject('startPayment', networkFailure('payments.start'))
    // Back to the GPS step: no GPS after all (85 + 10).
    t.send({ type: 'wizard.back' })
    t.send({ type: 'wizard.back' })
    t.send({ type: 'gps.choose', rent: false })
    t.send({ type: 'wizard.next' })
    t.send({ type: 'summary.confirm' })
    await t.resolve('enrol')
    t.send({ type: 'disclaimer.type', text: SENTENCE })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await t.resolve('sign')
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment[1]).toEqual({ raceId: RACE_ID, key: `${SEED}.2`, refund: 'protetto', gps: false, expectedTotal: 95 })
  })

  it('a waiver already signed for a paid place (another device paid meanwhile) ends on the refusal: already entered', async () => {
    const t = start()
    await toDisclaimer(t)
    t.send({ type: 'disclaimer.type', text: SENTENCE })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await t.reject('sign', httpFailure(409, 'already_signed', 'liberatoria.sign'))
    expect(t.value()).toBe('refused')
    expect(t.context().lateRefusal).toEqual({ code: 'already_enrolled', step: 'summary' })
  })

  it('a signature whose text is not the organiser\'s is refused as an outdated text: read again, nothing signed', async () => {
    const t = start()
    await toDisclaimer(t)
    t.send({ type: 'disclaimer.type', text: SENTENCE })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await t.reject('sign', httpFailure(422, 'hash_mismatch', 'liberatoria.sign'))
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.context().problems).toEqual({ disclaimer: 'outdated' })
    expect(t.told('waiverRevised')).toEqual([{ type: 'waiverRevised' }])
  })

  describe('a place another payment already holds', () => {
    const withBody = (code: string, body: Record<string, string>): ApiError => ({
      ...(httpFailure(409, code, 'payments.start') as Extract<ApiError, { kind: 'http' }>),
      body: { code, ...body },
    })

    it("an organiser's payment link open for the place ends the wizard on its refusal, with the link to pay there and nothing charged", async () => {
      const t = start()
      await toPayment(t)
      t.send({ type: 'payment.pay' })
      await t.reject('startPayment', withBody('payment_link_open', { codice_link: 'lnk-pending-1' }))
      expect(t.value()).toBe('refused')
      expect(t.context().lateRefusal).toEqual({ code: 'payment_link_open', step: 'payment', link: 'lnk-pending-1' })
      expect(t.context().attempt).toBeNull()
      expect(t.calls.startPayment).toHaveLength(1)
    })

    it("a payment of this place being confirmed (another tab) is awaited, not started again, and said", async () => {
      const t = start()
      await toPayment(t)
      t.send({ type: 'payment.pay' })
      await t.reject('startPayment', withBody('payment_in_progress', { pagamento_id: 'PAY-OTHER' }))
      expect(t.value()).toBe('wizard.confirming')
      expect(t.told('paymentInProgress')).toEqual([{ type: 'paymentInProgress' }])
      expect(t.calls.readStatus).toEqual(['PAY-OTHER'])
      await t.resolve('readStatus', 'success')
      expect(t.value()).toBe('paid')
      expect(t.told('paid')).toEqual([{ type: 'paid', paymentId: 'PAY-OTHER' }])
      expect(t.calls.startPayment).toHaveLength(1)
    })

    it('a payment in progress the server does not name is a failure to retry with the same key', async () => {
      const t = start()
      await toPayment(t)
      t.send({ type: 'payment.pay' })
      await t.reject('startPayment', httpFailure(409, 'payment_in_progress', 'payments.start'))
      expect(t.value()).toBe('wizard.payment')
      expect(t.context().failure).toMatchObject({ action: 'startPayment' })
      t.send({ type: 'payment.pay' })
      expect(t.calls.startPayment[1]?.key).toBe(`${SEED}.1`)
    })
  })

  it('back from the payment shows the summary, with the problem shown there gone', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay' })
    await t.reject('startPayment', httpFailure(422, 'idempotency_key_reused', 'payments.start'))
    t.send({ type: 'wizard.back' })
    expect(t.value()).toBe('wizard.summary')
    expect(t.context().problems).toEqual({})
  })

  describe('a total the server would charge differently', () => {
    async function mismatched(how: 'refused' | 'answered') {
      const t = start()
      await toPayment(t)
      t.send({ type: 'payment.pay' })
      if (how === 'refused') await t.reject('startPayment', httpFailure(409, 'total_mismatch', 'payments.start'))
      else await t.resolve('startPayment', { paymentId: 'PAY-1', redirectUrl: CHECKOUT, total: 104 })
      return t
    }

    it.each(['refused', 'answered'] as const)('(%s) is not paid: the prices are read again and the athlete told', async (how) => {
      const t = await mismatched(how)
      expect(t.value()).toBe('wizard.requoting')
      expect(t.screen()).toMatchObject({ kind: 'step', step: 'payment' })
      expect(t.told('redirect')).toEqual([])
      expect(t.told('priceChanged')).toHaveLength(1)
      expect(t.calls.readTariff).toEqual([RACE_ID])
      await t.resolve('readTariff', { prezzo: 87.5, supplemento_rimborso: 10, noleggio_gps: 6.5 })
      expect(t.value()).toBe('wizard.payment')
      expect(t.context().problems).toEqual({ payment: 'total_mismatch' })
      expect(t.context().attempt).toBeNull()
    })

    it.each(['refused', 'answered'] as const)('(%s): the next Pay is a new attempt at the new total', async (how) => {
      const t = await mismatched(how)
      await t.resolve('readTariff', { prezzo: 87.5, supplemento_rimborso: 10, noleggio_gps: 6.5 })
      t.send({ type: 'payment.pay' })
      expect(t.calls.startPayment.map(keyOf)).toEqual([`${SEED}.1`, `${SEED}.2`])
      expect(t.calls.startPayment[1]?.expectedTotal).toBe(104)
      expect(t.context().problems).toEqual({})
    })

    it('a total equal to the cent is the one expected', async () => {
      const t = start()
      await toPayment(t)
      t.send({ type: 'payment.pay' })
      await t.resolve('startPayment', { paymentId: 'PAY-1', redirectUrl: CHECKOUT, total: 101.50000000000001 })
      expect(t.value()).toBe('wizard.redirecting')
    })

    it('prices that cannot be read again leave a failure to retry, and the retry passes the gate back to the payment', async () => {
      const t = await mismatched('refused')
      await t.reject('readTariff', networkFailure('races.get'))
      expect(t.value()).toBe('checkFailed')
      expect(t.context().failure).toEqual({ action: 'requote', error: networkFailure('races.get') })
      t.send({ type: 'wizard.retry' })
      await t.resolve('check', gate({ tariff: { prezzo: 87.5, supplemento_rimborso: 10, noleggio_gps: 6.5 } }))
      expect(t.value()).toBe('wizard.payment')
      t.send({ type: 'payment.pay' })
      expect(t.calls.startPayment[1]).toMatchObject({ key: `${SEED}.2`, expectedTotal: 104 })
    })
  })

  it('a waiver the server finds unsigned at payment reopens the dialog on its new text; nothing was charged', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay' })
    await t.reject('startPayment', httpFailure(422, 'waiver_not_signed', 'payments.start'))
    expect(t.value()).toBe('wizard.disclaimer')
    expect(t.context().problems).toEqual({ disclaimer: 'unsigned' })
    expect(t.context().attempt).toBeNull()
    expect(t.context().disclaimerText).toBe('')
    expect(t.told('waiverRevised')).toHaveLength(1)
    t.send({ type: 'disclaimer.type', text: SENTENCE })
    t.send({ type: 'disclaimer.submit', waiver: { ...WAIVER, versione: 'v4' } })
    await t.resolve('sign')
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment.map(keyOf)).toEqual([`${SEED}.1`, `${SEED}.2`])
  })

  it('a payment the server has no subscription for sends the athlete back to confirm the summary again', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay' })
    await t.reject('startPayment', httpFailure(409, 'no_subscription', 'payments.start'))
    expect(t.value()).toBe('wizard.summary')
    expect(t.context().problems).toEqual({ summary: 'no_subscription' })
    expect(t.context().attempt).toBeNull()
  })

  it('a key the server refuses starts nothing: the step says so and the next Pay has a new key', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay' })
    await t.reject('startPayment', httpFailure(422, 'idempotency_key_reused', 'payments.start'))
    expect(t.value()).toBe('wizard.payment')
    expect(t.context().problems).toEqual({ payment: 'not_started' })
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment.map(keyOf)).toEqual([`${SEED}.1`, `${SEED}.2`])
  })

  it('a checkout address the portal refuses to go to leaves the athlete on the payment step; the next Pay is a new attempt', async () => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay' })
    await t.resolve('startPayment', { paymentId: 'PAY-1', redirectUrl: 'javascript:alert(1)', total: FULL_TOTAL })
    expect(t.value()).toBe('wizard.redirecting')
    t.send({ type: 'payment.redirectRefused' })
    expect(t.value()).toBe('wizard.payment')
    expect(t.context().attempt).toBeNull()
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment.map(keyOf)).toEqual([`${SEED}.1`, `${SEED}.2`])
  })
})

describe('refusals found once the enrolment is under way', () => {
  const LATE = [
    [409, 'sold_out', 'sold_out'],
    [409, 'already_enrolled', 'already_enrolled'],
    [422, 'already_paid', 'already_enrolled'],
    [409, 'registration_closed', 'registration_closed'],
    [403, 'not_eligible', 'not_eligible'],
    [422, 'lottery_application', 'lottery_application'],
    [409, 'queue_required', 'queue_required'],
    [409, 'hold_expired', 'hold_expired'],
    [409, 'offer_expired', 'offer_expired'],
  ] as const

  it.each(LATE)('a %d %s when the summary is confirmed ends the wizard there as %s', async (status, code, shown) => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    await t.reject('enrol', httpFailure(status, code, 'subscriptions.create'))
    expect(t.value()).toBe('refused')
    expect(t.screen()).toEqual({ kind: 'refused' })
    expect(t.context().lateRefusal).toEqual({ code: shown, step: 'summary' })
  })

  it.each(LATE)('a %d %s when Pay is pressed ends the wizard there as %s, with nothing charged', async (status, code, shown) => {
    const t = start()
    await toPayment(t)
    t.send({ type: 'payment.pay' })
    await t.reject('startPayment', httpFailure(status, code, 'payments.start'))
    expect(t.value()).toBe('refused')
    expect(t.context()).toMatchObject({ lateRefusal: { code: shown, step: 'payment' }, attempt: null })
    expect(t.told('redirect')).toEqual([])
  })

  it('a failure the wizard does not know is a failure to retry, not a crash', async () => {
    const t = start()
    await toSummary(t)
    t.send({ type: 'summary.confirm' })
    // A code from another of the portal's calls (the enrol actor reads the race as well).
    await t.reject('enrol', httpFailure(404, 'race_not_found', 'races.get'))
    expect(t.value()).toBe('wizard.summary')
    expect(t.context().failure).toMatchObject({ action: 'enrol', error: { status: 404 } })
  })
})

describe('the wait for the provider', () => {
  it('back from the checkout, the wizard awaits the payment at once, without the gate', async () => {
    const t = await awaitingPayment()
    expect(t.value()).toBe('wizard.confirming')
    expect(t.screen()).toEqual({ kind: 'confirming' })
    expect(t.calls.check).toEqual([])
    expect(t.calls.readStatus).toEqual(['PAY-1'])
  })

  it('paid: the wizard ends, says so with the payment, and keeps nothing', async () => {
    const t = await awaitingPayment()
    await t.resolve('readStatus', 'success')
    expect(t.value()).toBe('paid')
    expect(t.screen()).toEqual({ kind: 'paid' })
    expect(t.snapshot().status).toBe('done')
    expect(t.told('paid')).toEqual([{ type: 'paid', paymentId: 'PAY-1' }])
    expect(t.kept()).toBeNull()
  })

  it.each<[string, (t: Harness) => Promise<void>]>([
    ['declined', (t) => t.resolve('readStatus', 'failed')],
    ['expired', (t) => t.resolve('readStatus', 'expired')],
    ['unknown to the server', (t) => t.reject('readStatus', httpFailure(404, 'payment_not_found', 'payments.status'))],
  ])('a payment %s offers a new attempt at the prices read again, with a new key', async (_, settle) => {
    const t = await awaitingPayment()
    await settle(t)
    // Straight back from the checkout, the gate never read the prices.
    expect(t.value()).toBe('wizard.requoting')
    expect(t.calls.readTariff).toEqual([RACE_ID])
    await t.resolve('readTariff', TARIFF)
    expect(t.value()).toBe('wizard.payment')
    expect(t.context()).toMatchObject({ attempt: null, problems: { payment: 'payment_failed' } })
    expect(t.told('paid')).toEqual([])
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment).toEqual([{ raceId: RACE_ID, key: `${SEED}.2`, refund: 'protetto', gps: true, expectedTotal: FULL_TOTAL }])
    expect(t.calls.enrol).toEqual([])
  })

  it('abandoning is refused before the long wait, and accepted once it has lasted', async () => {
    const t = await awaitingPayment()
    for (let poll = 0; poll < LONG_WAIT_AFTER_POLLS; poll += 1) {
      await t.resolve('readStatus', 'pending')
      expect(t.wait()?.longWait).toBe(false)
      t.send({ type: 'payment.abandon' })
      expect(t.value()).toBe('wizard.confirming')
      t.advance(pollDelayMs(poll))
    }
    expect(t.calls.readStatus).toHaveLength(LONG_WAIT_AFTER_POLLS + 1)
    expect(t.wait()?.longWait).toBe(true)
    t.send({ type: 'payment.abandon' })
    expect(t.value()).toBe('wizard.requoting')
    await t.resolve('readTariff', TARIFF)
    expect(t.value()).toBe('wizard.payment')
    expect(t.context().attempt).toBeNull()
    expect(t.context().problems).toEqual({})
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment.map(keyOf)).toEqual([`${SEED}.2`])
  })

  it('a status check that gets no answer keeps waiting with the failure; retry asks again at once', async () => {
    const t = await awaitingPayment()
    await t.reject('readStatus', networkFailure('payments.status'))
    expect(t.value()).toBe('wizard.confirming')
    expect(t.wait()).toMatchObject({ kind: 'waiting', failure: networkFailure('payments.status') })
    t.send({ type: 'wizard.retry' })
    expect(t.calls.readStatus).toEqual(['PAY-1', 'PAY-1'])
    await t.resolve('readStatus', 'success')
    expect(t.value()).toBe('paid')
  })

  it('a payment still pending is asked again after the wait, on the clock', async () => {
    const t = await awaitingPayment()
    await t.resolve('readStatus', 'pending')
    t.advance(pollDelayMs(0) - 1)
    expect(t.calls.readStatus).toHaveLength(1)
    t.advance(1)
    expect(t.calls.readStatus).toHaveLength(2)
  })
})

// ---------------------------------------------------------------------------------------------
// What the browser keeps

/** The choices as far as each step: what a wizard kept there holds. */
const CHOICES_AT: Record<KeptStep, Choices> = (() => {
  const none: Choices = { dataConfirmed: false, extra: {}, rulesAccepted: false, refund: null, gps: null }
  const questions: Choices = { ...none, dataConfirmed: true, extra: { navetta: 'Cogne' } }
  const rules: Choices = { ...questions, extra: { navetta: 'Cogne', kit: true } }
  const refund: Choices = { ...rules, rulesAccepted: true }
  const gps: Choices = { ...refund, refund: 'protetto' }
  const summary: Choices = { ...gps, gps: true }
  return {
    dataCheck: none,
    extraFields: questions,
    rules,
    refund,
    gps,
    summary,
    disclaimer: summary,
    payment: summary,
    confirming: summary,
  }
})()

/** A kept progress of this athlete and race, written by hand as a release of this version would. */
function keptAt(step: KeptStep, overrides: Partial<KeptProgress> = {}): KeptProgress {
  return {
    version: KEPT_PROGRESS_VERSION,
    athleteId: ATHLETE_ID,
    raceId: RACE_ID,
    phase: 'open',
    step,
    choices: CHOICES_AT[step],
    attempts: 0,
    attempt: null,
    ...overrides,
  }
}

describe('a kept wizard comes back', () => {
  it.each<[KeptStep, string]>([
    ['dataCheck', 'wizard.dataCheck'],
    ['extraFields', 'wizard.extraFields'],
    ['rules', 'wizard.rules'],
    ['refund', 'wizard.refund'],
    ['gps', 'wizard.gps'],
    ['summary', 'wizard.summary'],
    ['disclaimer', 'wizard.disclaimer'],
    ['payment', 'wizard.payment'],
  ])('kept at the %s step, it passes the gate again and comes back there with its choices', async (step, state) => {
    const t = start({ kept: keptAt(step) })
    expect(t.value()).toBe('checking')
    expect(t.calls.check).toEqual([RACE_ID])
    await t.resolve('check', gate())
    expect(t.value()).toBe(state)
    expect(t.context().choices).toEqual(CHOICES_AT[step])
    expect(t.emitted.filter((event) => event.type !== 'summaryReached')).toEqual([])
  })

  it('kept at the GPS step, Next goes on to the summary', async () => {
    const t = start({ kept: keptAt('gps') })
    await t.resolve('check', gate())
    t.send({ type: 'gps.choose', rent: false })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.summary')
  })

  it('kept at the waiver, the dialog is open over the summary', async () => {
    const t = start({ kept: keptAt('disclaimer') })
    await t.resolve('check', gate())
    expect(t.screen()).toEqual({ kind: 'step', step: 'summary', busy: null, disclaimerOpen: true })
  })

  it("kept at the payment, Pay makes a key of this wizard's own (two tabs restored from one progress never share one) and expects the kept choices total", async () => {
    const t = start({ kept: keptAt('payment') })
    await t.resolve('check', gate())
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment).toEqual([{ raceId: RACE_ID, key: `${SEED}.1`, refund: 'protetto', gps: true, expectedTotal: FULL_TOTAL }])
  })

  it('kept at the payment with an attempt that got no answer, Pay asks again with its key: never two charges', async () => {
    const attempt = { key: 'kept-seed.2', refund: 'protetto' as const, gps: true, expectedTotal: 10150, paymentId: null }
    const t = start({ kept: keptAt('payment', { attempt }) })
    await t.resolve('check', gate())
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment).toEqual([{ raceId: RACE_ID, key: 'kept-seed.2', refund: 'protetto', gps: true, expectedTotal: FULL_TOTAL }])
  })

  it('kept while a payment was at the checkout, it awaits that payment without the gate', async () => {
    const attempt = { key: 'kept-seed.1', refund: 'protetto' as const, gps: true, expectedTotal: 10150, paymentId: 'PAY-9' }
    const t = start({ kept: keptAt('confirming', { attempt }) })
    expect(t.value()).toBe('wizard.confirming')
    expect(t.calls.check).toEqual([])
    expect(t.calls.readStatus).toEqual(['PAY-9'])
  })

  it('kept at the checkout without a payment id, it awaits nothing and passes the gate', async () => {
    const attempt = { key: 'kept-seed.1', refund: 'protetto' as const, gps: true, expectedTotal: 10150, paymentId: null }
    const t = start({ kept: keptAt('confirming', { attempt }) })
    expect(t.value()).toBe('checking')
    expect(t.calls.readStatus).toEqual([])
  })

  it('the payment reached without prices reads them before Pay', async () => {
    const attempt = { key: 'kept-seed.1', refund: 'protetto' as const, gps: true, expectedTotal: 10150, paymentId: 'PAY-9' }
    const t = start({ kept: keptAt('confirming', { attempt }) })
    await t.resolve('readStatus', 'failed')
    expect(t.value()).toBe('wizard.requoting')
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment).toEqual([])
    await t.resolve('readTariff', { prezzo: 90, supplemento_rimborso: 10, noleggio_gps: 6.5 })
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment).toEqual([{ raceId: RACE_ID, key: `${SEED}.1`, refund: 'protetto', gps: true, expectedTotal: 106.5 }])
  })

  it('a kept free-text answer that was required and not kept brings the wizard back to the questions', async () => {
    const t = start({ kept: keptAt('gps') })
    await t.resolve('check', gate({ questions: CARD_QUESTIONS }))
    expect(t.value()).toBe('wizard.extraFields')
    expect(t.context().choices).toEqual(CHOICES_AT.gps)
    t.send({ type: 'extra.answer', name: 'tessera', value: CARD })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.rules')
  })

  it('resumes at the first step still missing something, every kept choice in place (issue 42)', async () => {
    const choices = { ...CHOICES_AT.summary, rulesAccepted: false }
    const t = start({ kept: keptAt('summary', { choices }) })
    await t.resolve('check', gate())
    expect(t.value()).toBe('wizard.rules')
    expect(t.context().choices).toEqual(choices)
    t.send({ type: 'rules.accept', accepted: true })
    t.send({ type: 'wizard.next' })
    t.send({ type: 'wizard.next' })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.summary')
  })

  it('a kept step the gate now turns away shows the refusal, keeping the progress for later', async () => {
    const t = start({ kept: keptAt('summary') })
    await t.resolve('check', gate({ refusals: [{ code: 'certificate_in_review' }] }))
    expect(t.value()).toBe('refused')
    expect(t.told('keptDropped')).toEqual([])
    expect(t.kept()).toMatchObject({ step: 'summary', choices: CHOICES_AT.summary })
  })
})

describe('a kept wizard that cannot come back starts at the gate, and the athlete is told once', () => {
  const OLD_SNAPSHOT = {
    status: 'active',
    value: { wizard: 'gps' },
    context: { raceId: RACE_ID, athleteId: ATHLETE_ID, choices: CHOICES_AT.gps, attempt: null, failure: null },
    historyValue: {},
    children: {},
  }
  it.each<[string, unknown]>([
    ['an interpreter snapshot of the old release', OLD_SNAPSHOT],
    ['version 1', { ...keptAt('gps'), version: 1 }],
    ['a step since renamed', { ...keptAt('gps'), step: 'waiver' }],
    ['a string', 'wizard.gps'],
    ['a number', 42],
    ['an empty object', {}],
    ['an array', [keptAt('gps')]],
    ['choices of another shape', { ...keptAt('gps'), choices: { refund: 'maybe' } }],
    ["another athlete's progress", keptAt('gps', { athleteId: 7 })],
    ["another race's progress", keptAt('gps', { raceId: 204 })],
  ])('%s', async (_, kept) => {
    const t = start({ kept })
    expect(t.value()).toBe('checking')
    expect(t.calls.check).toEqual([RACE_ID])
    expect(t.emitted).toEqual([])
    await t.resolve('check', gate())
    expect(t.value()).toBe('wizard.dataCheck')
    expect(t.context().choices).toEqual(CHOICES_AT.dataCheck)
    expect(t.emitted).toEqual([{ type: 'keptDropped' }])
    expect(t.kept()).toMatchObject({ athleteId: ATHLETE_ID, raceId: RACE_ID, step: 'dataCheck', attempts: 0 })
  })

  it('said once the gate has answered, after a failed check and its retry', async () => {
    const t = start({ kept: 'garbage' })
    await t.reject('check', networkFailure('races.get'))
    expect(t.told('keptDropped')).toEqual([])
    t.send({ type: 'wizard.retry' })
    await t.resolve('check', gate())
    expect(t.told('keptDropped')).toHaveLength(1)
  })

  it('said once only, however often the gate passes again', async () => {
    const t = start({ kept: { version: 1 } })
    await toPayment(t)
    t.send({ type: 'payment.pay' })
    await t.reject('startPayment', httpFailure(409, 'total_mismatch', 'payments.start'))
    await t.reject('readTariff', networkFailure('races.get'))
    t.send({ type: 'wizard.retry' })
    await t.resolve('check', gate())
    expect(t.value()).toBe('wizard.payment')
    expect(t.told('keptDropped')).toHaveLength(1)
  })

  it('said as well when the gate turns the athlete away', async () => {
    const t = start({ kept: 42 })
    await t.resolve('check', gate({ refusals: [{ code: 'certificate_missing' }] }))
    expect(t.value()).toBe('refused')
    expect(t.told('keptDropped')).toHaveLength(1)
  })

  it('a progress kept in another registration phase starts afresh without a word', async () => {
    const t = start({ kept: keptAt('gps', { phase: 'before' }) })
    await t.resolve('check', gate())
    expect(t.value()).toBe('wizard.dataCheck')
    expect(t.context().choices).toEqual(CHOICES_AT.dataCheck)
    expect(t.emitted).toEqual([])
  })

  it('nothing kept starts afresh without a word', async () => {
    const t = start({ kept: null })
    await t.resolve('check', gate())
    expect(t.value()).toBe('wizard.dataCheck')
    expect(t.emitted).toEqual([])
  })
})

describe('what the real wizard keeps, and that it comes back from it', () => {
  /** The wizard driven to a step, as an athlete would. */
  const DRIVEN: Array<[string, (t: Harness) => Promise<void>, string]> = [
    ['the data check', async (t) => void (await t.resolve('check', gate())), 'wizard.dataCheck'],
    [
      'the questions, answered in part',
      async (t) => {
        await t.resolve('check', gate())
        t.send({ type: 'data.confirm', confirmed: true })
        t.send({ type: 'wizard.next' })
        answerQuestions(t)
      },
      'wizard.extraFields',
    ],
    [
      'the rules',
      async (t) => {
        await toSummary(t)
        for (let i = 0; i < 3; i += 1) t.send({ type: 'wizard.back' })
      },
      'wizard.rules',
    ],
    [
      'the refund option',
      async (t) => {
        await toSummary(t)
        for (let i = 0; i < 2; i += 1) t.send({ type: 'wizard.back' })
      },
      'wizard.refund',
    ],
    [
      'the GPS',
      async (t) => {
        await toSummary(t, { refund: 'standard', gps: false })
        t.send({ type: 'wizard.back' })
      },
      'wizard.gps',
    ],
    ['the summary', (t) => toSummary(t), 'wizard.summary'],
    [
      'the waiver, its sentence typed',
      async (t) => {
        await toDisclaimer(t)
        t.send({ type: 'disclaimer.type', text: SENTENCE })
      },
      'wizard.disclaimer',
    ],
    [
      'the waiver, its sentence typed wrong and refused',
      async (t) => {
        await toDisclaimer(t)
        t.send({ type: 'disclaimer.type', text: `${SENTENCE} and more` })
        t.send({ type: 'disclaimer.submit', waiver: WAIVER })
      },
      'wizard.disclaimer',
    ],
    ['the payment', (t) => toPayment(t), 'wizard.payment'],
  ]

  it.each(DRIVEN)('at %s, the kept progress is valid data without free text or the typed sentence', async (_, drive) => {
    const t = start()
    await drive(t)
    const kept = roundTrip(t.kept())
    expect(KeptProgressSchema.safeParse(kept).success).toBe(true)
    const stored = JSON.stringify(kept)
    expect(stored).not.toContain(TEAM)
    expect(stored.toLowerCase()).not.toContain('the risks of running')
    expect(stored).not.toContain('disclaimerText')
  })

  it.each(DRIVEN)('at %s, a new wizard from the kept progress comes back to the same step and choices', async (_, drive, state) => {
    const first = start()
    await drive(first)
    expect(first.value()).toBe(state)
    const { team: _team, ...withoutText } = first.context().choices.extra
    const t = reopen(first)
    expect(t.value()).toBe('checking')
    await t.resolve('check', gate())
    expect(t.value()).toBe(state)
    expect(t.context().choices).toEqual({ ...first.context().choices, extra: withoutText })
    expect(t.told('keptDropped')).toEqual([])
  })

  it('keeps the choices a select and a checkbox answered, not the free text', async () => {
    const t = start()
    await toSummary(t)
    expect(t.kept()?.choices.extra).toEqual({ navetta: 'Cogne', kit: true })
  })

  it('a select set back to "Choose…" keeps a progress that comes back', async () => {
    const t = start()
    await t.resolve('check', gate({ questions: [...QUESTIONS, { name: 'pasta_party', kind: 'select', required: false }] }))
    t.send({ type: 'data.confirm', confirmed: true })
    t.send({ type: 'wizard.next' })
    answerQuestions(t)
    t.send({ type: 'extra.answer', name: 'pasta_party', value: 'Sì' })
    t.send({ type: 'extra.answer', name: 'pasta_party', value: '' })
    t.send({ type: 'wizard.next' })
    expect(t.value()).toBe('wizard.rules')
    const kept = roundTrip(t.kept())
    expect(KeptProgressSchema.safeParse(kept).success).toBe(true)
    const back = start({ kept })
    await back.resolve('check', gate())
    expect(back.value()).toBe('wizard.rules')
    expect(back.told('keptDropped')).toEqual([])
  })

  it('a required free-text answer is not kept: the wizard comes back to the questions with the rest', async () => {
    const first = start()
    await toSummary(first, { refund: 'standard', gps: false }, gate({ questions: CARD_QUESTIONS }))
    expect(JSON.stringify(first.kept())).not.toContain(CARD)
    const t = reopen(first)
    await t.resolve('check', gate({ questions: CARD_QUESTIONS }))
    expect(t.value()).toBe('wizard.extraFields')
    expect(t.context().choices).toMatchObject({ dataConfirmed: true, rulesAccepted: true, refund: 'standard', gps: false })
  })

  it('in the same tab (a session that ended and began again), the free-text answer comes back from memory and the wizard its step', async () => {
    const first = start()
    await toSummary(first, { refund: 'standard', gps: false }, gate({ questions: CARD_QUESTIONS }))
    const t = start({ kept: roundTrip(first.kept()), answers: first.context().choices.extra })
    await t.resolve('check', gate({ questions: CARD_QUESTIONS }))
    expect(t.value()).toBe('wizard.summary')
    expect(t.context().choices.extra).toEqual(first.context().choices.extra)
  })

  it('a Pay whose answer never came comes back with its key, so a retry cannot charge twice', async () => {
    const first = start()
    await toPayment(first)
    first.send({ type: 'payment.pay' })
    // The page reloads while the request is on its way.
    expect(first.kept()).toMatchObject({ step: 'payment', attempts: 1, attempt: { key: `${SEED}.1`, paymentId: null } })
    const t = reopen(first, { keySeed: 'another-seed' })
    await t.resolve('check', gate())
    expect(t.value()).toBe('wizard.payment')
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment).toEqual([{ raceId: RACE_ID, key: `${SEED}.1`, refund: 'protetto', gps: true, expectedTotal: FULL_TOTAL }])
  })

  it('a Pay that failed comes back with its key as well', async () => {
    const first = start()
    await toPayment(first)
    first.send({ type: 'payment.pay' })
    await first.reject('startPayment', networkFailure('payments.start'))
    const t = reopen(first, { keySeed: 'another-seed' })
    await t.resolve('check', gate())
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment.map(keyOf)).toEqual([`${SEED}.1`])
  })

  it("after an attempt ended, the next Pay of the wizard that comes back is a new key of its own seed, numbered after the kept attempts", async () => {
    const first = start()
    await toPayment(first)
    first.send({ type: 'payment.pay' })
    await first.reject('startPayment', httpFailure(422, 'idempotency_key_reused', 'payments.start'))
    const t = reopen(first, { keySeed: 'another-seed' })
    await t.resolve('check', gate())
    t.send({ type: 'payment.pay' })
    expect(t.calls.startPayment.map(keyOf)).toEqual(['another-seed.2'])
  })

  it('at the checkout, the kept progress awaits that payment', async () => {
    const first = start()
    await toCheckout(first)
    expect(first.kept()).toMatchObject({ step: 'confirming', attempt: { key: `${SEED}.1`, expectedTotal: 10150, paymentId: 'PAY-1' } })
    const t = reopen(first)
    expect(t.value()).toBe('wizard.confirming')
    expect(t.kept()).toMatchObject({ step: 'confirming', attempt: { paymentId: 'PAY-1' } })
  })

  it('a checkout address refused keeps the payment step and no attempt', async () => {
    const first = start()
    await toPayment(first)
    first.send({ type: 'payment.pay' })
    await first.resolve('startPayment', { paymentId: 'PAY-1', redirectUrl: 'javascript:alert(1)', total: FULL_TOTAL })
    first.send({ type: 'payment.redirectRefused' })
    expect(first.kept()).toMatchObject({ step: 'payment', attempts: 1, attempt: null })
  })

  it('while the gate checks a kept wizard, what is kept is still that progress', () => {
    const kept = keptAt('refund', { choices: { ...CHOICES_AT.refund, refund: 'standard' } })
    const t = start({ kept })
    expect(roundTrip(t.kept())).toEqual(kept)
  })

  it('nothing is kept once paid', async () => {
    const t = await awaitingPayment()
    await t.resolve('readStatus', 'success')
    expect(t.kept()).toBeNull()
  })

  it('nothing is kept once the lottery application is made', async () => {
    const t = start()
    await toDisclaimer(t, PROTECTED_WITH_GPS, gate({ entry: 'lottery' }))
    t.send({ type: 'disclaimer.type', text: SENTENCE })
    t.send({ type: 'disclaimer.submit', waiver: WAIVER })
    await t.resolve('sign')
    expect(t.kept()).toBeNull()
  })
})

// ---------------------------------------------------------------------------------------------

describe('failureOf: what each answer to the wizard calls means', () => {
  it.each([
    ['subscriptions.create', 409, 'sold_out', { kind: 'late', code: 'sold_out' }],
    ['subscriptions.create', 409, 'already_enrolled', { kind: 'late', code: 'already_enrolled' }],
    ['subscriptions.create', 409, 'registration_closed', { kind: 'late', code: 'registration_closed' }],
    ['subscriptions.create', 422, 'not_eligible', { kind: 'late', code: 'not_eligible' }],
    ['subscriptions.create', 422, 'missing_field', { kind: 'missingAnswers' }],
    ['liberatoria.sign', 404, 'no_subscription', { kind: 'noSubscription' }],
    ['liberatoria.sign', 409, 'waiver_outdated', { kind: 'waiverOutdated' }],
    ['liberatoria.sign', 422, 'hash_mismatch', { kind: 'waiverOutdated' }],
    ['liberatoria.sign', 409, 'already_signed', { kind: 'late', code: 'already_enrolled' }],
    ['payments.start', 409, 'total_mismatch', { kind: 'totalMismatch' }],
    ['payments.start', 409, 'sold_out', { kind: 'late', code: 'sold_out' }],
    ['payments.start', 409, 'no_subscription', { kind: 'noSubscription' }],
    ['payments.start', 422, 'already_paid', { kind: 'late', code: 'already_enrolled' }],
    ['payments.start', 422, 'waiver_not_signed', { kind: 'waiverNotSigned' }],
    ['payments.start', 422, 'lottery_application', { kind: 'late', code: 'lottery_application' }],
    ['payments.start', 422, 'idempotency_key_reused', { kind: 'keyReused' }],
    ['payments.start', 409, 'payment_link_open', { kind: 'late', code: 'payment_link_open' }],
    ['subscriptions.create', 409, 'queue_required', { kind: 'late', code: 'queue_required' }],
    ['subscriptions.create', 409, 'hold_expired', { kind: 'late', code: 'hold_expired' }],
    ['payments.start', 409, 'queue_required', { kind: 'late', code: 'queue_required' }],
    ['payments.start', 409, 'hold_expired', { kind: 'late', code: 'hold_expired' }],
    ['subscriptions.create', 409, 'offer_expired', { kind: 'late', code: 'offer_expired' }],
    ['payments.start', 409, 'offer_expired', { kind: 'late', code: 'offer_expired' }],
  ])('%s %d %s', (operation, status, code, meaning) => {
    expect(failureOf(httpFailure(status, code, operation))).toEqual(meaning)
  })

  it.each<[string, ApiError]>([
    ['no answer', networkFailure('payments.start')],
    ['a timeout', { kind: 'network', operation: 'payments.start', timedOut: true }],
    ['a 401', { kind: 'unauthorized', operation: 'subscriptions.create' }],
    ['an answer outside the contract', { kind: 'contract', operation: 'liberatoria.sign', direction: 'response', status: 200, detail: 'x' }],
    ['a 503 without a code', httpFailure(503, null, 'subscriptions.create')],
  ])('%s is a failure to show and retry, carrying the error', (_, error) => {
    expect(failureOf(error)).toEqual({ kind: 'failed', error })
  })

  it('an error the query layer wrapped is read as the error inside', () => {
    expect(failureOf({ error: httpFailure(409, 'sold_out', 'payments.start') })).toEqual({ kind: 'late', code: 'sold_out' })
  })

  it.each<[string, unknown]>([
    ['an Error', new Error('boom')],
    ['an aborted request', new DOMException('The operation was aborted.', 'AbortError')],
    ['undefined', undefined],
    ['a string', 'Failed to fetch'],
  ])('%s, not an ApiError, is a failure with an ApiError, never a crash', (_, value) => {
    const meaning = failureOf(value)
    expect(meaning.kind).toBe('failed')
    expect(meaning.kind === 'failed' && isApiError(meaning.error)).toBe(true)
  })

  it('a code none of the wizard calls declares is a failure with its error, never a crash', () => {
    const error = httpFailure(404, 'race_not_found', 'races.get')
    expect(failureOf(error)).toEqual({ kind: 'failed', error })
  })
})

describe('screenOf: every state of the wizard has its screen', () => {
  const STEP = (step: (typeof STEPS)[number], busy: 'enrolling' | 'signing' | 'startingPayment' | null = null, disclaimerOpen = false) =>
    ({ kind: 'step', step, busy, disclaimerOpen }) satisfies WizardScreen
  const EXPECTED: Record<string, WizardScreen> = {
    restoring: { kind: 'checking' },
    checking: { kind: 'checking' },
    checkFailed: { kind: 'checkFailed' },
    refused: { kind: 'refused' },
    'wizard.dataCheck': STEP('dataCheck'),
    'wizard.extraFields': STEP('extraFields'),
    'wizard.rules': STEP('rules'),
    'wizard.refund': STEP('refund'),
    'wizard.gps': STEP('gps'),
    'wizard.summary': STEP('summary'),
    'wizard.enrolling': STEP('summary', 'enrolling'),
    'wizard.disclaimer': STEP('summary', null, true),
    'wizard.signing': STEP('summary', 'signing', true),
    'wizard.payment': STEP('payment'),
    'wizard.startingPayment': STEP('payment', 'startingPayment'),
    'wizard.requoting': STEP('payment', 'startingPayment'),
    'wizard.redirecting': { kind: 'redirecting' },
    'wizard.confirming': { kind: 'confirming' },
    paid: { kind: 'paid' },
    applied: { kind: 'applied' },
  }

  const leaves = (node: AnyStateNode): string[] => {
    const children = Object.values(node.states)
    return children.length === 0 ? [node.path.join('.')] : children.flatMap(leaves)
  }
  const LEAVES = leaves(enrolmentMachine.root)

  it('the table below names every state of the machine', () => {
    expect([...LEAVES].sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  it.each(LEAVES)('%s', (path) => {
    const context = start().context()
    const [parent, child] = path.split('.')
    const value: StateValue = child === undefined ? path : { [parent ?? '']: child }
    expect(screenOf(enrolmentMachine.resolveState({ value, context }))).toEqual(EXPECTED[path])
  })

  it('each step on the indicator is the screen of one of its states', () => {
    const shown = new Set(Object.values(EXPECTED).flatMap((screen) => (screen.kind === 'step' ? [screen.step] : [])))
    expect([...shown].sort()).toEqual([...STEPS].sort())
  })
})
