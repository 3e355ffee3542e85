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
 * | one call at a time | `oneCallAtATime` |
 */
import { describe, expect, it } from 'vitest'
import type { ApiError } from '../../contracts/api-error'
import type { Transfer } from '../../contracts/places.contract'
import { networkFailure } from '../../machines/session/test-harness'
import { CHECKOUT_URL, PAYMENT_KEY, refusalOf, startGive, startTake, transferOf, WAIVER } from '../../machines/places/transfer-harness'
import { transferGiveMachine, transferTakeMachine, type TransferGiveEvent, type TransferTakeEvent } from '../../machines/places/transfer.machine'
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
  const { value, context } = live.state()
  switch (value) {
    case 'editing':
      return { screen: 'form', problem: context.problem }
    case 'offered':
      return { screen: 'offered', cancelFailed: context.failure?.action === 'cancel' }
    case 'refused':
      return { screen: 'refused', reason: context.refusal! }
    default:
      return { screen: value as 'sending' | 'failed' | 'cancelling' | 'gone' }
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

const TAKE_EVENTS: readonly TransferTakeEvent[] = [
  { type: 'offer.retry' },
  { type: 'gps.choose', rent: true },
  { type: 'offer.accept' },
  { type: 'disclaimer.type', text: WAIVER.frase },
  { type: 'disclaimer.type', text: 'something else' },
  { type: 'disclaimer.type', text: '' },
  { type: 'disclaimer.submit', waiver: WAIVER },
  { type: 'disclaimer.close' },
  { type: 'payment.retry' },
  ...(['offerta', 'accettata', 'completata', 'annullata', 'scaduta'] as const).map((stato) => done('readOffer', transferOf({ stato }))),
  failed('readOffer', refusalOf(404, 'transfer_not_found')),
  failed('readOffer', networkFailure()),
  done('accept'),
  failed('accept', refusalOf(422, 'not_eligible')),
  failed('accept', refusalOf(409, 'transfer_closed')),
  failed('accept', refusalOf(409, 'already_enrolled')),
  failed('accept', refusalOf(404, 'transfer_not_found')),
  failed('accept', networkFailure()),
  done('signWaiver'),
  failed('signWaiver', refusalOf(409, 'waiver_outdated')),
  failed('signWaiver', networkFailure()),
  done('startPayment', { redirectUrl: CHECKOUT_URL }),
  failed('startPayment', refusalOf(422, 'waiver_not_signed')),
  failed('startPayment', networkFailure()),
]

type TakeScreen = 'reading' | 'readFailed' | 'offer' | 'accepting' | 'waiver' | 'signing' | 'paying' | 'payFailed' | 'checkout' | 'taken' | 'closed' | 'notFound' | 'ineligible' | 'enrolled'

interface TakeSpec {
  screen: TakeScreen
  gps: boolean
  typed: string
  waiverProblem: 'required' | 'incorrect' | 'outdated' | null
}

const ACCEPT_ENDS: Record<string, TakeScreen> = { not_eligible: 'ineligible', transfer_closed: 'closed', already_enrolled: 'enrolled', transfer_not_found: 'notFound' }
const normalised = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ')

/** The recipient: the offer read, GPS chosen, accepted through the gate, signed, paid. */
function takeSpecAfter(spec: TakeSpec, event: TransferTakeEvent | { type: string; output?: Transfer; error?: ApiError }): TakeSpec {
  const s = spec.screen
  const code = 'error' in event && event.error ? codeOf(event.error) : null
  switch (event.type) {
    case 'offer.retry':
      return s === 'readFailed' ? { ...spec, screen: 'reading' } : spec
    case 'gps.choose':
      return s === 'offer' ? { ...spec, gps: (event as { rent: boolean }).rent } : spec
    case 'offer.accept':
      return s === 'offer' ? { ...spec, screen: 'accepting' } : spec
    case 'disclaimer.type':
      return s === 'waiver' ? { ...spec, typed: (event as { text: string }).text } : spec
    case 'disclaimer.close':
      return s === 'waiver' ? { ...spec, screen: 'offer', waiverProblem: null } : spec
    case 'disclaimer.submit':
      if (s !== 'waiver') return spec
      if (spec.typed.trim() === '') return { ...spec, waiverProblem: 'required' }
      if (normalised(spec.typed) !== normalised(WAIVER.frase)) return { ...spec, waiverProblem: 'incorrect' }
      return { ...spec, screen: 'signing', waiverProblem: null }
    case 'payment.retry':
      return s === 'payFailed' ? { ...spec, screen: 'paying' } : spec
    case 'xstate.done.actor.readOffer': {
      const stato = (event as { output: Transfer }).output.stato
      return { ...spec, screen: stato === 'offerta' || stato === 'accettata' ? 'offer' : stato === 'completata' ? 'taken' : 'closed' }
    }
    case 'xstate.error.actor.readOffer':
      return { ...spec, screen: code === 'transfer_not_found' ? 'notFound' : 'readFailed' }
    case 'xstate.done.actor.accept':
      return { ...spec, screen: 'waiver' }
    case 'xstate.error.actor.accept':
      return { ...spec, screen: (code === null ? undefined : ACCEPT_ENDS[code]) ?? 'offer' }
    case 'xstate.done.actor.signWaiver':
      return { ...spec, screen: 'paying', typed: '' }
    case 'xstate.error.actor.signWaiver':
      return { ...spec, screen: 'waiver', waiverProblem: code === 'waiver_outdated' ? 'outdated' : null }
    case 'xstate.done.actor.startPayment':
      return { ...spec, screen: 'checkout' }
    case 'xstate.error.actor.startPayment':
      return code === 'waiver_not_signed' ? { ...spec, screen: 'waiver', waiverProblem: 'outdated' } : { ...spec, screen: 'payFailed' }
    default:
      return spec
  }
}

const TAKE_SCREEN: Record<string, TakeScreen> = {
  reading: 'reading',
  readFailed: 'readFailed',
  choosing: 'offer',
  accepting: 'accepting',
  disclaimer: 'waiver',
  signing: 'signing',
  paying: 'paying',
  payFailed: 'payFailed',
  redirecting: 'checkout',
  done: 'taken',
  closed: 'closed',
  notFound: 'notFound',
  ineligible: 'ineligible',
  enrolled: 'enrolled',
}

function takeViewOf(live: ReturnType<typeof startTake>): TakeSpec {
  const { value, context } = live.state()
  return { screen: TAKE_SCREEN[value as string]!, gps: context.gps, typed: context.disclaimerText, waiverProblem: context.problems.disclaimer ?? null }
}

async function replayTake(live: ReturnType<typeof startTake>, event: TransferTakeEvent | { type: string; output?: unknown; error?: ApiError }) {
  if (!isAnswer(event)) return live.actor.send(event as TransferTakeEvent)
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '') as 'readOffer' | 'accept' | 'signWaiver' | 'startPayment'
  const answer = event as { output?: unknown; error?: ApiError }
  await (live[id] as { answer: (result: unknown) => Promise<void> }).answer('error' in answer ? { error: answer.error } : { ok: answer.output })
}

