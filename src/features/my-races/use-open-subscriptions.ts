import { useQuery } from '@tanstack/react-query'
import { useAthlete, useSubscriptionHistory } from '../../lib/athlete-queries'
import { raceQueries } from '../../lib/race-queries'
import { useNow } from '../../lib/use-now'
import { openSubscriptions } from './open-subscriptions'

/**
 * The athlete's open subscriptions, from the same cached reads as every other screen: the possible
 * ones of the profile, the history and the race list. `open` is built from what has been read so
 * far (the area's counts show early); `complete` says every read is in, as a page needs before
 * listing them. `reads` are the reads, for their error state.
 */
export function useOpenSubscriptions() {
  const { profile, possibleSubscriptions } = useAthlete()
  const now = useNow()
  const history = useSubscriptionHistory()
  const races = useQuery(raceQueries.list('all'))
  return {
    open: openSubscriptions(possibleSubscriptions, history.data?.iscrizioni ?? [], races.data?.gare ?? [], now),
    complete: profile !== null && history.data !== undefined && races.data !== undefined,
    reads: [history, races] as const,
    now,
  }
}
