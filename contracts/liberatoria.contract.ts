import * as z from 'zod/mini'
import { LocaleSchema, MAX_WAIVER_VERSION_LENGTH, NumericIdParam, problemOf, UndocumentedBodySchema } from './common'
import { defineOperation } from './operation'

// Bounds no person reaches, so a careless or hostile client cannot make the server hold or check
// megabytes (issue 19 row 7).

/** A waiver's version (`v1`, `v2`...): common.ts holds it, as races name their waiver's version too. */
export { MAX_WAIVER_VERSION_LENGTH }
/** A waiver's text, in one language. */
export const MAX_WAIVER_TEXT_LENGTH = 50_000
/** The sentence the athlete types to sign. */
export const MAX_WAIVER_SENTENCE_LENGTH = 500

const RaceIdSchema = z.int32().check(z.positive())
const WaiverVersionSchema = z.string().check(z.minLength(1), z.maxLength(MAX_WAIVER_VERSION_LENGTH))

/**
 * The grammatical form a waiver is written in for the athlete signing it ("Io sottoscritta",
 * "Je soussignée"): their sex where known; none asked or served means the neutral wording.
 */
export const WaiverFormSchema = z.enum(['F', 'M'])
export type WaiverForm = z.infer<typeof WaiverFormSchema>

/**
 * The race's waiver in one language (inferred: not in the organiser's published calls). `frase` is
 * what the athlete types to sign; `versione` changes whenever any language's text changes. `forma`:
 * the form served, only in a language whose text has one (Italian, Spanish, French).
 */
export const WaiverSchema = z.object({
  project_id: RaceIdSchema,
  versione: WaiverVersionSchema,
  lingua: LocaleSchema,
  forma: z.optional(WaiverFormSchema),
  testo: z.string().check(z.maxLength(MAX_WAIVER_TEXT_LENGTH)),
  frase: z.string().check(z.maxLength(MAX_WAIVER_SENTENCE_LENGTH)),
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
  query: z.object({ lingua: LocaleSchema, forma: z.optional(WaiverFormSchema) }),
  responses: { 200: WaiverSchema, 404: problemOf(WaiverLookupErrorSchema) },
  errors: WaiverLookupErrorSchema,
})

/** A lowercase hexadecimal SHA-256 digest: exactly 64 hex digits. */
export const Sha256Schema = z.string().check(z.length(64), z.regex(/^[0-9a-f]{64}$/))

/**
 * The signature, with the evidence of what was signed (inferred; a backend that ignores it still
 * signs): the version and language of the text shown, and the SHA-256 of that text (`testo`, UTF-8)
 * as `liberatoria.get` served it. A digest is checked against the text of the version, language and
 * form named, so it comes with `lingua` (and `forma` when the text shown had one).
 */
export const SignWaiverSchema = z.object({
  project_id: RaceIdSchema,
  versione: z.optional(WaiverVersionSchema),
  lingua: z.optional(LocaleSchema),
  forma: z.optional(WaiverFormSchema),
  sha256: z.optional(Sha256Schema),
})
export type SignWaiver = z.infer<typeof SignWaiverSchema>

/**
 * The athlete has no subscription to that race (404); the text signed is not the race's current
 * one (409 `waiver_outdated`, inferred: the portal showed a text that has since changed); the
 * waiver of a paid enrolment is signed already, and that signature is evidence that is never
 * replaced (409 `already_signed`); the digest is not the one of the text of the version and
 * language named, or comes without a language (422 `hash_mismatch`).
 */
export const LiberatoriaSignErrorSchema = z.enum(['no_subscription', 'waiver_outdated', 'already_signed', 'hash_mismatch'])
export type LiberatoriaSignError = z.infer<typeof LiberatoriaSignErrorSchema>
const signProblem = problemOf(LiberatoriaSignErrorSchema)

export const sign = defineOperation({
  name: 'liberatoria.sign',
  summary: "Sign the race's liability waiver; status 200 means signed.",
  method: 'POST',
  path: '/api/v1/vdatrailers/sign_liberatoria',
  auth: 'bearer',
  body: { kind: 'json', schema: SignWaiverSchema },
  responses: { 200: UndocumentedBodySchema, 404: signProblem, 409: signProblem, 422: signProblem },
  errors: LiberatoriaSignErrorSchema,
})
