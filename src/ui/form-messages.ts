import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as z from 'zod/mini'
import type { PasswordLack } from '../lib/validation/password'

/**
 * A field's maximum length, as a check of its schema: longer is the code `too_long:<max>`, whose
 * words name the maximum (the contracts' maxima, so the form says it before the backend refuses).
 */
export function tooLong(max: number) {
  return z.maxLength(max, tooLongCode(max))
}

/** The code `too_long:<max>` itself, for a check `tooLong` cannot make (one that depends on another field). */
export function tooLongCode(max: number): string {
  return `too_long:${String(max)}`
}

const TOO_LONG = /^too_long:(\d+)$/

/**
 * What a form field's error code says (spec section 5). Schemas carry codes as their messages;
 * a form with codes of its own passes them as `extra`.
 */
export const FIELD_ERRORS = {
  required: msg`This field is required.`,
  too_short: msg`This is too short.`,
  invalid_email: msg`Enter a valid e-mail address, like name@example.com.`,
  passwords_differ: msg`The passwords do not match.`,
  privacy_required: msg`Accept the privacy policy to continue.`,
} as const satisfies Record<string, MessageDescriptor>

const PASSWORD_WEAK: Record<string, MessageDescriptor> = {
  length: msg`Password too weak: use at least 8 characters.`,
  digit: msg`Password too weak: add digits.`,
  special: msg`Password too weak: add special characters, like ! ? # or -.`,
  'length,digit': msg`Password too weak: use at least 8 characters and add digits.`,
  'length,special': msg`Password too weak: use at least 8 characters and add special characters, like ! ? # or -.`,
  'digit,special': msg`Password too weak: add digits and special characters, like ! ? # or -.`,
  'length,digit,special': msg`Password too weak: use at least 8 characters and add digits and special characters, like ! ? # or -.`,
}

/** 'Password too weak', saying what is missing. */
export function passwordWeakMessage(i18n: I18n, lacks: readonly PasswordLack[]): string {
  return i18n._(PASSWORD_WEAK[lacks.join(',')] ?? PASSWORD_WEAK['length,digit,special']!)
}

export function fieldErrorMessage(
  i18n: I18n,
  code: string | undefined,
  extra: Readonly<Record<string, MessageDescriptor>> = {},
): string | null {
  if (!code) return null
  const known = extra[code] ?? (FIELD_ERRORS as Record<string, MessageDescriptor>)[code]
  if (known) return i18n._(known)
  const tooLongBy = TOO_LONG.exec(code)
  if (tooLongBy) {
    const max = Number(tooLongBy[1])
    return i18n._(msg`This is too long: use at most ${max} characters.`)
  }
  console.warn(`[pettorale] no message for the field error code "${code}"`)
  return i18n._(msg`Check this field.`)
}
