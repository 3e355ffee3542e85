import * as z from 'zod/mini'
import { DateOnlySchema, InstantSchema, problemOf } from './common'
import { defineOperation } from './operation'

export const ExperienceReportStateSchema = z.enum(['in_verifica', 'accettata'])

export const ExperienceReportSchema = z.object({
  id: z.number(),
  gara: z.string(),
  data: DateOnlySchema,
  /** Set when the reported race is one of the organiser's qualifying experience races. */
  gara_id: z.nullable(z.number()),
  qualificante: z.boolean(),
  stato: ExperienceReportStateSchema,
  inviata: InstantSchema,
})
export type ExperienceReport = z.infer<typeof ExperienceReportSchema>

export const NewExperienceReportSchema = z.object({
  gara: z.string().check(z.minLength(2)),
  data: DateOnlySchema,
  gara_id: z.nullable(z.number()),
  link_risultati: z.optional(z.url()),
})

export const list = defineOperation({
  name: 'experience.list',
  summary: "The athlete's experience-race reports and whether the athlete holds a PAX.",
  method: 'GET',
  path: '/api/v1/vdatrailers/esperienze',
  auth: 'bearer',
  inferred: true,
  responses: { 200: z.object({ esperienze: z.array(ExperienceReportSchema), pax: z.boolean() }) },
})

/** A report the backend refused: the body does not pass its checks. */
export const ReportExperienceErrorSchema = z.enum(['invalid_request'])
export type ReportExperienceError = z.infer<typeof ReportExperienceErrorSchema>

export const report = defineOperation({
  name: 'experience.report',
  summary: 'Report a race the athlete completed; it starts under verification.',
  method: 'POST',
  path: '/api/v1/vdatrailers/esperienze',
  auth: 'bearer',
  inferred: true,
  body: { kind: 'json', schema: NewExperienceReportSchema },
  responses: { 201: ExperienceReportSchema, 400: problemOf(ReportExperienceErrorSchema) },
  errors: ReportExperienceErrorSchema,
})
