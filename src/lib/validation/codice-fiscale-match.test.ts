import { describe, expect, it } from 'vitest'
import { codiceFiscaleMismatches, type TaxCodePerson } from './codice-fiscale-match'
import { controlCharacter } from '../../../contracts/codice-fiscale'
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

/*
 * Codes of people made up for these tests, each worked out from the rules of DM 23/12/1976 and its
 * control character checked against the decree's tables by a separate script. One by hand, the
 * revenue agency's own example: Mario Rossi, man, born 10 December 1985 in Bagno di Romagna (A562),
 * RSS MRA 85 T 10 A562, control S: the odd positions (R S R 8 T 0 5 2) weigh 8+12+8+19+14+1+13+5 = 80,
 * the even ones (S M A 5 1 A 6) 18+12+0+5+1+0+6 = 42; 122 mod 26 = 18, the letter S.
 */
const PEOPLE = {
  mario: { code: 'RSSMRA85T10A562S', person: { cognome: 'Rossi', nome: 'Mario', data_nascita: '1985-12-10', sesso: 'M', cadastral: 'A562', bornInItaly: true } },
  // A surname of two words; a woman born on 3 July: day 43, month L.
  anna: { code: 'DLCNNA92L43F205N', person: { cognome: 'De Luca', nome: 'Anna', data_nascita: '1992-07-03', sesso: 'F', cadastral: 'F205', bornInItaly: true } },
  // Born in Germany (Z112) on a 29 February; the umlaut read as its letter.
  hans: { code: 'MLLHNS80B29Z112V', person: { cognome: 'Müller', nome: 'Hans', data_nascita: '1980-02-29', sesso: 'M', cadastral: null, bornInItaly: false } },
  // An apostrophe; a name of four consonants (G S P P) keeps the 1st, 3rd and 4th: GPP.
  giuseppe: { code: 'DNGGPP75A01F839A', person: { cognome: "D'Angelo", nome: 'Giuseppe', data_nascita: '1975-01-01', sesso: 'M', cadastral: 'F839', bornInItaly: true } },
  // Few letters: LI padded with one X, Eva's one consonant then its vowels (VEA); born in China (Z210).
  eva: { code: 'LIXVEA04P70Z210L', person: { cognome: 'Li', nome: 'Eva', data_nascita: '2004-09-30', sesso: 'F', cadastral: null, bornInItaly: false } },
  // A surname of four consonants keeps its first three (BNC); a name of six (L S S N D R) the 1st, 3rd and 4th (LSN).
  alessandro: { code: 'BNCLSN68C17L219I', person: { cognome: 'Bianchi', nome: 'Alessandro', data_nascita: '1968-03-17', sesso: 'M', cadastral: 'L219', bornInItaly: true } },
  // A one-letter surname (OXX) and a two-letter name (LAX), born in the United States (Z404).
  al: { code: 'OXXLAX99R05Z404G', person: { cognome: 'O', nome: 'Al', data_nascita: '1999-10-05', sesso: 'M', cadastral: null, bornInItaly: false } },
} as const satisfies Record<string, { code: string; person: TaxCodePerson }>

