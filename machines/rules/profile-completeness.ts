import type { Profile } from '../../contracts/athlete.contract'

/** The 21 profile fields that count for completeness (spec section 3). */
export const COMPLETENESS_FIELDS = [
  'id', 'nome', 'cognome', 'mail', 'sesso', 'data_nascita', 'nazione_nascita', 'provincia_nascita',
  'citta_nascita', 'cod_fiscale', 'paese', 'provincia', 'citta', 'via', 'civico', 'cap', 'telefono',
  'contatto_emergenza', 'telefono_emergenze', 'taglia_maglietta', 'privacy_policy',
] as const satisfies ReadonlyArray<keyof Profile>

export type CompletenessField = (typeof COMPLETENESS_FIELDS)[number]

function isFilled(profile: Profile, field: CompletenessField): boolean {
  const value = profile[field]
  if (field === 'privacy_policy') return value === true
  return value !== null && value !== undefined && value !== ''
}

export function profileCompleteness(profile: Profile) {
  const missing = COMPLETENESS_FIELDS.filter((field) => !isFilled(profile, field))
  const filled = COMPLETENESS_FIELDS.length - missing.length
  return { filled, total: COMPLETENESS_FIELDS.length, ratio: filled / COMPLETENESS_FIELDS.length, missing }
}

export function isProfileComplete(profile: Profile): boolean {
  return profileCompleteness(profile).missing.length === 0
}

/** Experience counts as answered when there is nothing to answer or the first item has a truthy answer. */
export function isExperienceAnswered(profile: Profile): boolean {
  const first = profile.torexperience[0]
  return first === undefined || Object.values(first).some(Boolean)
}
