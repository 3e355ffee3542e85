/**
 * The enrolment wizard's model for the scenario tests: the race, the prices and the waiver the fake
 * server holds, the answers its calls can get (each a model event), where a wizard can start from,
 * and the events the model offers each state. The oracle's side (what the spec says each answer
 * means) is in enrolment.scenarios.test.ts.
 */
import type { ApiError } from '../../contracts/api-error'
import type { RefundOption } from '../../contracts/athlete.contract'
import type { OpenEnrolment } from '../../machines/enrolment/eligibility'
import {
  enrolmentMachine,
  type EnrolmentEvent,
  type EnrolmentInput,
  type EnrolmentSnapshot,
  type GateOutcome,
  type Question,
  type ShownWaiver,
  type StartedPayment,
} from '../../machines/enrolment/enrolment.machine'
import { KEPT_PROGRESS_VERSION, type KeptProgress, type KeptStep } from '../../machines/enrolment/kept-progress'
import type { WaitOutcome } from '../../machines/enrolment/payment-wait.machine'
import type { PricedRace } from '../../machines/enrolment/price'
import { failure, httpFailure, networkFailure } from '../../machines/session/test-harness'

export const RACE_ID = 203
export const ATHLETE_ID = 1042
export const KEY_SEED = 'wizard-h4'

/** A required choice (kept by the browser) and an optional free-text answer (never kept, decision 020). */
export const QUESTIONS: Question[] = [
  { name: 'navetta', kind: 'select', required: true },
  { name: 'team', kind: 'text', required: false },
]
export const SHUTTLE = 'Aosta'
export const TEAM = 'Valdigne Runners Courmayeur'

/** 85 € the race, 10 € the protected refund, 6.50 € the GPS. */
export const TARIFF: PricedRace = { prezzo: 85, supplemento_rimborso: 10, noleggio_gps: 6.5 }
/** The prices read again after the server's total differed: the race went up. */
export const RAISED_TARIFF: PricedRace = { prezzo: 92, supplemento_rimborso: 10, noleggio_gps: 6.5 }

export const SENTENCE = 'I accept the risks of running in the mountains'
export const WAIVER: ShownWaiver = { versione: 'v3', lingua: 'en', testo: 'I take part at my own risk.', frase: SENTENCE }

export const CHECKOUT = 'https://pay.example/checkout/'
export const LINK_CODE = 'LNK-2026-0007'
export const OTHER_TAB_PAYMENT = 'PAY-OTHER-TAB'
export const KEPT_PAYMENT = 'PAY-KEPT'

// ---------------------------------------------------------------------------------------------
// The server's answers

const onPayment = (status: number, code: string, extra: Record<string, string> = {}): ApiError =>
  failure({ kind: 'http', status, code, body: { code, ...extra }, operation: 'payments.start' })

const place = (step: OpenEnrolment['step'], overrides: Partial<OpenEnrolment> = {}): OpenEnrolment => ({
  step,
  refund: 'protetto',
  gps: true,
  answers: { navetta: SHUTTLE },
  waiverRevised: false,
  ...overrides,
})

const gate = (overrides: Partial<GateOutcome>): GateOutcome => ({
  refusals: [],
  entry: 'direct',
  open: null,
  questions: QUESTIONS,
  tariff: TARIFF,
  ...overrides,
})

/** When the wait-list offer the wizard was opened on lapses (issue 42: the wizard then stops). */
const OFFER_ENDS_AT = Date.parse('2026-03-03T09:00:00Z')
/** The clock past it, as the page tells the wizard. */
const OFFER_LAPSED: ModelEvent = { type: 'clock.tick', now: OFFER_ENDS_AT + 1 }

/** What the gate may say: refusals, a lottery, a place the server holds (decision 027), or the way open. */
export const GATES: Record<string, GateOutcome> = {
  open: gate({}),
  'a visitor': gate({ refusals: [{ code: 'login_required' }] }),
  'sold out, no certificate': gate({ refusals: [{ code: 'sold_out' }, { code: 'certificate_missing' }] }),
  lottery: gate({ entry: 'lottery' }),
  'a place to pay': gate({ open: place('payment') }),
  'a place to sign': gate({ open: place('disclaimer') }),
  'a place signed on a revised text': gate({ open: place('disclaimer', { waiverRevised: true }) }),
  'a place without the new question answered': gate({ open: place('payment', { answers: {} }) }),
  'a wait-list offer, taken up to its end': gate({ keptPlace: { kind: 'offer', endsAt: OFFER_ENDS_AT } }),
  'a waiting room, no place held': gate({
    refusals: [{ code: 'waiting_room', roomOpensAt: '2026-03-16T08:30:00Z', opensAt: '2026-03-16T09:00:00Z' }],
  }),
}

