import { assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorCodeOf, type ApiError } from '../../contracts/api-error'
import type * as liberatoria from '../../contracts/liberatoria.contract'
import type * as payments from '../../contracts/payments.contract'
import type * as places from '../../contracts/places.contract'
import { TransferRequestSchema, type Transfer, type TransferError } from '../../contracts/places.contract'
import { disclaimerMatches } from '../enrolment/disclaimer'
import type { ShownWaiver } from '../enrolment/enrolment.machine'

// A paid place passed on (issue 23, decision 038), as two flows: the giver's (`transferGiveMachine`,
// /me/races/:id/transfer) and the recipient's (`transferTakeMachine`, /transfer/:code). The offer
// itself, its deadline and its state are the query cache's (the subscription's `cessione`, the
// transfer read by its code): the machines decide what is asked and what an answer means. No
// timers: an offer lapses on the server, and the next read says so.

// ---------------------------------------------------------------------------------------------
// The giver

/** A refusal the athlete can fix in the e-mail field: said beside it. */
export type MailProblem = 'required' | 'invalid' | 'recipient_unknown' | 'recipient_is_self' | 'recipient_enrolled'
const MAIL_REFUSALS: readonly TransferError[] = ['recipient_unknown', 'recipient_is_self', 'recipient_enrolled']

/** A refusal that ends the flow: the place cannot be offered now (the page says why). */
export type GiveRefusal = Exclude<TransferError, 'recipient_unknown' | 'recipient_is_self' | 'recipient_enrolled' | 'transfer_pending'>

export interface TransferGiveContext {
  /** The place had an offer open when the page opened (its `cessione`). */
  pendingAtStart: boolean
  mail: string
  problem: MailProblem | null
  /** The idempotency key of the offer being made, kept for its retries; a changed e-mail is a new offer. */
  key: string | null
  refusal: GiveRefusal | null
  failure: { action: 'offer' | 'cancel'; error: ApiError } | null
}

export type TransferGiveEvent =
  | { type: 'mail.change'; value: string }
  /** `key`: a fresh key, taken only when the offer has none yet. */
  | { type: 'offer.submit'; key: string }
  | { type: 'offer.retry' }
  | { type: 'offer.cancel' }

export type TransferGiveEmitted = { type: 'offered' } | { type: 'cancelled' } | { type: 'changed' }

export interface OfferRequest {
  mail: string
  key: string
}

const codeOf = (error: ApiError) => errorCodeOf<typeof places.offerTransfer>(error)

export const transferGiveMachine = setup({
  types: {
    context: {} as TransferGiveContext,
    input: {} as { pending: boolean },
    events: {} as TransferGiveEvent,
    emitted: {} as TransferGiveEmitted,
  },
  actors: {
    offer: fromPromise<Transfer, OfferRequest>(() => {
      throw new Error('offer is provided by the portal')
    }),
    cancel: fromPromise<void, void>(() => {
      throw new Error('cancel is provided by the portal')
    }),
  },
  guards: {
    wasPending: ({ context }) => context.pendingAtStart,
    isMailEmpty: ({ context }) => context.mail.trim() === '',
    isMailInvalid: ({ context }) => !TransferRequestSchema.shape.mail.safeParse(context.mail.trim()).success,
    isMailRefusal: (_, params: { error: ApiError }) => MAIL_REFUSALS.includes(codeOf(params.error) as TransferError),
    isPendingRefusal: (_, params: { error: ApiError }) => codeOf(params.error) === 'transfer_pending',
    isFinalRefusal: (_, params: { error: ApiError }) => {
      const code = codeOf(params.error)
      return code !== null && !MAIL_REFUSALS.includes(code) && code !== 'transfer_pending'
    },
    isNothingToCancel: (_, params: { error: ApiError }) => errorCodeOf<typeof places.cancelTransfer>(params.error) === 'no_transfer',
  },
}).createMachine({
  id: 'transferGive',
  context: ({ input }) => ({ pendingAtStart: input.pending, mail: '', problem: null, key: null, refusal: null, failure: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'wasPending', target: 'offered' }, { target: 'editing' }],
    },
    editing: {
      on: {
        'mail.change': { actions: assign({ mail: ({ event }) => event.value, problem: null, key: null, failure: null }) },
        'offer.submit': [
          { guard: 'isMailEmpty', actions: assign({ problem: 'required' }) },
          { guard: 'isMailInvalid', actions: assign({ problem: 'invalid' }) },
          { target: 'sending', actions: assign({ key: ({ context, event }) => context.key ?? event.key, problem: null }) },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'offer',
        id: 'offer',
        input: ({ context }) => ({ mail: context.mail.trim(), key: context.key! }),
        onDone: { target: 'offered', actions: [assign({ failure: null }), emit({ type: 'offered' })] },
        onError: [
          {
            guard: { type: 'isMailRefusal', params: ({ event }) => ({ error: event.error as ApiError }) },
            target: 'editing',
            actions: assign({ problem: ({ event }) => codeOf(event.error as ApiError) as MailProblem, key: null }),
          },
          // Another offer of this place is open (another tab): the page shows it from the place.
          { guard: { type: 'isPendingRefusal', params: ({ event }) => ({ error: event.error as ApiError }) }, target: 'offered', actions: emit({ type: 'changed' }) },
          {
            guard: { type: 'isFinalRefusal', params: ({ event }) => ({ error: event.error as ApiError }) },
            target: 'refused',
            actions: [assign({ refusal: ({ event }) => codeOf(event.error as ApiError) as GiveRefusal }), emit({ type: 'changed' })],
          },
          { target: 'failed', actions: assign({ failure: ({ event }) => ({ action: 'offer' as const, error: event.error as ApiError }) }) },
        ],
      },
    },
    failed: {
      on: {
        'offer.retry': 'sending',
        'mail.change': { target: 'editing', actions: assign({ mail: ({ event }) => event.value, problem: null, key: null, failure: null }) },
      },
    },
    offered: {
      on: { 'offer.cancel': 'cancelling' },
    },
    cancelling: {
      invoke: {
        src: 'cancel',
        id: 'cancel',
        onDone: { target: 'editing', actions: [assign({ mail: '', key: null, failure: null }), emit({ type: 'cancelled' })] },
        onError: [
          // Taken, lapsed or closed meanwhile: nothing left to cancel, the place says what became of it.
          { guard: { type: 'isNothingToCancel', params: ({ event }) => ({ error: event.error as ApiError }) }, target: 'gone', actions: emit({ type: 'changed' }) },
          { target: 'offered', actions: assign({ failure: ({ event }) => ({ action: 'cancel' as const, error: event.error as ApiError }) }) },
        ],
      },
    },
    refused: { type: 'final' },
    gone: { type: 'final' },
  },
})

