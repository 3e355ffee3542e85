import * as z from 'zod/mini'
import {
  LocaleSchema,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  problemOf,
  UnauthorizedSchema,
  UndocumentedBodySchema,
} from './common'
import { defineOperation } from './operation'

/** A new account: names of at most MAX_NAME_LENGTH, an e-mail of at most MAX_EMAIL_LENGTH, a password of 8 to MAX_PASSWORD_LENGTH. */
export const NewUserSchema = z.object({
  nome: z.string().check(z.minLength(1), z.maxLength(MAX_NAME_LENGTH)),
  cognome: z.string().check(z.minLength(1), z.maxLength(MAX_NAME_LENGTH)),
  // The length first: the e-mail's pattern is never run on a megabyte.
  mail: z.string().check(z.maxLength(MAX_EMAIL_LENGTH, { abort: true }), z.email()),
  password: z.string().check(z.minLength(8), z.maxLength(MAX_PASSWORD_LENGTH)),
  privacy_policy: z.literal(true),
  newsletter: z.optional(z.boolean()),
  lingua: z.optional(LocaleSchema),
})
export type NewUser = z.infer<typeof NewUserSchema>

/** Why an account was not created: the e-mail is taken, or the backend refused it (generic). */
export const RegisterErrorSchema = z.enum(['user_exists', 'registration_failed'])
export type RegisterError = z.infer<typeof RegisterErrorSchema>

export const register = defineOperation({
  name: 'account.register',
  summary: 'Create an account; a confirmation link is e-mailed. 409 when it cannot be created.',
  method: 'POST',
  path: '/api/v1/vdatrailers/new_user',
  auth: 'none',
  body: { kind: 'json', schema: NewUserSchema },
  responses: { 201: z.object({ contact_id: z.number() }), 409: problemOf(RegisterErrorSchema) },
  errors: RegisterErrorSchema,
})

/** Why a confirmation link did not work: not ours (404), or used or expired (410). */
export const ConfirmErrorSchema = z.enum(['unknown_token', 'expired_token'])
export type ConfirmError = z.infer<typeof ConfirmErrorSchema>
const confirmProblem = problemOf(ConfirmErrorSchema)

export const confirm = defineOperation({
  name: 'account.confirm',
  summary:
    "Confirm an account from the e-mail link; the link's token becomes the session (24 h).",
  method: 'GET',
  path: '/api/v1/vdatrailers/confirm_new_user',
  auth: 'bearer',
  query: z.object({ contact_id: z.coerce.number() }),
  responses: { 200: UndocumentedBodySchema, 401: UnauthorizedSchema, 404: confirmProblem, 410: confirmProblem },
  errors: ConfirmErrorSchema,
})
