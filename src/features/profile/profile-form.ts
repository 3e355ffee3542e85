import * as z from 'zod/mini'
import {
  PROFILE_MAX_LENGTH,
  writableProfile,
  type Profile,
  type ProfileUpdate,
} from '../../../contracts/athlete.contract'
import { LocaleSchema } from '../../../contracts/common'
import type { Locale } from '../../../contracts/locale'
import { completedYears } from '../../../machines/rules/race-day'
import { calendarDayInRome } from '../../lib/format'
import { normaliseTaxCode, validateCodiceFiscale } from '../../lib/validation/codice-fiscale'
import { codiceFiscaleMismatches, type CodiceFiscaleMismatch } from '../../lib/validation/codice-fiscale-match'
import type { PhoneProblem, PhoneRules } from '../../lib/validation/phone'
import { tooLong } from '../../ui/form-messages'

export const ITALY = 'IT'
export const SHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const
/** How public lists may name the athlete (decision 038), in the order the form offers them. */
export const PUBLIC_NAME_CHOICES = ['nome', 'iniziali', 'nascosto'] as const satisfies ReadonlyArray<NonNullable<Profile['visibilita']>>
export type PublicNameChoice = (typeof PUBLIC_NAME_CHOICES)[number]
/** What a non-resident types for the tax code (spec section 9). */
export const NO_TAX_CODE = '0000'
/** Shorter names and streets are typing slips rather than names (spec section 5: 'too short'). */
export const MIN_TEXT_LENGTH = 2
/** The oldest birth date the form takes; earlier is a typing slip. */
export const EARLIEST_BIRTH_DATE = '1900-01-01'
/**
 * Younger than this is a typing slip in the year (2015 for 1985), not an athlete: each race's own
 * minimum age is checked when enrolling.
 */
export const MIN_AGE_YEARS = 10

/**
 * The profile as the form holds it: text fields as strings ('' for nothing), choices as their wire
 * values or ''. `mail`, `id` and the other read-only fields are not in it: they are shown, never edited.
 */
export interface ProfileFormValues {
  nome: string
  cognome: string
  sesso: '' | 'M' | 'F'
  data_nascita: string
  nazione_nascita: string
  provincia_nascita: string
  citta_nascita: string
  cod_fiscale: string
  nazionalita: string
  paese: string
  provincia: string
  citta: string
  via: string
  civico: string
  cap: string
  telefono: string
  contatto_emergenza: string
  telefono_emergenze: string
  taglia_maglietta: string
  documento: string
  team: string
  lingua: Locale
  newsletter: boolean
  privacy_policy: boolean
  /** '' while never chosen: the lists then follow decision 038's default. */
  visibilita: '' | PublicNameChoice
}

export type ProfileFormField = keyof ProfileFormValues

/** The id of a field's input, stable so the list of missing details can lead to it. */
export function fieldId(field: ProfileFormField): string {
  return `profile-${field}`
}

/** What an Italian municipality tells the rules: its province, its postcodes, its code in tax codes. */
export interface KnownMunicipality {
  province: string
  postcodes: readonly string[]
  /** The cadastral (Belfiore) code a tax code carries for people born there, e.g. A326. */
  cadastral?: string
}

/** What the rules read besides the values; each is asked at the moment of checking. */
export interface ProfileFormContext {
  /** The phone checks, once loaded: until then a phone number is only checked for presence. */
  phoneRules: () => PhoneRules | undefined
  /** The Italian municipality of that name (in that province), when the list is loaded and has it. */
  municipality: (name: string, province?: string) => KnownMunicipality | undefined
  nowMs: () => number
}

/** Every error code the profile's fields may carry beyond the common ones (`required`, `too_short`, ...). */
export type ProfileFieldError =
  | 'birth_date_invalid'
  | 'birth_date_future'
  | 'birth_date_too_old'
  | 'birth_date_too_young'
  | `phone_${Exclude<PhoneProblem, 'required'>}`
  | 'cf_length'
  | 'cf_character'
  | 'cf_control'
  | 'cf_date'
  | 'cf_birth_country_first'
  | 'cf_placeholder_resident'
  | 'cf_placeholder_residence_first'
  | 'province_format'
  | 'province_municipality'
  | 'cap_format'
  | 'cap_municipality'

