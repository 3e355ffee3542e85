export type Sex = 'M' | 'F'

/**
 * The age category, from the age reached in the race's year (as the athletics federation counts):
 * seniors under 40, then one category per decade up to 60+.
 */
export function categoryFor(sex: Sex, age: number): string {
  if (age < 40) return `S${sex}`
  return `${sex}${String(Math.min(60, Math.floor(age / 10) * 10))}`
}
