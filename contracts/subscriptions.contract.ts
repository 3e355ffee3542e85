import * as z from 'zod/mini'
import { RefundOptionSchema, SubscriptionSchema } from './athlete.contract'
import { problemOf } from './common'
import { defineOperation } from './operation'
import { ExtraFieldAnswersSchema } from './races.contract'

// Inferred: not in the organiser's published calls. The published calls sign the waiver of an
// existing subscription (sign_liberatoria) and list subscriptions; something must create one.

/** The answers' schemas live beside the fields they answer (races.contract.ts); named here too. */
export { ExtraFieldAnswersSchema, ExtraFieldValueSchema } from './races.contract'

export const EnrolmentRequestSchema = z.object({
  project_id: z.number(),
  opzione_rimborso: RefundOptionSchema,
  noleggio_gps: z.boolean(),
  /** The answers to the race's extra fields, by the field's `nome`. */
  campi: ExtraFieldAnswersSchema,
})
export type EnrolmentRequest = z.infer<typeof EnrolmentRequestSchema>

/**
 * Why the backend refused: every place is taken or the athlete is already entered (409); the
 * registration window is not open, the athlete does not meet the race's conditions (certificate,
 * profile, age) or a required extra field is missing (422). A race with a waiting room (decision
 * 037) is entered only with a place held from it: none was taken (`queue_required`, 409), or the
 * held place ran out and went to the next in line (`hold_expired`, 409). A place offered from the
 * wait list (issue 23) lapsed before it was taken and went to the next in line (`offer_expired`, 409).
 */
export const EnrolmentErrorSchema = z.enum([
  'sold_out',
  'already_enrolled',
  'registration_closed',
  'not_eligible',
  'missing_field',
  'queue_required',
  'hold_expired',
  'offer_expired',
])
export type EnrolmentError = z.infer<typeof EnrolmentErrorSchema>
const enrolmentProblem = problemOf(EnrolmentErrorSchema)

export const create = defineOperation({
  name: 'subscriptions.create',
  summary:
    "Enter the athlete in a race, unpaid (the flagship's lottery without a PAX: an application); asked again it updates the open subscription.",
  method: 'POST',
  path: '/api/v1/vdatrailers/iscrizione',
  auth: 'bearer',
  inferred: true,
  body: { kind: 'json', schema: EnrolmentRequestSchema },
  responses: { 200: z.object({ iscrizione: SubscriptionSchema }), 409: enrolmentProblem, 422: enrolmentProblem },
  errors: EnrolmentErrorSchema,
})