export type TransferGiveSnapshot = SnapshotFrom<typeof transferGiveMachine>

// ---------------------------------------------------------------------------------------------
// The recipient

/** What the server refused the acceptance with (each its own screen). */
export type TakeEnd = 'done' | 'closed' | 'notFound' | 'ineligible' | 'enrolled'

export type DisclaimerProblem = 'required' | 'incorrect' | 'outdated'

export interface TransferTakeContext {
  code: string
  raceId: number | null
  gps: boolean
  disclaimerText: string
  problems: { disclaimer?: DisclaimerProblem }
  /** The payment's idempotency key, made once for the page and kept for its retries. */
  key: string
  failure: { action: 'read' | 'accept' | 'sign' | 'pay'; error: ApiError } | null
}

export type TransferTakeEvent =
  | { type: 'offer.retry' }
  | { type: 'gps.choose'; rent: boolean }
  | { type: 'offer.accept' }
  | { type: 'disclaimer.type'; text: string }
  | { type: 'disclaimer.submit'; waiver: ShownWaiver }
  | { type: 'disclaimer.close' }
  | { type: 'payment.retry' }

export type TransferTakeEmitted = { type: 'accepted' } | { type: 'redirect'; url: string }

export interface AcceptRequest {
  code: string
  gps: boolean
}
export interface TakeSignRequest {
  raceId: number
  waiver: ShownWaiver
}
export interface TakePaymentRequest {
  raceId: number
  code: string
  key: string
  gps: boolean
}

const acceptCodeOf = (error: ApiError) => errorCodeOf<typeof places.acceptTransfer>(error)
type TakeAction = TransferTakeContext['failure'] extends infer F ? (F extends { action: infer A } ? A : never) : never
const failed = (action: TakeAction) => ({
  type: 'recordFailure' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ action, error: event.error as ApiError }),
})

