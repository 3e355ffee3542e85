import * as z from 'zod/mini'
import { RefundOptionSchema, SubscriptionSchema } from './athlete.contract'
import { boundedString, EuroAmountSchema, InstantSchema, MAX_EMAIL_LENGTH, MAX_KEY_LENGTH, NumericIdParam, problemOf } from './common'
import { defineOperation } from './operation'
import { TransactionSchema } from './transactions.contract'

// Inferred (issue 23, decision 038): the organiser's published calls end at the payment. What an
// entered athlete does with a paid place afterwards (withdraw, pass it on, defer it) is ours. Each
// change is idempotent: the request carries a key made once per attempt, and the same key asked
// again answers what the first did.

/** A transfer's code, as the recipient's e-mail link carries it (`T-...` in the simulated backend). */
export const MAX_TRANSFER_CODE_LENGTH = 64

const SubscriptionParams = z.object({ id: NumericIdParam })

/**
 * What a withdrawal refunds, as the schedule gives it on the day (Rome's calendar days before the
 * start, decision 038): the share of the fee for the option chosen at enrolment, the GPS rental when
 * rented (always refunded), and the sum. The protection surcharge is never refunded.
 */
export const RefundQuoteSchema = z.object({
  giorni_prima: z.int().check(z.nonnegative()),
  opzione_rimborso: RefundOptionSchema,
  quota_percento: z.int().check(z.gte(0), z.lte(100)),
  quota: EuroAmountSchema,
  gps: EuroAmountSchema,
  totale: EuroAmountSchema,
})
export type RefundQuote = z.infer<typeof RefundQuoteSchema>

export const WithdrawRequestSchema = z.object({
  /** The refund the athlete was shown: a different one today is refused (`refund_changed`). */
  rimborso_atteso: EuroAmountSchema,
  chiave: boundedString(MAX_KEY_LENGTH).check(z.minLength(1)),
})
export type WithdrawRequest = z.infer<typeof WithdrawRequestSchema>

/**
 * Why a withdrawal was refused: no such place of the athlete's (`not_enrolled`, 404); the place is
 * not paid, or already withdrawn, passed on or deferred (`not_paid`, `place_changed`, 409); the
 * schedule gives nothing back any more or the race has started (`withdrawal_closed`, 422); the
 * refund is not the one shown (a day passed: `refund_changed`, 409, with today's `rimborso`).
 */
export const WithdrawErrorSchema = z.enum(['not_enrolled', 'not_paid', 'place_changed', 'withdrawal_closed', 'refund_changed'])
export type WithdrawError = z.infer<typeof WithdrawErrorSchema>
const withdrawProblem = problemOf(WithdrawErrorSchema)
export const WithdrawConflictSchema = z.extend(withdrawProblem, { rimborso: z.optional(RefundQuoteSchema) })

export const withdraw = defineOperation({
  name: 'places.withdraw',
  summary: 'Withdraw from a paid race: the place goes back to the race (or its wait list) and the schedule\'s refund to the card.',
  method: 'POST',
  path: '/api/v1/vdatrailers/iscrizione/:id/ritiro',
  auth: 'bearer',
  inferred: true,
  pathParams: SubscriptionParams,
  body: { kind: 'json', schema: WithdrawRequestSchema },
  responses: {
    200: z.object({ iscrizione: SubscriptionSchema, rimborso: RefundQuoteSchema, transazione: TransactionSchema }),
    404: withdrawProblem,
    409: WithdrawConflictSchema,
    422: withdrawProblem,
  },
  errors: WithdrawErrorSchema,
})

/** A credit for a course's next edition, from a deferred place. */
export const CreditSchema = z.object({
  id: z.string(),
  /** The race (edition) deferred from, and the edition the credit is for. */
  da_gara_id: z.number(),
  gara: z.string(),
  edizione: z.int(),
  importo: EuroAmountSchema,
  creato: InstantSchema,
  stato: z.enum(['disponibile', 'usato']),
})
export type Credit = z.infer<typeof CreditSchema>

