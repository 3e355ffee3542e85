import { and, assertEvent, assign, emit, enqueueActions, fromPromise, not, or, sendTo, setup, stateIn, type SnapshotFrom } from 'xstate'
import { errorCodeOf, toApiError, type ApiError } from '../../contracts/api-error'
import type { RefundOption } from '../../contracts/athlete.contract'
import type * as liberatoria from '../../contracts/liberatoria.contract'
import type { Locale } from '../../contracts/locale'
import type { ErrorCodeOf } from '../../contracts/operation'
import type * as payments from '../../contracts/payments.contract'
import { MAX_EXTRA_FIELD_ANSWER_LENGTH, type SubscriptionField } from '../../contracts/races.contract'
import type * as subscriptions from '../../contracts/subscriptions.contract'
import { isKeptPlaceLive, type KeptPlace } from '../rules/held-place'
import { disclaimerMatches } from './disclaimer'
import type { EntryMode, GateRefusal, GateResult } from './eligibility'
import {
  KEPT_PROGRESS_VERSION,
  KEPT_STEPS,
  restoreProgress,
  type KeptProgress,
  type KeptStep,
  type RegistrationPhase,
} from './kept-progress'
import { paymentWaitMachine, type WaitOutcome } from './payment-wait.machine'
import { priceBreakdown, toCents, toEuros, type PricedRace } from './price'

/**
 * The enrolment wizard (design card): the eligibility gate, then one step per screen (data check,
 * race questions, rules, refund option, GPS rental, summary), the waiver typed in a dialog, the
 * payment with one idempotency key per attempt, and the wait for the provider. The machine decides
 * everything: where a kept wizard resumes, what is kept, what Pay expects to be charged, which
 * answers are required, and what each outcome means (emitted events the portal binds to its cache
 * and navigation). Server data stays in the query cache; the machine holds codes, choices, and
 * the prices and questions the athlete was shown, so the total charged is the one on screen.
 */

/** The steps on the wizard's indicator, in order: the one list of them. */
export const STEPS = ['dataCheck', 'extraFields', 'rules', 'refund', 'gps', 'summary', 'payment'] as const
export type Step = (typeof STEPS)[number]

export type ExtraAnswer = string | boolean

export interface Choices {
  dataConfirmed: boolean
  extra: Record<string, ExtraAnswer>
  rulesAccepted: boolean
  refund: RefundOption | null
  gps: boolean | null
}

/** A question of the race (`campi_per_iscrizione`), as far as the wizard's rules need it. */
export interface Question {
  name: string
  kind: SubscriptionField['tipo']
  required: boolean
}

/**
 * What is wrong with the answer to one of the race's questions: none given (`required`), or one
 * longer than the server takes (`too_long:<max>`, MAX_EXTRA_FIELD_ANSWER_LENGTH; the portal's
 * words for too long name the maximum).
 */
export type QuestionProblem = 'required' | `too_long:${string}`

/** Field-level problems of the step on screen, as codes. */
export interface StepProblems {
  dataConfirmed?: 'required'
  extra?: Record<string, QuestionProblem>
  rules?: 'required'
  refund?: 'required'
  gps?: 'required'
  /** The subscription the waiver or the payment needed was not found: confirming again makes it. */
  summary?: 'no_subscription'
  /**
   * `outdated`: the text changed while the athlete was signing; `unsigned`: the server has no
   * signature on its current text when the payment starts (revised after the athlete signed);
   * `revised`: a place resumed was signed on a text the organiser has revised since.
   */
  disclaimer?: 'required' | 'incorrect' | 'outdated' | 'unsigned' | 'revised'
  /** `not_started`: the server refused the attempt's key; nothing was charged, Pay makes a new one. */
  payment?: 'total_mismatch' | 'payment_failed' | 'not_started'
}

type LateRefusalCode = Extract<
  WizardErrorCode,
  | 'sold_out'
  | 'already_enrolled'
  | 'registration_closed'
  | 'not_eligible'
  | 'lottery_application'
  | 'payment_link_open'
  | 'queue_required'
  | 'hold_expired'
  | 'offer_expired'
>

/** Why the server turned the enrolment away once it was under way, and at which step. */
export interface LateRefusal {
  code: LateRefusalCode
  step: Step
  /** `payment_link_open`: the organiser's link that pays this place instead. */
  link?: string
}

/** An actor that failed without a decision to take; `wizard.retry` runs it again. */
export interface WizardFailure {
  action: 'check' | 'enrol' | 'sign' | 'startPayment' | 'requote'
  error: ApiError
}

export interface PaymentAttempt {
  /** Idempotency key: the same for every retry of this attempt, a new one for the next attempt. */
  key: string
  /** The choices paid for: another choice is another payment, with a key of its own. */
  refund: RefundOption
  gps: boolean
  /** The total on screen when the athlete pressed Pay, in cents. */
  expectedTotal: number
  paymentId: string | null
}

export interface EnrolmentContext {
  raceId: number
  athleteId: number
  phase: RegistrationPhase
  /** The athlete's keys are `<seed>.<attempt>`: unique per wizard, deterministic in tests. */
  keySeed: string
  entry: EntryMode
  refusals: GateRefusal[]
  lateRefusal: LateRefusal | null
  questions: Question[]
  /**
   * The answers a kept wizard came back with, all choices when kept: kept again while the race's
   * questions are not read yet (a wizard restored straight to a payment under way skips the gate).
   */
  keptChoiceNames: string[]
  /** The prices the breakdown shows and Pay expects; read again when the server's total differs. */
  tariff: PricedRace | null
  /**
   * The place the race keeps for the athlete while they enrol (held from its waiting room, offered
   * from its wait list), as the gate read it: its deadline, like the prices, is what the athlete was
   * shown, and once it passes the wizard stops (issue 42).
   */
  keptPlace: KeptPlace | null
  /** The code of the organiser's link open for the place, as the gate read it: it pays the place, Pay does not. */
  paymentLink: string | null
  choices: Choices
  problems: StepProblems
  disclaimerText: string
  attempts: number
  attempt: PaymentAttempt | null
  /** Where the gate leads back to: the step kept from before, then the step on screen. */
  resumeAt: KeptStep | null
  /** A kept wizard could not be read: said once the gate has passed. */
  keptUnreadable: boolean
  failure: WizardFailure | null
}

