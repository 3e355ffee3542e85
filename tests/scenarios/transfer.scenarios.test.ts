/**
 * Model-based scenarios of a place passed on (`machines/places/transfer.machine.ts`, issue 23
 * point 2): `xstate/graph` finds the shortest path to every state the model's events reach (the
 * athlete's events and every answer the server may give the call in flight), each extended by every
 * event that takes a transition there (tests/scenarios/paths.ts); each path is replayed against a
 * live machine whose calls are held until the path answers them (machines/places/transfer-harness.ts).
 * After each step what the page shows is compared with the spec's, written below from the issue and
 * decision 038, never read from the machine.
 *
 * | Spec (issue 23, decision 038) | Property |
 * |---|---|
 * | the e-mail checked in its field; the server's "unknown / yourself / entered already" said beside it | `giverSeesWhatTheSpecSays` |
 * | one key per offer, kept for its retries; a new e-mail is a new offer | `sameKeyForRetries` |
 * | a refusal ends the flow with its reason; an offer on file shows it with a cancel | `giverSeesWhatTheSpecSays` |
 * | the recipient: read the offer, choose GPS, accept (gate refusals worded), sign, pay, to the checkout | `recipientSeesWhatTheSpecSays` |
 * | an athlete holding a place is refused up front; one who passed it on may take it back (issue 40) | `recipientSeesWhatTheSpecSays` |
 * | the total shown is the total sent, on the standard option; one key per payment attempt | the payment's input at `paying` |
 * | a waiver revised meanwhile is read again, said changed, and signed anew (issue 40) | `rereading` waits on `readWaiver` |
 * | a refused redirect is a failure with a retry, never a wait (issue 40) | `payFailure` in the view |
 * | the offer lapses at its deadline (simulated clock), unless a payment is under way | `the deadline passes` |
 * | the recipient may decline, after a confirmation; nothing left to decline reads the offer again (issue 42) | `recipientSeesWhatTheSpecSays` |
 * | one call at a time | `oneCallAtATime` |
 *
 * The recipient's view is `takeView` (state meta) with the facade's fields; state names are never read.
 */
import { describe, expect, it } from 'vitest'
import type { ApiError } from '../../contracts/api-error'
import { networkFailure } from '../../machines/session/test-harness'
import {
  CHECKOUT_URL,
  conditionsOf,
  OFFER_LASTS_MS,
  READ_AT,
  readingOf,
  refusalOf,
  startGive,
  startTake,
  transferOf,
  WAIVER,
  type TakeHarness,
} from '../../machines/places/transfer-harness'
import {
  giveView,
  takeView,
  transferGiveMachine,
  transferTakeMachine,
  type OfferReading,
  type TakeView,
  type TransferGiveEvent,
  type TransferTakeEvent,
} from '../../machines/places/transfer.machine'
import { recordCoverage, writeCoverageAfterAll } from './coverage'
import { scenarioPaths } from './paths'

writeCoverageAfterAll(import.meta.filename)

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never
const failed = (id: string, error: ApiError) => ({ type: `xstate.error.actor.${id}`, error }) as never
const isAnswer = (event: { type: string }) => event.type.startsWith('xstate.')

// ---------------------------------------------------------------------------------------------
// The giver

const GIVE_REFUSALS = [
  [422, 'recipient_unknown'],
  [422, 'recipient_is_self'],
  [409, 'recipient_enrolled'],
  [409, 'transfer_pending'],
  [422, 'transfer_closed'],
  [409, 'place_changed'],
  [409, 'not_paid'],
  [404, 'not_enrolled'],
] as const
const FIELD_CODES: readonly string[] = ['recipient_unknown', 'recipient_is_self', 'recipient_enrolled']

const GIVE_EVENTS: readonly TransferGiveEvent[] = [
  { type: 'mail.change', value: '' },
  { type: 'mail.change', value: 'not-a-mail' },
  { type: 'mail.change', value: 'pax@pettorale.test' },
  { type: 'offer.submit', key: 'fresh' },
  { type: 'offer.retry' },
  { type: 'offer.cancel' },
  done('offer', transferOf()),
  ...GIVE_REFUSALS.map(([status, code]) => failed('offer', refusalOf(status, code))),
  failed('offer', networkFailure()),
  done('cancel'),
  failed('cancel', refusalOf(409, 'no_transfer')),
  failed('cancel', networkFailure()),
]