export const KeyRequestSchema = z.object({ chiave: boundedString(MAX_KEY_LENGTH).check(z.minLength(1)) })

/**
 * Why a deferral was refused: as a withdrawal's, and the race does not allow deferring or its
 * deadline passed (`defer_closed`, 422).
 */
export const DeferErrorSchema = z.enum(['not_enrolled', 'not_paid', 'place_changed', 'defer_closed'])
export type DeferError = z.infer<typeof DeferErrorSchema>
const deferProblem = problemOf(DeferErrorSchema)

export const defer = defineOperation({
  name: 'places.defer',
  summary: "Defer a paid place to the course's next edition: the fee paid less the race's deferral fee becomes a credit.",
  method: 'POST',
  path: '/api/v1/vdatrailers/iscrizione/:id/rinvio',
  auth: 'bearer',
  inferred: true,
  pathParams: SubscriptionParams,
  body: { kind: 'json', schema: KeyRequestSchema },
  responses: {
    200: z.object({ iscrizione: SubscriptionSchema, credito: CreditSchema }),
    404: deferProblem,
    409: deferProblem,
    422: deferProblem,
  },
  errors: DeferErrorSchema,
})

export const credits = defineOperation({
  name: 'places.credits',
  summary: "The athlete's credits from deferred places.",
  method: 'GET',
  path: '/api/v1/vdatrailers/crediti',
  auth: 'bearer',
  inferred: true,
  responses: { 200: z.object({ crediti: z.array(CreditSchema) }) },
})

/**
 * A place offered by one athlete to another. `offerta` until the recipient pays or it lapses at
 * `scade` (the race's `cambi.cessione.chiude`, at most); `accettata` once the recipient took it and
 * is paying (their own subscription); `completata` once paid (the giver refunded); `annullata` by
 * the giver; `rifiutata` by the recipient (the place stays the giver's, who may offer it again);
 * `scaduta`.
 */
export const TransferSchema = z.object({
  codice: z.string().check(z.minLength(1), z.maxLength(MAX_TRANSFER_CODE_LENGTH)),
  gara_id: z.number(),
  /** The giver as the recipient reads it: their name (the giver chose the recipient). */
  da: z.string(),
  /** The recipient's e-mail. */
  a: z.string(),
  stato: z.enum(['offerta', 'accettata', 'completata', 'annullata', 'rifiutata', 'scaduta']),
  scade: InstantSchema,
  /** What the recipient pays: the race's fee and the transfer fee (their GPS choice comes on top). */
  prezzo: EuroAmountSchema,
  tassa: EuroAmountSchema,
})
export type Transfer = z.infer<typeof TransferSchema>

export const TransferRequestSchema = z.object({
  mail: boundedString(MAX_EMAIL_LENGTH).check(z.email()),
  chiave: boundedString(MAX_KEY_LENGTH).check(z.minLength(1)),
})
export type TransferRequest = z.infer<typeof TransferRequestSchema>

/**
 * Why a transfer was refused: as a withdrawal's; the race does not allow it or its deadline passed
 * (`transfer_closed`, 422); no account has that e-mail (`recipient_unknown`, 422: they register
 * first); it is the giver's own (`recipient_is_self`, 422); the recipient is entered already
 * (`recipient_enrolled`, 409); a transfer is already on offer (`transfer_pending`, 409).
 */
export const TransferErrorSchema = z.enum([
  'not_enrolled',
  'not_paid',
  'place_changed',
  'transfer_closed',
  'recipient_unknown',
  'recipient_is_self',
  'recipient_enrolled',
  'transfer_pending',
])
export type TransferError = z.infer<typeof TransferErrorSchema>
const transferProblem = problemOf(TransferErrorSchema)

export const offerTransfer = defineOperation({
  name: 'places.offerTransfer',
  summary: 'Offer a paid place to another athlete by e-mail; the recipient accepts from the link sent.',
  method: 'POST',
  path: '/api/v1/vdatrailers/iscrizione/:id/cessione',
  auth: 'bearer',
  inferred: true,
  pathParams: SubscriptionParams,
  body: { kind: 'json', schema: TransferRequestSchema },
  responses: { 201: TransferSchema, 404: transferProblem, 409: transferProblem, 422: transferProblem },
  errors: TransferErrorSchema,
})

