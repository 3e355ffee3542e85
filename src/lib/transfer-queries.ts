import * as liberatoria from '../../contracts/liberatoria.contract'
import type { Locale } from '../../contracts/locale'
import type * as places from '../../contracts/places.contract'
import { apiQuery, operationKey, type LazyOperation } from './api-query'
import type { AddressedSex } from './athlete-queries'

// Loaded with the first read (decision 022): only the recipient's page, from the e-mail's link,
// reads a transfer. The giver's offer is on their subscription (`cessione`), read with the others.
const contract = () => import('../../contracts/places.contract')
const operations = {
  get: { name: 'places.getTransfer', auth: 'bearer', load: async () => (await contract()).getTransfer },
} satisfies { get: LazyOperation<typeof places.getTransfer> }

export const transferQueries = {
  /** A transfer offered to the signed-in athlete, by the code in their e-mail (404 `transfer_not_found`). */
  get: (code: string) => apiQuery(operations.get, { params: { codice: code } }),
  /** The race's waiver the recipient signs: in the language on screen and their grammatical form where known. */
  waiver: (raceId: number, lingua: Locale, sex: AddressedSex) =>
    apiQuery(liberatoria.get, { params: { id: raceId }, query: sex === 'other' ? { lingua } : { lingua, forma: sex } }),
}

export const transferKeys = {
  /** Every cached waiver of a race, whatever its language and form: what a revision makes stale. */
  waiver: (raceId: number) => [...operationKey(liberatoria.get), { params: { id: raceId } }] as const,
}