type GiveView =
  | { screen: 'form'; problem: string | null }
  | { screen: 'sending' }
  | { screen: 'failed' }
  | { screen: 'offered'; cancelFailed: boolean }
  | { screen: 'cancelling' }
  | { screen: 'refused'; reason: string }
  | { screen: 'gone' }

interface GiveSpec {
  view: GiveView
  mail: string
  /** The key of the offer being made (one per e-mail, decision 038), once one was sent. */
  key: string | null
}

const codeOf = (error: ApiError) => (error.kind === 'http' ? error.code : null)
const MAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The giver: the field checked before sending, refusals worded, an offer cancellable. */
function giveSpecAfter(spec: GiveSpec, event: TransferGiveEvent | { type: string; error?: ApiError }): GiveSpec {
  const { view } = spec
  if (event.type === 'mail.change' && (view.screen === 'form' || view.screen === 'failed')) {
    return { view: { screen: 'form', problem: null }, mail: (event as { value: string }).value, key: null }
  }
  if (event.type === 'offer.submit' && view.screen === 'form') {
    if (spec.mail.trim() === '') return { ...spec, view: { screen: 'form', problem: 'required' } }
    if (!MAIL.test(spec.mail.trim())) return { ...spec, view: { screen: 'form', problem: 'invalid' } }
    return { ...spec, view: { screen: 'sending' }, key: spec.key ?? (event as { key: string }).key }
  }
  if (event.type === 'offer.retry' && view.screen === 'failed') return { ...spec, view: { screen: 'sending' } }
  if (event.type === 'offer.cancel' && view.screen === 'offered') return { ...spec, view: { screen: 'cancelling' } }
  if (event.type === 'xstate.done.actor.offer' && view.screen === 'sending') return { ...spec, view: { screen: 'offered', cancelFailed: false } }
  if (event.type === 'xstate.error.actor.offer' && view.screen === 'sending') {
    const code = codeOf(event.error!)
    if (code !== null && FIELD_CODES.includes(code)) return { ...spec, view: { screen: 'form', problem: code }, key: null }
    if (code === 'transfer_pending') return { ...spec, view: { screen: 'offered', cancelFailed: false } }
    if (code !== null) return { ...spec, view: { screen: 'refused', reason: code } }
    return { ...spec, view: { screen: 'failed' } }
  }
  if (event.type === 'xstate.done.actor.cancel' && view.screen === 'cancelling') return { view: { screen: 'form', problem: null }, mail: '', key: null }
  if (event.type === 'xstate.error.actor.cancel' && view.screen === 'cancelling') {
    return codeOf(event.error!) === 'no_transfer' ? { ...spec, view: { screen: 'gone' } } : { ...spec, view: { screen: 'offered', cancelFailed: true } }
  }
  return spec
}

function giveViewOf(live: ReturnType<typeof startGive>): GiveView {
  const { context } = live.state()
  const view = giveView(live.state())
  switch (view) {
    case 'form':
      return { screen: 'form', problem: context.problem }
    case 'offered':
      return { screen: 'offered', cancelFailed: context.failure !== null }
    case 'refused':
      return { screen: 'refused', reason: context.refusal! }
    default:
      return { screen: view }
  }
}

async function replayGive(live: ReturnType<typeof startGive>, event: TransferGiveEvent | { type: string; output?: unknown; error?: ApiError }) {
  if (!isAnswer(event)) return live.actor.send(event as TransferGiveEvent)
  const calls = event.type.endsWith('.offer') ? live.offer : live.cancel
  const answer = event as { output?: unknown; error?: ApiError }
  await (calls as { answer: (result: unknown) => Promise<void> }).answer('error' in answer ? { error: answer.error } : { ok: answer.output })
}

const giveName = (event: { type: string; value?: string; error?: ApiError }) =>
  event.type === 'mail.change'
    ? `type "${event.value ?? ''}"`
    : event.type.startsWith('xstate.done.actor.')
      ? `${event.type.slice(18)} answered`
      : event.type.startsWith('xstate.error.actor.')
        ? `${event.type.slice(19)} refused ${codeOf(event.error!) ?? 'network'}`
        : event.type