/** The place has no transfer on offer (already taken, cancelled or lapsed: nothing to cancel). */
export const CancelTransferErrorSchema = z.enum(['not_enrolled', 'no_transfer'])

export const cancelTransfer = defineOperation({
  name: 'places.cancelTransfer',
  summary: 'Withdraw a transfer offer not yet taken; the place stays the giver\'s.',
  method: 'DELETE',
  path: '/api/v1/vdatrailers/iscrizione/:id/cessione',
  auth: 'bearer',
  inferred: true,
  pathParams: SubscriptionParams,
  responses: { 200: z.object({ iscrizione: SubscriptionSchema }), 404: problemOf(CancelTransferErrorSchema), 409: problemOf(CancelTransferErrorSchema) },
  errors: CancelTransferErrorSchema,
})

const TransferParams = z.object({ codice: z.string().check(z.minLength(1), z.maxLength(MAX_TRANSFER_CODE_LENGTH)) })

/** No transfer has that code, or it was offered to someone else (`transfer_not_found`, 404). */
export const TransferLookupErrorSchema = z.enum(['transfer_not_found'])

export const getTransfer = defineOperation({
  name: 'places.getTransfer',
  summary: 'A transfer offered to the signed-in athlete, by the code in their e-mail.',
  method: 'GET',
  path: '/api/v1/vdatrailers/cessione/:codice',
  auth: 'bearer',
  inferred: true,
  pathParams: TransferParams,
  responses: { 200: TransferSchema, 404: problemOf(TransferLookupErrorSchema) },
  errors: TransferLookupErrorSchema,
})

export const AcceptTransferRequestSchema = z.object({ noleggio_gps: z.boolean() })

/**
 * Why accepting was refused: no such offer to this athlete (404); it was cancelled or lapsed, or
 * the giver's place changed (`transfer_closed`, 409); the recipient does not meet the race's
 * conditions (`not_eligible`, 422: certificate, profile, age, as at enrolment) or is entered already
 * (`already_enrolled`, 409).
 */
export const AcceptTransferErrorSchema = z.enum(['transfer_not_found', 'transfer_closed', 'not_eligible', 'already_enrolled'])
const acceptProblem = problemOf(AcceptTransferErrorSchema)

export const acceptTransfer = defineOperation({
  name: 'places.acceptTransfer',
  summary:
    'Take a place offered: the recipient gets an unpaid subscription (standard refund option) to sign the waiver of and pay (fee + transfer fee); asked again it answers the same.',
  method: 'POST',
  path: '/api/v1/vdatrailers/cessione/:codice/accetta',
  auth: 'bearer',
  inferred: true,
  pathParams: TransferParams,
  body: { kind: 'json', schema: AcceptTransferRequestSchema },
  responses: {
    200: z.object({ cessione: TransferSchema, iscrizione: SubscriptionSchema }),
    404: acceptProblem,
    409: acceptProblem,
    422: acceptProblem,
  },
  errors: AcceptTransferErrorSchema,
})

/**
 * Why declining was refused: no such offer to this athlete (404); nothing left to decline, the offer
 * taken, being paid, cancelled or lapsed (`transfer_closed`, 409: read it again to see which).
 */
export const DeclineTransferErrorSchema = z.enum(['transfer_not_found', 'transfer_closed'])
const declineProblem = problemOf(DeclineTransferErrorSchema)

export const declineTransfer = defineOperation({
  name: 'places.declineTransfer',
  summary:
    "Decline a place offered, taken or not, while no card pays for it: the offer ends, the place stays the giver's (who is told, and may offer it again); asked again it answers the same.",
  method: 'POST',
  path: '/api/v1/vdatrailers/cessione/:codice/rifiuta',
  auth: 'bearer',
  inferred: true,
  pathParams: TransferParams,
  responses: { 200: TransferSchema, 404: declineProblem, 409: declineProblem },
  errors: DeclineTransferErrorSchema,
})