const takeName = (event: { type: string; text?: string; output?: unknown; error?: ApiError }) =>
  event.type === 'disclaimer.type'
    ? `type "${event.text ?? ''}"`
    : event.type === 'xstate.done.actor.readOffer'
      ? `offer read ${(event.output as Transfer).stato}`
      : giveName(event)

describe('the recipient (issue 23 point 2)', () => {
  const paths = scenarioPaths(transferTakeMachine, {
    input: { code: 'T-test', key: PAYMENT_KEY },
    events: TAKE_EVENTS,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.gps, snapshot.context.problems, snapshot.context.disclaimerText === WAIVER.frase, snapshot.context.disclaimerText === ''] ),
  })
  it.each(paths.map((events) => [['reading', ...events.map(takeName)].join(' → '), events] as const))('%s', async (_, events) => {
    const live = startTake(recordCoverage)
    let spec: TakeSpec = { screen: 'reading', gps: false, typed: '', waiverProblem: null }
    expect(takeViewOf(live)).toEqual(spec)
    for (const [index, event] of events.entries()) {
      const step = `step ${String(index + 1)} (${takeName(event)})`
      spec = takeSpecAfter(spec, event)
      await replayTake(live, event)
      expect(takeViewOf(live), step).toEqual(spec)
      // The payment carries the page's one key and the GPS chosen; the checkout is where it sends.
      if (spec.screen === 'paying') expect(live.startPayment.open?.input, step).toMatchObject({ key: PAYMENT_KEY, gps: spec.gps })
      if (spec.screen === 'checkout') expect(live.emitted.at(-1), step).toEqual({ type: 'redirect', url: CHECKOUT_URL })
      const inFlight = [live.readOffer, live.accept, live.signWaiver, live.startPayment].filter((calls) => calls.open !== null).length
      expect(inFlight, `${step}: one call at a time`).toBeLessThanOrEqual(1)
    }
    live.actor.stop()
  })
})
