import { controlCharacter, MONTH_LETTERS, nameCode, surnameCode } from '../../contracts/codice-fiscale'

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

export function codiceFiscale({ nome, cognome, sesso, data_nascita, comune }: TaxCodeData): string {
  const [year = '', month = '', day = ''] = data_nascita.split('-')
  const dayCode = Number(day) + (sesso === 'F' ? 40 : 0)
  const first15 =
    surnameCode(cognome) +
    nameCode(nome) +
    year.slice(2) +
    (MONTH_LETTERS[Number(month) - 1] ?? '') +
    String(dayCode).padStart(2, '0') +
    comune
  return first15 + controlCharacter(first15)
}
