import * as z from 'zod/mini'
import { RefundOptionSchema, SubscriptionSchema } from './athlete.contract'
import { boundedString, maxKeys, problemOf } from './common'
import { defineOperation } from './operation'
import { MAX_EXTRA_FIELD_ANSWER_LENGTH, MAX_EXTRA_FIELD_NAME_LENGTH, MAX_EXTRA_FIELDS } from './races.contract'

// Inferred: not in the organiser's published calls. The published calls sign the waiver of an
// existing subscription (sign_liberatoria) and list subscriptions; something must create one.

/** The answer to an extra field of `campi_per_iscrizione`: text or a choice, or a yes/no. */
export const ExtraFieldValueSchema = z.union([boundedString(MAX_EXTRA_FIELD_ANSWER_LENGTH), z.boolean()])

/** The answers to a race's extra fields, by the field's `nome`. */
export const ExtraFieldAnswersSchema = z
  .record(boundedString(MAX_EXTRA_FIELD_NAME_LENGTH), ExtraFieldValueSchema)
  .check(maxKeys(MAX_EXTRA_FIELDS))

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
 * profile, age) or a required extra field is missing (422).
 */
export const EnrolmentErrorSchema = z.enum(['sold_out', 'already_enrolled', 'registration_closed', 'not_eligible', 'missing_field'])
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
