import * as z from 'zod/mini'
import { problemOf, UndocumentedBodySchema } from './common'
import { defineOperation } from './operation'

/** The athlete has no subscription to that race. */
export const LiberatoriaSignErrorSchema = z.enum(['no_subscription'])
export type LiberatoriaSignError = z.infer<typeof LiberatoriaSignErrorSchema>

export const sign = defineOperation({
  name: 'liberatoria.sign',
  summary: "Sign the race's liability waiver; status 200 means signed.",
  method: 'POST',
  path: '/api/v1/vdatrailers/sign_liberatoria',
  auth: 'bearer',
  body: { kind: 'json', schema: z.object({ project_id: z.number() }) },
  responses: { 200: UndocumentedBodySchema, 404: problemOf(LiberatoriaSignErrorSchema) },
  errors: LiberatoriaSignErrorSchema,
})