describe('codiceFiscaleMismatches: the rules of the decree, case by case', () => {
  it.each(Object.entries(PEOPLE))('%s: a valid code that matches every part', (_name, { code, person }) => {
    expect(validateCodiceFiscale(code)).toEqual({ ok: true })
    expect(codiceFiscaleMismatches(code, person)).toEqual([])
  })

  it('reads the name rule: three consonants or fewer are kept in order, four or more give the 1st, 3rd and 4th', () => {
    const { code, person } = PEOPLE.alessandro
    // Marco and Mirco have three consonants (M R C): not Alessandro's LSN.
    expect(codiceFiscaleMismatches(code, { ...person, nome: 'Marco' })).toEqual(['name'])
    // Lisandro: L S N D R gives L, N, D, not L, S, N.
    expect(codiceFiscaleMismatches(code, { ...person, nome: 'Lisandro' })).toEqual(['name'])
    // As a surname, the same letters keep the first three consonants: LSS, not LSN.
    expect(codiceFiscaleMismatches(code, { ...person, cognome: 'Alessandro' })).toEqual(['surname'])
  })

  it('pads short names with X, and an X padding does not match a letter', () => {
    const { code, person } = PEOPLE.al
    expect(codiceFiscaleMismatches(code, { ...person, cognome: 'Oe' })).toEqual(['surname'])
    expect(codiceFiscaleMismatches(code, { ...person, nome: 'Ali' })).toEqual(['name'])
    expect(codiceFiscaleMismatches(PEOPLE.eva.code, { ...PEOPLE.eva.person, cognome: 'Lim' })).toEqual(['surname'])
  })

  it('reads spaces, apostrophes and accents away, whichever way the athlete writes the name', () => {
    expect(codiceFiscaleMismatches(PEOPLE.anna.code, { ...PEOPLE.anna.person, cognome: 'DeLuca' })).toEqual([])
    expect(codiceFiscaleMismatches(PEOPLE.anna.code, { ...PEOPLE.anna.person, cognome: 'de  luca' })).toEqual([])
    expect(codiceFiscaleMismatches(PEOPLE.giuseppe.code, { ...PEOPLE.giuseppe.person, cognome: 'D’Angelo' })).toEqual([])
    expect(codiceFiscaleMismatches(PEOPLE.giuseppe.code, { ...PEOPLE.giuseppe.person, cognome: 'Dangelo' })).toEqual([])
    expect(codiceFiscaleMismatches(PEOPLE.hans.code, { ...PEOPLE.hans.person, cognome: 'MÜLLER' })).toEqual([])
    expect(codiceFiscaleMismatches(PEOPLE.hans.code, { ...PEOPLE.hans.person, cognome: 'Muller' })).toEqual([])
    // Written "Mueller" it has the letters M L L R, the first three the same: the code cannot tell.
    expect(codiceFiscaleMismatches(PEOPLE.hans.code, { ...PEOPLE.hans.person, cognome: 'Mueller' })).toEqual([])
  })

  it("reads a woman's day as the day plus 40, and says which part is wrong", () => {
    const { code, person } = PEOPLE.anna
    // Day 43 is 3 July for a woman; for a man the code says nothing of a 3rd of July.
    expect(codiceFiscaleMismatches(code, { ...person, sesso: 'M' })).toEqual(['sex'])
    expect(codiceFiscaleMismatches(code, { ...person, data_nascita: '1992-07-13' })).toEqual(['birth_date'])
    expect(codiceFiscaleMismatches(code, { ...person, data_nascita: '1992-06-03' })).toEqual(['birth_date'])
    expect(codiceFiscaleMismatches(code, { ...person, data_nascita: '1993-07-03' })).toEqual(['birth_date'])
  })

  it('reads an omocodia code (digits replaced from the right by L-V) as the same person', () => {
    // Mario Rossi's namesake: A562 becomes A56N, then A5SN; each with its control recomputed.
    for (const first15 of ['RSSMRA85T10A56N', 'RSSMRA85T10A5SN', 'RSSMRA85T1LA5SN']) {
      const code = first15 + controlCharacter(first15)
      expect(validateCodiceFiscale(code)).toEqual({ ok: true })
      expect(codiceFiscaleMismatches(code, PEOPLE.mario.person)).toEqual([])
    }
  })

  it('says the place of birth does not match when the code is of someone born on the other side of the border', () => {
    // Born in Italy with a code for someone born abroad (Z...), and the other way round.
    expect(codiceFiscaleMismatches(PEOPLE.hans.code, { ...PEOPLE.hans.person, bornInItaly: true })).toEqual(['birth_place'])
    expect(codiceFiscaleMismatches(PEOPLE.mario.code, { ...PEOPLE.mario.person, cadastral: null, bornInItaly: false })).toEqual(['birth_place'])
    // A birth country not chosen yet says nothing either way.
    expect(codiceFiscaleMismatches(PEOPLE.hans.code, { ...PEOPLE.hans.person, bornInItaly: null })).toEqual([])
    // Born in Italy in another municipality than the code's.
    expect(codiceFiscaleMismatches(PEOPLE.mario.code, { ...PEOPLE.mario.person, cadastral: 'H501' })).toEqual(['birth_place'])
  })

  it("names every part when the code is someone else's", () => {
    expect(codiceFiscaleMismatches(PEOPLE.anna.code, PEOPLE.mario.person)).toEqual(['surname', 'name', 'birth_date', 'sex', 'birth_place'])
  })
})