describe('the giver (issue 23 point 2)', () => {
  for (const pending of [false, true]) {
    const paths = scenarioPaths(transferGiveMachine, { input: { pending }, events: GIVE_EVENTS, serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]) })
    it.each(paths.map((events) => [[pending ? 'an offer on file' : 'no offer', ...events.map(giveName)].join(' → '), events] as const))('%s', async (_, events) => {
      const live = startGive(pending, recordCoverage)
      let spec: GiveSpec = { view: pending ? { screen: 'offered', cancelFailed: false } : { screen: 'form', problem: null }, mail: '', key: null }
      expect(giveViewOf(live)).toEqual(spec.view)
      for (const [index, event] of events.entries()) {
        const step = `step ${String(index + 1)} (${giveName(event)})`
        const before = live.offer.calls.length + live.cancel.calls.length
        spec = giveSpecAfter(spec, event)
        await replayGive(live, event)
        expect(giveViewOf(live), step).toEqual(spec.view)
        // oneCallAtATime: a call only where the spec's screen is one that waits on it.
        const after = live.offer.calls.length + live.cancel.calls.length
        if (after > before) expect(['sending', 'cancelling'], step).toContain(spec.view.screen)
        // sameKeyForRetries: the offer sent carries the spec's key and the trimmed e-mail.
        if (spec.view.screen === 'sending') expect(live.offer.open?.input, step).toEqual({ mail: spec.mail.trim(), key: spec.key })
      }
      live.actor.stop()
    })
  }
})


// ---------------------------------------------------------------------------------------------
// The recipient

/** The offer's lapse, as XState names the timer's event. */
const LAPSE = transferTakeMachine.getStateNodeById('transferTake.offer').after[0]!.eventType
const lapse = { type: LAPSE } as never

const ENTERED = readingOf({ own: { pagato: true, stato: 'attiva' } })
const READ_LATE = readingOf({ readAt: READ_AT + OFFER_LASTS_MS })
const READINGS: readonly OfferReading[] = [
  ...(['offerta', 'accettata', 'completata', 'annullata', 'rifiutata', 'scaduta'] as const).map((state) => readingOf({ state })),
  ENTERED,
  READ_LATE,
]

const TAKE_EVENTS: readonly TransferTakeEvent[] = [
  { type: 'offer.retry' },
  { type: 'gps.choose', rent: true },
  { type: 'gps.choose', rent: false },
  { type: 'offer.accept', key: 'k-accept' },
  { type: 'disclaimer.type', text: WAIVER.frase },
  { type: 'disclaimer.type', text: 'something else' },
  { type: 'disclaimer.submit', waiver: WAIVER },
  { type: 'disclaimer.close' },
  { type: 'payment.retry', key: 'k-retry' },
  { type: 'decline.start' },
  { type: 'decline.cancel' },
  { type: 'decline.confirm' },
  lapse,
  ...READINGS.map((reading) => done('readOffer', reading)),
  failed('readOffer', refusalOf(404, 'transfer_not_found')),
  failed('readOffer', networkFailure()),
  done('accept'),
  failed('accept', refusalOf(422, 'not_eligible')),
  failed('accept', refusalOf(409, 'transfer_closed')),
  failed('accept', refusalOf(409, 'already_enrolled')),
  failed('accept', refusalOf(404, 'transfer_not_found')),
  failed('accept', networkFailure()),
  done('readConditions', conditionsOf()),
  failed('readConditions', networkFailure()),
  done('signWaiver'),
  failed('signWaiver', refusalOf(409, 'waiver_outdated')),
  failed('signWaiver', refusalOf(422, 'hash_mismatch')),
  failed('signWaiver', refusalOf(404, 'no_subscription')),
  failed('signWaiver', refusalOf(409, 'already_signed')),
  failed('signWaiver', networkFailure()),
  done('readWaiver'),
  failed('readWaiver', networkFailure()),
  done('startPayment', { redirectUrl: CHECKOUT_URL }),
  failed('startPayment', refusalOf(422, 'waiver_not_signed')),
  failed('startPayment', refusalOf(409, 'total_mismatch')),
  failed('startPayment', refusalOf(422, 'already_paid')),
  failed('startPayment', refusalOf(422, 'no_subscription')),
  failed('startPayment', refusalOf(409, 'offer_expired')),
  failed('startPayment', refusalOf(422, 'idempotency_key_reused')),
  failed('startPayment', networkFailure()),
  done('openCheckout', true),
  done('openCheckout', false),
  failed('openCheckout', networkFailure()),
  done('decline'),
  failed('decline', refusalOf(409, 'transfer_closed')),
  failed('decline', refusalOf(404, 'transfer_not_found')),
  failed('decline', networkFailure()),
]

