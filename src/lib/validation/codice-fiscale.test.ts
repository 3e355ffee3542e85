import { describe, expect, it } from 'vitest'
import { codiceFiscale } from '../../../mocks/seed/codice-fiscale'
import { controlCharacter } from '../../../contracts/codice-fiscale'
import { normaliseTaxCode, validateCodiceFiscale } from './codice-fiscale'

// Mario Rossi, man, born 10 December 1985 in Rome (H501).
const MARIO = codiceFiscale({ nome: 'Mario', cognome: 'Rossi', sesso: 'M', data_nascita: '1985-12-10', comune: 'H501' })
// Giulia Bionaz, woman, born 29 February 2000 in Aosta (A326): day 29 + 40.
const GIULIA = codiceFiscale({ nome: 'Giulia', cognome: 'Bionaz', sesso: 'F', data_nascita: '2000-02-29', comune: 'A326' })

/** `code` with its control character recomputed, so only the change under test is wrong. */
const signed = (first15: string) => first15 + controlCharacter(first15)

describe('validateCodiceFiscale', () => {
  it('accepts valid codes of a man and of a woman born on 29 February', () => {
    expect(validateCodiceFiscale(MARIO)).toEqual({ ok: true })
    // The revenue agency's own example (Mario Rossi, Bagno di Romagna), computed independently.
    expect(validateCodiceFiscale('RSSMRA85T10A562S')).toEqual({ ok: true })
    expect(GIULIA.slice(9, 11)).toBe('69')
    expect(validateCodiceFiscale(GIULIA)).toEqual({ ok: true })
  })

  it('reads lower case and surrounding white space as the athlete meant it', () => {
    expect(validateCodiceFiscale(`  ${MARIO.toLowerCase()}\t`)).toEqual({ ok: true })
  })

  it('accepts omocodia: digits replaced from the right by L-V, with the control recomputed', () => {
    // 1 -> M in the municipality's last digit, then 0 -> L in the day.
    expect(validateCodiceFiscale(signed('RSSMRA85T10H50M'))).toEqual({ ok: true })
    expect(validateCodiceFiscale(signed('RSSMRA85T1LH50M'))).toEqual({ ok: true })
  })

  it.each([
    ['empty', ''],
    ['15 characters', MARIO.slice(0, 15)],
    ['17 characters', `${MARIO}A`],
  ])('says "length" for %s', (_case, code) => {
    expect(validateCodiceFiscale(code)).toEqual({ ok: false, reason: 'length' })
  })

  it.each([
    ['a digit among the surname letters', signed('R5SMRA85T10H501')],
    ['a letter that is not an omocodia letter in the year', signed('RSSMRA8AT10H501')],
    ['a digit as the month', signed('RSSMRA85110H501')],
    ['punctuation', signed('RSSMRA85T10H-01')],
    ['an inner space', signed('RSSMRA85T10 H50')],
    ['an accented letter', signed('RSSMRÀ85T10H501')],
  ])('says "character" for %s', (_case, code) => {
    expect(validateCodiceFiscale(code)).toEqual({ ok: false, reason: 'character' })
  })

  it.each([
    ['a month letter that is no month (F)', signed('RSSMRA85F10H501')],
    ['day 00', signed('RSSMRA85T00H501')],
    ['day 32', signed('RSSMRA85T32H501')],
    ['day 40 (between the ranges)', signed('RSSMRA85T40H501')],
    ['day 72', signed('RSSMRA85T72H501')],
    ['31 April (D)', signed('RSSMRA85D31H501')],
    ['29 February of a year that is never leap (85)', signed('RSSMRA85B29H501')],
    ['a woman born on 30 February', signed('RSSMRA85B70H501')],
  ])('says "date" for %s', (_case, code) => {
    expect(validateCodiceFiscale(code)).toEqual({ ok: false, reason: 'date' })
  })

  it('says "control" when the last character does not match', () => {
    expect(validateCodiceFiscale(`${MARIO.slice(0, 15)}A`)).toEqual({ ok: false, reason: 'control' })
  })

  it('catches any one character changed in a valid code, unless it became its omocodia form', () => {
    const OMOCODIA = 'LMNPQRSTUV'
    for (const code of [MARIO, GIULIA]) {
      for (let position = 0; position < 16; position += 1) {
        for (const replacement of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') {
          if (replacement === code[position]) continue
          const changed = code.slice(0, position) + replacement + code.slice(position + 1)
          const omocodia = OMOCODIA[Number(code[position])] === replacement
          if (!omocodia) expect(validateCodiceFiscale(changed).ok, changed).toBe(false)
        }
      }
    }
  })
})

describe('normaliseTaxCode', () => {
  it('upper-cases and drops every white space, as the form does while the athlete types or pastes', () => {
    expect(normaliseTaxCode(' rss mra 85t10 a562s\t')).toBe('RSSMRA85T10A562S')
    expect(normaliseTaxCode('RSSMRA85T10A562S')).toBe('RSSMRA85T10A562S')
    expect(normaliseTaxCode(' 0000 ')).toBe('0000')
    expect(normaliseTaxCode('')).toBe('')
    expect(validateCodiceFiscale(normaliseTaxCode('rss mra 85t10 a562s'))).toEqual({ ok: true })
  })
})
