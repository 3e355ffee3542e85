// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { controlCharacter, DIGIT_POSITIONS, OMOCODIA_LETTERS } from '../../contracts/codice-fiscale'
import { codiceFiscale, type TaxCodeData } from '../../mocks/seed/codice-fiscale'
import { codiceFiscaleMismatches } from '../../src/lib/validation/codice-fiscale-match'
import { validateCodiceFiscale } from '../../src/lib/validation/codice-fiscale'

/**
 * Properties of the tax-code checks against the seed's generator (`mocks/seed/codice-fiscale.ts`),
 * which makes the personas' codes: the portal must accept every code the generator makes, and
 * must match it with the person it was made from.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** Any name at all: accents, apostrophes, spaces, other scripts, emoji, or no Latin letter. */
const anyName = fc.string({ unit: 'grapheme', maxLength: 24 })

/** Any calendar date of the two centuries a code's two-digit year may stand for. */
const anyBirthDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10))

/** Any cadastral code: a letter and three digits (Z for a country abroad). */
const anyPlace = fc.stringMatching(/^[A-Z]\d{3}$/)

const anyPerson: fc.Arbitrary<TaxCodeData> = fc.record({
  nome: anyName,
  cognome: anyName,
  sesso: fc.constantFrom('M' as const, 'F' as const),
  data_nascita: anyBirthDate,
  comune: anyPlace,
})

/**
 * The code the revenue agency gives the `count`-th namesake: the `count` rightmost digits replaced
 * by their omocodia letters, the control character computed again.
 */
function omocodic(code: string, count: number): string {
  const characters = [...code.slice(0, 15)]
  for (const position of DIGIT_POSITIONS.slice(DIGIT_POSITIONS.length - count)) {
    characters[position] = OMOCODIA_LETTERS[Number(characters[position])]!
  }
  const first15 = characters.join('')
  return first15 + controlCharacter(first15)
}

const anyCode = fc.record({ person: anyPerson, namesakes: fc.integer({ min: 0, max: DIGIT_POSITIONS.length }) }).map(
  ({ person, namesakes }) => ({ person, code: omocodic(codiceFiscale(person), namesakes) }),
)

/** The person as the profile form holds them. */
const asTyped = (person: TaxCodeData) => ({ ...person, cadastral: person.comune })

describe('tax codes made by the seed generator', () => {
  it('are valid and match the person they were made from, omocodic variants included', () => {
    fc.assert(
      fc.property(anyCode, ({ person, code }) => {
        expect(validateCodiceFiscale(code)).toEqual({ ok: true })
        expect(codiceFiscaleMismatches(code, asTyped(person))).toEqual([])
      }),
    )
  })

  it('are read the same in lower case and with white space around', () => {
    fc.assert(
      fc.property(anyCode, ({ code }) => {
        expect(validateCodiceFiscale(` ${code.toLowerCase()}\t`)).toEqual({ ok: true })
      }),
    )
  })

  /*
   * Any one character changed (to another letter or digit) makes a valid code invalid. Each
   * position weighs in the control character through a one-to-one table of its character's value,
   * and the only characters sharing a value (digit d and the d-th letter, 0 and A) never fit the
   * same position; so no single change keeps the control character right. That includes an
   * omocodia substitution on its own (a digit for its letter L-V, or back): the control is
   * computed over the characters as written, so a namesake's code differs in its control too.
   */
  it('become invalid when any one character changes, an omocodia substitution included', () => {
    fc.assert(
      fc.property(
        anyCode,
        fc.integer({ min: 0, max: 15 }),
        fc.constantFrom(...ALPHABET),
        ({ code }, position, replacement) => {
          fc.pre(replacement !== code[position])
          const changed = code.slice(0, position) + replacement + code.slice(position + 1)
          expect(validateCodiceFiscale(changed).ok).toBe(false)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('stay valid through an omocodia substitution when the control character is computed again', () => {
    fc.assert(
      fc.property(anyCode, fc.constantFrom(...DIGIT_POSITIONS), ({ person, code }, position) => {
        const character = code[position]!
        const digit = OMOCODIA_LETTERS.indexOf(character)
        const swapped = digit >= 0 ? String(digit) : OMOCODIA_LETTERS[Number(character)]!
        // Alone, the substitution breaks the control character...
        const alone = code.slice(0, position) + swapped + code.slice(position + 1)
        expect(validateCodiceFiscale(alone)).toEqual({ ok: false, reason: 'control' })
        // ...recomputed, it is the same person's code.
        const resigned = alone.slice(0, 15) + controlCharacter(alone.slice(0, 15))
        expect(validateCodiceFiscale(resigned)).toEqual({ ok: true })
        expect(codiceFiscaleMismatches(resigned, asTyped(person))).toEqual([])
      }),
    )
  })
})
