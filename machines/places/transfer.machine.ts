import { assertEvent, assign, emit, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate'
import { errorCodeOf, toApiError, type ApiError } from '../../contracts/api-error'
import type { Profile, RefundOption } from '../../contracts/athlete.contract'
import type * as liberatoria from '../../contracts/liberatoria.contract'
import type * as payments from '../../contracts/payments.contract'
import type * as places from '../../contracts/places.contract'
import { TransferRequestSchema, type Transfer } from '../../contracts/places.contract'
import { calendarDayInRome } from '../../contracts/time'
import { disclaimerMatches } from '../enrolment/disclaimer'
import { enrolmentGate, type GateRace } from '../enrolment/eligibility'
import type { ShownWaiver } from '../enrolment/enrolment.machine'
import { toCents, toEuros } from '../enrolment/price'
import { isAthleteRefusal, type AthleteRefusal } from '../enrolment/standing'
import { isActivePlace, type PlaceFacts } from '../rules/place'

// A paid place passed on (issue 23, decision 038; rebuilt on the house model for issue 40), as two
// flows: the giver's (`transferGiveMachine`, /me/races/:id/transfer) and the recipient's
// (`transferTakeMachine`, /transfer/:code). The offer, the race and the athlete's places stay the
// query cache's: the machines decide what is asked, what an answer means and what the page shows
// (`giveView`, `takeView`, from state meta). Effects are provided by src/features/places/transfer.

/** A call that got no usable answer, or an answer no screen has words of its own for: said, with a retry. */
const isRetryable = (error: ApiError) => error.kind === 'network' || (error.kind === 'http' && (error.status >= 500 || error.status === 429))

/** The view of a snapshot: the meta of its deepest state that has one. */
function viewOf<V>(metas: Record<string, { view: V } | undefined>, id: string, value: unknown): V {
  const found = Object.values(metas).flatMap((meta) => (meta ? [meta.view] : [])).at(-1)
  if (found === undefined) throw new Error(`${id}: no view for ${JSON.stringify(value)}`)
  return found
}

// ---------------------------------------------------------------------------------------------
// The giver
//
// Public surface: input `{ pending }` (the place has an offer open, its `cessione`); events
// `mail.change`, `offer.submit { key }` (a fresh key, taken only when the offer has none yet: a
// retry after a lost answer sends the same one), `offer.retry`, `offer.cancel`; the view
// `giveView(snapshot)`; emitted `offered`, `cancelled`, `changed` (the place changed on the server:
// the page reads it again); actors `offer` and `cancel`.

/** A refusal the athlete can fix in the e-mail field: said beside it. */
export type MailProblem = 'required' | 'invalid' | 'recipient_unknown' | 'recipient_is_self' | 'recipient_enrolled'

/** A refusal that ends the flow: the place cannot be offered now (the page says why). */
export type GiveRefusal = 'not_enrolled' | 'not_paid' | 'place_changed' | 'transfer_closed'

/** What a failed offer or cancellation means to the giver. */
export type GiveFailure =
  | { kind: 'mail'; problem: Extract<MailProblem, 'recipient_unknown' | 'recipient_is_self' | 'recipient_enrolled'> }
  /** Another offer of this place is open (another tab): the page shows it from the place. */
  | { kind: 'pending' }
  /** Nothing left to cancel: the offer was taken, lapsed or closed meanwhile. */
  | { kind: 'gone' }
  | { kind: 'refused'; code: GiveRefusal }
  | { kind: 'retry'; error: ApiError }

export function giveFailureOf(error: unknown): GiveFailure {
  const apiError = toApiError(error)
  const code = errorCodeOf<typeof places.offerTransfer | typeof places.cancelTransfer>(apiError)
  switch (code) {
    case 'recipient_unknown':
    case 'recipient_is_self':
    case 'recipient_enrolled':
      return { kind: 'mail', problem: code }
    case 'transfer_pending':
      return { kind: 'pending' }
    case 'no_transfer':
      return { kind: 'gone' }
    case 'not_enrolled':
    case 'not_paid':
    case 'place_changed':
    case 'transfer_closed':
      return { kind: 'refused', code }
    case null:
      return { kind: 'retry', error: apiError }
  }
}

export type GiveView = 'form' | 'sending' | 'failed' | 'offered' | 'cancelling' | 'refused' | 'gone'

export interface TransferGiveContext {
  /** The place had an offer open when the page opened (its `cessione`). */
  pendingAtStart: boolean
  mail: string
  problem: MailProblem | null
  /** The idempotency key of the offer being made, kept for its retries; a changed e-mail is a new offer. */
  key: string | null
  refusal: GiveRefusal | null
  /** The last offer or cancellation that got no usable answer (the view says which). */
  failure: ApiError | null
}

export type TransferGiveEvent =
  | { type: 'mail.change'; value: string }
  | { type: 'offer.submit'; key: string }
  | { type: 'offer.retry' }
  | { type: 'offer.cancel' }

export type TransferGiveEmitted = { type: 'offered' } | { type: 'cancelled' } | { type: 'changed' }

export interface OfferRequest {
  mail: string
  key: string
}

type GiveFailureKind = GiveFailure['kind']

export const transferGiveMachine = setup({
  types: {
    context: {} as TransferGiveContext,
    input: {} as { pending: boolean },
    events: {} as TransferGiveEvent,
    emitted: {} as TransferGiveEmitted,
    meta: {} as { view: GiveView },
  },
  actors: {
    // Provided by the page (src/features/places/transfer) through `provide`; these stand-ins carry the types.
    offer: fromPromise<Transfer, OfferRequest>(() => Promise.reject(new Error('transferGive: offer is provided by the portal'))),
    cancel: fromPromise<void, void>(() => Promise.reject(new Error('transferGive: cancel is provided by the portal'))),
  },
  guards: {
    wasPending: ({ context }) => context.pendingAtStart,
    isMailEmpty: ({ context }) => context.mail.trim() === '',
    isMailInvalid: ({ context }) => !TransferRequestSchema.shape.mail.safeParse(context.mail.trim()).success,
    isGiveFailure: (_, params: { error: unknown; kind: GiveFailureKind }) => giveFailureOf(params.error).kind === params.kind,
  },
  actions: {
    changeMail: assign(({ event }) => {
      assertEvent(event, 'mail.change')
      return { mail: event.value, problem: null, key: null, failure: null }
    }),
    takeKey: assign(({ context, event }) => {
      assertEvent(event, 'offer.submit')
      return { key: context.key ?? event.key, problem: null }
    }),
    sayMailProblem: assign((_, params: { problem: MailProblem }) => ({ problem: params.problem })),
    recordFailure: assign((_, params: { error: unknown }) => {
      const failure = giveFailureOf(params.error)
      return { failure: failure.kind === 'retry' ? failure.error : null }
    }),
    refuse: assign((_, params: { error: unknown }) => {
      const failure = giveFailureOf(params.error)
      return { refusal: failure.kind === 'refused' ? failure.code : null }
    }),
    refuseMail: assign((_, params: { error: unknown }) => {
      const failure = giveFailureOf(params.error)
      // A new recipient is a new offer: the next submit takes a new key.
      return { problem: failure.kind === 'mail' ? failure.problem : null, key: null }
    }),
    clearFailure: assign({ failure: null }),
    forgetOffer: assign({ mail: '', key: null, failure: null }),
    emitOffered: emit({ type: 'offered' }),
    emitCancelled: emit({ type: 'cancelled' }),
    emitChanged: emit({ type: 'changed' }),
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
      meta: { view: 'form' },
      on: {
        'mail.change': { actions: 'changeMail' },
        'offer.submit': [
          { guard: 'isMailEmpty', actions: { type: 'sayMailProblem', params: { problem: 'required' } } },
          { guard: 'isMailInvalid', actions: { type: 'sayMailProblem', params: { problem: 'invalid' } } },
          { target: 'sending', actions: 'takeKey' },
        ],
      },
    },
    sending: {
      meta: { view: 'sending' },
      entry: 'clearFailure',
      invoke: {
        src: 'offer',
        id: 'offer',
        input: ({ context }) => ({ mail: context.mail.trim(), key: context.key ?? '' }),
        onDone: { target: 'offered', actions: 'emitOffered' },
        onError: [
          {
            guard: { type: 'isGiveFailure', params: ({ event }) => ({ error: event.error, kind: 'mail' }) },
            target: 'editing',
            actions: { type: 'refuseMail', params: ({ event }) => ({ error: event.error }) },
          },
          { guard: { type: 'isGiveFailure', params: ({ event }) => ({ error: event.error, kind: 'pending' }) }, target: 'offered', actions: 'emitChanged' },
          {
            guard: { type: 'isGiveFailure', params: ({ event }) => ({ error: event.error, kind: 'refused' }) },
            target: 'refused',
            actions: [{ type: 'refuse', params: ({ event }) => ({ error: event.error }) }, 'emitChanged'],
          },
          { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      meta: { view: 'failed' },
      on: {
        'offer.retry': 'sending',
        'mail.change': { target: 'editing', actions: 'changeMail' },
      },
    },
    offered: {
      meta: { view: 'offered' },
      on: { 'offer.cancel': 'cancelling' },
    },
    cancelling: {
      meta: { view: 'cancelling' },
      entry: 'clearFailure',
      invoke: {
        src: 'cancel',
        id: 'cancel',
        onDone: { target: 'editing', actions: ['forgetOffer', 'emitCancelled'] },
        onError: [
          { guard: { type: 'isGiveFailure', params: ({ event }) => ({ error: event.error, kind: 'gone' }) }, target: 'gone', actions: 'emitChanged' },
          { target: 'offered', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    refused: { type: 'final', meta: { view: 'refused' } },
    gone: { type: 'final', meta: { view: 'gone' } },
  },
})

export type TransferGiveSnapshot = SnapshotFrom<typeof transferGiveMachine>

export function giveView(snapshot: TransferGiveSnapshot): GiveView {
  return viewOf(snapshot.getMeta(), 'transferGive', snapshot.value)
}

// ---------------------------------------------------------------------------------------------
// The recipient
//
// Public surface: input `{ code }` (the offer's code from the e-mail); events `offer.retry`,
// `gps.choose`, `offer.accept { key }` and `payment.retry { key }` (a fresh idempotency key made by
// the page, taken only when the payment has none: a payment that got no answer is asked again with
// its own), `disclaimer.type`, `disclaimer.submit { waiver }` (the text shown), `disclaimer.close`;
// `decline.start` (opens the confirmation), `decline.cancel`, `decline.confirm` (declining is
// idempotent: a failure is confirmed again, no key needed); the view `takeView(snapshot)`. Actors:
// `readOffer`, `accept`, `readConditions`, `signWaiver`, `readWaiver`, `startPayment`,
// `openCheckout`, `decline`.
//
// The offer lapses at its deadline: until the athlete is on the provider's checkout the machine
// counts down to it (on the portal's clock, read with the offer) and ends `lapsed` there, so no card
// is asked for a place no longer kept (a card authorised after the deadline would be voided). A
// payment asked for before the deadline is the server's to answer.

/** The refund option of a place taken from a transfer: the standard schedule (decision 038). */
export const TRANSFER_REFUND_OPTION: RefundOption = 'standard'

/** What the recipient pays (euros): the race's fee, the transfer fee, and the race's GPS rental when chosen. */
export interface TransferPrices {
  fee: number
  transferFee: number
  gpsRental: number
}

export function transferTotal(prices: TransferPrices, gps: boolean): number {
  return toEuros(toCents(prices.fee) + toCents(prices.transferFee) + (gps ? toCents(prices.gpsRental) : 0))
}

/** One read of the offer, as `readOffer` gives it. */
export interface OfferReading {
  state: Transfer['stato']
  raceId: number
  /** When the offer lapses, and when it was read, on the portal's clock (epoch ms). */
  lapsesAt: number
  readAt: number
  prices: TransferPrices
  /** The recipient's own subscription to the race, if any: an active place is not taken twice. */
  own: PlaceFacts | null
}

/** What the gate needs to say why an athlete may not take the place, as `readConditions` gives it. */
export interface Conditions {
  race: GateRace
  profile: Profile
  now: number
}

/**
 * A place passed on ignores the race's count, its dates and its waiting room: of the gate's
 * refusals only the athlete's own apply (the profile, the certificate, the age).
 */
export function ownRefusals({ race, profile, now }: Conditions): AthleteRefusal[] {
  const gate = enrolmentGate({ race, athlete: { profile, subscription: null }, now, today: calendarDayInRome(now), heldPlace: true })
  return gate.refusals.filter(isAthleteRefusal)
}

/** How a take ended: taken (paid), declined, the offer closed or lapsed, unknown, the gate refused, entered already. */
export type TakeEnd = 'taken' | 'declined' | 'closed' | 'lapsed' | 'notFound' | 'ineligible' | 'enrolled'

/** What a failed call of the recipient's means. */
export type TakeFailure =
  | { kind: 'end'; end: TakeEnd }
  /** The waiver changed since it was shown (`outdated`) or since it was signed (`unsigned`): read again and signed anew. */
  | { kind: 'waiverChanged'; problem: 'outdated' | 'unsigned' }
  /** The server would charge another total than the one shown: the offer is read again. */
  | { kind: 'totalChanged' }
  | { kind: 'retry'; error: ApiError }

export function takeFailureOf(error: unknown): TakeFailure {
  const apiError = toApiError(error)
  const code = errorCodeOf<
    typeof places.getTransfer | typeof places.acceptTransfer | typeof places.declineTransfer | typeof liberatoria.sign | typeof payments.start
  >(apiError)
  switch (code) {
    case 'transfer_not_found':
      return { kind: 'end', end: 'notFound' }
    case 'transfer_closed':
    case 'no_subscription':
      return { kind: 'end', end: 'closed' }
    case 'not_eligible':
      return { kind: 'end', end: 'ineligible' }
    case 'already_enrolled':
      return { kind: 'end', end: 'enrolled' }
    case 'already_paid':
    case 'already_signed':
      return { kind: 'end', end: 'taken' }
    // The place is no longer kept for the recipient: the offer ran out before the payment.
    case 'sold_out':
    case 'offer_expired':
    case 'hold_expired':
    case 'queue_required':
      return { kind: 'end', end: 'lapsed' }
    // The text signed is not the organiser's text of that version: read it again, as if revised.
    case 'waiver_outdated':
    case 'hash_mismatch':
      return { kind: 'waiverChanged', problem: 'outdated' }
    case 'waiver_not_signed':
      return { kind: 'waiverChanged', problem: 'unsigned' }
    case 'total_mismatch':
      return { kind: 'totalChanged' }
    case 'payment_link_open':
    case 'payment_in_progress':
    case 'lottery_application':
    case 'idempotency_key_reused':
    case null:
      return { kind: 'retry', error: apiError }
  }
}

export type WaiverProblem = 'required' | 'incorrect' | 'outdated' | 'unsigned'

/** Where a call failed, for the page to say it there; `redirectRefused`: the checkout's address was not followed. */
export type TakeProblem =
  | { step: 'read' | 'accept' | 'decline' | 'sign' | 'pay'; error: ApiError }
  | { step: 'pay'; redirectRefused: true }

/**
 * What the recipient's page shows: the offer being read or failed to read; the offer (`step`: what
 * the athlete is at, `busy` while a call runs, `waiver` whether the signing dialog is open; the
 * decline's confirmation is open at `confirmDecline` and `declining`); or how it ended.
 */
export type TakeView =
  | { screen: 'reading' }
  | { screen: 'readFailed' }
  | {
      screen: 'offer'
      step: 'choosing' | 'confirmDecline' | 'declining' | 'accepting' | 'waiver' | 'signing' | 'paying' | 'payFailed' | 'checkout'
      busy: boolean
      waiver: boolean
    }
  | { screen: 'ended'; end: TakeEnd }

export interface OfferTerms {
  raceId: number
  prices: TransferPrices
  lapsesAt: number
  readAt: number
}

export interface TransferTakeContext {
  code: string
  /**
   * The figures of the offer as shown to the athlete when read: what is sent as the expected total
   * is what was shown (a different one on the server is `total_mismatch`, and the offer is read again).
   */
  terms: OfferTerms | null
  gps: boolean
  disclaimerText: string
  waiverProblem: WaiverProblem | null
  /** The total changed since the offer was shown: said beside the new one. */
  totalChanged: boolean
  /** The payment's idempotency key, kept for retries of an attempt; null once an attempt is dropped. */
  key: string | null
  /** The provider's checkout the payment started, until the browser is sent there. */
  checkoutUrl: string | null
  refusals: AthleteRefusal[]
  problem: TakeProblem | null
}

export type TransferTakeEvent =
  | { type: 'offer.retry' }
  | { type: 'gps.choose'; rent: boolean }
  | { type: 'offer.accept'; key: string }
  | { type: 'disclaimer.type'; text: string }
  | { type: 'disclaimer.submit'; waiver: ShownWaiver }
  | { type: 'disclaimer.close' }
  | { type: 'payment.retry'; key: string }
  | { type: 'decline.start' }
  | { type: 'decline.cancel' }
  | { type: 'decline.confirm' }

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
  key: string
  gps: boolean
  refundOption: RefundOption
  expectedTotal: number
}
export interface PaymentStarted {
  redirectUrl: string
}

type TakeStep = TakeProblem['step']
type FailureKind = TakeFailure['kind']

const offerView = (step: Extract<TakeView, { screen: 'offer' }>['step'], busy = false, waiver = false) => ({ view: { screen: 'offer' as const, step, busy, waiver } })
const endView = (end: TakeEnd) => ({ view: { screen: 'ended' as const, end } })

export const transferTakeMachine = setup({
  types: {
    context: {} as TransferTakeContext,
    input: {} as { code: string },
    events: {} as TransferTakeEvent,
    meta: {} as { view: TakeView },
  },
  actors: {
    // Provided by the page (src/features/places/transfer) through `provide`; these stand-ins carry the types.
    readOffer: fromPromise<OfferReading, { code: string }>(() => Promise.reject(new Error('transferTake: readOffer is provided by the portal'))),
    accept: fromPromise<void, AcceptRequest>(() => Promise.reject(new Error('transferTake: accept is provided by the portal'))),
    readConditions: fromPromise<Conditions, { raceId: number }>(() => Promise.reject(new Error('transferTake: readConditions is provided by the portal'))),
    signWaiver: fromPromise<void, TakeSignRequest>(() => Promise.reject(new Error('transferTake: signWaiver is provided by the portal'))),
    /** Reads the race's waiver afresh into the cache, where the signing dialog shows it from. */
    readWaiver: fromPromise<void, { raceId: number }>(() => Promise.reject(new Error('transferTake: readWaiver is provided by the portal'))),
    startPayment: fromPromise<PaymentStarted, TakePaymentRequest>(() => Promise.reject(new Error('transferTake: startPayment is provided by the portal'))),
    /** Sends the browser to the checkout; false when the address is not one the portal follows. */
    openCheckout: fromPromise<boolean, { url: string }>(() => Promise.reject(new Error('transferTake: openCheckout is provided by the portal'))),
    decline: fromPromise<void, { code: string }>(() => Promise.reject(new Error('transferTake: decline is provided by the portal'))),
  },
  delays: {
    // From the read: the offer's part is entered as soon as it is read.
    offerLapses: ({ context }) => (context.terms ? Math.max(0, context.terms.lapsesAt - context.terms.readAt) : 0),
  },
  guards: {
    isOfferState: (_, params: { reading: OfferReading; states: ReadonlyArray<Transfer['stato']> }) => params.states.includes(params.reading.state),
    isRecipientEntered: (_, params: { reading: OfferReading }) => isActivePlace(params.reading.own),
    hasLapsed: (_, params: { reading: OfferReading }) => params.reading.readAt >= params.reading.lapsesAt,
    isFailure: (_, params: { error: unknown; kind: FailureKind }) => takeFailureOf(params.error).kind === params.kind,
    isEnd: (_, params: { error: unknown; end: TakeEnd }) => {
      const failure = takeFailureOf(params.error)
      return failure.kind === 'end' && failure.end === params.end
    },
    /** No usable answer: the same attempt, with its key, may be asked again. */
    isUnanswered: (_, params: { error: unknown }) => {
      const failure = takeFailureOf(params.error)
      return failure.kind === 'retry' && isRetryable(failure.error)
    },
    hasLeft: (_, params: { left: boolean }) => params.left,
    isDisclaimerEmpty: ({ context }) => context.disclaimerText.trim() === '',
    isTypedTextCorrect: ({ context }, params: { waiver: ShownWaiver }) => disclaimerMatches(context.disclaimerText, params.waiver.frase),
    /** A payment asked for, or a checkout being opened: its answer is awaited whatever the hour. */
    isPaymentUnderWay: stateIn('#transferTake.offer.payment'),
  },
  actions: {
    keepTerms: assign((_, params: { reading: OfferReading }) => ({
      terms: { raceId: params.reading.raceId, prices: params.reading.prices, lapsesAt: params.reading.lapsesAt, readAt: params.reading.readAt },
      problem: null,
    })),
    // Another choice is another request: a payment attempt made for the old one is not reused.
    chooseGps: assign(({ context, event }) => {
      assertEvent(event, 'gps.choose')
      return { gps: event.rent, key: event.rent === context.gps ? context.key : null }
    }),
    typeDisclaimer: assign(({ event }) => {
      assertEvent(event, 'disclaimer.type')
      return { disclaimerText: event.text }
    }),
    sayWaiverProblem: assign((_, params: { problem: WaiverProblem }) => ({ waiverProblem: params.problem })),
    clearWaiverProblem: assign({ waiverProblem: null }),
    clearProblem: assign({ problem: null }),
    /** The text changed: the sentence typed for the old one is not the signature of the new one. */
    askToSignAgain: assign((_, params: { error: unknown }) => {
      const failure = takeFailureOf(params.error)
      return { waiverProblem: failure.kind === 'waiverChanged' ? failure.problem : 'outdated', disclaimerText: '', problem: null }
    }),
    recordProblem: assign((_, params: { step: TakeStep; error: unknown }) => {
      const failure = takeFailureOf(params.error)
      return { problem: { step: params.step, error: failure.kind === 'retry' ? failure.error : toApiError(params.error) } }
    }),
    keepRefusals: assign((_, params: { conditions: Conditions }) => ({ refusals: ownRefusals(params.conditions) })),
    keepCheckout: assign((_, params: { started: PaymentStarted }) => ({ checkoutUrl: params.started.redirectUrl })),
    /** Nothing left the portal, so nothing can be charged: the next try is a new attempt, with a new key. */
    refuseRedirect: assign({ key: null, checkoutUrl: null, problem: { step: 'pay', redirectRefused: true } as TakeProblem }),
    /** The server refused the attempt (nothing was made): the next try is a new attempt, with a new key. */
    dropAttempt: assign({ key: null }),
    takeKey: assign(({ context, event }) => {
      assertEvent(event, ['offer.accept', 'payment.retry'])
      return { key: context.key ?? event.key, problem: null, totalChanged: false }
    }),
    sayTotalChanged: assign({ totalChanged: true, key: null }),
  },
}).createMachine({
  id: 'transferTake',
  context: ({ input }) => ({
    code: input.code,
    terms: null,
    gps: false,
    disclaimerText: '',
    waiverProblem: null,
    totalChanged: false,
    key: null,
    checkoutUrl: null,
    refusals: [],
    problem: null,
  }),
  initial: 'reading',
  states: {
    reading: {
      meta: { view: { screen: 'reading' } },
      invoke: {
        src: 'readOffer',
        id: 'readOffer',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          { guard: { type: 'isOfferState', params: ({ event }) => ({ reading: event.output, states: ['completata'] }) }, target: 'taken' },
          // Offered a place in a race the athlete is entered in already: refused before anything is asked.
          { guard: { type: 'isRecipientEntered', params: ({ event }) => ({ reading: event.output }) }, target: 'enrolled' },
          // Lapsed, whether the server says so already or its deadline has just passed: said as such, not as closed.
          { guard: { type: 'isOfferState', params: ({ event }) => ({ reading: event.output, states: ['scaduta'] }) }, target: 'lapsed' },
          { guard: { type: 'isOfferState', params: ({ event }) => ({ reading: event.output, states: ['annullata'] }) }, target: 'closed' },
          { guard: { type: 'isOfferState', params: ({ event }) => ({ reading: event.output, states: ['rifiutata'] }) }, target: 'declined' },
          { guard: { type: 'hasLapsed', params: ({ event }) => ({ reading: event.output }) }, target: 'lapsed' },
          { target: 'offer', actions: { type: 'keepTerms', params: ({ event }) => ({ reading: event.output }) } },
        ],
        onError: [
          { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'notFound' }) }, target: 'notFound' },
          { target: 'readFailed', actions: { type: 'recordProblem', params: ({ event }) => ({ step: 'read', error: event.error }) } },
        ],
      },
    },
    readFailed: {
      meta: { view: { screen: 'readFailed' } },
      on: { 'offer.retry': 'reading' },
    },
    offer: {
      initial: 'choosing',
      after: { offerLapses: { guard: not('isPaymentUnderWay'), target: 'lapsed' } },
      states: {
        choosing: {
          meta: offerView('choosing'),
          on: {
            'gps.choose': { actions: 'chooseGps' },
            'offer.accept': { target: 'accepting', actions: 'takeKey' },
            'decline.start': { target: 'confirmingDecline', actions: 'clearProblem' },
          },
        },
        // Declining, as a place change is confirmed (place-change.machine.ts): asked first, then sent.
        confirmingDecline: {
          meta: offerView('confirmDecline'),
          on: {
            'decline.cancel': { target: 'choosing', actions: 'clearProblem' },
            'decline.confirm': { target: 'declining', actions: 'clearProblem' },
          },
        },
        declining: {
          meta: offerView('declining', true),
          invoke: {
            src: 'decline',
            id: 'decline',
            input: ({ context }) => ({ code: context.code }),
            onDone: '#transferTake.declined',
            onError: [
              { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'notFound' }) }, target: '#transferTake.notFound' },
              // Nothing left to decline (taken, cancelled, lapsed): the offer read again says which.
              { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'closed' }) }, target: '#transferTake.reading' },
              // Declining twice declines once: the confirmation stays open with the failure, to confirm again.
              { target: 'confirmingDecline', actions: { type: 'recordProblem', params: ({ event }) => ({ step: 'decline', error: event.error }) } },
            ],
          },
        },
        accepting: {
          meta: offerView('accepting', true),
          invoke: {
            src: 'accept',
          id: 'accept',
            input: ({ context }) => ({ code: context.code, gps: context.gps }),
            onDone: 'disclaimer',
            onError: [
              { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'ineligible' }) }, target: 'checkingConditions' },
              { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'closed' }) }, target: '#transferTake.closed' },
              { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'enrolled' }) }, target: '#transferTake.enrolled' },
              { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'notFound' }) }, target: '#transferTake.notFound' },
              { target: 'choosing', actions: { type: 'recordProblem', params: ({ event }) => ({ step: 'accept', error: event.error }) } },
            ],
          },
        },
        // The gate refused the athlete: its reasons that are the athlete's own, to be worded.
        checkingConditions: {
          meta: offerView('accepting', true),
          invoke: {
            src: 'readConditions',
          id: 'readConditions',
            input: ({ context }) => ({ raceId: context.terms?.raceId ?? 0 }),
            onDone: { target: '#transferTake.ineligible', actions: { type: 'keepRefusals', params: ({ event }) => ({ conditions: event.output }) } },
            // The page still says the conditions are not met, without the list.
            onError: '#transferTake.ineligible',
          },
        },
        disclaimer: {
          meta: offerView('waiver', false, true),
          on: {
            'disclaimer.type': { actions: 'typeDisclaimer' },
            'disclaimer.close': { target: 'choosing', actions: 'clearWaiverProblem' },
            'disclaimer.submit': [
              { guard: 'isDisclaimerEmpty', actions: { type: 'sayWaiverProblem', params: { problem: 'required' } } },
              { guard: { type: 'isTypedTextCorrect', params: ({ event }) => ({ waiver: event.waiver }) }, target: 'signing', actions: ['clearWaiverProblem', 'clearProblem'] },
              { actions: { type: 'sayWaiverProblem', params: { problem: 'incorrect' } } },
            ],
          },
        },
        signing: {
          meta: offerView('signing', true, true),
          invoke: {
            src: 'signWaiver',
          id: 'signWaiver',
            input: ({ context, event }) => {
              assertEvent(event, 'disclaimer.submit')
              return { raceId: context.terms?.raceId ?? 0, waiver: event.waiver }
            },
            onDone: { target: 'payment', actions: assign({ disclaimerText: '' }) },
            onError: [
              {
                guard: { type: 'isFailure', params: ({ event }) => ({ error: event.error, kind: 'waiverChanged' }) },
                target: 'rereadingWaiver',
                actions: { type: 'askToSignAgain', params: ({ event }) => ({ error: event.error }) },
              },
              { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'closed' }) }, target: '#transferTake.closed' },
              { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'taken' }) }, target: '#transferTake.taken' },
              { target: 'disclaimer', actions: { type: 'recordProblem', params: ({ event }) => ({ step: 'sign', error: event.error }) } },
            ],
          },
        },
        // The organiser revised the waiver: the new text is read before the athlete is asked to sign it.
        rereadingWaiver: {
          meta: offerView('signing', true, true),
          invoke: {
            src: 'readWaiver',
          id: 'readWaiver',
            input: ({ context }) => ({ raceId: context.terms?.raceId ?? 0 }),
            onDone: 'disclaimer',
            // The dialog says the waiver could not be read, with its own retry.
            onError: 'disclaimer',
          },
        },
        payment: {
          initial: 'starting',
          states: {
            starting: {
              meta: offerView('paying', true),
              invoke: {
                src: 'startPayment',
          id: 'startPayment',
                input: ({ context }) => ({
                  raceId: context.terms?.raceId ?? 0,
                  key: context.key ?? '',
                  gps: context.gps,
                  refundOption: TRANSFER_REFUND_OPTION,
                  expectedTotal: context.terms ? transferTotal(context.terms.prices, context.gps) : 0,
                }),
                onDone: { target: 'leaving', actions: { type: 'keepCheckout', params: ({ event }) => ({ started: event.output }) } },
                onError: [
                  // A refused start made no payment: the attempt goes on with its key once the new text is signed.
                  {
                    guard: { type: 'isFailure', params: ({ event }) => ({ error: event.error, kind: 'waiverChanged' }) },
                    target: '#transferTake.offer.rereadingWaiver',
                    actions: { type: 'askToSignAgain', params: ({ event }) => ({ error: event.error }) },
                  },
                  { guard: { type: 'isFailure', params: ({ event }) => ({ error: event.error, kind: 'totalChanged' }) }, target: '#transferTake.reading', actions: 'sayTotalChanged' },
                  { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'taken' }) }, target: '#transferTake.taken' },
                  { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'closed' }) }, target: '#transferTake.closed' },
                  { guard: { type: 'isEnd', params: ({ event }) => ({ error: event.error, end: 'lapsed' }) }, target: '#transferTake.lapsed' },
                  // No answer: the attempt keeps its key, so a retry cannot charge twice.
                  {
                    guard: { type: 'isUnanswered', params: ({ event }) => ({ error: event.error }) },
                    target: '#transferTake.offer.payFailed',
                    actions: { type: 'recordProblem', params: ({ event }) => ({ step: 'pay', error: event.error }) },
                  },
                  {
                    target: '#transferTake.offer.payFailed',
                    actions: ['dropAttempt', { type: 'recordProblem', params: ({ event }) => ({ step: 'pay', error: event.error }) }],
                  },
                ],
              },
            },
            leaving: {
              meta: offerView('checkout', true),
              invoke: {
                src: 'openCheckout',
          id: 'openCheckout',
                input: ({ context }) => ({ url: context.checkoutUrl ?? '' }),
                onDone: [
                  { guard: { type: 'hasLeft', params: ({ event }) => ({ left: event.output }) }, target: '#transferTake.checkout' },
                  { target: '#transferTake.offer.payFailed', actions: 'refuseRedirect' },
                ],
                onError: { target: '#transferTake.offer.payFailed', actions: 'refuseRedirect' },
              },
            },
          },
        },
        payFailed: {
          meta: offerView('payFailed'),
          on: { 'payment.retry': { target: 'payment', actions: 'takeKey' } },
        },
      },
    },
    // The browser is on its way to the provider's checkout, whose return lands on /payment.
    checkout: { type: 'final', meta: offerView('checkout', true) },
    taken: { type: 'final', meta: endView('taken') },
    declined: { type: 'final', meta: endView('declined') },
    closed: { type: 'final', meta: endView('closed') },
    lapsed: { type: 'final', meta: endView('lapsed') },
    notFound: { type: 'final', meta: endView('notFound') },
    ineligible: { type: 'final', meta: endView('ineligible') },
    enrolled: { type: 'final', meta: endView('enrolled') },
  },
})

export type TransferTakeSnapshot = SnapshotFrom<typeof transferTakeMachine>

export function takeView(snapshot: TransferTakeSnapshot): TakeView {
  return viewOf(snapshot.getMeta(), 'transferTake', snapshot.value)
}

/** What the recipient pays for the offer as shown and the GPS choice, once the offer is read. */
export function takeTotal(snapshot: TransferTakeSnapshot): number | null {
  const { terms, gps } = snapshot.context
  return terms ? transferTotal(terms.prices, gps) : null
}
