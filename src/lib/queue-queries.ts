import type * as queue from '../../contracts/queue.contract'
import { apiQuery, operationKey, type LazyOperation } from './api-query'

// Loaded with the first read, as the race contracts are (decision 022): the race page asks for the
// athlete's ticket only for a race with a waiting room.
const contract = () => import('../../contracts/queue.contract')
const operations = {
  status: { name: 'queue.status', auth: 'bearer', load: async () => (await contract()).status },
  draw: { name: 'queue.draw', auth: 'none', load: async () => (await contract()).draw },
} satisfies { [K in 'status' | 'draw']: LazyOperation<(typeof queue)[K]> }

/** Every waiting-room read: one invalidation reads every race's tickets and draws again. */
export const queueKeys = {
  root: [operationKey(operations.status)[0]] as const,
}

export const queueQueries = {
  /**
   * The signed-in athlete's ticket for a race's waiting room (404 `not_in_queue`: none). The room's
   * machine decides when to read it again; the race page and the wizard's gate read the same entry.
   */
  status: (raceId: number) => apiQuery(operations.status, { params: { id: raceId } }),
  /**
   * The race's room draw as anyone reads it (404 `no_room`): the commitment from before the room
   * opens, the seed and the tickets drawn from registration's opening.
   */
  draw: (raceId: number) => apiQuery(operations.draw, { params: { id: raceId } }),
}
