/**
 * Phone numbers checked against libphonenumber's numbering plans. The plans (`metadata`) are a data
 * file the caller loads, and this module is code worth loading only where numbers are typed: screens
 * import it dynamically, beside the plans, so neither weighs on their own JavaScript.
 */
import {
  isSupportedCountry,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
  type MetadataJson,
} from 'libphonenumber-js/core'

/**
 * Why a phone number is refused. `no_prefix`: no `+` and no country to read it in; `country_code`:
 * the digits after `+` are no country's; `area`: the country has no number starting that way.
 */
export type PhoneProblem = 'required' | 'not_a_number' | 'no_prefix' | 'country_code' | 'too_short' | 'too_long' | 'area'

export type PhoneCheck = { ok: true; e164: string } | { ok: false; reason: PhoneProblem }

/** E.164 allows at most 15 digits after the `+`. */
const E164_MAX_DIGITS = 15

function readIn(country: string | null | undefined, metadata: MetadataJson): CountryCode | undefined {
  const code = country?.toUpperCase()
  return code && isSupportedCountry(code as CountryCode, metadata) ? (code as CountryCode) : undefined
}

/**
 * A phone number as typed (`+39 347 118 2290`, `0039 347...`, or without prefix), checked against
 * the numbering plans of libphonenumber. A number without an international prefix is read as one of
 * `country` (the athlete's country of residence) and saved with its prefix; with no such country
 * it is refused, since a national number means nothing abroad (an emergency call from a race).
 */
export function checkPhone(input: string, metadata: MetadataJson, country?: string | null): PhoneCheck {
  // `00` is how most of Europe dials abroad; the plans only know it for the default country.
  const text = input.trim().replace(/^00(?=[1-9])/, '+')
  if (text === '') return { ok: false, reason: 'required' }
  const defaultCountry = readIn(country, metadata)
  const options = defaultCountry ? { defaultCountry } : {}
  switch (validatePhoneNumberLength(text, options, metadata)) {
    case 'NOT_A_NUMBER':
      return { ok: false, reason: /\d/.test(text) ? 'too_short' : 'not_a_number' }
    case 'INVALID_COUNTRY':
      return { ok: false, reason: text.startsWith('+') ? 'country_code' : 'no_prefix' }
    case 'TOO_SHORT':
      return { ok: false, reason: 'too_short' }
    case 'TOO_LONG':
      return { ok: false, reason: 'too_long' }
    case 'INVALID_LENGTH':
    case undefined:
      break
  }
  const number = parsePhoneNumberFromString(text, options, metadata)
  if (!number) return { ok: false, reason: 'not_a_number' }
  if (number.isValid()) return { ok: true, e164: number.number }
  return { ok: false, reason: whyInvalid(`+${number.countryCallingCode}`, number.nationalNumber, metadata) }
}

/**
 * A number of a possible length that no plan accepts: if more digits would make it valid it is too
 * short, if fewer would it is too long; otherwise it starts the way no number of its country does.
 */
function whyInvalid(prefix: string, national: string, metadata: MetadataJson): PhoneProblem {
  const valid = (digits: string) => isValidPhoneNumber(prefix + digits, metadata)
  const room = E164_MAX_DIGITS - (prefix.length - 1) - national.length
  for (let more = 1; more <= room; more += 1) if (valid(national + '0'.repeat(more))) return 'too_short'
  for (let fewer = 1; fewer < national.length; fewer += 1) if (valid(national.slice(0, -fewer))) return 'too_long'
  return 'area'
}

/** A saved number (E.164) as people write it: `+39 347 118 2290`; anything unreadable as it is. */
export function formatPhone(value: string, metadata: MetadataJson): string {
  return parsePhoneNumberFromString(value, metadata)?.formatInternational() ?? value
}

/** The checks with their numbering plans: what a screen gets once both have loaded. */
export interface PhoneRules {
  check(input: string, country?: string | null): PhoneCheck
  format(value: string): string
}

export function phoneRules(metadata: MetadataJson): PhoneRules {
  return {
    check: (input, country) => checkPhone(input, metadata, country),
    format: (value) => formatPhone(value, metadata),
  }
}
