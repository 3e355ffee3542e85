import * as z from 'zod/mini'
import {
  boundedString,
  EuroAmountSchema,
  InstantSchema,
  LocaleSchema,
  MAX_RACE_DURATION_S,
  MAX_WAIVER_VERSION_LENGTH,
  maxKeys,
  NumericIdParam,
  problemOf,
} from './common'
import { RACE_FILTERS, type RaceFilter } from './constants'
import { defineOperation } from './operation'
import { HOUR_S } from './time'

/** A duration in seconds that a race can take: not negative, at most MAX_RACE_DURATION_S (30 years cannot be). */
const RaceSecondsSchema = z.number().check(z.nonnegative(), z.lte(MAX_RACE_DURATION_S))

// Inferred: the organiser's published calls do not include race lists, details, ranking or
// subscribers. Wire names follow the backend's Italian style.

export const TrailTypeSchema = z.enum(['trail', 'ultra', 'skyrace', 'vertical', 'snow'])
export type TrailType = z.infer<typeof TrailTypeSchema>

/** How entries are allocated: first come first served, or a lottery (flagship; PAX skips it). */
export const EntryModeSchema = z.enum(['diretta', 'lotteria'])

/**
 * How a race's waiting room runs, on the race itself (list and details), so the race page can count
 * down to it before anyone joins. Absent: the race opens without a room (every race but a rush).
 * - `apre`: when the room opens, before registration (`apertura_iscrizioni`): who joins between the
 *   two is drawn at random at the opening;
 * - `ammissioni_al_minuto`: how many athletes the backend admits per minute once registration opens;
 * - `ammissione_s`: how long an admission stays valid for starting the wizard;
 * - `posto_s`: how long a held place lasts from the moment it is taken.
 */
export const WaitingRoomSchema = z.object({
  apre: InstantSchema,
  ammissioni_al_minuto: z.int().check(z.positive()),
  ammissione_s: z.int().check(z.positive()),
  posto_s: z.int().check(z.positive()),
})
export type WaitingRoom = z.infer<typeof WaitingRoomSchema>

/**
 * Inferred (issue 23, decision 038): what an entered athlete may do with a paid place besides
 * withdrawing (the refund schedule, `rimborsi`). Each is `null` where the race does not allow it.
 * - `cessione`: pass the place to another athlete until `chiude`; the recipient pays the race's fee
 *   plus `tassa` (and their own GPS choice); once they have paid, the giver is refunded
 *   `rimborso_percento` of the fee they paid (and an uncollected GPS rental);
 * - `rinvio`: defer to the course's next edition until `chiude`: the fee paid less `tassa` becomes a
 *   credit for that edition; the place goes back to the race.
 */
export const PlaceChangesSchema = z.object({
  cessione: z.nullable(
    z.object({
      tassa: EuroAmountSchema,
      rimborso_percento: z.int().check(z.gte(0), z.lte(100)),
      chiude: InstantSchema,
    }),
  ),
  rinvio: z.nullable(z.object({ tassa: EuroAmountSchema, chiude: InstantSchema })),
})
export type PlaceChanges = z.infer<typeof PlaceChangesSchema>

/**
 * Inferred (issue 23): the race keeps a wait list once sold out (`races.subscribers` full): a place
 * that comes back is offered to the next in line, who has `offerta_ore` hours to enrol and pay.
 */
export const WaitListRuleSchema = z.object({ offerta_ore: z.int().check(z.positive(), z.lte(24 * 30)) })
export type WaitListRule = z.infer<typeof WaitListRuleSchema>

/**
 * Inferred (issue 23): how the flagship's lottery runs (`ammissione: 'lotteria'`). Applications are
 * taken until `chiude`; the draw is at `estrazione`; `posti` places are drawn; a drawn athlete has
 * `pagamento_ore` hours to pay by the link sent. Tickets per application by `regola`:
 * `raddoppio` = 2 to the power of the athlete's previous unsuccessful applications to the course.
 */
