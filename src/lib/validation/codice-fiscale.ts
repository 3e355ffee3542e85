import { controlCharacter, MONTH_LETTERS, OMOCODIA_LETTERS, withDigits } from '../../../contracts/codice-fiscale'

/**
 * The Italian tax code (codice fiscale) of a person: 16 characters encoding surname, name, birth
 * date, sex and birth municipality, with a control character. Omocodia (two people with the same
 * code) is resolved by the revenue agency by replacing digits, from the right, with letters.
 */
export type CodiceFiscaleCheck = { ok: true } | { ok: false; reason: 'length' | 'character' | 'date' | 'control' }

const LETTER = '[A-Z]'
const DIGIT = `[0-9${OMOCODIA_LETTERS}]`
// Surname and name (6 letters), year (2), month letter, day (2), municipality (letter + 3), control.
const SHAPE = new RegExp(`^${LETTER}{6}${DIGIT}{2}${LETTER}${DIGIT}{2}${LETTER}${DIGIT}{3}${LETTER}$`)
function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A real birth date: men's days 1-31, women's 41-71; the century is not encoded, so either will do. */
function hasRealDate(code: string): boolean {
  const month = MONTH_LETTERS.indexOf(code[8]!) + 1
  if (month === 0) return false
  const yy = Number(code.slice(6, 8))
  const encodedDay = Number(code.slice(9, 11))
  const day = encodedDay > 40 ? encodedDay - 40 : encodedDay
  if (day < 1 || day > 31) return false
  return isCalendarDate(1900 + yy, month, day) || isCalendarDate(2000 + yy, month, day)
}

/**
 * A tax code as it is meant, whatever was typed or pasted: no white space (people copy it in groups,
 * "RSS MRA 85T10 A562S"), upper case. What the form shows while typing and what it saves.
 */
export function normaliseTaxCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase()
}

/** Checks a code as typed: surrounding white space and the case do not count, inner white space does. */
export function validateCodiceFiscale(input: string): CodiceFiscaleCheck {
  const code = input.trim().toUpperCase()
  if (code.length !== 16) return { ok: false, reason: 'length' }
  if (!SHAPE.test(code)) return { ok: false, reason: 'character' }
  if (!hasRealDate(withDigits(code))) return { ok: false, reason: 'date' }
  if (controlCharacter(code.slice(0, 15)) !== code[15]) return { ok: false, reason: 'control' }
  return { ok: true }
}
