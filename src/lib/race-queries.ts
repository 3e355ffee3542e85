import { RACE_FILTERS, type RaceFilter } from '../../contracts/constants'
import type { Locale } from '../../contracts/locale'
import type * as races from '../../contracts/races.contract'
import { apiQuery, operationKey, type LazyOperation } from './api-query'
import { contentLanguage } from './content-language'
import { paths } from './paths'

/** The home page's filter, from its address's query string: anything unknown shows all races. */
export function raceFilterOf(search: string): RaceFilter {
  const filter = new URLSearchParams(search).get('filter')
  return RACE_FILTERS.find((known) => known === filter) ?? 'all'
}

/** The home page on a tab: the search and filters of its query string (`search`) stay as they are. */
export function raceListHref(search: string, filter: RaceFilter): string {
  const params = new URLSearchParams(search)
  if (filter === 'all') params.delete('filter')
  else params.set('filter', filter)
  const query = params.toString()
  return query ? `${paths.home}?${query}` : paths.home
}

// The race contracts load with the first read (decision 022): the home page is drawn without them.
const contract = () => import('../../contracts/races.contract')
const operations = {
  list: { name: 'races.list', auth: 'none', load: async () => (await contract()).list },
  get: { name: 'races.get', auth: 'none', load: async () => (await contract()).get },
} satisfies { [K in 'list' | 'get']: LazyOperation<(typeof races)[K]> }

/** The root of every race read (lists, details, rankings, entrants): one invalidation reads them all again. */
export const raceKeys = {
  root: [operationKey(operations.list)[0]] as const,
  /** One race in every language it has been read in (a key prefix: TanStack matches the rest). */
  detail: (id: number) => [...operationKey(operations.get), { params: { id } }] as const,
}

export const raceQueries = {
  list: (filter: RaceFilter) => apiQuery(operations.list, { query: { filter } }),
  /**
   * The race with its texts in a language, the interface's unless told. Another language is another
   * read; until it arrives, the race stays on screen in the language it was in (a screen that waits
   * for the race, as the wizard does, is not taken down by a change of language).
   */
  get: (id: number, lingua: Locale = contentLanguage()) => ({
    ...apiQuery(operations.get, { params: { id }, query: { lingua } }),
    placeholderData: (previous: races.RaceDetail | undefined) => (previous?.id === id ? previous : undefined),
  }),
  // The ranking and the entrants are read off the page's thread: participantQueries (src/features/races).
}
