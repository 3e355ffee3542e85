import * as z from 'zod/mini'
import { ProblemSchema, UndocumentedBodySchema } from './common'
import { defineOperation } from './operation'
import { LocaleSchema } from './locale'

export const NewUserSchema = z.object({
  nome: z.string().check(z.minLength(1)),
  cognome: z.string().check(z.minLength(1)),
  mail: z.email(),
  password: z.string().check(z.minLength(8)),
  privacy_policy: z.literal(true),
  newsletter: z.optional(z.boolean()),
  lingua: z.optional(LocaleSchema),
})
export type NewUser = z.infer<typeof NewUserSchema>

export const register = defineOperation({
  name: 'account.register',
  summary: 'Create an account; a confirmation link is e-mailed. 409 when it cannot be created.',
  method: 'POST',
  path: '/api/v1/vdatrailers/new_user',
  auth: 'none',
  body: { kind: 'json', schema: NewUserSchema },
  responses: { 201: z.object({ contact_id: z.number() }), 409: ProblemSchema },
})

export const confirm = defineOperation({
  name: 'account.confirm',
  summary:
    "Confirm an account from the e-mail link; the link's token becomes the session (24 h).",
  method: 'GET',
  path: '/api/v1/vdatrailers/confirm_new_user',
  auth: 'bearer',
  query: z.object({ contact_id: z.coerce.number() }),
  responses: { 200: UndocumentedBodySchema, 401: ProblemSchema, 404: ProblemSchema, 410: ProblemSchema },
})