export interface EnrolmentInput {
  raceId: number
  athleteId: number
  phase: RegistrationPhase
  /** A fresh id for this wizard's payment keys (randomId in the portal). */
  keySeed: string
  /** What the browser kept for this athlete and race, unread: the machine decides what it is. */
  kept?: unknown
  /**
   * The answers this tab still holds in memory for the same wizard (a session that ended and began
   * again without a reload): the free text the browser does not keep comes back with them.
   */
  answers?: Record<string, ExtraAnswer>
}

/** The waiver as it was shown: what is signed and the evidence sent with the signature. */
export interface ShownWaiver {
  versione: string
  lingua: Locale
  /** The grammatical form of the text, when its language has one and the athlete's sex is known. */
  forma?: liberatoria.WaiverForm
  testo: string
  frase: string
}

/** What the gate read: its verdict, and the race's questions and prices for the steps. */
export interface GateOutcome extends GateResult {
  questions: Question[]
  tariff: PricedRace
  /** A place kept for the athlete (held or offered), with its deadline; absent or `null`: none. */
  keptPlace?: KeptPlace | null
}

export type EnrolmentEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.retry' }
  | { type: 'data.confirm'; confirmed: boolean }
  | { type: 'extra.answer'; name: string; value: ExtraAnswer }
  | { type: 'rules.accept'; accepted: boolean }
  | { type: 'refund.choose'; option: RefundOption }
  | { type: 'gps.choose'; rent: boolean }
  | { type: 'summary.confirm' }
  | { type: 'disclaimer.type'; text: string }
  | { type: 'disclaimer.submit'; waiver: ShownWaiver }
  | { type: 'disclaimer.close' }
  | { type: 'payment.pay' }
  | { type: 'payment.abandon' }
  /** The provider's address was not one the portal may go to: the athlete stays, to try again. */
  | { type: 'payment.redirectRefused' }
  /** The portal's clock (decision 003): a place kept for the athlete may have lapsed. */
  | { type: 'clock.tick'; now: number }

export type EnrolmentEmitted =
  /** The gate asks a visitor to log in: the drawer opens, the wizard is where they come back. */
  | { type: 'loginRequired' }
  /** A kept wizard could not be resumed: the athlete is told it starts again. */
  | { type: 'keptDropped' }
  | { type: 'enrolled' }
  /** Another tab's payment of this place is being confirmed: the wizard waits for it. */
  | { type: 'paymentInProgress' }
  /** The server wanted an answer the wizard did not ask: the race's questions are read again. */
  | { type: 'questionsChanged' }
  /** The summary is on screen: the waiver it leads to may be read ahead. */
  | { type: 'summaryReached' }
  /** The waiver's text changed on the server: the one shown must be read again. */
  | { type: 'waiverRevised' }
  | { type: 'waiverSigned' }
  /** The server's total differed from the one shown: the race's prices must be read again. */
  | { type: 'priceChanged' }
  | { type: 'redirect'; url: string }
  | { type: 'paid'; paymentId: string }
  | { type: 'applied' }

export interface EnrolRequest {
  raceId: number
  choices: Choices
}
export interface SignRequest {
  raceId: number
  waiver: ShownWaiver
}
export interface StartPaymentRequest {
  raceId: number
  key: string
  refund: RefundOption
  gps: boolean
  /** Euros, as the contract carries it. */
  expectedTotal: number
}
export interface StartedPayment {
  paymentId: string
  redirectUrl: string
  /** The server's total, in euros. */
  total: number
}

/** What a screen of the wizard shows: the one place the states meet the screens (state meta). */
export type WizardScreen =
  | { kind: 'checking' }
  | { kind: 'checkFailed' }
  | { kind: 'refused' }
  | { kind: 'step'; step: Step; busy: 'enrolling' | 'signing' | 'startingPayment' | null; disclaimerOpen: boolean }
  | { kind: 'redirecting' }
  | { kind: 'confirming' }
  | { kind: 'paid' }
  | { kind: 'applied' }

const stepScreen = (step: Step, busy: Extract<WizardScreen, { kind: 'step' }>['busy'] = null, disclaimerOpen = false) => ({
  screen: { kind: 'step', step, busy, disclaimerOpen } satisfies WizardScreen,
})

/** The codes the server may answer the wizard's own calls with. */
export type WizardErrorCode =
  | ErrorCodeOf<typeof subscriptions.create>
  | ErrorCodeOf<typeof liberatoria.sign>
  | ErrorCodeOf<typeof payments.start>

/** What a failed call of the wizard means: a decision to take, or a failure to show and retry. */
export type WizardFailureKind =
  | { kind: 'late'; code: LateRefusalCode; link?: string }
  /** Another tab's payment of this place is authorised and being confirmed: wait for it. */
  | { kind: 'paymentInProgress'; paymentId: string }
  | { kind: 'missingAnswers' }
  | { kind: 'waiverOutdated' }
  | { kind: 'waiverNotSigned' }
  | { kind: 'totalMismatch' }
  | { kind: 'noSubscription' }
  | { kind: 'keyReused' }
  | { kind: 'failed'; error: ApiError }

