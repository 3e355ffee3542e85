import * as liberatoria from '../../contracts/liberatoria.contract'
import type { Locale } from '../../contracts/locale'
import type * as places from '../../contracts/places.contract'
import { apiQuery, type LazyOperation } from './api-query'
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

/** The waiver query of a race, for a language and form already chosen by the page. */
export type WaiverReader = (raceId: number) => ReturnType<typeof transferQueries.waiver>
