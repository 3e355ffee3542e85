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
  /**
   * Whether the birth country is Italy (`null` or absent: not chosen yet). A code's place is a
   * municipality's code for people born in Italy and Z plus the country's number for people born abroad.
   */
  bornInItaly?: boolean | null
}

/** The letter that starts the place of a code given to someone born abroad (Z404: United States). */
const ABROAD = 'Z'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * The parts of `person` that `code` (a code `validateCodiceFiscale` accepted) does not encode, in
 * the code's order: surname (characters 1-3), name (4-6), birth date (year 7-8, month letter 9,
 * day 10-11), sex (the day, 40 more for a woman), place of birth (12-15). Omocodia letters are read
 * back as digits first; names are compared by their Latin letters only (accents, apostrophes and
 * spaces dropped), as the revenue agency writes them; the century is not in the code, so not compared.
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

  const place = plain.slice(11, 15)
  const cadastral = person.cadastral?.trim().toUpperCase()
  const bornAbroadByCode = place.startsWith(ABROAD)
  const wrongSide = typeof person.bornInItaly === 'boolean' && person.bornInItaly === bornAbroadByCode
  if (wrongSide || (cadastral && cadastral !== place)) found.push('birth_place')
  return found
}
