import * as z from 'zod/mini'
import {
  boundedString,
  DateOnlySchema,
  EARLIEST_PLAUSIBLE_DATE,
  EuroAmountSchema,
  InstantSchema,
  LocaleSchema,
  MAX_EMAIL_LENGTH,
  MAX_PAYMENT_LINK_CODE_LENGTH,
  MAX_NAME_LENGTH,
  maxKeys,
  PaymentIdSchema,
  problemOf,
  UndocumentedBodySchema,
} from './common'
import { defineOperation } from './operation'
import { ExtraFieldAnswersSchema } from './races.contract'

/**
 * The longest each text field of the profile may be, in characters: what no person reaches. The
 * profile form says "too long" with these before the backend has to refuse.
 */
export const PROFILE_MAX_LENGTH = {
  nome: MAX_NAME_LENGTH,
  cognome: MAX_NAME_LENGTH,
  mail: MAX_EMAIL_LENGTH,
  nazione_nascita: 100,
  provincia_nascita: 100,
  citta_nascita: 100,
  /** 16 for an Italian code; foreign tax numbers are shorter than this. */
  cod_fiscale: 32,
  paese: 100,
  provincia: 100,
  citta: 100,
  via: 200,
  civico: 30,
  cap: 20,
  /** E.164 has at most 16 characters; as typed, with spaces, a little more. */
  telefono: 40,
  contatto_emergenza: MAX_NAME_LENGTH,
  telefono_emergenze: 40,
  taglia_maglietta: 20,
  nazionalita: 100,
  documento: 50,
  team: MAX_NAME_LENGTH,
  // The picture's address may be the backend's thumbnail itself, a `data:` URL of some kilobytes
  // (the simulated backend keeps a 192 px WebP so): bounded far above that, not at a link's length.
  file_url: 262_144,
  file_name: 255,
  username: MAX_EMAIL_LENGTH,
  certificato_medico_file: 255,
} as const

const text = (max: number) => z.nullable(boundedString(max))

/** At most this many items in `torexperience` (the first holds the answers), ... */
export const MAX_EXPERIENCE_ITEMS = 10
/** ... at most this many answers in an item, ... */
export const MAX_EXPERIENCE_ANSWERS = 20
/** ... each named in at most this many characters, ... */
export const MAX_ANSWER_KEY_LENGTH = 100
/** ... and an answer in words at most this long (a race's name). */
export const MAX_ANSWER_LENGTH = 200

/** Experience answers: the first item of `torexperience` holds them. */
export const ExperienceAnswersSchema = z
  .record(
    boundedString(MAX_ANSWER_KEY_LENGTH),
    z.union([z.boolean(), boundedString(MAX_ANSWER_LENGTH), z.number(), z.null()]),
  )
  .check(maxKeys(MAX_EXPERIENCE_ANSWERS))

/**
 * A birth date: a calendar date from 1900 on. One after today (in Rome) is refused by the backend,
 * which knows what day it is (`400 invalid_request`, issue `in_future`); the enrolment's minimum age
 * is read from it.
 */
export const BirthDateSchema = DateOnlySchema.check(
  z.refine((date) => date >= EARLIEST_PLAUSIBLE_DATE, { error: `a birth date is on or after ${EARLIEST_PLAUSIBLE_DATE}`, abort: true }),
)

/**
 * The review state of the medical certificate as the backend stores it. Wire values are not
 * published; these are ours.
 */
export const CertificateReviewSchema = z.enum(['in_revisione', 'valido', 'non_valido'])
export type CertificateReview = z.infer<typeof CertificateReviewSchema>

/**
 * A certificate uploaded while another is valid (decision 029): it waits for review beside the valid
 * one, which keeps counting until staff accept the renewal (it then replaces it). A rejected renewal
 * stays shown as not valid, and counts for nothing, until another upload replaces it. The names are
 * the profile's own certificate fields; the wire names are ours.
 */
export const CertificateRenewalSchema = z.object({
  certificato_medico_file: text(PROFILE_MAX_LENGTH.certificato_medico_file),
  scadenza_certificato: DateOnlySchema,
  validazione_certificato: z.enum(['in_revisione', 'non_valido']),
})
export type CertificateRenewal = z.infer<typeof CertificateRenewalSchema>

export const SexSchema = z.enum(['M', 'F'])

