import * as races from '../../contracts/races.contract'
import { apiQuery } from './api-query'

/** The home page's filter, from its address's query string: anything unknown shows all races. */
export function raceFilterOf(search: string): races.RaceFilter {
  const parsed = races.RaceFilterSchema.safeParse(new URLSearchParams(search).get('filter'))
  return parsed.success ? parsed.data : 'all'
}

export const raceQueries = {
  list: (filter: races.RaceFilter) => apiQuery(races.list, { query: { filter } }),
  get: (id: number) => apiQuery(races.get, { params: { id } }),
  ranking: (id: number) => apiQuery(races.ranking, { params: { id } }),
  subscribers: (id: number) => apiQuery(races.subscribers, { params: { id } }),
}
