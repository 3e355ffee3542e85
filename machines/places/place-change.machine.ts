import { assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate'
import * as z from 'zod/mini'
import { errorCodeOf, toApiError, type ApiError } from '../../contracts/api-error'
import type * as places from '../../contracts/places.contract'
import { RefundQuoteSchema, type DeferError, type RefundQuote, type WithdrawError } from '../../contracts/places.contract'

/**
 * Withdrawing from a paid race, or deferring it (issue 23, decision 038): one athlete's one attempt
 * at changing one place, from the figures shown to the server's answer.
 *
 * Public surface (the withdraw and defer pages build against it):
 * - input `PlaceChangeInput` { kind: 'withdraw' | 'defer', raceId, expected }: `expected` is the
 *   refund the page shows (euros, today's quote's `totale`; null for a deferral, which refunds
 *   nothing);
 * - events `PlaceChangeEvent`: `change.start` (opens the confirmation), `change.cancel` (closes it,
 *   or leaves a changed quote or a failure unsent), `change.confirm { key }` (the idempotency key is
 *   made by the page when the athlete confirms: once per attempt), `change.retry` (after a failure:
 *   the same key again, so a lost answer never changes the place twice);
 * - the view: `placeChangeView(snapshot)`, from state meta: `quote`, `confirming`, `submitting`,
 *   `done`, `refused` (`refusal`), `quoteChanged` (`expected` is the new refund: confirm again),
 *   `failed` (`failure`: offline / busy / trouble), `sessionExpired` (emitted as `sessionExpired` too);
 * - actor `submitChange` (input `SubmitInput` { kind, raceId, key, expected }; output
 *   `ChangeAnswer` { transactionId }: the refunded payment's line, null for a deferral), provided
 *   from src/ with `fromApiCall` over `places.withdraw` / `places.defer`.
 */

export type PlaceChangeKind = 'withdraw' | 'defer'

export interface PlaceChangeInput {
  kind: PlaceChangeKind
  raceId: number
  expected: number | null
}

export interface SubmitInput extends PlaceChangeInput {
  key: string
}

export interface ChangeAnswer {
  transactionId: string | null
}

/** Why the server would not change the place; each is worded by the page. */
export type RefusalCode = Exclude<WithdrawError | DeferError, 'refund_changed'>

export type RetryFailure = 'offline' | 'busy' | 'trouble'

export type PlaceChangeFailure =
  | { kind: 'sessionOver' }
  | { kind: 'refused'; code: RefusalCode }
  | { kind: 'quoteChanged'; quote: RefundQuote }
  | { kind: 'retry'; failure: RetryFailure; error: ApiError }

const RefundChangedSchema = z.object({ rimborso: RefundQuoteSchema })

/** What a failed withdrawal or deferral means; a 5xx or 429 is trouble to retry, never a refusal. */
export function failureOf(error: unknown): PlaceChangeFailure {
  const apiError = toApiError(error)
  if (apiError.kind === 'unauthorized') return { kind: 'sessionOver' }
  if (apiError.kind === 'network') return { kind: 'retry', failure: 'offline', error: apiError }
  const code = errorCodeOf<typeof places.withdraw | typeof places.defer>(apiError)
  switch (code) {
    case 'refund_changed': {
      const body = z.safeParse(RefundChangedSchema, apiError.kind === 'http' ? apiError.body : null)
      // Without today's figures there is nothing to confirm: tried again, the server says them.
      return body.success ? { kind: 'quoteChanged', quote: body.data.rimborso } : { kind: 'retry', failure: 'trouble', error: apiError }
    }
    case 'not_enrolled':
    case 'not_paid':
    case 'place_changed':
    case 'withdrawal_closed':
    case 'defer_closed':
      return { kind: 'refused', code }
    case null:
      break
  }
  if (apiError.kind === 'http' && (apiError.status === 429 || apiError.status === 503)) return { kind: 'retry', failure: 'busy', error: apiError }
  return { kind: 'retry', failure: 'trouble', error: apiError }
}

export type PlaceChangeView = 'quote' | 'confirming' | 'submitting' | 'done' | 'refused' | 'quoteChanged' | 'failed' | 'sessionExpired'

export interface PlaceChangeContext extends PlaceChangeInput {
  /** The attempt's idempotency key, from the confirmation until the attempt ends. */
  key: string | null
  /** The changed quote the athlete is asked to confirm (codes and amounts only). */
  changedQuote: RefundQuote | null
  refusal: RefusalCode | null
  failure: RetryFailure | null
  transactionId: string | null
}

export type PlaceChangeEvent =
  | { type: 'change.start' }
  | { type: 'change.cancel' }
  | { type: 'change.confirm'; key: string }
  | { type: 'change.retry' }

/** A 401: the session machine takes over (the page asks the athlete to sign in again). */
export type PlaceChangeEmitted = { type: 'sessionExpired' }

const view = (name: PlaceChangeView) => ({ view: name })

export const placeChangeMachine = setup({
  types: {
    input: {} as PlaceChangeInput,
    context: {} as PlaceChangeContext,
    events: {} as PlaceChangeEvent,
    emitted: {} as PlaceChangeEmitted,
    meta: {} as { view: PlaceChangeView },
  },
  actors: {
    // Provided by the page (src/features/places/withdraw) through `provide`; this stand-in carries the types.
    submitChange: fromPromise<ChangeAnswer, SubmitInput>(() => Promise.reject(new Error('placeChange: submitChange is provided by the portal'))),
  },
  guards: {
    isSessionOver: (_, params: { error: unknown }) => failureOf(params.error).kind === 'sessionOver',
    isRefusal: (_, params: { error: unknown }) => failureOf(params.error).kind === 'refused',
    isQuoteChanged: (_, params: { error: unknown }) => failureOf(params.error).kind === 'quoteChanged',
  },
  actions: {
    keepKey: assign(({ event }) => {
      assertEvent(event, 'change.confirm')
      return { key: event.key, failure: null }
    }),
    forgetAttempt: assign({ key: null, failure: null }),
  },
}).createMachine({
  id: 'placeChange',
  context: ({ input }) => ({ ...input, key: null, changedQuote: null, refusal: null, failure: null, transactionId: null }),
  initial: 'showingQuote',
  states: {
    showingQuote: {
      meta: view('quote'),
      on: { 'change.start': 'confirming' },
    },
    confirming: {
      meta: view('confirming'),
      on: {
        'change.cancel': 'showingQuote',
        'change.confirm': { target: 'submitting', actions: 'keepKey' },
      },
    },
    submitting: {
      meta: view('submitting'),
      invoke: {
        src: 'submitChange',
        input: ({ context }) => ({ kind: context.kind, raceId: context.raceId, expected: context.expected, key: context.key ?? '' }),
        onDone: { target: 'done', actions: assign(({ event }) => ({ transactionId: event.output.transactionId, failure: null })) },
        onError: [
          { guard: { type: 'isSessionOver', params: ({ event }) => ({ error: event.error }) }, target: 'sessionExpired' },
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: assign(({ event }) => {
              const failure = failureOf(event.error)
              return { refusal: failure.kind === 'refused' ? failure.code : null, key: null }
            }),
          },
          {
            guard: { type: 'isQuoteChanged', params: ({ event }) => ({ error: event.error }) },
            target: 'quoteChanged',
            actions: assign(({ event }) => {
              const failure = failureOf(event.error)
              const quote = failure.kind === 'quoteChanged' ? failure.quote : null
              // A new figure is a new attempt: the next confirmation makes its own key.
              return { changedQuote: quote, expected: quote?.totale ?? null, key: null }
            }),
          },
          {
            target: 'failed',
            actions: assign(({ event }) => {
              const failure = failureOf(event.error)
              return { failure: failure.kind === 'retry' ? failure.failure : 'trouble' }
            }),
          },
        ],
      },
    },
    quoteChanged: {
      meta: view('quoteChanged'),
      on: {
        'change.confirm': { target: 'submitting', actions: 'keepKey' },
        'change.cancel': 'showingQuote',
      },
    },
    failed: {
      meta: view('failed'),
      on: {
        // The same key: the server answers a withdrawal it made already with that withdrawal.
        'change.retry': 'submitting',
        'change.cancel': { target: 'showingQuote', actions: 'forgetAttempt' },
      },
    },
    done: { type: 'final', meta: view('done') },
    refused: { type: 'final', meta: view('refused') },
    sessionExpired: { type: 'final', meta: view('sessionExpired'), entry: emit({ type: 'sessionExpired' }) },
  },
})

export type PlaceChangeSnapshot = SnapshotFrom<typeof placeChangeMachine>

export function placeChangeView(snapshot: PlaceChangeSnapshot): PlaceChangeView {
  const views = Object.values(snapshot.getMeta()).flatMap((meta) => (meta ? [meta.view] : []))
  const found = views.at(-1)
  if (!found) throw new Error(`placeChange: no view for ${JSON.stringify(snapshot.value)}`)
  return found
}
