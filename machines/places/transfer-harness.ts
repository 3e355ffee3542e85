import { createActor, fromPromise, type InspectionEvent } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import type { Transfer } from '../../contracts/places.contract'
import type { ShownWaiver } from '../enrolment/enrolment.machine'
import { deferred, flushMicrotasks, httpFailure, type Deferred } from '../session/test-harness'
import {
  transferGiveMachine,
  transferTakeMachine,
  type AcceptRequest,
  type OfferRequest,
  type TakePaymentRequest,
  type TakeSignRequest,
  type TransferGiveEmitted,
  type TransferTakeEmitted,
} from './transfer.machine'

/**
 * The transfer machines with their server calls held until a test answers them, for the machine's
 * tests and its scenarios: every call made is recorded with its input.
 */

export const RACE_ID = 202
export const CODE = 'T-test'
export const PAYMENT_KEY = 'pay-key-1'
export const CHECKOUT_URL = 'https://checkout.example/pay/1'

export const WAIVER: ShownWaiver = { versione: 'v1', lingua: 'en', testo: 'I accept the risks.', frase: 'I have read and accept' }

export function transferOf(overrides: Partial<Transfer> = {}): Transfer {
  return { codice: CODE, gara_id: RACE_ID, da: 'Chiara Jaccod', a: 'pax@pettorale.test', stato: 'offerta', scade: '2026-03-09T08:00:00.000Z', prezzo: 45, tassa: 10, ...overrides }
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
  const readOffer = heldCalls<{ code: string }, Transfer>()
  const accept = heldCalls<AcceptRequest, void>()
  const signWaiver = heldCalls<TakeSignRequest, void>()
  const startPayment = heldCalls<TakePaymentRequest, { redirectUrl: string }>()
  const emitted: TransferTakeEmitted[] = []
  const actor = createActor(transferTakeMachine.provide({ actors: { readOffer: readOffer.actor, accept: accept.actor, signWaiver: signWaiver.actor, startPayment: startPayment.actor } }), {
    input: { code: CODE, key: PAYMENT_KEY },
    inspect,
  })
  actor.on('accepted', (event) => emitted.push(event))
  actor.on('redirect', (event) => emitted.push(event))
  actor.start()
  return { actor, readOffer, accept, signWaiver, startPayment, emitted, state: () => actor.getSnapshot() }
}
