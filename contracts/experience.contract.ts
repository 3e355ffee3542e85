import * as z from 'zod/mini'
import { DateOnlySchema, InstantSchema, NavigableUrlSchema, problemOf } from './common'
import { defineOperation } from './operation'

/** Under verification by the organiser's staff, then accepted or rejected. */
export const ExperienceReportStateSchema = z.enum(['in_verifica', 'accettata', 'respinta'])
export type ExperienceReportState = z.infer<typeof ExperienceReportStateSchema>

/** Why staff rejected a report, as a code the portal says in the athlete's language. */
export const RejectionReasonSchema = z.enum(['risultati_non_trovati', 'tempo_non_corrispondente', 'gara_non_idonea'])
export type RejectionReason = z.infer<typeof RejectionReasonSchema>

/** A finish time, in whole seconds. */
const FinishTimeSchema = z.int().check(z.positive())

export const ExperienceReportSchema = z.object({
  id: z.number(),
  gara: z.string(),
  /** The edition's date. */
  data: DateOnlySchema,
  /** Set when the reported race is one of the organiser's experience races. */
  gara_id: z.nullable(z.number()),
  qualificante: z.boolean(),
  tempo_secondi: FinishTimeSchema,
  link_risultati: z.nullable(NavigableUrlSchema),
  stato: ExperienceReportStateSchema,
  /** Set when `stato` is `respinta`. */
  motivo: z.nullable(RejectionReasonSchema),
  inviata: InstantSchema,
})
export type ExperienceReport = z.infer<typeof ExperienceReportSchema>

export const NewExperienceReportSchema = z.object({
  gara: z.string().check(z.trim(), z.minLength(2), z.maxLength(120)),
  data: DateOnlySchema,
  gara_id: z.nullable(z.number()),
  tempo_secondi: FinishTimeSchema,
  link_risultati: z.optional(NavigableUrlSchema),
})
export type NewExperienceReport = z.infer<typeof NewExperienceReportSchema>

/**
 * The athlete's PAX as the backend decides it: whether it is held, the flagship edition it opens
 * (direct entry, no lottery) and until when, and how far the athlete is along the rule that earns it.
 */
export const PaxSchema = z.object({
  attivo: z.boolean(),
  /** The flagship edition the PAX opens, or would open once earned. */
  gara_id: z.nullable(z.number()),
  /** Registration for that edition closes then: the PAX is good until this moment. */
  valido_fino: z.nullable(InstantSchema),
  /** The rule: this many accepted qualifying races ... */
  richieste: z.int().check(z.positive()),
  /** ... finished within this many months before the flagship's race day. */
  mesi: z.int().check(z.positive()),
  /** Accepted qualifying races that count towards it now. */
  valide: z.int().check(z.nonnegative()),
})
export type Pax = z.infer<typeof PaxSchema>

export const list = defineOperation({
  name: 'experience.list',
  summary: "The athlete's experience-race reports, newest edition first, and the athlete's PAX.",
  method: 'GET',
  path: '/api/v1/vdatrailers/esperienze',
  auth: 'bearer',
  inferred: true,
  responses: { 200: z.object({ esperienze: z.array(ExperienceReportSchema), pax: PaxSchema }) },
})

/** A report the backend refused: the body does not pass its checks, or the race was reported already. */
export const ReportExperienceErrorSchema = z.enum(['invalid_request', 'duplicate_report'])
export type ReportExperienceError = z.infer<typeof ReportExperienceErrorSchema>

export const report = defineOperation({
  name: 'experience.report',
  summary: 'Report a race the athlete completed; it starts under verification.',
  method: 'POST',
  path: '/api/v1/vdatrailers/esperienze',
  auth: 'bearer',
  inferred: true,
  body: { kind: 'json', schema: NewExperienceReportSchema },
  responses: { 201: ExperienceReportSchema, 400: problemOf(ReportExperienceErrorSchema), 409: problemOf(ReportExperienceErrorSchema) },
  errors: ReportExperienceErrorSchema,
})
