import type { QueryClient } from '@tanstack/react-query'
import type * as places from '../../contracts/places.contract'
import type * as transactions from '../../contracts/transactions.contract'
import { apiQuery, operationKey, type LazyOperation } from './api-query'
import { athleteKeys } from './athlete-queries'
import { raceKeys } from './race-queries'

// Loaded with the first read (decision 022): My races asks for the credits, the schemas come with it.
const operations = {
  credits: { name: 'places.credits', auth: 'bearer', load: async () => (await import('../../contracts/places.contract')).credits },
} satisfies { credits: LazyOperation<typeof places.credits> }

/** Every read of the `places` resource (credits, transfers): one invalidation reads them all again. */
export const placesKeys = {
  root: [operationKey(operations.credits)[0]] as const,
}

export const placesQueries = {
  /** The athlete's credits from deferred places. */
  credits: () => apiQuery(operations.credits, {}),
}

const TRANSACTIONS = { name: 'transactions.list' } satisfies Pick<typeof transactions.list, 'name'>

/**
 * After a place was withdrawn, deferred or passed on: the athlete's subscriptions, transactions and
 * credits, and the race's places (one more free, or a wait list moved), are read again where next
 * shown. Not at once: the page that made the change keeps showing its outcome, not the place's new
 * state read back under it.
 */
export function placeChanged(queryClient: QueryClient): Promise<unknown> {
  const stale = (queryKey: readonly unknown[]) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' })
  return Promise.all([stale(athleteKeys.root), stale(operationKey(TRANSACTIONS).slice(0, 1)), stale(placesKeys.root), stale(raceKeys.root)])
}
