import type * as queue from '../../contracts/queue.contract'
import { apiQuery, operationKey, type LazyOperation } from './api-query'

// Loaded with the first read, as the race contracts are (decision 022): the race page asks for the
// athlete's ticket only for a race with a waiting room.
const contract = () => import('../../contracts/queue.contract')
const operations = {
  status: { name: 'queue.status', auth: 'bearer', load: async () => (await contract()).status },
} satisfies { [K in 'status']: LazyOperation<(typeof queue)[K]> }

/** The athlete's tickets: one invalidation reads every race's again. */
export const queueKeys = {
  root: [operationKey(operations.status)[0]] as const,
}

export const queueQueries = {
  /**
   * The signed-in athlete's ticket for a race's waiting room (404 `not_in_queue`: none). The room's
   * machine decides when to read it again; the race page and the wizard's gate read the same entry.
   */
  status: (raceId: number) => apiQuery(operations.status, { params: { id: raceId } }),
}