export function failureOf(error: unknown): WizardFailureKind {
  const apiError = toApiError(error)
  const code = errorCodeOf<typeof subscriptions.create | typeof liberatoria.sign | typeof payments.start>(apiError)
  switch (code) {
    case 'sold_out':
    case 'already_enrolled':
    case 'registration_closed':
    case 'not_eligible':
    case 'lottery_application':
    case 'queue_required':
    case 'hold_expired':
    case 'offer_expired':
      // The last three: a race that opens through its waiting room takes enrolments only from a
      // live held place (decision 037), and a place offered from a wait list only until its
      // deadline (decision 038); the way forward is the room or the list, not this wizard.
      return { kind: 'late', code }
    // The place is paid, so its waiver is evidence that stays as it is.
    case 'already_paid':
    case 'already_signed':
      return { kind: 'late', code: 'already_enrolled' }
    case 'missing_field':
      return { kind: 'missingAnswers' }
    // The text signed is not the organiser's text of that version: read it again, as if revised.
    case 'waiver_outdated':
    case 'hash_mismatch':
      return { kind: 'waiverOutdated' }
    case 'waiver_not_signed':
      return { kind: 'waiverNotSigned' }
    case 'total_mismatch':
      return { kind: 'totalMismatch' }
    case 'no_subscription':
      return { kind: 'noSubscription' }
    case 'idempotency_key_reused':
      return { kind: 'keyReused' }
    case 'payment_link_open': {
      const link = bodyField(apiError, 'codice_link')
      return link === null ? { kind: 'late', code } : { kind: 'late', code, link }
    }
    case 'payment_in_progress': {
      const paymentId = bodyField(apiError, 'pagamento_id')
      return paymentId === null ? { kind: 'failed', error: apiError } : { kind: 'paymentInProgress', paymentId }
    }
    default:
      return { kind: 'failed', error: apiError }
  }
}

/** A text field of the problem body the contract's 409 names (the link to pay, the payment to await). */
function bodyField(error: ApiError, name: 'codice_link' | 'pagamento_id'): string | null {
  if (error.kind !== 'http' || typeof error.body !== 'object' || error.body === null) return null
  const value = (error.body as Record<string, unknown>)[name]
  return typeof value === 'string' && value !== '' ? value : null
}

const emptyChoices: Choices = { dataConfirmed: false, extra: {}, rulesAccepted: false, refund: null, gps: null }

const TOO_LONG_ANSWER: QuestionProblem = `too_long:${String(MAX_EXTRA_FIELD_ANSWER_LENGTH)}`

/**
 * The problems of the questions step: each required question without an answer, and each answer
 * (required or not) longer than MAX_EXTRA_FIELD_ANSWER_LENGTH, counted in code points as the
 * contract counts it and as typed, since it is sent as typed.
 */
export function questionProblems(questions: readonly Question[], answers: Record<string, ExtraAnswer>) {
  const problems: Record<string, QuestionProblem> = {}
  for (const question of questions) {
    const answer = answers[question.name]
    if (typeof answer === 'string' && [...answer].length > MAX_EXTRA_FIELD_ANSWER_LENGTH) {
      problems[question.name] = TOO_LONG_ANSWER
      continue
    }
    if (!question.required) continue
    const answered = question.kind === 'boolean' ? answer === true : typeof answer === 'string' && answer.trim() !== ''
    if (!answered) problems[question.name] = 'required'
  }
  return problems
}

/** Every required question is answered, and no answer is too long: the questions may be sent. */
const allAnswered = (questions: readonly Question[], answers: Record<string, ExtraAnswer>) =>
  Object.keys(questionProblems(questions, answers)).length === 0

/** The kept steps in the order the wizard goes through them. */
const KEPT_ORDER: readonly KeptStep[] = KEPT_STEPS

/** Kept at the summary or before: choices made in this browser and not sent since (each send passes the waiver). */
const isDraftStep = (step: KeptStep) => KEPT_ORDER.indexOf(step) <= KEPT_ORDER.indexOf('summary')

/** Where the wizard resumes once the gate has passed, with which choices (`resumeOf`). */
export interface Resume {
  step: KeptStep
  choices: Choices
  /** The place's waiver was signed on a text revised since: the athlete is told why it is asked again. */
  waiverRevised: boolean
}

/**
 * Where the wizard goes once the gate has passed, and with which choices (decision 027):
 * - **a place the server holds** (a subscription made and not paid, `gate.open`) comes back as the
 *   server holds it: its answers, refund option and GPS choice, every step before them done (they
 *   were, to make it). The wizard goes where the place needs the athlete: the questions when a
 *   required one has no answer (the race's questions changed since), the waiver when it is unsigned
 *   or signed on a text revised since, else the payment. What this browser kept adds only what the
 *   server does not hold: answers to questions it has none for, and the payment attempt with its key.
 * - **a draft of this browser** wins over the place: choices made here and not sent since (kept at
 *   the summary or before, a refund option chosen; every send passes the waiver). The athlete comes
 *   back to their step with their choices; the server's answers fill only those the browser does
 *   not keep (free text, decision 020).
 * - **no place**: the kept step (none: the data check), or the first step before it still missing
 *   something (a free-text answer this tab no longer holds), every kept choice in place.
 * Never past a required question left unanswered, or an answer too long: the questions come first.
 */