type TakeEndSpec = 'taken' | 'declined' | 'closed' | 'lapsed' | 'notFound' | 'ineligible' | 'enrolled'
type TakeScreen =
  | 'reading'
  | 'readFailed'
  | 'choosing'
  | 'confirmDecline'
  | 'declining'
  | 'accepting'
  | 'checking'
  | 'waiver'
  | 'signing'
  | 'rereading'
  | 'paying'
  | 'leaving'
  | 'payFailed'
  | 'checkout'
  | TakeEndSpec

interface TakeSpec {
  screen: TakeScreen
  gps: boolean
  typed: string
  waiverProblem: 'required' | 'incorrect' | 'outdated' | 'unsigned' | null
  /** The payment's key: one per attempt, kept for retries of a payment that got no answer (decision 038). */
  key: string | null
  totalChanged: boolean
  /** The payment did not reach the checkout: the address was refused, or the start failed. */
  payFailure: 'redirect' | 'error' | null
}

const normalised = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ')
const INSIDE_THE_OFFER: readonly TakeScreen[] = ['choosing', 'confirmDecline', 'declining', 'accepting', 'checking', 'waiver', 'signing', 'rereading', 'payFailed']
const ACCEPT_ENDS: Record<string, TakeEndSpec> = { not_eligible: 'ineligible', transfer_closed: 'closed', already_enrolled: 'enrolled', transfer_not_found: 'notFound' }

/**
 * The recipient: the offer read (taken, closed, lapsed, or refused up front to an athlete
 * entered already), GPS chosen, accepted through the gate (the athlete's own conditions worded),
 * the waiver signed (a revised one read again and signed anew), the total shown paid on the
 * standard option, the checkout left for only when the address is followed; the offer lapses at its
 * deadline unless a payment is under way.
 */