export const LotteryRuleSchema = z.object({
  chiude: InstantSchema,
  estrazione: InstantSchema,
  posti: z.int().check(z.positive()),
  pagamento_ore: z.int().check(z.positive(), z.lte(24 * 30)),
  regola: z.enum(['raddoppio']),
})
export type LotteryRule = z.infer<typeof LotteryRuleSchema>

export const RaceSchema = z.object({
  id: z.number(),
  nome: z.string(),
  edizione: z.number(),
  /** Start of the race. */
  data_evento: InstantSchema,
  distanza_km: z.number().check(z.positive()),
  dislivello_m: z.number().check(z.nonnegative()),
  tipo_percorso: TrailTypeSchema,
  /** Time limit in hours from the start; the race is live between start and start + limit. */
  tempo_limite_ore: z.number().check(z.positive(), z.lte(MAX_RACE_DURATION_S / HOUR_S)),
  posti: z.number().check(z.int(), z.nonnegative()),
  iscritti: z.number().check(z.int(), z.nonnegative()),
  prezzo: EuroAmountSchema,
  /** Surcharge for the protected (refundable) option and the GPS rental. */
  supplemento_rimborso: EuroAmountSchema,
  noleggio_gps: EuroAmountSchema,
  apertura_iscrizioni: InstantSchema,
  chiusura_iscrizioni: InstantSchema,
  itra: z.nullable(z.number()),
  punti: z.nullable(z.number()),
  categoria: z.string(),
  localita: z.string(),
  /** The organiser's flagship race (the 330 km): lottery entry, PAX holders enter directly. */
  ammiraglia: z.boolean(),
  esperienza: z.boolean(),
  qualificante: z.boolean(),
  ammissione: EntryModeSchema,
  /** Minimum age on race day, from the rules. */
  eta_minima: z.number().check(z.int(), z.positive()),
  /**
   * Inferred: the version of the race's current waiver (`liberatoria.get`'s `versione`), so a place
   * signed on an earlier text (the subscription's `liberatoria_versione`) is asked to sign again
   * before it is paid, not only once the payment is refused (decision 027).
   */
  liberatoria_versione: z.optional(boundedString(MAX_WAIVER_VERSION_LENGTH)),
  /**
   * Inferred (issue 22, decision 037): the race opens through a waiting room, how it runs. Every
   * enrolment of the race then takes a held place from the room (`queue.hold`) first.
   */
  sala_attesa: z.optional(WaitingRoomSchema),
  /** Inferred (issue 23): transfer and deferral; absent or null where neither is allowed. */
  cambi: z.optional(z.nullable(PlaceChangesSchema)),
  /** Inferred (issue 23): the race keeps a wait list when sold out; absent: it does not. */
  lista_attesa: z.optional(z.nullable(WaitListRuleSchema)),
  /** Inferred (issue 23): the lottery of a race entered by lottery. */
  lotteria: z.optional(z.nullable(LotteryRuleSchema)),
})
export type Race = z.infer<typeof RaceSchema>

/** A point of the course's elevation profile: distance from the start and altitude. */
export const ProfilePointSchema = z.object({
  km: z.number().check(z.nonnegative()),
  quota_m: z.number(),
})
export type ProfilePoint = z.infer<typeof ProfilePointSchema>

/** An aid station (refreshment point or life base) on the course. */
export const AidStationSchema = z.object({
  km: z.number().check(z.nonnegative()),
  quota_m: z.number(),
  nome: z.string(),
})
export type AidStation = z.infer<typeof AidStationSchema>

/** The course's elevation profile: points in order of distance, the first at km 0, the last at the finish. */
export const CourseProfileSchema = z.object({
  punti: z.array(ProfilePointSchema).check(z.minLength(2)),
  ristori: z.array(AidStationSchema),
})
export type CourseProfile = z.infer<typeof CourseProfileSchema>

/** Another edition of the same course. */
export const EditionSchema = z.object({
  id: z.number(),
  edizione: z.number(),
  data_evento: InstantSchema,
})
export type Edition = z.infer<typeof EditionSchema>

/**
 * What a withdrawal gives back, as a share of the race fee: the rule with the largest `giorni_prima`
 * not above the days left to the start applies. The surcharge for protection is never refunded; an
 * unused GPS rental always is.
 */