export function resumeOf(context: Pick<EnrolmentContext, 'choices' | 'resumeAt'>, gate: GateOutcome): Resume {
  const { open, questions } = gate
  const kept = context.resumeAt
  const draft = kept !== null && isDraftStep(kept) && context.choices.refund !== null
  if (open && !draft) {
    const extra = open.answers === null ? context.choices.extra : { ...context.choices.extra, ...open.answers }
    const choices: Choices = { ...context.choices, dataConfirmed: true, rulesAccepted: true, refund: open.refund, gps: open.gps, extra }
    // A server that does not say which answers it holds took them when the place was made.
    const answered = open.answers === null || allAnswered(questions, extra)
    return { step: answered ? open.step : 'extraFields', choices, waiverRevised: answered && open.waiverRevised }
  }
  const choices = open?.answers ? { ...context.choices, extra: { ...open.answers, ...context.choices.extra } } : context.choices
  const step = kept === null || kept === 'confirming' ? 'dataCheck' : kept
  const missing = firstStepMissing(questions, choices)
  return { step: missing !== null && KEPT_ORDER.indexOf(missing) < KEPT_ORDER.indexOf(step) ? missing : step, choices, waiverRevised: false }
}

/** The first step of the wizard whose answer these choices lack, if any: a resume goes no further. */
function firstStepMissing(questions: readonly Question[], choices: Choices): KeptStep | null {
  if (!choices.dataConfirmed) return 'dataCheck'
  if (!allAnswered(questions, choices.extra)) return 'extraFields'
  if (!choices.rulesAccepted) return 'rules'
  if (choices.refund === null) return 'refund'
  if (choices.gps === null) return 'gps'
  return null
}

/** The step `resumeOf` picks: where the gate leads. */
export function resumeStepOf(context: Pick<EnrolmentContext, 'choices' | 'resumeAt'>, gate: GateOutcome): KeptStep {
  return resumeOf(context, gate).step
}

/** The step on the indicator a kept step shows: the waiver over the summary, the checkout's wait as the payment. */
function screenStepOf(kept: KeptStep | null): Step {
  if (kept === null) return 'dataCheck'
  if (kept === 'disclaimer') return 'summary'
  if (kept === 'confirming') return 'payment'
  return kept
}

function initialContext(input: EnrolmentInput): EnrolmentContext {
  const fresh: EnrolmentContext = {
    raceId: input.raceId,
    athleteId: input.athleteId,
    phase: input.phase,
    keySeed: input.keySeed,
    entry: 'direct',
    refusals: [],
    lateRefusal: null,
    questions: [],
    keptChoiceNames: [],
    tariff: null,
    keptPlace: null,
    paymentLink: null,
    choices: emptyChoices,
    problems: {},
    disclaimerText: '',
    attempts: 0,
    attempt: null,
    resumeAt: null,
    keptUnreadable: false,
    failure: null,
  }
  const restored = restoreProgress(input.kept, input)
  if (restored.kind === 'unreadable') return { ...fresh, keptUnreadable: true }
  if (restored.kind !== 'kept') return fresh
  // The open attempt comes back with its own key (a retry must not charge twice); new attempts take
  // this wizard's seed, so two tabs restored from the same progress never share a key.
  const { choices, attempts, attempt, step } = restored.progress
  const extra = { ...input.answers, ...choices.extra }
  return { ...fresh, choices: { ...choices, extra }, keptChoiceNames: Object.keys(choices.extra), attempts, attempt, resumeAt: step }
}

/** Enrolling sends the answers: a required question left unanswered (or unkept), or an answer too long, is asked again first. */
const enrolOnceAnswered = [
  { guard: 'areQuestionsAnswered', target: 'enrolling' },
  { target: 'extraFields', actions: 'markQuestionProblems' },
] as const