function phoneProblem(value: string, context: ProfileFormContext, country: string): PhoneProblem | null {
  const rules = context.phoneRules()
  if (!rules || value.trim() === '') return null
  const checked = rules.check(value, country || null)
  return checked.ok ? null : checked.reason
}

/** Every text field is held to the contract's maximum for it ('too_long:<max>'), trimmed as it is sent. */
type TextField = keyof typeof PROFILE_MAX_LENGTH & ProfileFormField
const text = (field: TextField) => z.string().check(z.trim(), tooLong(PROFILE_MAX_LENGTH[field]))
const required = (field: TextField) => z.string().check(z.trim(), z.minLength(1, 'required'), tooLong(PROFILE_MAX_LENGTH[field]))
const requiredName = (field: TextField) =>
  z.string().check(z.trim(), z.minLength(1, 'required'), z.minLength(MIN_TEXT_LENGTH, 'too_short'), tooLong(PROFILE_MAX_LENGTH[field]))

const shape = z.object({
  nome: requiredName('nome'),
  cognome: requiredName('cognome'),
  sesso: z.enum(['', 'M', 'F']).check(z.refine((sex) => sex !== '', 'required')),
  data_nascita: z.string().check(z.trim(), z.minLength(1, 'required')),
  nazione_nascita: required('nazione_nascita'),
  provincia_nascita: required('provincia_nascita'),
  citta_nascita: required('citta_nascita'),
  cod_fiscale: required('cod_fiscale'),
  nazionalita: text('nazionalita'),
  paese: required('paese'),
  provincia: required('provincia'),
  citta: required('citta'),
  via: requiredName('via'),
  civico: required('civico'),
  cap: required('cap'),
  telefono: required('telefono'),
  contatto_emergenza: requiredName('contatto_emergenza'),
  telefono_emergenze: required('telefono_emergenze'),
  taglia_maglietta: required('taglia_maglietta'),
  documento: text('documento'),
  team: text('team'),
  lingua: LocaleSchema,
  newsletter: z.boolean(),
  privacy_policy: z.boolean().check(z.refine((accepted) => accepted, 'privacy_required')),
  visibilita: z.enum(['', ...PUBLIC_NAME_CHOICES]),
})

/** The problems that need more than the field itself: each as its field and code, none when fine. */
export function crossFieldProblems(
  values: ProfileFormValues,
  context: ProfileFormContext,
): Array<[ProfileFormField, ProfileFieldError]> {
  const problems: Array<[ProfileFormField, ProfileFieldError]> = []
  const birthDate = birthDateProblem(values.data_nascita, context.nowMs())
  if (birthDate) problems.push(['data_nascita', birthDate])

  const taxCode = taxCodeProblem(values)
  if (taxCode) problems.push(['cod_fiscale', taxCode])

  for (const field of ['telefono', 'telefono_emergenze'] as const) {
    const phone = phoneProblem(values[field], context, values.paese)
    if (phone && phone !== 'required') problems.push([field, `phone_${phone}`])
  }

  if (values.nazione_nascita === ITALY) {
    const province = provinceProblem(values.citta_nascita, values.provincia_nascita, context)
    if (province) problems.push(['provincia_nascita', province])
  }
  if (values.paese === ITALY) {
    const province = provinceProblem(values.citta, values.provincia, context)
    if (province) problems.push(['provincia', province])
    const cap = values.cap.trim()
    if (cap !== '' && !/^\d{5}$/.test(cap)) problems.push(['cap', 'cap_format'])
    else if (cap !== '' && province === null) {
      // The postcodes of the town in the province typed; a wrong province is said on its own field.
      const town = context.municipality(values.citta.trim(), values.provincia.trim().toUpperCase())
      if (town && town.postcodes.length > 0 && !town.postcodes.includes(cap)) problems.push(['cap', 'cap_municipality'])
    }
  }
  return problems
}

