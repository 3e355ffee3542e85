import * as z from 'zod/mini'
import { RefundOptionSchema } from './athlete.contract'
import { EuroAmountSchema, InstantSchema, MAX_PAYMENT_ID_LENGTH, MAX_PAYMENT_LINK_CODE_LENGTH, NavigableUrlSchema, PaymentIdSchema, problemOf } from './common'
import { defineOperation } from './operation'

/**
 * Bounds no person reaches, so a careless or hostile client cannot make the server hold or check
 * megabytes (issue 19 row 7). The payment id's and the link code's are common.ts's.
 */
export { MAX_PAYMENT_ID_LENGTH, MAX_PAYMENT_LINK_CODE_LENGTH }
/** The idempotency key of a payment attempt: at least 8 characters, at most 255. */
export const MIN_IDEMPOTENCY_KEY_LENGTH = 8
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255
/** No enrolment costs this much; a total above it is a client bug, refused before any rule runs. */
export const MAX_PAYMENT_TOTAL_EUR = 100_000
/** The provider's checkout address the server hands out. */
export const MAX_REDIRECT_URL_LENGTH = 2_048
/** A race as a payment link names it: its name and edition. */
export const MAX_PAYMENT_RACE_TITLE_LENGTH = 200

/** The code of an organiser's payment link. */
export const PaymentLinkCodeSchema = z.string().check(z.minLength(1), z.maxLength(MAX_PAYMENT_LINK_CODE_LENGTH))
/** A race's id. */
const RaceIdSchema = z.int32().check(z.positive())
/** An amount a payment can be for. */
const PaymentAmountSchema = EuroAmountSchema.check(z.maximum(MAX_PAYMENT_TOTAL_EUR))

export const PaymentStateSchema = z.enum(['pending', 'success', 'failed', 'expired'])
export type PaymentState = z.infer<typeof PaymentStateSchema>

/**
 * Why a payment the provider authorised was not taken: the place had been paid by another payment
 * (another tab, the organiser's link) by the time it settled (`already_paid`), or the place held
 * from a race's waiting room ran out before the card was authorised (`hold_expired`, decision 037),
 * or the place offered from the wait list lapsed or was declined before it (`offer_expired`, issue
 * 23), or the place passed on by a transfer lapsed before it (`transfer_expired`), or the race's
 * last place went to another athlete's payment first (`sold_out`, issue 40), so this one was voided
 * or refunded (`stato: 'failed'`, and a refunded line among the athlete's transactions). Never a
 * second place, never a charge without one.
 */
export const PaymentVoidReasonSchema = z.enum(['already_paid', 'hold_expired', 'offer_expired', 'transfer_expired', 'sold_out'])
export type PaymentVoidReason = z.infer<typeof PaymentVoidReasonSchema>

/**
 * Why the provider declined the card, as it says (a failed card payment; on an organiser's link,
 * the last card declined while the link stays open): refused by the bank with no reason given,
 * not enough funds, the card has expired, the security code (CVC) was wrong.
 */
export const PaymentDeclineReasonSchema = z.enum(['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc'])
export type PaymentDeclineReason = z.infer<typeof PaymentDeclineReasonSchema>

export const PaymentStatusSchema = z.object({
  pagamento_id: PaymentIdSchema,
  stato: PaymentStateSchema,
  project_id: RaceIdSchema,
  totale: PaymentAmountSchema,
  aggiornato: InstantSchema,
  /** Set only on a payment voided (or refunded) because its place was already paid. */
  motivo: z.optional(PaymentVoidReasonSchema),
  /** Set only when the provider declined the card: the reason it gave. */
  motivo_rifiuto: z.optional(PaymentDeclineReasonSchema),
})
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

export const StartPaymentSchema = z.object({
  project_id: RaceIdSchema,
  opzione_rimborso: RefundOptionSchema,
  noleggio_gps: z.boolean(),
  /** The total the portal showed; the server refuses (409) when its own differs. */
  totale_atteso: PaymentAmountSchema,
  /**
   * One key per attempt: a retried request never charges twice. The key is the athlete's own (the
   * same key from another athlete is another key); reused with a different body it is refused.
   */
  idempotency_key: z.string().check(z.minLength(MIN_IDEMPOTENCY_KEY_LENGTH), z.maxLength(MAX_IDEMPOTENCY_KEY_LENGTH)),
})
export type StartPayment = z.infer<typeof StartPaymentSchema>

/**
 * Why a payment did not start (409): the server's total differs from the one shown; the last place
 * has gone; the organiser's payment link for this place is open (`payment_link_open`: pay it there,
 * the body's `codice_link` says which); a payment of this place is authorised and awaiting the
 * provider's confirmation (`payment_in_progress`: wait for it, the body's `pagamento_id` says which,
 * instead of starting a second one). Or (422): no subscription to pay, it is paid already, its waiver
 * is not signed, it is a lottery application (paid only if drawn), or the idempotency key was
 * already used for a different request. A race with a waiting room (decision 037) is paid only
 * within a held place: none was taken (`queue_required`, 409) or it ran out (`hold_expired`, 409);
 * a place offered from the wait list lapsed first (`offer_expired`, 409, issue 23).
 */