export const enrolmentMachine = setup({
  types: {
    context: {} as EnrolmentContext,
    input: {} as EnrolmentInput,
    events: {} as EnrolmentEvent,
    emitted: {} as EnrolmentEmitted,
    meta: {} as { screen: WizardScreen },
    children: {} as { paymentWait: 'paymentWait' },
  },
  actors: {
    checkEligibility: fromPromise<GateOutcome, { raceId: number }>(() => {
      throw new Error('checkEligibility is provided by the portal')
    }),
    enrol: fromPromise<void, EnrolRequest>(() => {
      throw new Error('enrol is provided by the portal')
    }),
    signWaiver: fromPromise<void, SignRequest>(() => {
      throw new Error('signWaiver is provided by the portal')
    }),
    startPayment: fromPromise<StartedPayment, StartPaymentRequest>(() => {
      throw new Error('startPayment is provided by the portal')
    }),
    readTariff: fromPromise<PricedRace, { raceId: number }>(() => {
      throw new Error('readTariff is provided by the portal')
    }),
    paymentWait: paymentWaitMachine,
  },
  guards: {
    hasRefusals: (_, params: { gate: GateOutcome }) => params.gate.refusals.length > 0,
    resumesAt: ({ context }, params: { gate: GateOutcome; step: KeptStep }) => resumeStepOf(context, params.gate) === params.step,
    isPaymentUnderWay: ({ context }) => context.resumeAt === 'confirming' && context.attempt?.paymentId != null,
    isDataConfirmed: ({ context }) => context.choices.dataConfirmed,
    areQuestionsAnswered: ({ context }) => allAnswered(context.questions, context.choices.extra),
    areRulesAccepted: ({ context }) => context.choices.rulesAccepted,
    isRefundChosen: ({ context }) => context.choices.refund !== null,
    isGpsChosen: ({ context }) => context.choices.gps !== null,
    isLottery: ({ context }) => context.entry === 'lottery',
    isTypedTextCorrect: ({ context }, params: { waiver: ShownWaiver }) => disclaimerMatches(context.disclaimerText, params.waiver.frase),
    isDisclaimerEmpty: ({ context }) => context.disclaimerText.trim() === '',
    isAttemptForTheseChoices: ({ context }) => {
      const { attempt, choices, tariff } = context
      if (!attempt || !tariff) return false
      const total = priceBreakdown(tariff, choices).total
      return attempt.refund === choices.refund && attempt.gps === choices.gps && attempt.expectedTotal === total
    },
    hasNoTariff: ({ context }) => context.tariff === null,
    isPaidByLink: ({ context }) => context.paymentLink !== null,
    hasKeptPlaceLapsed: ({ context }, params: { now: number }) => context.keptPlace !== null && !isKeptPlaceLive(context.keptPlace, params.now),
    isPaying: or([stateIn('#enrolment.wizard.startingPayment'), stateIn('#enrolment.wizard.redirecting'), stateIn('#enrolment.wizard.confirming')]),
    isTotalAsExpected: ({ context }, params: { total: number }) => toCents(params.total) === context.attempt?.expectedTotal,
    isLateRefusal: (_, params: { error: unknown }) => failureOf(params.error).kind === 'late',
    isMissingAnswers: (_, params: { error: unknown }) => failureOf(params.error).kind === 'missingAnswers',
    isWaiverOutdated: (_, params: { error: unknown }) => failureOf(params.error).kind === 'waiverOutdated',
    isWaiverNotSigned: (_, params: { error: unknown }) => failureOf(params.error).kind === 'waiverNotSigned',
    isTotalMismatch: (_, params: { error: unknown }) => failureOf(params.error).kind === 'totalMismatch',
    isNoSubscription: (_, params: { error: unknown }) => failureOf(params.error).kind === 'noSubscription',
    isKeyReused: (_, params: { error: unknown }) => failureOf(params.error).kind === 'keyReused',
    isPaymentInProgress: (_, params: { error: unknown }) => failureOf(params.error).kind === 'paymentInProgress',
    isPaid: (_, params: { outcome: WaitOutcome }) => params.outcome === 'paid',
    // A payment the server does not know was never charged: as good as declined.
    isUnpaid: (_, params: { outcome: WaitOutcome }) => params.outcome === 'unpaid' || params.outcome === 'notFound',
  },
  actions: {
    clearProblems: assign({ problems: {}, failure: null }),
    remember: assign((_, params: { step: KeptStep }) => ({ resumeAt: params.step })),
    takeGate: enqueueActions(({ context, enqueue }, params: { gate: GateOutcome }) => {
      const { entry, questions, tariff, open } = params.gate
      const { step, choices, waiverRevised } = resumeOf(context, params.gate)
      const revised = waiverRevised && step === 'disclaimer'
      const kept = { keptPlace: params.gate.keptPlace ?? null, paymentLink: open?.link ?? null }
      enqueue.assign({ refusals: [], lateRefusal: null, entry, questions, tariff, choices, ...kept, ...(revised ? { problems: { disclaimer: 'revised' } } : {}) })
      // The text signed is not the organiser's any more: the one shown must be read afresh.
      if (revised) enqueue.emit({ type: 'waiverRevised' })
    }),
    askToLogIn: enqueueActions(({ enqueue }, params: { gate: GateOutcome }) => {
      if (params.gate.refusals.some((refusal) => refusal.code === 'login_required')) enqueue.emit({ type: 'loginRequired' })
    }),
    tellKeptDropped: enqueueActions(({ context, enqueue }) => {
      if (!context.keptUnreadable) return
      enqueue.emit({ type: 'keptDropped' })
      enqueue.assign({ keptUnreadable: false })
    }),
    recordFailure: assign((_, params: { action: WizardFailure['action']; error: unknown }) => ({
      failure: { action: params.action, error: toApiError(params.error) },
    })),
    refuseLate: assign((_, params: { error: unknown; step: Step }) => {
      const failure = failureOf(params.error)
      if (failure.kind !== 'late') return {}
      const lateRefusal: LateRefusal = { code: failure.code, step: params.step, ...(failure.link ? { link: failure.link } : {}) }
      return { lateRefusal, attempt: null }
    }),
    refuseLapsedPlace: assign(({ context }) => {
      if (!context.keptPlace) return {}
      const code = context.keptPlace.kind === 'hold' ? 'hold_expired' : 'offer_expired'
      return { lateRefusal: { code, step: screenStepOf(context.resumeAt) }, attempt: null }
    }),
    awaitOtherPayment: assign(({ context }, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      if (failure.kind !== 'paymentInProgress' || !context.attempt) return {}
      return { attempt: { ...context.attempt, paymentId: failure.paymentId } }
    }),
    markQuestionProblems: assign(({ context }) => ({ problems: { extra: questionProblems(context.questions, context.choices.extra) } })),
    newAttempt: assign(({ context }) => {
      const { tariff, choices } = context
      if (!tariff || choices.refund === null || choices.gps === null) throw new Error('newAttempt: no prices read or no choice')
      const attempts = context.attempts + 1
      const key = `${context.keySeed}.${String(attempts)}`
      const attempt = { key, refund: choices.refund, gps: choices.gps, expectedTotal: priceBreakdown(tariff, choices).total, paymentId: null }
      return { attempts, attempt }
    }),
  },
}).createMachine({
  id: 'enrolment',
  context: ({ input }) => initialContext(input),
  initial: 'restoring',
  on: {
    'data.confirm': { actions: assign({ choices: ({ context, event }) => ({ ...context.choices, dataConfirmed: event.confirmed }) }) },
    'extra.answer': {
      actions: assign({ choices: ({ context, event }) => ({ ...context.choices, extra: { ...context.choices.extra, [event.name]: event.value } }) }),
    },
    'rules.accept': { actions: assign({ choices: ({ context, event }) => ({ ...context.choices, rulesAccepted: event.accepted }) }) },
    'refund.choose': { actions: assign({ choices: ({ context, event }) => ({ ...context.choices, refund: event.option }) }) },
    'gps.choose': { actions: assign({ choices: ({ context, event }) => ({ ...context.choices, gps: event.rent }) }) },
  },
  states: {
    // A payment sent to the provider is awaited at once; anything else passes the gate first, as
    // what it read may have changed (a PAX earned, a race sold out) since the wizard was kept.
    restoring: {
      meta: { screen: { kind: 'checking' } },
      always: [{ guard: 'isPaymentUnderWay', target: '#enrolment.wizard.confirming' }, { target: 'checking' }],
    },
    checking: {
      meta: { screen: { kind: 'checking' } },
      entry: 'clearProblems',
      invoke: {
        src: 'checkEligibility',
        input: ({ context }) => ({ raceId: context.raceId }),
        onDone: [
          {
            guard: { type: 'hasRefusals', params: ({ event }) => ({ gate: event.output }) },
            target: 'refused',
            actions: [
              assign({ refusals: ({ event }) => event.output.refusals, entry: ({ event }) => event.output.entry, lateRefusal: null }),
              { type: 'askToLogIn', params: ({ event }) => ({ gate: event.output }) },
              'tellKeptDropped',
            ],
          },
          ...(['payment', 'disclaimer', 'summary', 'gps', 'refund', 'rules', 'extraFields'] as const).map((step) => ({
            guard: { type: 'resumesAt' as const, params: ({ event }: { event: { output: GateOutcome } }) => ({ gate: event.output, step }) },
            target: `#enrolment.wizard.${step}`,
            actions: [{ type: 'takeGate' as const, params: ({ event }: { event: { output: GateOutcome } }) => ({ gate: event.output }) }, 'tellKeptDropped' as const],
          })),
          {
            target: '#enrolment.wizard.dataCheck',
            actions: [{ type: 'takeGate', params: ({ event }) => ({ gate: event.output }) }, 'tellKeptDropped'],
          },
        ],
        onError: { target: 'checkFailed', actions: { type: 'recordFailure', params: ({ event }) => ({ action: 'check', error: event.error }) } },
      },
    },
    checkFailed: { meta: { screen: { kind: 'checkFailed' } }, on: { 'wizard.retry': 'checking' } },
    // The gate or the server said no: the reasons are on screen, each with its way forward.
    refused: { meta: { screen: { kind: 'refused' } } },

    wizard: {
      initial: 'dataCheck',
      on: {
        // The place kept for the athlete went to the next in line: no step may go on, the refusal
        // says what happened and the way back (the server would refuse the enrolment anyway).
        'clock.tick': [
          // A payment asked for or at the provider is the server's to answer: the place stays while paid.
          { guard: 'isPaying' },
          { guard: { type: 'hasKeptPlaceLapsed', params: ({ event }) => ({ now: event.now }) }, target: '#enrolment.refused', actions: 'refuseLapsedPlace' },
        ],
      },
      states: {
        dataCheck: {
          meta: stepScreen('dataCheck'),
          entry: { type: 'remember', params: { step: 'dataCheck' } },
          exit: 'clearProblems',
          on: {
            'wizard.next': [
              { guard: 'isDataConfirmed', target: 'extraFields' },
              { actions: assign({ problems: { dataConfirmed: 'required' } }) },
            ],
          },
        },
        extraFields: {
          meta: stepScreen('extraFields'),
          entry: { type: 'remember', params: { step: 'extraFields' } },
          exit: 'clearProblems',
          on: {
            'wizard.back': 'dataCheck',
            'wizard.next': [{ guard: 'areQuestionsAnswered', target: 'rules' }, { actions: 'markQuestionProblems' }],
          },
        },
        rules: {
          meta: stepScreen('rules'),
          entry: { type: 'remember', params: { step: 'rules' } },
          exit: 'clearProblems',
          on: {
            'wizard.back': 'extraFields',
            'wizard.next': [{ guard: 'areRulesAccepted', target: 'refund' }, { actions: assign({ problems: { rules: 'required' } }) }],
          },
        },
        refund: {
          meta: stepScreen('refund'),
          entry: { type: 'remember', params: { step: 'refund' } },
          exit: 'clearProblems',
          on: {
            'wizard.back': 'rules',
            'wizard.next': [{ guard: 'isRefundChosen', target: 'gps' }, { actions: assign({ problems: { refund: 'required' } }) }],
          },
        },
        gps: {
          meta: stepScreen('gps'),
          entry: { type: 'remember', params: { step: 'gps' } },
          exit: 'clearProblems',
          on: {
            'wizard.back': 'refund',
            'wizard.next': [{ guard: 'isGpsChosen', target: 'summary' }, { actions: assign({ problems: { gps: 'required' } }) }],
          },
        },
        summary: {
          meta: stepScreen('summary'),
          entry: [{ type: 'remember', params: { step: 'summary' } }, emit({ type: 'summaryReached' })],
          exit: 'clearProblems',
          on: {
            'wizard.back': 'gps',
            'summary.confirm': enrolOnceAnswered,
            'wizard.retry': enrolOnceAnswered,
          },
        },
        enrolling: {
          meta: stepScreen('summary', 'enrolling'),
          invoke: {
            src: 'enrol',
            input: ({ context }) => ({ raceId: context.raceId, choices: context.choices }),
            onDone: { target: 'disclaimer', actions: emit({ type: 'enrolled' }) },
            onError: [
              {
                guard: { type: 'isLateRefusal', params: ({ event }) => ({ error: event.error }) },
                target: '#enrolment.refused',
                actions: { type: 'refuseLate', params: ({ event }) => ({ error: event.error, step: 'summary' }) },
              },
              // The organiser's questions changed since the gate read them: the gate reads them again
              // and leads back to the questions, where the new one shows.
              {
                guard: { type: 'isMissingAnswers', params: ({ event }) => ({ error: event.error }) },
                target: '#enrolment.checking',
                actions: emit({ type: 'questionsChanged' }),
              },
              { target: 'summary', actions: { type: 'recordFailure', params: ({ event }) => ({ action: 'enrol', error: event.error }) } },
            ],
          },
        },
        disclaimer: {
          meta: stepScreen('summary', null, true),
          entry: { type: 'remember', params: { step: 'disclaimer' } },
          exit: 'clearProblems',
          on: {
            'disclaimer.type': { actions: assign({ disclaimerText: ({ event }) => event.text }) },
            'disclaimer.close': 'summary',
            'disclaimer.submit': [
              { guard: 'isDisclaimerEmpty', actions: assign({ problems: { disclaimer: 'required' } }) },
              { guard: { type: 'isTypedTextCorrect', params: ({ event }) => ({ waiver: event.waiver }) }, target: 'signing' },
              { actions: assign({ problems: { disclaimer: 'incorrect' } }) },
            ],
          },
        },
        signing: {
          meta: stepScreen('summary', 'signing', true),
          invoke: {
            src: 'signWaiver',
            input: ({ context, event }) => {
              assertEvent(event, 'disclaimer.submit')
              return { raceId: context.raceId, waiver: event.waiver }
            },
            onDone: [
              { guard: 'isLottery', target: '#enrolment.applied', actions: emit({ type: 'waiverSigned' }) },
              { target: 'payment', actions: [assign({ disclaimerText: '' }), emit({ type: 'waiverSigned' })] },
            ],
            onError: [
              {
                guard: { type: 'isLateRefusal', params: ({ event }) => ({ error: event.error }) },
                target: '#enrolment.refused',
                actions: { type: 'refuseLate', params: ({ event }) => ({ error: event.error, step: 'summary' }) },
              },
              {
                guard: { type: 'isWaiverOutdated', params: ({ event }) => ({ error: event.error }) },
                target: 'disclaimer',
                actions: [assign({ problems: { disclaimer: 'outdated' } }), emit({ type: 'waiverRevised' })],
              },
              {
                guard: { type: 'isNoSubscription', params: ({ event }) => ({ error: event.error }) },
                target: 'summary',
                actions: assign({ problems: { summary: 'no_subscription' } }),
              },
              { target: 'disclaimer', actions: { type: 'recordFailure', params: ({ event }) => ({ action: 'sign', error: event.error }) } },
            ],
          },
        },
        payment: {
          meta: stepScreen('payment'),
          entry: { type: 'remember', params: { step: 'payment' } },
          // Straight from a payment awaited after a reload, the gate has not read the prices yet.
          always: { guard: 'hasNoTariff', target: 'requoting' },
          on: {
            'wizard.back': { target: 'summary', actions: 'clearProblems' },
            // A place the organiser's link pays is paid on the link's page (issue 42): the server
            // refuses a card payment of it, so none is started.
            'payment.pay': [
              // The last attempt got no answer: asking again for the same with its key returns its
              // payment, if any. Other choices or another total are a new attempt.
              { guard: and([not('isPaidByLink'), 'isAttemptForTheseChoices']), target: 'startingPayment', actions: 'clearProblems' },
              { guard: not('isPaidByLink'), target: 'startingPayment', actions: ['clearProblems', 'newAttempt'] },
            ],
          },
        },
        startingPayment: {
          meta: stepScreen('payment', 'startingPayment'),
          invoke: {
            src: 'startPayment',
            input: ({ context }) => {
              if (!context.attempt) throw new Error('startPayment: no attempt')
              const { key, refund, gps, expectedTotal } = context.attempt
              return { raceId: context.raceId, key, refund, gps, expectedTotal: toEuros(expectedTotal) }
            },
            onDone: [
              {
                guard: { type: 'isTotalAsExpected', params: ({ event }) => ({ total: event.output.total }) },
                target: 'redirecting',
                actions: [
                  assign({ attempt: ({ context, event }) => context.attempt && { ...context.attempt, paymentId: event.output.paymentId } }),
                  emit(({ event }) => ({ type: 'redirect' as const, url: event.output.redirectUrl })),
                ],
              },
              // The server would charge another total than the one shown: the athlete is not sent
              // to pay it; the server expires the payment left unused.
              { target: 'requoting', actions: [assign({ attempt: null, problems: { payment: 'total_mismatch' } }), emit({ type: 'priceChanged' })] },
            ],
            onError: [
              {
                guard: { type: 'isLateRefusal', params: ({ event }) => ({ error: event.error }) },
                target: '#enrolment.refused',
                actions: { type: 'refuseLate', params: ({ event }) => ({ error: event.error, step: 'payment' }) },
              },
              // Nothing was charged: the next attempt asks with the new total and a new key.
              {
                guard: { type: 'isTotalMismatch', params: ({ event }) => ({ error: event.error }) },
                target: 'requoting',
                actions: [assign({ attempt: null, problems: { payment: 'total_mismatch' } }), emit({ type: 'priceChanged' })],
              },
              {
                guard: { type: 'isWaiverNotSigned', params: ({ event }) => ({ error: event.error }) },
                target: 'disclaimer',
                actions: [assign({ attempt: null, disclaimerText: '', problems: { disclaimer: 'unsigned' } }), emit({ type: 'waiverRevised' })],
              },
              {
                guard: { type: 'isNoSubscription', params: ({ event }) => ({ error: event.error }) },
                target: 'summary',
                actions: assign({ attempt: null, problems: { summary: 'no_subscription' } }),
              },
              {
                guard: { type: 'isKeyReused', params: ({ event }) => ({ error: event.error }) },
                target: 'payment',
                actions: assign({ attempt: null, problems: { payment: 'not_started' } }),
              },
              // Another tab paid this place a moment ago: its payment is awaited, none is started.
              {
                guard: { type: 'isPaymentInProgress', params: ({ event }) => ({ error: event.error }) },
                target: 'confirming',
                actions: [
                  { type: 'awaitOtherPayment', params: ({ event }) => ({ error: event.error }) },
                  emit({ type: 'paymentInProgress' }),
                ],
              },
              // No answer or a server error: the attempt keeps its key, so a retry cannot charge twice.
              { target: 'payment', actions: { type: 'recordFailure', params: ({ event }) => ({ action: 'startPayment', error: event.error }) } },
            ],
          },
        },
        // The price changed (or was never read): the breakdown is read again before the athlete may pay.
        requoting: {
          meta: stepScreen('payment', 'startingPayment'),
          invoke: {
            src: 'readTariff',
            input: ({ context }) => ({ raceId: context.raceId }),
            onDone: { target: 'payment', actions: assign({ tariff: ({ event }) => event.output }) },
            // Try again passes the gate, which reads the prices afresh and comes back to the payment.
            onError: { target: '#enrolment.checkFailed', actions: { type: 'recordFailure', params: ({ event }) => ({ action: 'requote', error: event.error }) } },
          },
        },
        // The athlete is on the provider's checkout; a reload here awaits the payment.
        redirecting: {
          meta: { screen: { kind: 'redirecting' } },
          entry: { type: 'remember', params: { step: 'confirming' } },
          on: {
            // Nothing left the portal, so nothing can be charged: the next Pay is a new attempt,
            // and the server expires the one left pending.
            'payment.redirectRefused': { target: 'payment', actions: assign({ attempt: null }) },
          },
        },
        confirming: {
          meta: { screen: { kind: 'confirming' } },
          entry: { type: 'remember', params: { step: 'confirming' } },
          invoke: {
            id: 'paymentWait',
            src: 'paymentWait',
            input: ({ context }) => ({ paymentId: context.attempt?.paymentId ?? '' }),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => ({ outcome: event.output.outcome }) },
                target: '#enrolment.paid',
                actions: emit(({ context }) => ({ type: 'paid' as const, paymentId: context.attempt?.paymentId ?? '' })),
              },
              // Declined or expired: a new attempt, with a new key, reuses the open subscription.
              {
                guard: { type: 'isUnpaid', params: ({ event }) => ({ outcome: event.output.outcome }) },
                target: 'payment',
                actions: assign({ attempt: null, problems: { payment: 'payment_failed' } }),
              },
              // Back from the checkout without paying: a new payment replaces the open one (the
              // server expires it, so the old checkout can no longer charge).
              { target: 'payment', actions: assign({ attempt: null }) },
            ],
            // The wait ends only in an outcome; were it ever to fail, the attempt and its key stay.
            onError: { target: 'payment', actions: { type: 'recordFailure', params: ({ event }) => ({ action: 'startPayment', error: event.error }) } },
          },
          on: {
            'payment.abandon': { actions: sendTo('paymentWait', { type: 'wait.abandon' }) },
            'wizard.retry': { actions: sendTo('paymentWait', { type: 'wait.retry' }) },
          },
        },
      },
    },
    paid: { meta: { screen: { kind: 'paid' } }, type: 'final' },
    applied: { meta: { screen: { kind: 'applied' } }, type: 'final', entry: emit({ type: 'applied' }) },
  },
})