function takeSpecAfter(spec: TakeSpec, event: TransferTakeEvent | { type: string; output?: unknown; error?: ApiError }): TakeSpec {
  const s = spec.screen
  const code = 'error' in event && event.error ? codeOf(event.error) : null
  const unanswered = 'error' in event && event.error !== undefined && code === null
  switch (event.type) {
    case 'offer.retry':
      return s === 'readFailed' ? { ...spec, screen: 'reading' } : spec
    case 'gps.choose': {
      const rent = (event as { rent: boolean }).rent
      return s === 'choosing' ? { ...spec, gps: rent, key: rent === spec.gps ? spec.key : null } : spec
    }
    case 'offer.accept':
      return s === 'choosing' ? { ...spec, screen: 'accepting', key: spec.key ?? (event as { key: string }).key, totalChanged: false } : spec
    case 'decline.start':
      return s === 'choosing' ? { ...spec, screen: 'confirmDecline' } : spec
    case 'decline.cancel':
      return s === 'confirmDecline' ? { ...spec, screen: 'choosing' } : spec
    case 'decline.confirm':
      return s === 'confirmDecline' ? { ...spec, screen: 'declining' } : spec
    case 'xstate.done.actor.decline':
      return { ...spec, screen: 'declined' }
    case 'xstate.error.actor.decline':
      // Nothing left to decline: the offer read again says what became of it.
      return { ...spec, screen: code === 'transfer_not_found' ? 'notFound' : code === 'transfer_closed' ? 'reading' : 'confirmDecline' }
    case 'disclaimer.type':
      return s === 'waiver' ? { ...spec, typed: (event as { text: string }).text } : spec
    case 'disclaimer.close':
      return s === 'waiver' ? { ...spec, screen: 'choosing', waiverProblem: null } : spec
    case 'disclaimer.submit':
      if (s !== 'waiver') return spec
      if (spec.typed.trim() === '') return { ...spec, waiverProblem: 'required' }
      if (normalised(spec.typed) !== normalised(WAIVER.frase)) return { ...spec, waiverProblem: 'incorrect' }
      return { ...spec, screen: 'signing', waiverProblem: null }
    case 'payment.retry':
      return s === 'payFailed' ? { ...spec, screen: 'paying', key: spec.key ?? (event as { key: string }).key, payFailure: null } : spec
    case LAPSE:
      return INSIDE_THE_OFFER.includes(s) ? { ...spec, screen: 'lapsed' } : spec
    case 'xstate.done.actor.readOffer': {
      const reading = (event as { output: OfferReading }).output
      if (reading.state === 'completata') return { ...spec, screen: 'taken' }
      if (reading.own?.pagato && (reading.own.stato ?? 'attiva') === 'attiva') return { ...spec, screen: 'enrolled' }
      if (reading.state === 'scaduta' || reading.readAt >= reading.lapsesAt) return { ...spec, screen: 'lapsed' }
      if (reading.state === 'annullata') return { ...spec, screen: 'closed' }
      if (reading.state === 'rifiutata') return { ...spec, screen: 'declined' }
      return { ...spec, screen: 'choosing' }
    }
    case 'xstate.error.actor.readOffer':
      return { ...spec, screen: code === 'transfer_not_found' ? 'notFound' : 'readFailed' }
    case 'xstate.done.actor.accept':
      return { ...spec, screen: 'waiver' }
    case 'xstate.error.actor.accept':
      if (code === 'not_eligible') return { ...spec, screen: 'checking' }
      return { ...spec, screen: (code === null ? undefined : ACCEPT_ENDS[code]) ?? 'choosing' }
    case 'xstate.done.actor.readConditions':
    case 'xstate.error.actor.readConditions':
      return { ...spec, screen: 'ineligible' }
    case 'xstate.done.actor.signWaiver':
      return { ...spec, screen: 'paying', typed: '' }
    case 'xstate.error.actor.signWaiver':
      if (code === 'waiver_outdated' || code === 'hash_mismatch') return { ...spec, screen: 'rereading', waiverProblem: 'outdated', typed: '' }
      if (code === 'no_subscription') return { ...spec, screen: 'closed' }
      if (code === 'already_signed') return { ...spec, screen: 'taken' }
      return { ...spec, screen: 'waiver' }
    case 'xstate.done.actor.readWaiver':
    case 'xstate.error.actor.readWaiver':
      return { ...spec, screen: 'waiver' }
    case 'xstate.done.actor.startPayment':
      return { ...spec, screen: 'leaving' }
    case 'xstate.error.actor.startPayment':
      if (code === 'waiver_not_signed') return { ...spec, screen: 'rereading', waiverProblem: 'unsigned', typed: '' }
      if (code === 'total_mismatch') return { ...spec, screen: 'reading', totalChanged: true, key: null }
      if (code === 'already_paid') return { ...spec, screen: 'taken' }
      if (code === 'no_subscription') return { ...spec, screen: 'closed' }
      if (code === 'offer_expired') return { ...spec, screen: 'lapsed' }
      return { ...spec, screen: 'payFailed', payFailure: 'error', key: unanswered ? spec.key : null }
    case 'xstate.done.actor.openCheckout':
      return (event as { output: boolean }).output ? { ...spec, screen: 'checkout' } : { ...spec, screen: 'payFailed', payFailure: 'redirect', key: null }
    case 'xstate.error.actor.openCheckout':
      return { ...spec, screen: 'payFailed', payFailure: 'redirect', key: null }
    default:
      return spec
  }
}

const offerScreen = (step: Extract<TakeView, { screen: 'offer' }>['step'], busy: boolean, waiver: boolean): TakeView => ({ screen: 'offer', step, busy, waiver })
const VIEW_OF: Record<TakeScreen, TakeView> = {
  reading: { screen: 'reading' },
  readFailed: { screen: 'readFailed' },
  choosing: offerScreen('choosing', false, false),
  confirmDecline: offerScreen('confirmDecline', false, false),
  declining: offerScreen('declining', true, false),
  accepting: offerScreen('accepting', true, false),
  checking: offerScreen('accepting', true, false),
  waiver: offerScreen('waiver', false, true),
  signing: offerScreen('signing', true, true),
  rereading: offerScreen('signing', true, true),
  paying: offerScreen('paying', true, false),
  leaving: offerScreen('checkout', true, false),
  payFailed: offerScreen('payFailed', false, false),
  checkout: offerScreen('checkout', true, false),
  taken: { screen: 'ended', end: 'taken' },
  declined: { screen: 'ended', end: 'declined' },
  closed: { screen: 'ended', end: 'closed' },
  lapsed: { screen: 'ended', end: 'lapsed' },
  notFound: { screen: 'ended', end: 'notFound' },
  ineligible: { screen: 'ended', end: 'ineligible' },
  enrolled: { screen: 'ended', end: 'enrolled' },
}

