import { RACE_FILTERS, type RaceFilter } from '../../contracts/constants'
import type * as races from '../../contracts/races.contract'
import { apiQuery, operationKey, type LazyOperation } from './api-query'

/** The home page's filter, from its address's query string: anything unknown shows all races. */
export function raceFilterOf(search: string): RaceFilter {
  const filter = new URLSearchParams(search).get('filter')
  return RACE_FILTERS.find((known) => known === filter) ?? 'all'
}

// The race contracts load with the first read (decision 022): the home page is drawn without them.
const contract = () => import('../../contracts/races.contract')
const operations = {
  list: { name: 'races.list', auth: 'none', load: async () => (await contract()).list },
  get: { name: 'races.get', auth: 'none', load: async () => (await contract()).get },
  ranking: { name: 'races.ranking', auth: 'none', load: async () => (await contract()).ranking },
  subscribers: { name: 'races.subscribers', auth: 'none', load: async () => (await contract()).subscribers },
} satisfies { [K in 'list' | 'get' | 'ranking' | 'subscribers']: LazyOperation<(typeof races)[K]> }

/** The root of every race read (lists, details, rankings, entrants): one invalidation reads them all again. */
export const raceKeys = {
  root: [operationKey(operations.list)[0]] as const,
}

export const raceQueries = {
  list: (filter: RaceFilter) => apiQuery(operations.list, { query: { filter } }),
  get: (id: number) => apiQuery(operations.get, { params: { id } }),
  ranking: (id: number) => apiQuery(operations.ranking, { params: { id } }),
  subscribers: (id: number) => apiQuery(operations.subscribers, { params: { id } }),
}
