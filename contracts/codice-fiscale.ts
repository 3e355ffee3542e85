/**
 * The Italian tax code's control character (the 16th), as the revenue agency defines it: shared by
 * the portal that checks codes and the simulated backend that makes them for its personas.
 */

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
