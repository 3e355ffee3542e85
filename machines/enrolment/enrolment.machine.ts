import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import type { RefundOption } from '../../contracts/athlete.contract'
import type { Locale } from '../../contracts/locale'
import type { PaymentState } from '../../contracts/payments.contract'
import type { SubscriptionField } from '../../contracts/races.contract'
import type { EnrolmentError } from '../../contracts/subscriptions.contract'
import { disclaimerMatches } from './disclaimer'
import type { EntryMode, GateRefusal, GateResult, OpenEnrolment } from './eligibility'

/**
 * The enrolment wizard (design card): the eligibility gate, then one step per screen (data check,
 * extra fields, rules, refund option, GPS rental, summary), the disclaimer typed in a dialog, the
 * payment with one idempotency key per attempt, and its outcome. Server data (the race, the
 * profile, the waiver) stays in the query cache: it reaches the machine only through actors and
 * events. Context is codes and choices, serialisable, so a reload resumes at the same step.
 */

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

/** Field-level problems of the step on screen, as codes. */
export interface StepProblems {
  dataConfirmed?: 'required'
  extra?: Record<string, 'required'>
  rules?: 'required'
  refund?: 'required'
  gps?: 'required'
  /**
   * `outdated`: the text changed while the athlete was signing; `unsigned`: the server has no
   * signature on its current text when the payment starts (revised after the athlete signed).
   */
  disclaimer?: 'required' | 'incorrect' | 'outdated' | 'unsigned'
  payment?: 'total_mismatch' | 'payment_failed'
}

/** Why the server turned the enrolment away once it was under way, and at which step. */
export interface LateRefusal {
  code: Extract<EnrolmentError, 'sold_out' | 'already_enrolled' | 'registration_closed' | 'not_eligible'>
  step: Step
}

/** An actor that failed; `wizard.retry` runs it again from the same state. */
export interface WizardFailure {
  action: 'check' | 'enrol' | 'sign' | 'startPayment' | 'checkPayment'
  error: ApiError
}

export interface PaymentAttempt {
  /** Idempotency key: the same for every retry of this attempt, a new one for the next attempt. */
  key: string
  /** The total shown when the athlete pressed Pay, in euros. */
  expectedTotal: number
  paymentId: string | null
}

export interface EnrolmentContext {
  raceId: number
  athleteId: number
  entry: EntryMode
  refusals: GateRefusal[]
  lateRefusal: LateRefusal | null
  choices: Choices
  problems: StepProblems
  disclaimerText: string
  attempt: PaymentAttempt | null
  /** Checks of a pending payment so far: the next waits longer. */
  polls: number
  failure: WizardFailure | null
}

export interface EnrolmentInput {
  raceId: number
  athleteId: number
}

/** The waiver as it was shown: what is signed and the evidence sent with the signature. */
export interface ShownWaiver {
  versione: string
  lingua: Locale
  testo: string
  frase: string
}

export type EnrolmentEvent =
  | { type: 'wizard.next'; fields?: readonly SubscriptionField[] }
  | { type: 'wizard.back' }
  | { type: 'wizard.retry' }
  | { type: 'wizard.recheck' }
  | { type: 'data.confirm'; confirmed: boolean }
  | { type: 'extra.answer'; name: string; value: ExtraAnswer }
  | { type: 'rules.accept'; accepted: boolean }
  | { type: 'refund.choose'; option: RefundOption }
  | { type: 'gps.choose'; rent: boolean }
  | { type: 'summary.confirm' }
  | { type: 'disclaimer.type'; text: string }
  | { type: 'disclaimer.submit'; waiver: ShownWaiver }
  | { type: 'disclaimer.close' }
  | { type: 'payment.pay'; key: string; expectedTotal: number }
  | { type: 'payment.returned' }
  | { type: 'payment.abandon' }
  /** The provider's address was not one the portal may go to: the athlete stays, to try again. */
  | { type: 'payment.redirectRefused' }

export type EnrolmentEmitted =
  | { type: 'redirect'; url: string }
  | { type: 'waiverSigned' }
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
  expectedTotal: number
}
export interface StartedPayment {
  paymentId: string
  redirectUrl: string
}

/** Wait before checking a pending payment again: 1 s, then half as long again each time, at most 8 s. */
export function pollDelayMs(polls: number): number {
  return Math.min(8_000, Math.round(1_000 * 1.5 ** polls))
}

const emptyChoices: Choices = { dataConfirmed: false, extra: {}, rulesAccepted: false, refund: null, gps: null }

