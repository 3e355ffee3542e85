import * as z from 'zod/mini'
import { LocaleSchema, NumericIdParam, problemOf, UndocumentedBodySchema } from './common'
import { defineOperation } from './operation'

/**
 * The race's waiver in one language (inferred: not in the organiser's published calls). `frase` is
 * what the athlete types to sign; `versione` changes whenever any language's text changes.
 */
export const WaiverSchema = z.object({
  project_id: z.number(),
  versione: z.string(),
  lingua: LocaleSchema,
  testo: z.string(),
  frase: z.string(),
})
export type Waiver = z.infer<typeof WaiverSchema>

/** No race has that id. */
export const WaiverLookupErrorSchema = z.enum(['race_not_found'])

export const get = defineOperation({
  name: 'liberatoria.get',
  summary: "The race's waiver text in a language, with the sentence the athlete types to sign it.",
  method: 'GET',
  path: '/api/v1/vdatrailers/liberatoria/:id',
  auth: 'none',
  inferred: true,
  pathParams: z.object({ id: NumericIdParam }),
  query: z.object({ lingua: LocaleSchema }),
  responses: { 200: WaiverSchema, 404: problemOf(WaiverLookupErrorSchema) },
  errors: WaiverLookupErrorSchema,
})

/** A lowercase hexadecimal SHA-256 digest. */
export const Sha256Schema = z.string().check(z.regex(/^[0-9a-f]{64}$/))

export const SignWaiverSchema = z.object({
  project_id: z.number(),
  // Inferred evidence of what was signed; a backend that ignores them still signs.
  versione: z.optional(z.string()),
  lingua: z.optional(LocaleSchema),
  sha256: z.optional(Sha256Schema),
})
export type SignWaiver = z.infer<typeof SignWaiverSchema>

/**
 * The athlete has no subscription to that race (404); the text signed is not the race's current
 * one (409, inferred: the portal showed a text that has since changed).
 */
export const LiberatoriaSignErrorSchema = z.enum(['no_subscription', 'waiver_outdated'])
export type LiberatoriaSignError = z.infer<typeof LiberatoriaSignErrorSchema>
const signProblem = problemOf(LiberatoriaSignErrorSchema)

export const sign = defineOperation({
  name: 'liberatoria.sign',
  summary: "Sign the race's liability waiver; status 200 means signed.",
  method: 'POST',
  path: '/api/v1/vdatrailers/sign_liberatoria',
  auth: 'bearer',
  body: { kind: 'json', schema: SignWaiverSchema },
  responses: { 200: UndocumentedBodySchema, 404: signProblem, 409: signProblem },
  errors: LiberatoriaSignErrorSchema,
})
