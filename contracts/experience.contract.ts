import * as z from 'zod/mini'
import {
  DateOnlySchema,
  EARLIEST_PLAUSIBLE_DATE,
  InstantSchema,
  MAX_RACE_DURATION_S,
  MAX_URL_LENGTH,
  NavigableUrlSchema,
  problemOf,
} from './common'
import { defineOperation } from './operation'

/** Under verification by the organiser's staff, then accepted or rejected. */
export const ExperienceReportStateSchema = z.enum(['in_verifica', 'accettata', 'respinta'])
export type ExperienceReportState = z.infer<typeof ExperienceReportStateSchema>

/** Why staff rejected a report, as a code the portal says in the athlete's language. */
export const RejectionReasonSchema = z.enum(['risultati_non_trovati', 'tempo_non_corrispondente', 'gara_non_idonea'])
export type RejectionReason = z.infer<typeof RejectionReasonSchema>

// Bounds no person reaches, so a careless or hostile client cannot make the server hold or check
// megabytes (issue 19 row 7).

/** A race's name as the athlete types it. */
export const MAX_RACE_NAME_LENGTH = 120
/** A race's name as a report keeps it (the organiser's races are named by their name and edition). */
export const MAX_REPORTED_NAME_LENGTH = 250
/**
 * The longest finish time a report may give, in seconds: the longest a race can take
 * (MAX_RACE_DURATION_S, 14 days). A longer one is `finish_time`.
 */
export const MAX_FINISH_TIME_S = MAX_RACE_DURATION_S
/**
 * The earliest edition date a report may give (EARLIEST_PLAUSIBLE_DATE): an earlier one (year 1,
 * a slip of the century) is `date_too_early`, as is one before the athlete's birth date.
 */
export const EARLIEST_REPORT_DATE = EARLIEST_PLAUSIBLE_DATE

/** A finish time, in whole seconds. */
const FinishTimeSchema = z.int().check(z.positive(), z.lte(MAX_FINISH_TIME_S))
const ResultsLinkSchema = NavigableUrlSchema.check(z.maxLength(MAX_URL_LENGTH))
const RaceIdSchema = z.int32().check(z.positive())

/**
 * A race's name as a report keeps and compares it, and as a person sees it: Unicode NFKC
 * (full-width and other compatibility forms spelt plainly), without format characters (category
 * Cf: zero-width spaces and joiners, bidirectional controls) or other invisible ones, control
 * characters and runs of spaces made one space, trimmed. The case is kept. The portal's form checks
 * a name with it before the server does.
 */
export function cleanRaceName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
}

export const ExperienceReportSchema = z.object({
  id: z.number(),
  gara: z.string().check(z.maxLength(MAX_REPORTED_NAME_LENGTH)),
  /** The edition's date. */
  data: DateOnlySchema,
  /** Set when the reported race is one of the organiser's experience races. */
  gara_id: z.nullable(RaceIdSchema),
  qualificante: z.boolean(),
  tempo_secondi: FinishTimeSchema,
  link_risultati: z.nullable(ResultsLinkSchema),
  stato: ExperienceReportStateSchema,
  /** Set when `stato` is `respinta`. */
  motivo: z.nullable(RejectionReasonSchema),
  inviata: InstantSchema,
})
export type ExperienceReport = z.infer<typeof ExperienceReportSchema>

/**
 * A report. The server compares names after Unicode NFKC, without format characters (zero-width
 * spaces...) and with spaces collapsed, in any case: a look-alike of a race reported is the same
 * race, and a name with nothing visible in it is `race_name`. `tempo_secondi` takes any whole number
 * here: the server answers one over MAX_FINISH_TIME_S with `finish_time`, a code the portal words.
 */
export const NewExperienceReportSchema = z.object({
  gara: z.string().check(z.trim(), z.minLength(2), z.maxLength(MAX_RACE_NAME_LENGTH)),
  data: DateOnlySchema,
  gara_id: z.nullable(RaceIdSchema),
  tempo_secondi: z.int().check(z.positive()),
  link_risultati: z.optional(ResultsLinkSchema),
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

/**
 * A report the backend refused (400): the name has nothing visible in it or is too long once
 * normalised (`race_name`), the date is still to come (`future_date`: also one of the organiser's
 * races not yet run), before EARLIEST_REPORT_DATE or the athlete's birth (`date_too_early`), the
 * finish time is over MAX_FINISH_TIME_S (`finish_time`), or the race named by id is not one of the
 * organiser's experience races (`invalid_request`); the race was reported already (409
 * `duplicate_report`).
 */
export const ReportExperienceErrorSchema = z.enum([
  'invalid_request',
  'race_name',
  'future_date',
  'date_too_early',
  'finish_time',
  'duplicate_report',
])
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
