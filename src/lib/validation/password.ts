/** Shortest password the backend accepts (the contracts' `minLength(8)`). */
export const PASSWORD_MIN_LENGTH = 8

/** What a password still lacks (spec section 5: long enough, with digits and special characters). */
export type PasswordLack = 'length' | 'digit' | 'special'

export function passwordLacks(password: string): PasswordLack[] {
  const lacks: PasswordLack[] = []
  if ([...password].length < PASSWORD_MIN_LENGTH) lacks.push('length')
  if (!/\p{Nd}/u.test(password)) lacks.push('digit')
  // Anything that is neither a letter, a digit nor white space counts as special.
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) lacks.push('special')
  return lacks
}