/** The athlete's profile as `atleta_me` and `atleta` send it. */
export const ProfileSchema = z.object({
  id: z.number(),
  nome: text(PROFILE_MAX_LENGTH.nome),
  cognome: text(PROFILE_MAX_LENGTH.cognome),
  /** The account's e-mail, its sign-in name: read-only (READ_ONLY_PROFILE_FIELDS). */
  mail: text(PROFILE_MAX_LENGTH.mail),
  sesso: z.nullable(SexSchema),
  data_nascita: z.nullable(BirthDateSchema),
  nazione_nascita: text(PROFILE_MAX_LENGTH.nazione_nascita),
  provincia_nascita: text(PROFILE_MAX_LENGTH.provincia_nascita),
  citta_nascita: text(PROFILE_MAX_LENGTH.citta_nascita),
  cod_fiscale: text(PROFILE_MAX_LENGTH.cod_fiscale),
  paese: text(PROFILE_MAX_LENGTH.paese),
  provincia: text(PROFILE_MAX_LENGTH.provincia),
  citta: text(PROFILE_MAX_LENGTH.citta),
  via: text(PROFILE_MAX_LENGTH.via),
  civico: text(PROFILE_MAX_LENGTH.civico),
  cap: text(PROFILE_MAX_LENGTH.cap),
  telefono: text(PROFILE_MAX_LENGTH.telefono),
  contatto_emergenza: text(PROFILE_MAX_LENGTH.contatto_emergenza),
  telefono_emergenze: text(PROFILE_MAX_LENGTH.telefono_emergenze),
  taglia_maglietta: text(PROFILE_MAX_LENGTH.taglia_maglietta),
  privacy_policy: z.nullable(z.boolean()),
  torexperience: z.array(ExperienceAnswersSchema).check(z.maxLength(MAX_EXPERIENCE_ITEMS)),
  // Shown by labels in the spec; wire names are ours.
  nazionalita: z.optional(text(PROFILE_MAX_LENGTH.nazionalita)),
  documento: z.optional(text(PROFILE_MAX_LENGTH.documento)),
  team: z.optional(text(PROFILE_MAX_LENGTH.team)),
  lingua: z.optional(z.nullable(LocaleSchema)),
  newsletter: z.optional(z.nullable(z.boolean())),
  /**
   * Inferred (issue 23): how the athlete appears on subscribers lists, rankings and the lottery's
   * published list: full name, initials, or hidden. `null` or absent: never chosen (decision 038:
   * the full name on subscribers and rankings, the application number alone on the lottery list).
   */
  visibilita: z.optional(z.nullable(z.enum(['nome', 'iniziali', 'nascosto']))),
  // Read-only (READ_ONLY_PROFILE_FIELDS): never sent back on save.
  pax: z.optional(z.boolean()),
  file_url: z.optional(text(PROFILE_MAX_LENGTH.file_url)),
  file_name: z.optional(text(PROFILE_MAX_LENGTH.file_name)),
  username: z.optional(text(PROFILE_MAX_LENGTH.username)),
  certificato_medico_file: z.optional(text(PROFILE_MAX_LENGTH.certificato_medico_file)),
  scadenza_certificato: z.optional(z.nullable(DateOnlySchema)),
  validazione_certificato: z.optional(z.nullable(CertificateReviewSchema)),
  certificato_medico_id: z.optional(z.nullable(z.number())),
  certificato_valido: z.optional(z.nullable(z.boolean())),
  /**
   * The renewal in review beside a valid certificate, or `null` when there is none. A backend that
   * does not send the field keeps one certificate: an upload replaces the valid one (decision 029).
   */
  certificato_rinnovo: z.optional(z.nullable(CertificateRenewalSchema)),
})
export type Profile = z.infer<typeof ProfileSchema>

/**
 * Fields the athlete cannot change through a profile save: what the backend owns (spec section 5:
 * the certificate and its review, the picture, the username), the PAX, which the organiser grants,
 * and the account's e-mail, which is the sign-in name. A save never sends them; the backend ignores
 * them if it gets them.
 */
export const READ_ONLY_PROFILE_FIELDS = {
  mail: true,
  pax: true,
  certificato_medico_file: true,
  file_name: true,
  username: true,
  file_url: true,
  scadenza_certificato: true,
  validazione_certificato: true,
  certificato_medico_id: true,
  certificato_valido: true,
  certificato_rinnovo: true,
} as const satisfies Partial<Record<keyof Profile, true>>

/** What a save sends: the profile without the read-only fields (the client sends the parsed body). */
export const ProfileUpdateSchema = z.omit(ProfileSchema, READ_ONLY_PROFILE_FIELDS)
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>

/** The profile as a save sends it back: every field but the read-only ones. */
export function writableProfile(profile: Profile): ProfileUpdate {
  return Object.fromEntries(
    Object.entries(profile).filter(([field]) => !Object.hasOwn(READ_ONLY_PROFILE_FIELDS, field)),
  ) as ProfileUpdate
}

export const RefundOptionSchema = z.enum(['standard', 'protetto'])
export type RefundOption = z.infer<typeof RefundOptionSchema>

/**
 * A subscription of the athlete to a race. `project_id`, `liberatoria` and `liberatoria_signed` are
 * the backend's names; the other names are ours (the spec lists the fields, not their wire names).
 */
