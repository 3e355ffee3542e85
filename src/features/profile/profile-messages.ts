import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CodiceFiscaleMismatch } from '../../lib/validation/codice-fiscale-match'
import { fieldErrorMessage } from '../../ui/form-messages'
import type { ProfileFieldError, ProfileFormField, PublicNameChoice } from './profile-form'

/** The words of the profile's own error codes (spec section 5). */
export const PROFILE_FIELD_ERRORS = {
  birth_date_invalid: msg`This date does not exist: check the day, month and year.`,
  birth_date_future: msg`The birth date cannot be in the future.`,
  birth_date_too_old: msg`Check the year: the birth date cannot be before 1900.`,
  birth_date_too_young: msg`Check the year: athletes are at least 10 years old.`,
  phone_not_a_number: msg`Enter a phone number in digits, like +39 347 123 4567.`,
  phone_no_prefix: msg`Add the country code, like +39 for Italy, or choose your country of residence first.`,
  phone_country_code: msg`No country has this country code: check the digits after the +.`,
  phone_too_short: msg`Phone number too short: some digits are missing.`,
  phone_too_long: msg`Phone number too long: there are too many digits.`,
  phone_area: msg`Wrong area code: no phone number in this country starts like this.`,
  cf_length: msg`Wrong length: a tax code has 16 characters.`,
  cf_character: msg`Character not allowed: a tax code has letters and digits in a fixed order, like RSSMRA85T10A562S.`,
  cf_control: msg`Invalid check character: the last character does not match the others. Check for a typo.`,
  cf_date: msg`The birth date inside the tax code does not exist: check characters 7 to 11.`,
  cf_birth_country_first: msg`Select your birth country first.`,
  cf_placeholder_resident: msg`A tax code is required for residents of Italy: 0000 is only for athletes who live abroad.`,
  cf_placeholder_residence_first: msg`0000 is only for athletes who live outside Italy: choose your country of residence first.`,
  province_format: msg`Type the province as its two-letter abbreviation, like AO or TO.`,
  province_municipality: msg`This is not the municipality's province: choose the municipality from the list to fill it in.`,
  cap_format: msg`An Italian postcode has 5 digits.`,
  cap_municipality: msg`This postcode does not belong to the municipality: check it.`,
} as const satisfies Record<ProfileFieldError, MessageDescriptor>

export function profileFieldMessage(i18n: I18n, code: string | undefined): string | null {
  return fieldErrorMessage(i18n, code, PROFILE_FIELD_ERRORS)
}

/** Every field's label, for the form and for the list of missing details. */
export const PROFILE_FIELD_LABELS = {
  nome: msg`First name`,
  cognome: msg`Last name`,
  sesso: msg`Gender`,
  data_nascita: msg`Birth date`,
  nazione_nascita: msg`Country of birth`,
  provincia_nascita: msg`Province of birth`,
  citta_nascita: msg`Municipality of birth`,
  cod_fiscale: msg`Tax code`,
  nazionalita: msg`Nationality`,
  paese: msg`Country of residence`,
  provincia: msg`Province`,
  citta: msg`Municipality`,
  via: msg`Street`,
  civico: msg`Street number`,
  cap: msg`Postcode`,
  telefono: msg`Phone number`,
  contatto_emergenza: msg`Emergency contact`,
  telefono_emergenze: msg`Emergency phone number`,
  taglia_maglietta: msg`T-shirt size`,
  documento: msg`ID document number`,
  team: msg`Team`,
  lingua: msg`Language for communications`,
  newsletter: msg`Newsletter`,
  privacy_policy: msg`Privacy policy`,
  visibilita: msg`How you appear on public lists`,
} as const satisfies Record<ProfileFormField, MessageDescriptor>

/** Each way of appearing on public lists (decision 038): its name and what the lists then show. */
export const PUBLIC_NAME_LABELS = {
  nome: { label: msg`Full name`, detail: msg`Your first and last name, with your bib, country, region, team and category.` },
  iniziali: {
    label: msg`Initials`,
    detail: msg`Only the initials of your name, like M. R. Entry lists show your country and category, with no bib, region or team; results show your bib and time.`,
  },
  nascosto: {
    label: msg`Hidden`,
    detail: msg`No name. Entry lists show only your country and category, with no bib, region or team; results show your bib and time.`,
  },
} as const satisfies Record<PublicNameChoice, { label: MessageDescriptor; detail: MessageDescriptor }>

/** What the lists show of an athlete who never chose (decision 038). */
export const PUBLIC_NAME_DEFAULT = msg`Until you choose, entry lists and race results show your full name, as race results are public; a lottery's published list shows only your application number, unless you choose to be named or shown by initials.`

/**
 * The tax-code warning (decision 028), in whole sentences so each language words them its own way:
 * a lead, one sentence per part the code does not match, and what saving does.
 */
export const TAX_CODE_WARNING = {
  lead: msg`This tax code does not match some of your details. Check it before saving:`,
  parts: {
    surname: msg`It does not match your last name.`,
    name: msg`It does not match your first name.`,
    birth_date: msg`It does not match your birth date.`,
    sex: msg`It does not match your gender.`,
    birth_place: msg`It does not match your place of birth.`,
  } satisfies Record<CodiceFiscaleMismatch, MessageDescriptor>,
  mayStillSave: msg`If the code is right, you can still save it.`,
  saveAgain: msg`Save again to keep this tax code as it is.`,
} as const

export interface ProfileGroup {
  key: string
  title: MessageDescriptor
  fields: readonly ProfileFormField[]
}

/** How the profile is grouped, in view and in edit mode alike. */
export const PROFILE_GROUPS: readonly ProfileGroup[] = [
  { key: 'personal', title: msg`Personal details`, fields: ['nome', 'cognome', 'sesso', 'nazionalita'] },
  { key: 'birth', title: msg`Date and place of birth`, fields: ['data_nascita', 'nazione_nascita', 'citta_nascita', 'provincia_nascita'] },
  { key: 'residence', title: msg`Residence`, fields: ['paese', 'citta', 'provincia', 'via', 'civico', 'cap'] },
  // After birth and residence: the code is checked against the one, 0000 allowed by the other.
  { key: 'tax', title: msg`Tax code`, fields: ['cod_fiscale'] },
  { key: 'contacts', title: msg`Contacts and emergency`, fields: ['telefono', 'contatto_emergenza', 'telefono_emergenze'] },
  { key: 'kit', title: msg`Race kit and team`, fields: ['taglia_maglietta', 'documento', 'team'] },
  { key: 'public', title: msg`Public lists`, fields: ['visibilita'] },
  { key: 'preferences', title: msg`Preferences and consents`, fields: ['lingua', 'newsletter', 'privacy_policy'] },
]

export const SEX_LABELS = { M: msg`Man`, F: msg`Woman` } as const satisfies Record<'M' | 'F', MessageDescriptor>
