/**
 * A withdrawal or deferral for the tests: the `submitChange` call held in flight until the test
 * answers it, as the server would. No React, no network. The scenario tests
 * (tests/scenarios/place-change.*) use it too, with the coverage recorder.
 */
import { createActor, fromPromise, type InspectionEvent } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import type { RefundQuote } from '../../contracts/places.contract'
import { deferred, failure, flushMicrotasks, type Deferred } from '../session/test-harness'
import { placeChangeMachine, type ChangeAnswer, type PlaceChangeEvent, type PlaceChangeInput, type SubmitInput } from './place-change.machine'

export const RACE_ID = 202
export const TRANSACTION_ID = 'TX-2026-0002'

/** Today's quote on the seed's Larici place (standard option, no GPS, 104 days before). */
export const TODAY: RefundQuote = { giorni_prima: 104, opzione_rimborso: 'standard', quota_percento: 50, quota: 22.5, gps: 0, totale: 22.5 }
/** Tomorrow's, when a threshold was crossed meanwhile. */
export const CHANGED: RefundQuote = { giorni_prima: 29, opzione_rimborso: 'standard', quota_percento: 20, quota: 9, gps: 0, totale: 9 }

const operationOf = (kind: PlaceChangeInput['kind']) => (kind === 'withdraw' ? 'places.withdraw' : 'places.defer')

/** The server's refusal with a contract code (`body` as the contract's problem carries it). */
export const refusal = (kind: PlaceChangeInput['kind'], status: number, code: string, extra: object = {}): ApiError =>
  failure({ kind: 'http', status, code, body: { status, code, ...extra }, operation: operationOf(kind) })
export const quoteChanged = (quote: RefundQuote = CHANGED): ApiError => refusal('withdraw', 409, 'refund_changed', { rimborso: quote })
export const offline = (kind: PlaceChangeInput['kind'] = 'withdraw'): ApiError => failure({ kind: 'network', operation: operationOf(kind) })
export const unavailable = (kind: PlaceChangeInput['kind'] = 'withdraw'): ApiError =>
  failure({ kind: 'http', status: 503, code: null, body: null, operation: operationOf(kind) })
export const serverError = (kind: PlaceChangeInput['kind'] = 'withdraw'): ApiError =>
  failure({ kind: 'http', status: 500, code: null, body: null, operation: operationOf(kind) })
export const unauthorized = (kind: PlaceChangeInput['kind'] = 'withdraw'): ApiError => failure({ kind: 'unauthorized', operation: operationOf(kind) })

export function startPlaceChange(input: PlaceChangeInput, options: { inspect?: (event: InspectionEvent) => void } = {}) {
  const calls: SubmitInput[] = []
  let pending: Deferred<ChangeAnswer> | null = null
  let overlapped = false
  const submitChange = fromPromise<ChangeAnswer, SubmitInput>(({ input: call }) => {
    if (pending !== null) overlapped = true
    calls.push(call)
    pending = deferred<ChangeAnswer>()
    return pending.promise
  })
  const actor = createActor(placeChangeMachine.provide({ actors: { submitChange } }), { input, inspect: options.inspect })
  actor.start()
  return {
    actor,
    calls,
    get overlapped() {
      return overlapped
    },
    isSubmitting: () => pending !== null,
    send: (event: PlaceChangeEvent) => actor.send(event),
    snapshot: () => actor.getSnapshot(),
    /** Settles the call in flight with the server's answer. */
    async answer(answer: ChangeAnswer | ApiError) {
      const call = pending
      if (!call) throw new Error('no change is in flight')
      pending = null
      if ('transactionId' in answer) call.resolve(answer)
      else call.reject(answer)
      await flushMicrotasks()
    },
  }
}

export type PlaceChangeHarness = ReturnType<typeof startPlaceChange>