export type EnrolmentSnapshot = SnapshotFrom<typeof enrolmentMachine>

/** The screen of the state the wizard is in (its one leaf with a `screen` meta). */
export function screenOf(snapshot: EnrolmentSnapshot): WizardScreen {
  const screens = Object.values(snapshot.getMeta()).flatMap((meta) => (meta ? [meta.screen] : []))
  const screen = screens.at(-1)
  if (!screen) throw new Error(`enrolment: no screen for ${JSON.stringify(snapshot.value)}`)
  return screen
}

/**
 * What the browser keeps of this wizard now (kept-progress.ts): `null` once it has ended, when
 * there is nothing left to resume. Free-text answers stay out, and so does the typed sentence.
 */
export function keptProgressOf(snapshot: EnrolmentSnapshot): KeptProgress | null {
  if (snapshot.status === 'done') return null
  const { context } = snapshot
  // Only answers known to be choices: from the race's questions once read, else those kept before.
  // A wizard restored straight to a payment under way has not read the questions, and a text typed
  // after it must not be kept as a choice (found by the scenario tests, decision 020).
  const isChoice = (name: string) =>
    context.questions.length > 0
      ? context.questions.some((question) => question.name === name && question.kind !== 'text')
      : context.keptChoiceNames.includes(name)
  const extra = Object.fromEntries(
    Object.entries(context.choices.extra).filter(
      ([name, value]) => typeof value === 'boolean' || (value.trim() !== '' && isChoice(name)),
    ),
  )
  return {
    version: KEPT_PROGRESS_VERSION,
    athleteId: context.athleteId,
    raceId: context.raceId,
    phase: context.phase,
    step: context.resumeAt ?? 'dataCheck',
    choices: { ...context.choices, extra },
    attempts: context.attempts,
    attempt: context.attempt,
  }
}
