import { MONTH_LETTERS, nameCode, nameLetters, surnameCode, withDigits } from '../../../contracts/codice-fiscale'

/** A part of the person that a tax code contradicts. */
export type CodiceFiscaleMismatch = 'surname' | 'name' | 'birth_date' | 'sex' | 'birth_place'

/** What the athlete typed about themselves; a part left empty or unknown is not compared. */
export interface TaxCodePerson {
  cognome: string
  nome: string
  /** `YYYY-MM-DD`. */
  data_nascita: string | null
  sesso: 'M' | 'F' | null
  /** Cadastral (Belfiore) code of the birth municipality, when it is a known Italian one. */
  cadastral: string | null
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * The parts of `person` that `code` (a code `validateCodiceFiscale` accepted) does not encode.
 * Omocodia letters are read back as digits first; names are compared by their letters only.
 */
export function codiceFiscaleMismatches(code: string, person: TaxCodePerson): CodiceFiscaleMismatch[] {
  const plain = withDigits(code.trim().toUpperCase())
  const found: CodiceFiscaleMismatch[] = []
  if (nameLetters(person.cognome).length > 0 && surnameCode(person.cognome) !== plain.slice(0, 3)) found.push('surname')
  if (nameLetters(person.nome).length > 0 && nameCode(person.nome) !== plain.slice(3, 6)) found.push('name')

  const encodedDay = Number(plain.slice(9, 11))
  // Women's days are 41-71.
  const female = encodedDay > 40
  const date = ISO_DATE.exec(person.data_nascita ?? '')
  if (date) {
    const [, year = '', month = '', day = ''] = date
    const sameDate =
      year.slice(2) === plain.slice(6, 8) &&
      MONTH_LETTERS[Number(month) - 1] === plain[8] &&
      Number(day) === (female ? encodedDay - 40 : encodedDay)
    if (!sameDate) found.push('birth_date')
  }
  if (person.sesso && person.sesso !== (female ? 'F' : 'M')) found.push('sex')

  const cadastral = person.cadastral?.trim().toUpperCase()
  if (cadastral && cadastral !== plain.slice(11, 15)) found.push('birth_place')
  return found
}