/** What the wizard's calls may fail with, named as the scenarios print them. */
export const ENROL_FAILURES: Record<string, ApiError> = {
  '409 sold_out': httpFailure(409, 'sold_out', 'subscriptions.create'),
  '422 missing_field': httpFailure(422, 'missing_field', 'subscriptions.create'),
  '409 queue_required': httpFailure(409, 'queue_required', 'subscriptions.create'),
  network: networkFailure('subscriptions.create'),
}
export const SIGN_FAILURES: Record<string, ApiError> = {
  '409 already_signed': httpFailure(409, 'already_signed', 'liberatoria.sign'),
  '409 waiver_outdated': httpFailure(409, 'waiver_outdated', 'liberatoria.sign'),
  '404 no_subscription': httpFailure(404, 'no_subscription', 'liberatoria.sign'),
  '500': httpFailure(500, null, 'liberatoria.sign'),
}
export const PAYMENT_FAILURES: Record<string, ApiError> = {
  '409 sold_out': onPayment(409, 'sold_out'),
  '409 already_paid': onPayment(409, 'already_paid'),
  '409 lottery_application': onPayment(409, 'lottery_application'),
  '409 hold_expired': onPayment(409, 'hold_expired'),
  '409 offer_expired': onPayment(409, 'offer_expired'),
  '409 payment_link_open': onPayment(409, 'payment_link_open', { codice_link: LINK_CODE }),
  '409 total_mismatch': onPayment(409, 'total_mismatch'),
  '409 waiver_not_signed': onPayment(409, 'waiver_not_signed'),
  '404 no_subscription': onPayment(404, 'no_subscription'),
  '409 idempotency_key_reused': onPayment(409, 'idempotency_key_reused'),
  '409 payment_in_progress': onPayment(409, 'payment_in_progress', { pagamento_id: OTHER_TAB_PAYMENT }),
  network: networkFailure('payments.start'),
  '503': failure({ kind: 'http', status: 503, code: null, body: null, retryAfterS: 5, operation: 'payments.start' }),
}
export const TARIFF_FAILURE = networkFailure('races.detail')
export const GATE_FAILURE = networkFailure('athlete.me')

// ---------------------------------------------------------------------------------------------
// The model's events

/** The invocations of the wizard, named as XState names their done and error events. */
const invocation = (state: string) => enrolmentMachine.getStateNodeById(`enrolment.${state}`).invoke[0]!.id
export const CALL_IDS = {
  check: invocation('checking'),
  enrol: invocation('wizard.enrolling'),
  sign: invocation('wizard.signing'),
  startPayment: invocation('wizard.startingPayment'),
  readTariff: invocation('wizard.requoting'),
  wait: invocation('wizard.confirming'),
} as const
export type CallId = keyof typeof CALL_IDS

/** A model event: one the athlete sends, or one of the server's answers to a call in flight. */
export type ModelEvent =
  | EnrolmentEvent
  | { type: 'answer'; call: Exclude<CallId, 'wait'>; label: string; output: unknown }
  | { type: 'fail'; call: CallId; label: string; error: ApiError }
  /** The payment wait ended (driven live through its status reads, or by the athlete abandoning). */
  | { type: 'waitEnded'; outcome: WaitOutcome }

/** The model event as the machine gets it (an actor's done or error event); the graph needs the machine's event type. */
export function machineEventOf(event: ModelEvent): EnrolmentEvent {
  switch (event.type) {
    case 'answer':
      return { type: `xstate.done.actor.${CALL_IDS[event.call]}`, output: event.output } as unknown as EnrolmentEvent
    case 'fail':
      return { type: `xstate.error.actor.${CALL_IDS[event.call]}`, error: event.error } as unknown as EnrolmentEvent
    case 'waitEnded':
      return { type: `xstate.done.actor.${CALL_IDS.wait}`, output: { outcome: event.outcome } } as unknown as EnrolmentEvent
    default:
      return event
  }
}

