import * as z from 'zod/mini'
import { DateOnlySchema, EuroAmountSchema, InstantSchema, LocaleSchema, problemOf, UndocumentedBodySchema } from './common'
import { defineOperation } from './operation'

const text = z.nullable(z.string())

/** Experience answers: the first item of `torexperience` holds them. */
export const ExperienceAnswersSchema = z.record(
  z.string(),
  z.union([z.boolean(), z.string(), z.number(), z.null()]),
)

/**
 * The review state of the medical certificate as the backend stores it. Wire values are not
 * published; these are ours.
 */
export const CertificateReviewSchema = z.enum(['in_revisione', 'valido', 'non_valido'])
export type CertificateReview = z.infer<typeof CertificateReviewSchema>

export const SexSchema = z.enum(['M', 'F'])

/** The athlete's profile as `atleta_me` and `atleta` send it. */
export const ProfileSchema = z.object({
  id: z.number(),
  nome: text,
  cognome: text,
  /** The account's e-mail, its sign-in name: read-only (READ_ONLY_PROFILE_FIELDS). */
  mail: text,
  sesso: z.nullable(SexSchema),
  data_nascita: z.nullable(DateOnlySchema),
  nazione_nascita: text,
  provincia_nascita: text,
  citta_nascita: text,
  cod_fiscale: text,
  paese: text,
  provincia: text,
  citta: text,
  via: text,
  civico: text,
  cap: text,
  telefono: text,
  contatto_emergenza: text,
  telefono_emergenze: text,
  taglia_maglietta: text,
  privacy_policy: z.nullable(z.boolean()),
  torexperience: z.array(ExperienceAnswersSchema),
  // Shown by labels in the spec; wire names are ours.
  nazionalita: z.optional(text),
  documento: z.optional(text),
  team: z.optional(text),
  lingua: z.optional(z.nullable(LocaleSchema)),
  newsletter: z.optional(z.nullable(z.boolean())),
  // Read-only (READ_ONLY_PROFILE_FIELDS): never sent back on save.
  pax: z.optional(z.boolean()),
  file_url: z.optional(text),
  file_name: z.optional(text),
  username: z.optional(text),
  certificato_medico_file: z.optional(text),
  scadenza_certificato: z.optional(z.nullable(DateOnlySchema)),
  validazione_certificato: z.optional(z.nullable(CertificateReviewSchema)),
  certificato_medico_id: z.optional(z.nullable(z.number())),
  certificato_valido: z.optional(z.nullable(z.boolean())),
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
})
export type Subscription = z.infer<typeof SubscriptionSchema>

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

/** A save the backend refused: the body does not pass its checks. */
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
