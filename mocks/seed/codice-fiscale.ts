import { controlCharacter } from '../../contracts/codice-fiscale'

/**
 * The Italian tax code (codice fiscale) of a person born in Italy, computed from the data it encodes,
 * so the personas pass the portal's tax-code checks (length, characters, control character).
 */
export interface TaxCodeData {
  nome: string
  cognome: string
  sesso: 'M' | 'F'
  /** `YYYY-MM-DD`. */
  data_nascita: string
  /** Cadastral (Belfiore) code of the birth municipality, e.g. A326 for Aosta. */
  comune: string
}

const MONTHS = 'ABCDEHLMPRST'
const VOWELS = /[AEIOU]/

function letters(value: string): string[] {
  return [...value.normalize('NFD').toUpperCase().replace(/[^A-Z]/g, '')]
}

function consonantsThenVowels(value: string): string[] {
  const all = letters(value)
  return [...all.filter((c) => !VOWELS.test(c)), ...all.filter((c) => VOWELS.test(c))]
}

function surnameCode(cognome: string): string {
  return [...consonantsThenVowels(cognome), 'X', 'X', 'X'].slice(0, 3).join('')
}

function nameCode(nome: string): string {
  const consonants = letters(nome).filter((c) => !VOWELS.test(c))
  // With four or more consonants the name skips its second one.
  if (consonants.length >= 4) return [consonants[0], consonants[2], consonants[3]].join('')
  return [...consonantsThenVowels(nome), 'X', 'X', 'X'].slice(0, 3).join('')
}

export function codiceFiscale({ nome, cognome, sesso, data_nascita, comune }: TaxCodeData): string {
  const [year = '', month = '', day = ''] = data_nascita.split('-')
  const dayCode = Number(day) + (sesso === 'F' ? 40 : 0)
  const first15 =
    surnameCode(cognome) +
    nameCode(nome) +
    year.slice(2) +
    (MONTHS[Number(month) - 1] ?? '') +
    String(dayCode).padStart(2, '0') +
    comune
  return first15 + controlCharacter(first15)
}