/** The choices of a subscription made earlier: every step before it was done then. */
function resumedChoices(choices: Choices, open: OpenEnrolment): Choices {
  return { ...choices, dataConfirmed: true, rulesAccepted: true, refund: open.refund, gps: open.gps }
}

/** The problems of an extra-field step: each required field without an answer. */
export function extraFieldProblems(fields: readonly SubscriptionField[], answers: Record<string, ExtraAnswer>) {
  const missing: Record<string, 'required'> = {}
  for (const field of fields) {
    if (!field.obbligatorio) continue
    const answer = answers[field.nome]
    const answered = field.tipo === 'boolean' ? answer === true : typeof answer === 'string' && answer.trim() !== ''
    if (!answered) missing[field.nome] = 'required'
  }
  return missing
}

function lateRefusalOf(error: unknown, step: Step): LateRefusal | null {
  const apiError = error as ApiError
  if (apiError.kind !== 'http') return null
  const code = apiError.code as string | null
  if (code === 'sold_out' || code === 'already_enrolled' || code === 'registration_closed' || code === 'not_eligible') {
    return { code, step }
  }
  if (code === 'already_paid') return { code: 'already_enrolled', step }
  return null
}

const httpCode = (error: unknown): string | null => {
  const apiError = error as ApiError
  return apiError.kind === 'http' ? (apiError.code as string | null) : null
}