export function nameOf(event: ModelEvent): string {
  switch (event.type) {
    case 'answer':
      return `${event.call} → ${event.label}`
    case 'fail':
      return `${event.call} ✗ ${event.label}`
    case 'waitEnded':
      return `wait → ${event.outcome}`
    case 'data.confirm':
    case 'rules.accept':
      return event.type
    case 'extra.answer':
      return event.value === '' ? `erase ${event.name}` : `answer ${event.name}`
    case 'refund.choose':
      return `refund ${event.option}`
    case 'gps.choose':
      return `gps ${String(event.rent)}`
    case 'disclaimer.type':
      return event.text === SENTENCE ? 'type the sentence' : 'type other words'
    default:
      return event.type
  }
}

const failuresOf = (call: CallId, failures: Record<string, ApiError>): ModelEvent[] =>
  Object.entries(failures).map(([label, error]) => ({ type: 'fail', call, label, error }))

const WAIT_OUTCOMES: readonly WaitOutcome[] = ['paid', 'unpaid', 'notFound', 'abandoned', 'payable', 'expired']

/** Euros of a total in cents, for the fake server's answer. */
const euros = (cents: number) => cents / 100

/** A choice the athlete makes on the step where it is asked, once (a choice made again changes nothing the model tells apart). */
function choicesAt(step: string, snapshot: EnrolmentSnapshot): ModelEvent[] {
  const { choices, disclaimerText } = snapshot.context
  switch (step) {
    case 'dataCheck':
      return choices.dataConfirmed ? [] : [{ type: 'data.confirm', confirmed: true }]
    case 'extraFields':
      return [
        ...(!choices.extra['navetta'] ? [{ type: 'extra.answer' as const, name: 'navetta', value: SHUTTLE }] : []),
        ...(choices.extra['team'] === undefined ? [{ type: 'extra.answer' as const, name: 'team', value: TEAM }] : []),
      ]
    case 'rules':
      return choices.rulesAccepted ? [] : [{ type: 'rules.accept', accepted: true }]
    case 'refund':
      return choices.refund === null ? [{ type: 'refund.choose', option: 'protetto' satisfies RefundOption }] : []
    case 'gps':
      return choices.gps === null ? [{ type: 'gps.choose', rent: true }] : []
    case 'disclaimer':
      return [
        ...(disclaimerText !== SENTENCE ? [{ type: 'disclaimer.type' as const, text: SENTENCE }] : []),
        ...(disclaimerText === '' ? [{ type: 'disclaimer.type' as const, text: 'I accept the risks' }] : []),
      ]
    default:
      return []
  }
}

/**
 * The events the model offers a state: the athlete's on the screen it shows, and the server's
 * answers to the call it has in flight (XState treats an answer nobody awaits as the machine's
 * own error, so none is offered elsewhere). `crashingWait`: the wait itself may fail.
 */
/** A kept place's lapse, where the wizard keeps one: it stops the steps, never a payment under way. */
const lapseOf = (snapshot: EnrolmentSnapshot): ModelEvent[] => (snapshot.context.keptPlace ? [OFFER_LAPSED] : [])

