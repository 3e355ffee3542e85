import type { Profile } from '../contracts/athlete.contract'

/**
 * How a name is published (issue 23, decision 038): as the athlete chose in their profile
 * (`visibilita`). Never chosen: the full name on subscribers lists and rankings, as race results
 * have always been public, but nothing on the lottery's list, which names no one unless they asked.
 */
export function publicName(fullName: string, choice: Profile['visibilita'], list: 'entrants' | 'lottery'): string | null {
  const chosen = choice ?? (list === 'lottery' ? 'nascosto' : 'nome')
  if (chosen === 'nascosto') return null
  if (chosen === 'nome') return fullName
  return initials(fullName)
}

/**
 * An entry list's row as published: named as the athlete chose; one who chose initials or to be
 * hidden keeps only what the profile's help text says stays public there (country and category),
 * with no bib, region or team (decision 066).
 */
export function publicRow<R extends { nome: string; pettorale: number; regione: string | null; team: string | null }>(
  row: R,
  choice: Profile['visibilita'],
): Omit<R, 'nome' | 'pettorale'> & { nome: string | null; pettorale: number | null } {
  if ((choice ?? 'nome') === 'nome') return row
  return {
    ...row,
    nome: publicName(row.nome, choice, 'entrants'),
    pettorale: null,
    regione: null,
    team: null,
  }
}

/** "Maria Grazia Rossi" → "M. G. R.": each word's first letter (a whole grapheme, so any script). */
function initials(fullName: string): string {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${segmenter.segment(word)[Symbol.iterator]().next().value?.segment.toUpperCase() ?? ''}.`)
    .join(' ')
}
