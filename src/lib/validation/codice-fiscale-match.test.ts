import { describe, expect, it } from 'vitest'
import { codiceFiscaleMismatches, type TaxCodePerson } from './codice-fiscale-match'
import { validateCodiceFiscale } from './codice-fiscale'

// Codes worked out by hand from the revenue agency's rules (the control character by its table).
// Lucia D'Amico, woman, born 23 April 1987 in Napoli (F839): DMC LCU 87 D 63 F839 Y.
const LUCIA: TaxCodePerson = { cognome: "D'Amico", nome: 'Lucia', data_nascita: '1987-04-23', sesso: 'F', cadastral: 'F839' }
const LUCIA_CODE = 'DMCLCU87D63F839Y'
// Nicolò Bérard, man, born 5 November 1979 in Aosta (A326): BRR NCL 79 S 05 A326 Z.
const NICOLO: TaxCodePerson = { cognome: 'Bérard', nome: 'Nicolò', data_nascita: '1979-11-05', sesso: 'M', cadastral: 'A326' }
const NICOLO_CODE = 'BRRNCL79S05A326Z'
// Gianfranco Fo, man, born 31 January 2001 in Torino (L219): a short surname padded with X, a name
// of six consonants that keeps the 1st, 3rd and 4th (G, F, R).
const GIANFRANCO: TaxCodePerson = { cognome: 'Fo', nome: 'Gianfranco', data_nascita: '2001-01-31', sesso: 'M', cadastral: 'L219' }
const GIANFRANCO_CODE = 'FOXGFR01A31L219C'

describe('codiceFiscaleMismatches', () => {
  it.each([
    ['apostrophe in the surname, a woman (day + 40)', LUCIA_CODE, LUCIA],
    ['accents in both names', NICOLO_CODE, NICOLO],
    ['a short surname and a name of four or more consonants', GIANFRANCO_CODE, GIANFRANCO],
  ])('finds nothing wrong in a matching code: %s', (_case, code, person) => {
    expect(validateCodiceFiscale(code)).toEqual({ ok: true })
    expect(codiceFiscaleMismatches(code, person)).toEqual([])
  })

  it('reads the code as typed: lower case, white space', () => {
    expect(codiceFiscaleMismatches(`  ${LUCIA_CODE.toLowerCase()} `, LUCIA)).toEqual([])
  })

  it('reads names however they are written: case, accents, apostrophes, spaces', () => {
    expect(codiceFiscaleMismatches(LUCIA_CODE, { ...LUCIA, cognome: 'd’amico', nome: ' LUCIA ' })).toEqual([])
    expect(codiceFiscaleMismatches(NICOLO_CODE, { ...NICOLO, cognome: 'Berard', nome: 'Nicolo' })).toEqual([])
    expect(codiceFiscaleMismatches(LUCIA_CODE, { ...LUCIA, cognome: 'Da Mico' })).toEqual([])
  })

  it('decodes omocodia letters back to digits before comparing', () => {
    // The municipality's 2 and 6 as N and S, then the day's 5 as R, control recomputed.
    expect(validateCodiceFiscale('BRRNCL79S05A3NSH')).toEqual({ ok: true })
    expect(codiceFiscaleMismatches('BRRNCL79S05A3NSH', NICOLO)).toEqual([])
    expect(validateCodiceFiscale('BRRNCL79S0RA3NSC')).toEqual({ ok: true })
    expect(codiceFiscaleMismatches('BRRNCL79S0RA3NSC', NICOLO)).toEqual([])
    expect(codiceFiscaleMismatches('BRRNCL79S0RA3NSC', { ...NICOLO, data_nascita: '1979-11-06' })).toEqual(['birth_date'])
  })

  it('names each part that does not match', () => {
    expect(codiceFiscaleMismatches(LUCIA_CODE, { ...LUCIA, cognome: 'Amico' })).toEqual(['surname'])
    // Lucio keeps Lucia's letters (L, C, U): the code cannot tell them apart.
    expect(codiceFiscaleMismatches(LUCIA_CODE, { ...LUCIA, nome: 'Lucio' })).toEqual([])
    expect(codiceFiscaleMismatches(LUCIA_CODE, { ...LUCIA, nome: 'Laura' })).toEqual(['name'])
    expect(codiceFiscaleMismatches(GIANFRANCO_CODE, { ...GIANFRANCO, nome: 'Gianfrancesco' })).toEqual([])
    expect(codiceFiscaleMismatches(GIANFRANCO_CODE, { ...GIANFRANCO, nome: 'Gianni' })).toEqual(['name'])
    expect(codiceFiscaleMismatches(LUCIA_CODE, { ...LUCIA, cadastral: 'A326' })).toEqual(['birth_place'])
  })

  it.each([
    ['another day', '1987-04-24'],
    ['another month', '1987-05-23'],
    ['another year', '1988-04-23'],
  ])('says the birth date does not match for %s', (_case, data_nascita) => {
    expect(codiceFiscaleMismatches(LUCIA_CODE, { ...LUCIA, data_nascita })).toEqual(['birth_date'])
  })

  it('does not read the century, which the code does not hold', () => {
    expect(codiceFiscaleMismatches(LUCIA_CODE, { ...LUCIA, data_nascita: '1887-04-23' })).toEqual([])
  })

  it("reads a woman's day (63) as the 23rd: a man born on the 23rd differs by sex only", () => {
    expect(codiceFiscaleMismatches(LUCIA_CODE, { ...LUCIA, sesso: 'M' })).toEqual(['sex'])
  })

  it("lists several parts at once, in the code's order", () => {
    expect(
      codiceFiscaleMismatches(LUCIA_CODE, { cognome: 'Rossi', nome: 'Mario', data_nascita: '1985-12-10', sesso: 'M', cadastral: 'H501' }),
    ).toEqual(['surname', 'name', 'birth_date', 'sex', 'birth_place'])
  })

  it('does not compare what is empty or unknown', () => {
    expect(codiceFiscaleMismatches(LUCIA_CODE, { cognome: '', nome: '  ', data_nascita: null, sesso: null, cadastral: null })).toEqual([])
    expect(codiceFiscaleMismatches(LUCIA_CODE, { ...LUCIA, cognome: "'", data_nascita: '', cadastral: '' })).toEqual([])
  })
})