export function eventsAt(snapshot: EnrolmentSnapshot): ModelEvent[] {
  if (snapshot.status !== 'active') return []
  const value = snapshot.value
  const state = typeof value === 'string' ? value : `wizard.${String((value as { wizard: string }).wizard)}`
  const step = state.replace(/^wizard\./, '')
  const steps: ModelEvent[] = [{ type: 'wizard.next' }, { type: 'wizard.back' }]
  switch (state) {
    case 'checking':
      return [
        ...Object.entries(GATES).map(([label, output]): ModelEvent => ({ type: 'answer', call: 'check', label, output })),
        { type: 'fail', call: 'check', label: 'network', error: GATE_FAILURE },
      ]
    case 'checkFailed':
      return [{ type: 'wizard.retry' }]
    case 'wizard.dataCheck':
    case 'wizard.extraFields':
    case 'wizard.rules':
    case 'wizard.refund':
    case 'wizard.gps':
      return [...choicesAt(step, snapshot), ...steps, ...lapseOf(snapshot)]
    case 'wizard.summary':
      return [
        { type: 'summary.confirm' },
        { type: 'wizard.retry' },
        { type: 'wizard.back' },
        // No screen asks this: the machine takes an answer anywhere, and asks the questions again
        // before enrolling when one required is left without an answer.
        ...(snapshot.context.choices.extra['navetta'] ? [{ type: 'extra.answer' as const, name: 'navetta', value: '' }] : []),
      ]
    case 'wizard.enrolling':
      return [{ type: 'answer', call: 'enrol', label: 'made', output: undefined }, ...failuresOf('enrol', ENROL_FAILURES)]
    case 'wizard.disclaimer':
      return [...choicesAt(step, snapshot), { type: 'disclaimer.submit', waiver: WAIVER }, { type: 'disclaimer.close' }]
    case 'wizard.signing':
      return [{ type: 'answer', call: 'sign', label: 'signed', output: undefined }, ...failuresOf('sign', SIGN_FAILURES)]
    case 'wizard.payment':
      return [{ type: 'payment.pay' }, { type: 'wizard.back' }]
    case 'wizard.startingPayment': {
      // The fake server answers with the total it was asked for, or with another one.
      const asked = euros(snapshot.context.attempt?.expectedTotal ?? 0)
      const started = (total: number): StartedPayment => ({ paymentId: `PAY-${String(snapshot.context.attempts)}`, redirectUrl: `${CHECKOUT}${String(snapshot.context.attempts)}`, total })
      return [
        { type: 'answer', call: 'startPayment', label: 'started', output: started(asked) },
        { type: 'answer', call: 'startPayment', label: 'started for another total', output: started(asked + 7) },
        ...failuresOf('startPayment', PAYMENT_FAILURES),
      ]
    }
    case 'wizard.requoting':
      return [
        { type: 'answer', call: 'readTariff', label: 'raised prices', output: RAISED_TARIFF },
        { type: 'fail', call: 'readTariff', label: 'network', error: TARIFF_FAILURE },
      ]
    case 'wizard.redirecting':
      return [{ type: 'payment.redirectRefused' }]
    case 'wizard.confirming':
      return [
        ...lapseOf(snapshot),
        { type: 'payment.abandon' },
        { type: 'wizard.retry' },
        ...WAIT_OUTCOMES.map((outcome): ModelEvent => ({ type: 'waitEnded', outcome })),
        { type: 'fail', call: 'wait', label: 'the wait crashed', error: networkFailure('payments.status') },
      ]
    default:
      return []
  }
}

// ---------------------------------------------------------------------------------------------
// Where a wizard starts

export interface Start {
  name: string
  input: EnrolmentInput
}

const input = (kept?: unknown): EnrolmentInput => ({ raceId: RACE_ID, athleteId: ATHLETE_ID, phase: 'open', keySeed: KEY_SEED, kept })

/** Progress kept by this browser at a step, with the choices that step implies. */
function keptAt(step: KeptStep, overrides: Partial<KeptProgress> = {}): KeptProgress {
  const order = ['dataCheck', 'extraFields', 'rules', 'refund', 'gps', 'summary']
  const past = (s: string) => order.indexOf(step) > order.indexOf(s) || order.indexOf(step) === -1
  return {
    version: KEPT_PROGRESS_VERSION,
    athleteId: ATHLETE_ID,
    raceId: RACE_ID,
    phase: 'open',
    step,
    choices: {
      dataConfirmed: past('dataCheck'),
      rulesAccepted: past('rules'),
      refund: past('refund') ? 'protetto' : null,
      gps: past('gps') ? true : null,
      extra: past('extraFields') ? { navetta: SHUTTLE } : {},
    },
    attempts: 0,
    attempt: null,
    ...overrides,
  }
}

/** The attempt a kept wizard was awaiting at the provider (made in an earlier visit, after signing). */
export const KEPT_ATTEMPT = { key: 'wizard-earlier.1', refund: 'protetto' as const, gps: true, expectedTotal: 10_150, paymentId: KEPT_PAYMENT }

export const STARTS: readonly Start[] = [
  { name: 'a new wizard', input: input() },
  { name: 'a kept wizard it cannot read', input: input({ version: 1, step: 'gps' }) },
  { name: 'a payment kept under way', input: input(keptAt('confirming', { attempts: 1, attempt: KEPT_ATTEMPT })) },
  { name: 'kept at the rules', input: input(keptAt('rules')) },
  { name: 'kept at the refund', input: input(keptAt('refund')) },
  { name: 'kept at the GPS', input: input(keptAt('gps')) },
  { name: 'kept at the summary', input: input(keptAt('summary')) },
]
