import * as z from 'zod/mini'
import { RefundOptionSchema } from './athlete.contract'
import { EuroAmountSchema, InstantSchema, NavigableUrlSchema, problemOf } from './common'
import { defineOperation } from './operation'

export const PaymentStateSchema = z.enum(['pending', 'success', 'failed', 'expired'])
export type PaymentState = z.infer<typeof PaymentStateSchema>

export const PaymentStatusSchema = z.object({
  pagamento_id: z.string(),
  stato: PaymentStateSchema,
  project_id: z.number(),
  totale: EuroAmountSchema,
  aggiornato: InstantSchema,
})
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

export const StartPaymentSchema = z.object({
  project_id: z.number(),
  opzione_rimborso: RefundOptionSchema,
  noleggio_gps: z.boolean(),
  /** The total the portal showed; the server refuses (409) when its own differs. */
  totale_atteso: EuroAmountSchema,
  /**
   * One key per attempt: a retried request never charges twice. The key is the athlete's own (the
   * same key from another athlete is another key); reused with a different body it is refused.
   */
  idempotency_key: z.string().check(z.minLength(8)),
})
export type StartPayment = z.infer<typeof StartPaymentSchema>

/**
 * Why a payment did not start: the server's total differs from the one shown, or the last place
 * has gone (409); no subscription to pay, it is paid already, its waiver is not signed, it is a
 * lottery application (paid only if drawn), or the idempotency key was already used for a
 * different request (422).
 */
export const StartPaymentErrorSchema = z.enum([
  'total_mismatch',
  'sold_out',
  'no_subscription',
  'already_paid',
  'waiver_not_signed',
  'lottery_application',
  'idempotency_key_reused',
])
export type StartPaymentError = z.infer<typeof StartPaymentErrorSchema>
const startPaymentProblem = problemOf(StartPaymentErrorSchema)

export const start = defineOperation({
  name: 'payments.start',
  summary: 'Start the online payment of an enrolment; answers where to send the athlete.',
  method: 'POST',
  path: '/api/v1/vdatrailers/pagamenti',
  auth: 'bearer',
  inferred: true,
  body: { kind: 'json', schema: StartPaymentSchema },
  responses: {
    201: z.object({ pagamento_id: z.string(), redirect_url: NavigableUrlSchema, totale: EuroAmountSchema }),
    409: startPaymentProblem,
    422: startPaymentProblem,
  },
  errors: StartPaymentErrorSchema,
})

/** No payment has that id. */
export const PaymentStatusErrorSchema = z.enum(['payment_not_found'])
export type PaymentStatusError = z.infer<typeof PaymentStatusErrorSchema>

export const status = defineOperation({
  name: 'payments.status',
  summary: 'The outcome of a payment.',
  method: 'GET',
  path: '/api/v1/vdatrailers/pagamenti/:id',
  auth: 'none',
  inferred: true,
  pathParams: z.object({ id: z.string() }),
  responses: { 200: PaymentStatusSchema, 404: problemOf(PaymentStatusErrorSchema) },
  errors: PaymentStatusErrorSchema,
})

/** No payment has that link (404), or the payment request has expired (410). */
export const PaymentLinkErrorSchema = z.enum(['payment_not_found', 'request_expired'])
export type PaymentLinkError = z.infer<typeof PaymentLinkErrorSchema>
const paymentLinkProblem = problemOf(PaymentLinkErrorSchema)

export const byLink = defineOperation({
  name: 'payments.byLink',
  summary: 'The outcome of a payment made through a payment link sent by the organiser.',
  method: 'GET',
  path: '/api/v1/vdatrailers/pagamenti/link/:code',
  auth: 'none',
  inferred: true,
  pathParams: z.object({ code: z.string() }),
  responses: { 200: PaymentStatusSchema, 404: paymentLinkProblem, 410: paymentLinkProblem },
  errors: PaymentLinkErrorSchema,
})