/** What the athlete sees, read from the view and the facade's fields, never from state names. */
function takeSeen(live: TakeHarness) {
  const { context } = live.state()
  const problem = context.problem
  return {
    view: takeView(live.state()),
    gps: context.gps,
    typed: context.disclaimerText,
    waiverProblem: context.waiverProblem,
    key: context.key,
    totalChanged: context.totalChanged,
    payFailure: takeView(live.state()).screen === 'offer' && problem?.step === 'pay' ? ('redirectRefused' in problem ? 'redirect' : 'error') : null,
  }
}

const expectedSeen = (spec: TakeSpec) => ({
  view: VIEW_OF[spec.screen],
  gps: spec.gps,
  typed: spec.typed,
  waiverProblem: spec.waiverProblem,
  key: spec.key,
  totalChanged: spec.totalChanged,
  payFailure: spec.screen === 'payFailed' ? spec.payFailure : null,
})

type TakeActorId = 'readOffer' | 'accept' | 'readConditions' | 'signWaiver' | 'readWaiver' | 'startPayment' | 'openCheckout' | 'decline'

async function replayTake(live: TakeHarness, event: TransferTakeEvent | { type: string; output?: unknown; error?: ApiError }, step: string) {
  if (event.type === LAPSE) {
    // The timer started with the offer's read: nothing a millisecond before the deadline, the lapse at it.
    const before = takeView(live.state())
    live.clock.increment(OFFER_LASTS_MS - 1)
    expect(takeView(live.state()), `${step}: not lapsed a millisecond early`).toEqual(before)
    live.clock.increment(1)
    return
  }
  if (!isAnswer(event)) return live.actor.send(event as TransferTakeEvent)
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '') as TakeActorId
  const answer = event as { output?: unknown; error?: ApiError }
  await (live[id] as { answer: (result: unknown) => Promise<void> }).answer('error' in answer ? { error: answer.error } : { ok: answer.output })
}

const takeName = (event: { type: string; text?: string; output?: unknown; error?: ApiError }) =>
  event.type === LAPSE
    ? 'the deadline passes'
    : event.type === 'disclaimer.type'
      ? `type "${event.text ?? ''}"`
      : event.type === 'xstate.done.actor.readOffer'
        ? `offer read ${JSON.stringify(event.output)}`
        : event.type === 'xstate.done.actor.openCheckout'
          ? `checkout ${event.output ? 'opened' : 'refused'}`
          : giveName(event)

describe('the recipient (issue 23 point 2, issue 40)', () => {
  const paths = scenarioPaths(transferTakeMachine, {
    input: { code: 'T-test' },
    events: TAKE_EVENTS,
    serializeState: (snapshot) => {
      const { context } = snapshot
      const problem = context.problem === null ? null : 'redirectRefused' in context.problem ? 'redirect' : context.problem.step
      return JSON.stringify([snapshot.value, context.gps, context.waiverProblem, normalised(context.disclaimerText), context.key, context.totalChanged, problem])
    },
  })
  it.each(paths.map((events) => [['reading', ...events.map(takeName)].join(' → '), events] as const))('%s', async (_, events) => {
    const live = startTake(recordCoverage)
    let spec: TakeSpec = { screen: 'reading', gps: false, typed: '', waiverProblem: null, key: null, totalChanged: false, payFailure: null }
    expect(takeSeen(live)).toEqual(expectedSeen(spec))
    for (const [index, event] of events.entries()) {
      const step = `step ${String(index + 1)} (${takeName(event)})`
      spec = takeSpecAfter(spec, event)
      await replayTake(live, event, step)
      expect(takeSeen(live), step).toEqual(expectedSeen(spec))
      // The payment carries the attempt's key, the GPS chosen and the total shown, on the standard option.
      if (spec.screen === 'paying') {
        expect(live.startPayment.open?.input, step).toEqual({ raceId: 202, key: spec.key, gps: spec.gps, refundOption: 'standard', expectedTotal: spec.gps ? 70 : 55 })
      }
      // A revised waiver is read again before the athlete is asked to sign it.
      if (spec.screen === 'rereading') expect(live.readWaiver.open, step).not.toBeNull()
      if (spec.screen === 'leaving') expect(live.openCheckout.open?.input, step).toEqual({ url: CHECKOUT_URL })
      const calls = [live.readOffer, live.accept, live.readConditions, live.signWaiver, live.readWaiver, live.startPayment, live.openCheckout, live.decline]
      expect(calls.filter((held) => held.open !== null).length, `${step}: one call at a time`).toBeLessThanOrEqual(1)
    }
    live.actor.stop()
  })
})
