import { createActor, fromPromise, SimulatedClock, type InspectionEvent } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import type { Profile } from '../../contracts/athlete.contract'
import type { Transfer } from '../../contracts/places.contract'
import type { ShownWaiver } from '../enrolment/enrolment.machine'
import type { GateRace } from '../enrolment/eligibility'
import { deferred, flushMicrotasks, httpFailure, makeProfile, type Deferred } from '../session/test-harness'
import {
  transferGiveMachine,
  transferTakeMachine,
  type AcceptRequest,
  type Conditions,
  type OfferReading,
  type OfferRequest,
  type PaymentStarted,
  type TakePaymentRequest,
  type TakeSignRequest,
  type TransferGiveEmitted,
} from './transfer.machine'

/**
 * The transfer machines with their server calls held until a test answers them, for the machine's
 * tests and its scenarios (tests/scenarios/transfer.scenarios.test.ts): every call made is recorded
 * with its input, and the recipient's time passes only by `clock.increment`.
 */

export const RACE_ID = 202
export const CODE = 'T-test'
export const PAYMENT_KEY = 'pay-key-1'
export const CHECKOUT_URL = 'https://checkout.example/pay/1'

/** The offer as read on 2 March at 09:00 (Rome), lapsing 7 days later: the race's fee 45, the transfer fee 10, GPS 15. */
export const READ_AT = Date.parse('2026-03-02T08:00:00Z')
export const OFFER_LASTS_MS = 7 * 24 * 3_600_000

export const WAIVER: ShownWaiver = { versione: 'v1', lingua: 'en', testo: 'I accept the risks.', frase: 'I have read and accept' }
/** The organiser's revision of it, read again after the signing was refused. */
export const REVISED_WAIVER: ShownWaiver = { versione: 'v2', lingua: 'en', testo: 'I accept the risks, and the new route.', frase: 'I have read the new text' }

export function readingOf(overrides: Partial<OfferReading> = {}): OfferReading {
  return {
    state: 'offerta',
    raceId: RACE_ID,
    lapsesAt: READ_AT + OFFER_LASTS_MS,
    readAt: READ_AT,
    prices: { fee: 45, transferFee: 10, gpsRental: 15 },
    own: null,
    ...overrides,
  }
}

export function transferOf(overrides: Partial<Transfer> = {}): Transfer {
  return { codice: CODE, gara_id: RACE_ID, da: 'Chiara Jaccod', a: 'pax@pettorale.test', stato: 'offerta', scade: '2026-03-09T08:00:00.000Z', prezzo: 45, tassa: 10, ...overrides }
}

const RACE: GateRace = {
  data_evento: '2026-06-14T07:00:00Z',
  tempo_limite_ore: 10,
  apertura_iscrizioni: '2026-01-10T08:00:00Z',
  chiusura_iscrizioni: '2026-06-01T21:59:00Z',
  posti: 400,
  iscritti: 400,
  eta_minima: 18,
  ammissione: 'diretta',
}

/** What the gate reads when the athlete is refused (a full race: its count is not the recipient's concern). */
export function conditionsOf(profile: Partial<Profile> = {}): Conditions {
  return { race: RACE, profile: makeProfile(profile), now: READ_AT }
}

export const refusalOf = (status: number, code: string) => httpFailure(status, code)

interface Held<I, O> {
  input: I
  call: Deferred<O>
}

/** One actor's calls: each held until answered, in order. */
function heldCalls<I, O>() {
  const calls: Held<I, O>[] = []
  let open: Held<I, O> | null = null
  return {
    calls,
    actor: fromPromise<O, I>(({ input }) => {
      const held = { input, call: deferred<O>() }
      calls.push(held)
      open = held
      return held.call.promise
    }),
    get open() {
      return open
    },
    async answer(result: { ok: O } | { error: ApiError }) {
      const held = open
      if (!held) throw new Error('no call in flight')
      open = null
      if ('ok' in result) held.call.resolve(result.ok)
      else held.call.reject(result.error)
      await flushMicrotasks()
    },
  }
}

export function startGive(pending = false, inspect?: (event: InspectionEvent) => void) {
  const offer = heldCalls<OfferRequest, Transfer>()
  const cancel = heldCalls<void, void>()
  const emitted: TransferGiveEmitted['type'][] = []
  const actor = createActor(transferGiveMachine.provide({ actors: { offer: offer.actor, cancel: cancel.actor } }), { input: { pending }, inspect })
  for (const type of ['offered', 'cancelled', 'changed'] as const) actor.on(type, () => emitted.push(type))
  actor.start()
  return { actor, offer, cancel, emitted, state: () => actor.getSnapshot() }
}

export function startTake(inspect?: (event: InspectionEvent) => void) {
  const readOffer = heldCalls<{ code: string }, OfferReading>()
  const accept = heldCalls<AcceptRequest, void>()
  const readConditions = heldCalls<{ raceId: number }, Conditions>()
  const signWaiver = heldCalls<TakeSignRequest, void>()
  const readWaiver = heldCalls<{ raceId: number }, void>()
  const startPayment = heldCalls<TakePaymentRequest, PaymentStarted>()
  const openCheckout = heldCalls<{ url: string }, boolean>()
  const decline = heldCalls<{ code: string }, void>()
  const clock = new SimulatedClock()
  const actors = {
    readOffer: readOffer.actor,
    accept: accept.actor,
    readConditions: readConditions.actor,
    signWaiver: signWaiver.actor,
    readWaiver: readWaiver.actor,
    startPayment: startPayment.actor,
    openCheckout: openCheckout.actor,
    decline: decline.actor,
  }
  const actor = createActor(transferTakeMachine.provide({ actors }), { input: { code: CODE }, clock, inspect })
  actor.start()
  return { actor, clock, readOffer, accept, readConditions, signWaiver, readWaiver, startPayment, openCheckout, decline, state: () => actor.getSnapshot() }
}

export type TakeHarness = ReturnType<typeof startTake>