export const transferTakeMachine = setup({
  types: {
    context: {} as TransferTakeContext,
    input: {} as { code: string; key: string },
    events: {} as TransferTakeEvent,
    emitted: {} as TransferTakeEmitted,
  },
  actors: {
    readOffer: fromPromise<Transfer, { code: string }>(() => {
      throw new Error('readOffer is provided by the portal')
    }),
    accept: fromPromise<void, AcceptRequest>(() => {
      throw new Error('accept is provided by the portal')
    }),
    signWaiver: fromPromise<void, TakeSignRequest>(() => {
      throw new Error('signWaiver is provided by the portal')
    }),
    startPayment: fromPromise<{ redirectUrl: string }, TakePaymentRequest>(() => {
      throw new Error('startPayment is provided by the portal')
    }),
  },
  actions: {
    recordFailure: assign((_, params: { action: TakeAction; error: ApiError }) => ({ failure: params })),
  },
  guards: {
    isOpen: (_, params: { transfer: Transfer }) => params.transfer.stato === 'offerta' || params.transfer.stato === 'accettata',
    isCompleted: (_, params: { transfer: Transfer }) => params.transfer.stato === 'completata',
    isNotFound: (_, params: { error: ApiError }) => errorCodeOf<typeof places.getTransfer>(params.error) === 'transfer_not_found',
    acceptRefused: (_, params: { error: ApiError; code: string }) => acceptCodeOf(params.error) === params.code,
    isDisclaimerEmpty: ({ context }) => context.disclaimerText.trim() === '',
    isTypedTextCorrect: ({ context }, params: { waiver: ShownWaiver }) => disclaimerMatches(context.disclaimerText, params.waiver.frase),
    isWaiverOutdated: (_, params: { error: ApiError }) => errorCodeOf<typeof liberatoria.sign>(params.error) === 'waiver_outdated',
    isWaiverUnsigned: (_, params: { error: ApiError }) => errorCodeOf<typeof payments.start>(params.error) === 'waiver_not_signed',
  },
}).createMachine({
  id: 'transferTake',
  context: ({ input }) => ({ code: input.code, raceId: null, gps: false, disclaimerText: '', problems: {}, key: input.key, failure: null }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'readOffer',
        id: 'readOffer',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: { type: 'isOpen', params: ({ event }) => ({ transfer: event.output }) },
            target: 'choosing',
            actions: assign({ raceId: ({ event }) => event.output.gara_id, failure: null }),
          },
          { guard: { type: 'isCompleted', params: ({ event }) => ({ transfer: event.output }) }, target: 'done' },
          { target: 'closed' },
        ],
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error as ApiError }) }, target: 'notFound' },
          { target: 'readFailed', actions: failed('read') },
        ],
      },
    },
    readFailed: { on: { 'offer.retry': 'reading' } },
    choosing: {
      on: {
        'gps.choose': { actions: assign({ gps: ({ event }) => event.rent }) },
        'offer.accept': { target: 'accepting', actions: assign({ failure: null }) },
      },
    },
    accepting: {
      invoke: {
        src: 'accept',
        id: 'accept',
        input: ({ context }) => ({ code: context.code, gps: context.gps }),
        onDone: { target: 'disclaimer', actions: emit({ type: 'accepted' }) },
        onError: [
          { guard: { type: 'acceptRefused', params: ({ event }) => ({ error: event.error as ApiError, code: 'not_eligible' }) }, target: 'ineligible' },
          { guard: { type: 'acceptRefused', params: ({ event }) => ({ error: event.error as ApiError, code: 'transfer_closed' }) }, target: 'closed' },
          { guard: { type: 'acceptRefused', params: ({ event }) => ({ error: event.error as ApiError, code: 'already_enrolled' }) }, target: 'enrolled' },
          { guard: { type: 'acceptRefused', params: ({ event }) => ({ error: event.error as ApiError, code: 'transfer_not_found' }) }, target: 'notFound' },
          { target: 'choosing', actions: failed('accept') },
        ],
      },
    },
    disclaimer: {
      exit: assign({ problems: {} }),
      on: {
        'disclaimer.type': { actions: assign({ disclaimerText: ({ event }) => event.text }) },
        'disclaimer.close': 'choosing',
        'disclaimer.submit': [
          { guard: 'isDisclaimerEmpty', actions: assign({ problems: { disclaimer: 'required' } }) },
          { guard: { type: 'isTypedTextCorrect', params: ({ event }) => ({ waiver: event.waiver }) }, target: 'signing', actions: assign({ failure: null }) },
          { actions: assign({ problems: { disclaimer: 'incorrect' } }) },
        ],
      },
    },
    signing: {
      invoke: {
        src: 'signWaiver',
        id: 'signWaiver',
        input: ({ context, event }) => {
          assertEvent(event, 'disclaimer.submit')
          return { raceId: context.raceId!, waiver: event.waiver }
        },
        onDone: { target: 'paying', actions: assign({ disclaimerText: '' }) },
        onError: [
          { guard: { type: 'isWaiverOutdated', params: ({ event }) => ({ error: event.error as ApiError }) }, target: 'disclaimer', actions: assign({ problems: { disclaimer: 'outdated' } }) },
          { target: 'disclaimer', actions: failed('sign') },
        ],
      },
    },
    paying: {
      invoke: {
        src: 'startPayment',
        id: 'startPayment',
        input: ({ context }) => ({ raceId: context.raceId!, code: context.code, key: context.key, gps: context.gps }),
        onDone: { target: 'redirecting', actions: emit(({ event }) => ({ type: 'redirect' as const, url: event.output.redirectUrl })) },
        onError: [
          // The waiver changed since it was signed: signed again before paying.
          { guard: { type: 'isWaiverUnsigned', params: ({ event }) => ({ error: event.error as ApiError }) }, target: 'disclaimer', actions: assign({ problems: { disclaimer: 'outdated' } }) },
          { target: 'payFailed', actions: failed('pay') },
        ],
      },
    },
    payFailed: { on: { 'payment.retry': { target: 'paying', actions: assign({ failure: null }) } } },
    redirecting: { type: 'final' },
    done: { type: 'final' },
    closed: { type: 'final' },
    notFound: { type: 'final' },
    ineligible: { type: 'final' },
    enrolled: { type: 'final' },
  },
})

export type TransferTakeSnapshot = SnapshotFrom<typeof transferTakeMachine>
