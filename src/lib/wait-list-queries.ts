import type * as waitList from '../../contracts/wait-list.contract'
import { apiQuery, operationKey, type LazyOperation } from './api-query'

// Loaded with the first read (decision 022): the race page asks for the athlete's entry only for a
// sold-out race that keeps a wait list, and My races only when it shows the athlete's lists.
const contract = () => import('../../contracts/wait-list.contract')
const operations = {
  status: { name: 'waitList.status', auth: 'bearer', load: async () => (await contract()).status },
  mine: { name: 'waitList.mine', auth: 'bearer', load: async () => (await contract()).mine },
} satisfies { [K in 'status' | 'mine']: LazyOperation<(typeof waitList)[K]> }

/** The athlete's wait lists: one invalidation reads every entry again. */
export const waitListKeys = {
  root: [operationKey(operations.status)[0]] as const,
}

export const waitListQueries = {
  /**
   * The signed-in athlete's entry on a race's wait list (404 `not_listed`: none). The wait-list
   * page's machine decides when to read it again; the race page reads it again at the same pace
   * while it is live (machines/rules/wait-list-reading.ts), and the wizard reads the same entry.
   */
  status: (raceId: number) => apiQuery(operations.status, { params: { id: raceId } }),
  /** Every list the athlete is on or was offered a place from (My races). */
  mine: () => apiQuery(operations.mine, {}),
}