export const SubscriptionSchema = z.object({
  project_id: z.number(),
  liberatoria: z.boolean(),
  liberatoria_signed: z.nullable(InstantSchema),
  pettorale: z.nullable(z.number()),
  categoria: z.nullable(z.string()),
  pagato: z.boolean(),
  opzione_rimborso: z.nullable(RefundOptionSchema),
  noleggio_gps: z.boolean(),
  totale: z.nullable(EuroAmountSchema),
  /** Inferred: the version of the waiver text signed, so a changed text asks for a new signature. */
  liberatoria_versione: z.optional(z.nullable(z.string())),
  /** Inferred: an application to the flagship's lottery (no PAX), paid only if drawn. */
  domanda_lotteria: z.optional(z.boolean()),
  /** Inferred: while the organiser's payment link for this place is open, when it expires. */
  scadenza_pagamento: z.optional(z.nullable(InstantSchema)),
  /**
   * Inferred (issue 42): while that link is open, its code (`payments.byLink`), so the portal leads
   * the athlete to the link's page instead of starting a card payment the server refuses
   * (`payment_link_open`). The athlete's own, as the e-mail that carries it.
   */
  codice_link: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(MAX_PAYMENT_LINK_CODE_LENGTH)))),
  /**
   * Inferred (issue 42): a card payment of this place the provider has authorised and not yet
   * confirmed, by its id (`payments.status`): the portal waits for it instead of offering to pay again
   * (`payment_in_progress`). Absent or `null`: none.
   */
  pagamento_in_corso: z.optional(z.nullable(PaymentIdSchema)),
  /**
   * Inferred: the answers to the race's extra fields the subscription was made with, as
   * `subscriptions.create` sent them, so resuming an unpaid place keeps them (decision 027).
   * Absent: the backend does not say (the place is taken as answered); `{}`: none given.
   */
  campi: z.optional(ExtraFieldAnswersSchema),
  /**
   * Inferred (issue 23): what became of a paid place. Absent or `attiva`: the athlete is entered;
   * `ritirata`: withdrawn (refunded per the schedule); `ceduta`: passed to another athlete who paid;
   * `rinviata`: deferred to the next edition as a credit.
   */
  stato: z.optional(z.enum(['attiva', 'ritirata', 'ceduta', 'rinviata'])),
  /** Inferred (issue 23): a transfer offered and not yet taken: to whom and until when. */
  cessione: z.optional(z.nullable(z.object({ codice: z.string(), a: z.string(), scade: InstantSchema }))),
})
export type Subscription = z.infer<typeof SubscriptionSchema>
export type PlaceState = NonNullable<Subscription['stato']>

export const AtletaMeSchema = z.object({
  profilo: z.array(ProfileSchema).check(z.minLength(1)),
  iscrizioni_possibili: z.array(SubscriptionSchema),
})

export const me = defineOperation({
  name: 'athlete.me',
  summary: 'The signed-in athlete: profile (first item of profilo) and possible subscriptions.',
  method: 'GET',
  path: '/api/v1/vdatrailers/atleta_me',
  auth: 'bearer',
  responses: { 200: AtletaMeSchema },
})

/**
 * A save the backend refused: the body does not pass its checks (a field over its maximum, a birth
 * date before 1900 or after today). The portal says the details were refused and keeps the form.
 */
export const ProfileSaveErrorSchema = z.enum(['invalid_request'])
export type ProfileSaveError = z.infer<typeof ProfileSaveErrorSchema>

export const save = defineOperation({
  name: 'athlete.save',
  summary: 'Save the profile (read-only fields removed).',
  method: 'POST',
  path: '/api/v1/vdatrailers/atleta',
  auth: 'bearer',
  body: { kind: 'json', schema: ProfileUpdateSchema },
  responses: { 200: z.object({ profilo: z.array(ProfileSchema) }), 400: problemOf(ProfileSaveErrorSchema) },
  errors: ProfileSaveErrorSchema,
})

export const saveExperience = defineOperation({
  name: 'athlete.saveExperience',
  summary: 'Save the profile together with its experience answers (torexperience).',
  method: 'POST',
  path: '/api/v1/vdatrailers/atleta_torexp',
  auth: 'bearer',
  body: { kind: 'json', schema: ProfileUpdateSchema },
  responses: { 200: UndocumentedBodySchema, 400: problemOf(ProfileSaveErrorSchema) },
  errors: ProfileSaveErrorSchema,
})


export const subscriptions = defineOperation({
  name: 'athlete.subscriptions',
  summary: 'The athlete subscriptions between two dates (history starts 2000-01-01).',
  method: 'GET',
  path: '/api/v1/vdatrailers/iscrizioni/',
  auth: 'bearer',
  query: z.object({ contact_id: z.coerce.number(), from_date: DateOnlySchema, to_date: DateOnlySchema }),
  responses: { 200: z.object({ iscrizioni: z.array(SubscriptionSchema) }) },
})