function birthDateProblem(value: string, nowMs: number): ProfileFieldError | null {
  if (value === '') return null
  let date: Temporal.PlainDate
  try {
    date = Temporal.PlainDate.from(value, { overflow: 'reject' })
  } catch {
    return 'birth_date_invalid'
  }
  if (Temporal.PlainDate.compare(date, EARLIEST_BIRTH_DATE) < 0) return 'birth_date_too_old'
  if (Temporal.PlainDate.compare(date, calendarDayInRome(nowMs)) > 0) return 'birth_date_future'
  if (completedYears(date.toString(), calendarDayInRome(nowMs)) < MIN_AGE_YEARS) return 'birth_date_too_young'
  return null
}

/** Today's calendar day in Italy, where every date-only value lives (`YYYY-MM-DD`). */

/**
 * Whether the athlete may type 0000 instead of a tax code (spec section 9): only someone who lives
 * outside Italy, so only once a country of residence other than Italy is chosen.
 */
export function mayGoWithoutTaxCode(values: Pick<ProfileFormValues, 'paese'>): boolean {
  return values.paese !== '' && values.paese !== ITALY
}

/** What blocks a save: a code that cannot be a tax code (a typing slip), or 0000 from a resident of Italy. */
function taxCodeProblem(values: ProfileFormValues): ProfileFieldError | null {
  const code = normaliseTaxCode(values.cod_fiscale)
  if (code === '') return null
  if (values.nazione_nascita === '') return 'cf_birth_country_first'
  if (code === NO_TAX_CODE) {
    if (mayGoWithoutTaxCode(values)) return null
    return values.paese === ITALY ? 'cf_placeholder_resident' : 'cf_placeholder_residence_first'
  }
  const checked = validateCodiceFiscale(code)
  return checked.ok ? null : `cf_${checked.reason}`
}

/**
 * What does not block a save but should be looked at before it (decision 028): the parts of the
 * athlete that a valid tax code does not encode. None while the code is not a valid code (its error
 * says what to mend first) or is 0000; parts not filled in yet are not compared.
 */
export function taxCodeWarnings(
  values: Pick<
    ProfileFormValues,
    'cod_fiscale' | 'cognome' | 'nome' | 'data_nascita' | 'sesso' | 'nazione_nascita' | 'citta_nascita' | 'provincia_nascita'
  >,
  municipality: ProfileFormContext['municipality'],
): CodiceFiscaleMismatch[] {
  const code = normaliseTaxCode(values.cod_fiscale)
  if (code === NO_TAX_CODE || !validateCodiceFiscale(code).ok) return []
  const bornInItaly = values.nazione_nascita === '' ? null : values.nazione_nascita === ITALY
  const birthplace = bornInItaly
    ? municipality(values.citta_nascita.trim(), values.provincia_nascita.trim().toUpperCase() || undefined)
    : undefined
  return codiceFiscaleMismatches(code, {
    cognome: values.cognome,
    nome: values.nome,
    data_nascita: values.data_nascita || null,
    sesso: values.sesso || null,
    cadastral: birthplace?.cadastral ?? null,
    bornInItaly,
  })
}

/** An Italian province is its two-letter abbreviation, and the municipality's own when that is known. */
function provinceProblem(town: string, province: string, context: ProfileFormContext): ProfileFieldError | null {
  const abbreviation = province.trim().toUpperCase()
  if (abbreviation === '') return null
  if (!/^[A-Z]{2}$/.test(abbreviation)) return 'province_format'
  const named = town.trim()
  if (named !== '' && context.municipality(named) && !context.municipality(named, abbreviation)) return 'province_municipality'
  return null
}

/**
 * The profile form's schema (decision 018): messages are codes, turned into words by
 * `profileFieldMessage`. Rules that read other fields (tax code, phones, province and postcode)
 * are checked on the whole form, so they hold whatever the other fields say.
 */