export const StartPaymentErrorSchema = z.enum([
  'total_mismatch',
  'sold_out',
  'payment_link_open',
  'payment_in_progress',
  'no_subscription',
  'already_paid',
  'waiver_not_signed',
  'lottery_application',
  'idempotency_key_reused',
  'queue_required',
  'hold_expired',
  'offer_expired',
])
export type StartPaymentError = z.infer<typeof StartPaymentErrorSchema>
const startPaymentProblem = problemOf(StartPaymentErrorSchema)

/**
 * The 409 of a payment start: a problem body that, for the two "one live payment per place"
 * refusals, also names the payment to use instead. `codice_link` comes with `payment_link_open`
 * (the portal sends the athlete to `/payment/by-link?code=<codice_link>`), `pagamento_id` with
 * `payment_in_progress` (the portal waits for that payment, read with `payments.status`).
 */
export const StartPaymentConflictSchema = z.extend(startPaymentProblem, {
  codice_link: z.optional(PaymentLinkCodeSchema),
  pagamento_id: z.optional(PaymentIdSchema),
})
export type StartPaymentConflict = z.infer<typeof StartPaymentConflictSchema>

export const start = defineOperation({
  name: 'payments.start',
  summary: 'Start the online payment of an enrolment; answers where to send the athlete.',
  method: 'POST',
  path: '/api/v1/vdatrailers/pagamenti',
  auth: 'bearer',
  inferred: true,
  body: { kind: 'json', schema: StartPaymentSchema },
  responses: {
    201: z.object({
      pagamento_id: PaymentIdSchema,
      redirect_url: NavigableUrlSchema.check(z.maxLength(MAX_REDIRECT_URL_LENGTH)),
      totale: PaymentAmountSchema,
    }),
    409: StartPaymentConflictSchema,
    422: startPaymentProblem,
  },
  errors: StartPaymentErrorSchema,
})

/**
 * No payment of the signed-in athlete has that id: unknown, or another athlete's (the same answer,
 * so ids cannot be probed).
 */
export const PaymentStatusErrorSchema = z.enum(['payment_not_found'])
export type PaymentStatusError = z.infer<typeof PaymentStatusErrorSchema>

export const status = defineOperation({
  name: 'payments.status',
  summary: "The outcome of one of the signed-in athlete's payments.",
  method: 'GET',
  path: '/api/v1/vdatrailers/pagamenti/:id',
  auth: 'bearer',
  inferred: true,
  pathParams: z.object({ id: PaymentIdSchema }),
  responses: { 200: PaymentStatusSchema, 404: problemOf(PaymentStatusErrorSchema) },
  errors: PaymentStatusErrorSchema,
})

/**
 * A payment asked for by the organiser's link, as its anonymous status page reads it (decision 026):
 * the payment's status, what the link's e-mail names, and whether it can be paid now.
 * - `gara`: the race, `<name> <edition>`.
 * - `scade`: the link's deadline; absent for a link that does not lapse. Past it the link answers 410.
 * - `checkout_url`: the provider's page where the link is paid, present only while it can be paid
 *   now (pending, nothing under way at the provider). A pending link without it has a card
 *   payment with the provider, awaiting its confirmation.
 * - `rifiutato`: when the provider last declined a card on this link. A declined card does not
 *   close the link: with `checkout_url` the athlete may try another.
 */
export const PaymentLinkStatusSchema = z.extend(PaymentStatusSchema, {
  gara: z.string().check(z.minLength(1), z.maxLength(MAX_PAYMENT_RACE_TITLE_LENGTH)),
  scade: z.optional(InstantSchema),
  checkout_url: z.optional(NavigableUrlSchema.check(z.maxLength(MAX_REDIRECT_URL_LENGTH))),
  rifiutato: z.optional(InstantSchema),
})
export type PaymentLinkStatus = z.infer<typeof PaymentLinkStatusSchema>

/** No payment has that link (404), or the payment request has expired (410). */
export const PaymentLinkErrorSchema = z.enum(['payment_not_found', 'request_expired'])
export type PaymentLinkError = z.infer<typeof PaymentLinkErrorSchema>
const paymentLinkProblem = problemOf(PaymentLinkErrorSchema)

export const byLink = defineOperation({
  name: 'payments.byLink',
  summary: 'The outcome of a payment made through a payment link sent by the organiser (anonymous: the code is the key).',
  method: 'GET',
  path: '/api/v1/vdatrailers/pagamenti/link/:code',
  auth: 'none',
  inferred: true,
  pathParams: z.object({ code: PaymentLinkCodeSchema }),
  responses: { 200: PaymentLinkStatusSchema, 404: paymentLinkProblem, 410: paymentLinkProblem },
  errors: PaymentLinkErrorSchema,
})
