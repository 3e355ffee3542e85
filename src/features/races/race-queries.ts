import * as races from '../../../contracts/races.contract'
import { apiQuery } from '../../lib/api-query'

export const raceQueries = {
  list: (filter: races.RaceFilter) => apiQuery(races.list, { query: { filter } }),
  get: (id: number) => apiQuery(races.get, { params: { id } }),
  ranking: (id: number) => apiQuery(races.ranking, { params: { id } }),
  subscribers: (id: number) => apiQuery(races.subscribers, { params: { id } }),
}