export function profileFormSchema(context: ProfileFormContext) {
  return shape.check(
    z.superRefine((values, ctx) => {
      for (const [field, code] of crossFieldProblems(values, context)) {
        ctx.addIssue({ code: 'custom', message: code, path: [field], input: values[field] })
      }
    }),
  )
}

const orEmpty = (value: string | null | undefined) => value ?? ''

/** The form's starting values: the saved profile; communications in the portal's language when unset. */
export function profileFormDefaults(profile: Profile, locale: Locale): ProfileFormValues {
  return {
    nome: orEmpty(profile.nome),
    cognome: orEmpty(profile.cognome),
    sesso: profile.sesso ?? '',
    data_nascita: orEmpty(profile.data_nascita),
    nazione_nascita: orEmpty(profile.nazione_nascita),
    provincia_nascita: orEmpty(profile.provincia_nascita),
    citta_nascita: orEmpty(profile.citta_nascita),
    cod_fiscale: orEmpty(profile.cod_fiscale),
    nazionalita: orEmpty(profile.nazionalita),
    paese: orEmpty(profile.paese),
    provincia: orEmpty(profile.provincia),
    citta: orEmpty(profile.citta),
    via: orEmpty(profile.via),
    civico: orEmpty(profile.civico),
    cap: orEmpty(profile.cap),
    telefono: orEmpty(profile.telefono),
    contatto_emergenza: orEmpty(profile.contatto_emergenza),
    telefono_emergenze: orEmpty(profile.telefono_emergenze),
    taglia_maglietta: orEmpty(profile.taglia_maglietta),
    documento: orEmpty(profile.documento),
    team: orEmpty(profile.team),
    lingua: profile.lingua ?? locale,
    newsletter: profile.newsletter ?? false,
    privacy_policy: profile.privacy_policy ?? false,
    visibilita: profile.visibilita ?? '',
  }
}

const orNull = (value: string) => {
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** A checked phone number as E.164; as typed when it cannot be read (the form has refused it then). */
function e164(value: string, rules: PhoneRules, country: string): string | null {
  const checked = rules.check(value, country || null)
  return checked.ok ? checked.e164 : orNull(value)
}

/**
 * What a save sends: the saved profile with the form's values over it, text trimmed ('' as null),
 * phones as E.164, codes upper-case (the tax code without white space), and never a read-only field (spec section 5), whatever the
 * profile carried.
 */
export function toProfileUpdate(profile: Profile, values: ProfileFormValues, phones: PhoneRules): ProfileUpdate {
  const writable = writableProfile(profile)
  const upper = (value: string) => orNull(value)?.toUpperCase() ?? null
  return {
    ...writable,
    nome: orNull(values.nome),
    cognome: orNull(values.cognome),
    sesso: values.sesso === '' ? null : values.sesso,
    data_nascita: orNull(values.data_nascita),
    nazione_nascita: orNull(values.nazione_nascita),
    provincia_nascita: values.nazione_nascita === ITALY ? upper(values.provincia_nascita) : orNull(values.provincia_nascita),
    citta_nascita: orNull(values.citta_nascita),
    cod_fiscale: orNull(normaliseTaxCode(values.cod_fiscale)),
    nazionalita: orNull(values.nazionalita),
    paese: orNull(values.paese),
    provincia: values.paese === ITALY ? upper(values.provincia) : orNull(values.provincia),
    citta: orNull(values.citta),
    via: orNull(values.via),
    civico: orNull(values.civico),
    cap: orNull(values.cap),
    telefono: e164(values.telefono, phones, values.paese),
    contatto_emergenza: orNull(values.contatto_emergenza),
    telefono_emergenze: e164(values.telefono_emergenze, phones, values.paese),
    taglia_maglietta: orNull(values.taglia_maglietta),
    documento: orNull(values.documento),
    team: orNull(values.team),
    lingua: values.lingua,
    newsletter: values.newsletter,
    privacy_policy: values.privacy_policy,
    visibilita: values.visibilita === '' ? null : values.visibilita,
  }
}
