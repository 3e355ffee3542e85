import * as races from '../../../contracts/races.contract'
import { apiQuery } from '../../lib/api-query'

export const raceQueries = {
  list: (filter: races.RaceFilter) => apiQuery(races.list, { query: { filter } }),
}