export const enrolmentMachine = setup({
  types: {
    context: {} as EnrolmentContext,
    input: {} as EnrolmentInput,
    events: {} as EnrolmentEvent,
    emitted: {} as EnrolmentEmitted,
  },
  actors: {
    checkEligibility: fromPromise<GateResult, { raceId: number }>(() => {
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
    checkPayment: fromPromise<PaymentState, { paymentId: string }>(() => {
      throw new Error('checkPayment is provided by the portal')
    }),
  },
  delays: {
    pollDelay: ({ context }) => pollDelayMs(context.polls),
  },
  guards: {
    hasRefusals: ({ event }) => (event as unknown as { output: GateResult }).output.refusals.length > 0,
    resumesAt: ({ context, event }, params: { step: OpenEnrolment['step'] }) =>
      context.choices.refund === null && (event as unknown as { output: GateResult }).output.open?.step === params.step,
    isDataConfirmed: ({ context }) => context.choices.dataConfirmed,
    areExtraFieldsAnswered: ({ context, event }) => {
      assertEvent(event, 'wizard.next')
      return Object.keys(extraFieldProblems(event.fields ?? [], context.choices.extra)).length === 0
    },
    areRulesAccepted: ({ context }) => context.choices.rulesAccepted,
    isRefundChosen: ({ context }) => context.choices.refund !== null,
    isGpsChosen: ({ context }) => context.choices.gps !== null,
    isLottery: ({ context }) => context.entry === 'lottery',
    isTypedTextCorrect: ({ context, event }) => {
      assertEvent(event, 'disclaimer.submit')
      return disclaimerMatches(context.disclaimerText, event.waiver.frase)
    },
    isDisclaimerEmpty: ({ context }) => context.disclaimerText.trim() === '',
    hasOpenAttempt: ({ context }) => context.attempt !== null,
    isSettledPaid: ({ event }) => (event as unknown as { output: PaymentState }).output === 'success',
    isSettledUnpaid: ({ event }) => {
      const state = (event as unknown as { output: PaymentState }).output
      return state === 'failed' || state === 'expired'
    },
    isLateRefusal: ({ event }, params: { step: Step }) => lateRefusalOf((event as unknown as { error: unknown }).error, params.step) !== null,
    isTotalMismatch: ({ event }) => httpCode((event as unknown as { error: unknown }).error) === 'total_mismatch',
    isWaiverNotSigned: ({ event }) => httpCode((event as unknown as { error: unknown }).error) === 'waiver_not_signed',
    isWaiverOutdated: ({ event }) => httpCode((event as unknown as { error: unknown }).error) === 'waiver_outdated',
  },
  actions: {
    clearProblems: assign({ problems: {}, failure: null }),
    takeOpenEnrolment: assign(({ context, event }) => {
      const { entry, open } = (event as unknown as { output: GateResult }).output
      return { refusals: [], lateRefusal: null, entry, choices: open ? resumedChoices(context.choices, open) : context.choices }
    }),
  },
}).createMachine({
  id: 'enrolment',
  context: ({ input }) => ({
    raceId: input.raceId,
    athleteId: input.athleteId,
    entry: 'direct',
    refusals: [],
    lateRefusal: null,
    choices: emptyChoices,
    problems: {},
    disclaimerText: '',
    attempt: null,
    polls: 0,
    failure: null,
  }),
  initial: 'checking',
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
    checking: {
      entry: 'clearProblems',
      invoke: {
        src: 'checkEligibility',
        input: ({ context }) => ({ raceId: context.raceId }),
        onDone: [
          {
            guard: 'hasRefusals',
            target: 'refused',
            actions: assign({ refusals: ({ event }) => event.output.refusals, entry: ({ event }) => event.output.entry }),
          },
          // A subscription made earlier (another visit, another device) resumes at the step it needs,
          // unless the athlete has chosen afresh in this wizard: their choices win.
          { guard: { type: 'resumesAt', params: { step: 'payment' } }, target: '#enrolment.wizard.payment', actions: 'takeOpenEnrolment' },
          { guard: { type: 'resumesAt', params: { step: 'disclaimer' } }, target: '#enrolment.wizard.disclaimer', actions: 'takeOpenEnrolment' },
          {
            target: '#enrolment.wizard.resume',
            actions: assign({ refusals: [], lateRefusal: null, entry: ({ event }) => event.output.entry }),
          },
        ],
        onError: { target: 'checkFailed', actions: assign({ failure: ({ event }) => ({ action: 'check' as const, error: event.error as ApiError }) }) },
      },
    },
    checkFailed: { on: { 'wizard.retry': 'checking', 'wizard.recheck': 'checking' } },
    // The gate or the server said no: the reasons are on screen, each with its way forward.
    refused: { on: { 'wizard.recheck': 'checking', 'wizard.retry': 'checking' } },

    wizard: {
      initial: 'dataCheck',
      on: { 'wizard.recheck': '#enrolment.checking' },
      states: {
        resume: { type: 'history', history: 'shallow' },
        dataCheck: {
          exit: 'clearProblems',
          on: {
            'wizard.next': [
              { guard: 'isDataConfirmed', target: 'extraFields' },
              { actions: assign({ problems: { dataConfirmed: 'required' } }) },
            ],
          },
        },
        extraFields: {
          exit: 'clearProblems',
          on: {
            'wizard.back': 'dataCheck',
            'wizard.next': [
              { guard: 'areExtraFieldsAnswered', target: 'rules' },
              { actions: assign({ problems: ({ context, event }) => ({ extra: extraFieldProblems(event.fields ?? [], context.choices.extra) }) }) },
            ],
          },
        },
        rules: {
          exit: 'clearProblems',
          on: {
            'wizard.back': 'extraFields',
            'wizard.next': [{ guard: 'areRulesAccepted', target: 'refund' }, { actions: assign({ problems: { rules: 'required' } }) }],
          },
        },
        refund: {
          exit: 'clearProblems',
          on: {
            'wizard.back': 'rules',
            'wizard.next': [{ guard: 'isRefundChosen', target: 'gps' }, { actions: assign({ problems: { refund: 'required' } }) }],
          },
        },
        gps: {
          exit: 'clearProblems',
          on: {
            'wizard.back': 'refund',
            'wizard.next': [{ guard: 'isGpsChosen', target: 'summary' }, { actions: assign({ problems: { gps: 'required' } }) }],
          },
        },
        summary: {
          exit: 'clearProblems',
          on: { 'wizard.back': 'gps', 'summary.confirm': 'enrolling', 'wizard.retry': 'enrolling' },
        },
        enrolling: {
          invoke: {
            src: 'enrol',
            input: ({ context }) => ({ raceId: context.raceId, choices: context.choices }),
            onDone: 'disclaimer',
            onError: [
              {
                guard: { type: 'isLateRefusal', params: { step: 'summary' } },
                target: '#enrolment.refused',
                actions: assign({ lateRefusal: ({ event }) => lateRefusalOf(event.error, 'summary') }),
              },
              { target: 'summary', reenter: false, actions: assign({ failure: ({ event }) => ({ action: 'enrol' as const, error: event.error as ApiError }) }) },
            ],
          },
        },
        disclaimer: {
          exit: 'clearProblems',
          on: {
            'disclaimer.type': { actions: assign({ disclaimerText: ({ event }) => event.text }) },
            'disclaimer.close': 'summary',
            'disclaimer.submit': [
              { guard: 'isDisclaimerEmpty', actions: assign({ problems: { disclaimer: 'required' } }) },
              { guard: 'isTypedTextCorrect', target: 'signing' },
              { actions: assign({ problems: { disclaimer: 'incorrect' } }) },
            ],
          },
        },
        signing: {
          invoke: {
            src: 'signWaiver',
            input: ({ context, event }) => {
              assertEvent(event, 'disclaimer.submit')
              return { raceId: context.raceId, waiver: event.waiver }
            },
            onDone: [
              { guard: 'isLottery', target: '#enrolment.applied', actions: emit({ type: 'waiverSigned' }) },
              { target: 'payment', actions: emit({ type: 'waiverSigned' }) },
            ],
            onError: [
              { guard: 'isWaiverOutdated', target: 'disclaimer', actions: assign({ problems: { disclaimer: 'outdated' } }) },
              { target: 'disclaimer', actions: assign({ failure: ({ event }) => ({ action: 'sign' as const, error: event.error as ApiError }) }) },
            ],
          },
        },
        payment: {
          on: {
            'wizard.back': 'summary',
            'payment.pay': [
              // The last attempt got no answer: asking again with its key returns its payment, if any.
              { guard: 'hasOpenAttempt', target: 'startingPayment', actions: assign({ problems: {}, failure: null }) },
              {
                target: 'startingPayment',
                actions: assign({
                  problems: {},
                  failure: null,
                  attempt: ({ event }) => ({ key: event.key, expectedTotal: event.expectedTotal, paymentId: null }),
                }),
              },
            ],
          },
        },
        startingPayment: {
          invoke: {
            src: 'startPayment',
            input: ({ context }) => {
              const { refund, gps } = context.choices
              if (!context.attempt || refund === null || gps === null) throw new Error('startPayment: no attempt or choice')
              const { key, expectedTotal } = context.attempt
              return { raceId: context.raceId, key, refund, gps, expectedTotal }
            },
            onDone: {
              target: 'redirecting',
              actions: [
                assign({ attempt: ({ context, event }) => ({ ...context.attempt!, paymentId: event.output.paymentId }), polls: 0 }),
                emit(({ event }) => ({ type: 'redirect' as const, url: event.output.redirectUrl })),
              ],
            },
            onError: [
              {
                guard: { type: 'isLateRefusal', params: { step: 'payment' } },
                target: '#enrolment.refused',
                actions: assign({ lateRefusal: ({ event }) => lateRefusalOf(event.error, 'payment'), attempt: null }),
              },
              // Nothing was charged: the next attempt asks with the new total and a new key.
              { guard: 'isTotalMismatch', target: 'payment', actions: assign({ problems: { payment: 'total_mismatch' }, attempt: null }) },
              { guard: 'isWaiverNotSigned', target: 'disclaimer', actions: assign({ attempt: null, disclaimerText: '', problems: { disclaimer: 'unsigned' } }) },
              // No answer or a server error: the attempt keeps its key, so a retry cannot charge twice.
              { target: 'payment', actions: assign({ failure: ({ event }) => ({ action: 'startPayment' as const, error: event.error as ApiError }) }) },
            ],
          },
        },
        // The athlete is on the provider's checkout; back here (a reload), the payment is checked.
        redirecting: {
          on: {
            'payment.returned': 'confirming',
            // Nothing left the portal, so nothing can be charged: the next Pay is a new attempt,
            // and the server expires the one left pending.
            'payment.redirectRefused': { target: 'payment', actions: assign({ attempt: null }) },
          },
        },
        confirming: {
          invoke: {
            src: 'checkPayment',
            input: ({ context }) => ({ paymentId: context.attempt?.paymentId ?? '' }),
            onDone: [
              { guard: 'isSettledPaid', target: '#enrolment.paid', actions: emit(({ context }) => ({ type: 'paid' as const, paymentId: context.attempt?.paymentId ?? '' })) },
              // Declined or abandoned: a new attempt, with a new key, reuses the open subscription.
              { guard: 'isSettledUnpaid', target: 'payment', actions: assign({ attempt: null, problems: { payment: 'payment_failed' } }) },
              { target: 'waitingForProvider' },
            ],
            onError: { target: 'waitingForProvider', actions: assign({ failure: ({ event }) => ({ action: 'checkPayment' as const, error: event.error as ApiError }) }) },
          },
        },
        waitingForProvider: {
          after: { pollDelay: { target: 'confirming', actions: assign({ polls: ({ context }) => context.polls + 1, failure: null }) } },
          on: {
            'wizard.retry': { target: 'confirming', actions: assign({ failure: null }) },
            // Back from the checkout without paying: a new payment replaces the open one (the
            // server expires it, so the old checkout can no longer charge).
            'payment.abandon': { target: 'payment', actions: assign({ attempt: null, failure: null }) },
          },
        },
      },
    },
    paid: { type: 'final' },
    applied: { type: 'final', entry: emit({ type: 'applied' }) },
  },
})