export const RefundRuleSchema = z.object({
  giorni_prima: z.number().check(z.int(), z.nonnegative()),
  standard_percento: z.number().check(z.int(), z.gte(0), z.lte(100)),
  protetto_percento: z.number().check(z.int(), z.gte(0), z.lte(100)),
})
export type RefundRule = z.infer<typeof RefundRuleSchema>

/**
 * What a race's content is asked in (inferred: decision 030): the athlete's language; none asked is
 * Italian, as the backend answered before it knew of languages. The answer says the language it is
 * in (`lingua`): the one asked where the organiser wrote it, else English, else Italian, which the
 * organiser always writes.
 */
export const ContentLanguageQuery = z.object({ lingua: z.optional(LocaleSchema) })

export const RaceDetailSchema = z.extend(RaceSchema, {
  /** The language of `descrizione` and `regolamento`: the one asked, or the fallback (decision 030). */
  lingua: LocaleSchema,
  /** Plain text; blank lines separate paragraphs, lines starting with "- " are list items. */
  descrizione: z.string(),
  /** The rules the athlete accepts when enrolling, in the same plain text and the same language. */
  regolamento: z.string(),
  profilo: CourseProfileSchema,
  /** The refund schedule, by days before the start, largest first; the last rule is at 0 days. */
  rimborsi: z.array(RefundRuleSchema).check(z.minLength(1)),
  /** Every edition of the course, this one included, newest first. */
  edizioni: z.array(EditionSchema),
})
export type RaceDetail = z.infer<typeof RaceDetailSchema>

export const RaceFilterSchema = z.enum(RACE_FILTERS)
export type { RaceFilter }

const raceIdParams = z.object({ id: NumericIdParam })

/** No race has that id. */
export const RaceLookupErrorSchema = z.enum(['race_not_found'])
export type RaceLookupError = z.infer<typeof RaceLookupErrorSchema>
const raceNotFound = problemOf(RaceLookupErrorSchema)

export const list = defineOperation({
  name: 'races.list',
  summary: 'Races, all or those whose registration is open or closed.',
  method: 'GET',
  path: '/api/v1/vdatrailers/gare',
  auth: 'none',
  inferred: true,
  query: z.object({ filter: z.optional(RaceFilterSchema) }),
  responses: { 200: z.object({ gare: z.array(RaceSchema) }) },
})

export const get = defineOperation({
  name: 'races.get',
  summary: 'One race with its description and rules in a language; 404 for an unknown id.',
  method: 'GET',
  path: '/api/v1/vdatrailers/gare/:id',
  auth: 'none',
  inferred: true,
  pathParams: raceIdParams,
  query: ContentLanguageQuery,
  responses: { 200: RaceDetailSchema, 404: raceNotFound },
  errors: RaceLookupErrorSchema,
})

/**
 * How an athlete appears on the public lists (issue 23, the profile's `visibilita`): the backend
 * writes `nome` as the athlete chose: the full name, initials ("M. R."), or `null` (hidden: the row
 * still counts in its country and category).
 */
export const PublicNameSchema = z.nullable(z.string())

export const RankingRowSchema = z.object({
  posizione: z.number().check(z.int(), z.positive()),
  /** A result is read by its bib, whatever the name shown (decision 066). */
  pettorale: z.number(),
  nome: PublicNameSchema,
  nazionalita: z.string().check(z.length(2)),
  categoria: z.string(),
  /** Finish time in seconds (at most MAX_RACE_DURATION_S). */
  tempo_s: RaceSecondsSchema,
  /** Gap to the winner in seconds. */
  distacco_s: RaceSecondsSchema,
})
export type RankingRow = z.infer<typeof RankingRowSchema>

export const ranking = defineOperation({
  name: 'races.ranking',
  summary: 'The ranking of a past race.',
  method: 'GET',
  path: '/api/v1/vdatrailers/gare/:id/classifica',
  auth: 'none',
  inferred: true,
  pathParams: raceIdParams,
  responses: { 200: z.object({ classifica: z.array(RankingRowSchema) }), 404: raceNotFound },
  errors: RaceLookupErrorSchema,
})

