import type * as places from '../../contracts/places.contract'
import { apiQuery, type LazyOperation } from './api-query'

// Loaded with the first read (decision 022): only the recipient's page, from the e-mail's link,
// reads a transfer. The giver's offer is on their subscription (`cessione`), read with the others.
const contract = () => import('../../contracts/places.contract')
const operations = {
  get: { name: 'places.getTransfer', auth: 'bearer', load: async () => (await contract()).getTransfer },
} satisfies { get: LazyOperation<typeof places.getTransfer> }

export const transferQueries = {
  /** A transfer offered to the signed-in athlete, by the code in their e-mail (404 `transfer_not_found`). */
  get: (code: string) => apiQuery(operations.get, { params: { codice: code } }),
}
