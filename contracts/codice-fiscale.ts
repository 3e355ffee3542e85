/**
 * The Italian tax code (codice fiscale) as the revenue agency defines it: the parts shared by the
 * portal that checks codes and the simulated backend that makes them for its personas.
 */

/** Month letters, January to December. */
export const MONTH_LETTERS = 'ABCDEHLMPRST'

/** Digit 0-9 as its omocodia letter (two people with the same code: digits replaced from the right). */
export const OMOCODIA_LETTERS = 'LMNPQRSTUV'

/** Positions (0-based) that hold digits, possibly as omocodia letters: year, day, municipality number. */
export const DIGIT_POSITIONS: readonly number[] = [6, 7, 9, 10, 12, 13, 14]

/** The code with omocodia letters turned back into digits (other characters left as they are). */
export function withDigits(code: string): string {
  const characters = [...code]
  for (const position of DIGIT_POSITIONS) {
    const digit = OMOCODIA_LETTERS.indexOf(characters[position] ?? '')
    if (digit >= 0) characters[position] = String(digit)
  }
  return characters.join('')
}

// Values of characters in odd positions (1st, 3rd, ...), for 0-9 and A-Z alike.
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]

function valueOf(character: string): number {
  return /\d/.test(character) ? Number(character) : character.charCodeAt(0) - 65
}

/** The control character of a code's first 15 characters (upper-case letters and digits). */
export function controlCharacter(first15: string): string {
  let sum = 0
  for (let index = 0; index < first15.length; index += 1) {
    const value = valueOf(first15[index]!)
    sum += index % 2 === 0 ? ODD_VALUES[value]! : value
  }
  return String.fromCharCode(65 + (sum % 26))
}

const VOWELS = /[AEIOU]/

/** The Latin letters of a name, accents and apostrophes dropped: "D'Amico" is DAMICO, "Nicolò" NICOLO. */
export function nameLetters(value: string): string[] {
  return [...value.normalize('NFD').toUpperCase().replace(/[^A-Z]/g, '')]
}

function consonantsThenVowels(value: string): string[] {
  const all = nameLetters(value)
  return [...all.filter((c) => !VOWELS.test(c)), ...all.filter((c) => VOWELS.test(c))]
}

/** The surname's three letters: consonants, then vowels, then X. */
export function surnameCode(cognome: string): string {
  return [...consonantsThenVowels(cognome), 'X', 'X', 'X'].slice(0, 3).join('')
}

/** The name's three letters: as the surname's, but four or more consonants give the 1st, 3rd and 4th. */
export function nameCode(nome: string): string {
  const consonants = nameLetters(nome).filter((c) => !VOWELS.test(c))
  if (consonants.length >= 4) return [consonants[0], consonants[2], consonants[3]].join('')
  return surnameCode(nome)
}