export const SubscriberRowSchema = z.object({
  /**
   * `null` when the athlete chose initials or to be hidden, as are the region and the team
   * (decision 066): on an entry list, a bib, a region and a team lead back to one athlete.
   */
  pettorale: z.nullable(z.number()),
  nome: PublicNameSchema,
  nazionalita: z.string().check(z.length(2)),
  /** Country (ISO 3166-1 alpha-2) and region of residence. */
  paese: z.string().check(z.length(2)),
  regione: z.nullable(z.string()),
  categoria: z.string(),
  team: z.nullable(z.string()),
})
export type SubscriberRow = z.infer<typeof SubscriberRowSchema>

export const subscribers = defineOperation({
  name: 'races.subscribers',
  summary: 'Everyone entered in a race (filtering happens in the portal).',
  method: 'GET',
  path: '/api/v1/vdatrailers/gare/:id/iscritti',
  auth: 'none',
  inferred: true,
  pathParams: raceIdParams,
  responses: { 200: z.object({ iscritti: z.array(SubscriberRowSchema) }), 404: raceNotFound },
  errors: RaceLookupErrorSchema,
})

/** At most this many extra fields in a race (a race asks a handful), ... */
export const MAX_EXTRA_FIELDS = 100
/** ... each named in at most this many characters, ... */
export const MAX_EXTRA_FIELD_NAME_LENGTH = 100
/** ... and each answer (a choice, or text typed) at most this long. */
export const MAX_EXTRA_FIELD_ANSWER_LENGTH = 1_000

/**
 * A choice of a `select` question: `valore` is the answer sent and kept (`campi`), the same in every
 * language; `etichetta` is what the athlete reads, in the answer's language (decision 030).
 */
export const FieldOptionSchema = z.object({
  valore: boundedString(MAX_EXTRA_FIELD_ANSWER_LENGTH),
  etichetta: z.string(),
})
export type FieldOption = z.infer<typeof FieldOptionSchema>

/**
 * Shape not published; ours: extra questions the organiser asks per race. Names and choices' values
 * fit what an enrolment may answer (`subscriptions.create`'s `campi`); labels are in the answer's
 * language.
 */
export const SubscriptionFieldSchema = z.object({
  nome: boundedString(MAX_EXTRA_FIELD_NAME_LENGTH),
  etichetta: z.string(),
  tipo: z.enum(['text', 'select', 'boolean']),
  obbligatorio: z.boolean(),
  opzioni: z.optional(z.array(FieldOptionSchema)),
})
export type SubscriptionField = z.infer<typeof SubscriptionFieldSchema>

/** The answer to an extra field of `campi_per_iscrizione`: text or a choice, or a yes/no. */
export const ExtraFieldValueSchema = z.union([boundedString(MAX_EXTRA_FIELD_ANSWER_LENGTH), z.boolean()])

/**
 * The answers to a race's extra fields, by the field's `nome`: what `subscriptions.create` sends
 * and what a subscription read carries back (`campi`, decision 027).
 */
export const ExtraFieldAnswersSchema = z
  .record(boundedString(MAX_EXTRA_FIELD_NAME_LENGTH), ExtraFieldValueSchema)
  .check(maxKeys(MAX_EXTRA_FIELDS))
export type ExtraFieldAnswers = z.infer<typeof ExtraFieldAnswersSchema>

export const subscriptionFields = defineOperation({
  name: 'races.subscriptionFields',
  summary: 'Extra fields the athlete fills in to enrol in a race, labelled in a language.',
  method: 'GET',
  path: '/api/v1/vdatrailers/campi_per_iscrizione/:id',
  auth: 'bearer',
  pathParams: raceIdParams,
  query: ContentLanguageQuery,
  responses: {
    200: z.object({
      /** The language of every label (decision 030). */
      lingua: LocaleSchema,
      campi: z.array(SubscriptionFieldSchema).check(z.maxLength(MAX_EXTRA_FIELDS)),
    }),
    404: raceNotFound,
  },
  errors: RaceLookupErrorSchema,
})
