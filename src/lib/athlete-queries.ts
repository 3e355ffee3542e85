import { useQuery } from '@tanstack/react-query'
import * as athlete from '../../contracts/athlete.contract'
import * as experience from '../../contracts/experience.contract'
import { apiQuery } from './api-query'
import { useSession } from './session'

export const athleteQueries = {
  /** The signed-in athlete: profile and possible subscriptions (`atleta_me`). */
  me: () => apiQuery(athlete.me, {}),
  /** Every subscription of the athlete since the history starts (spec section 9), up to `today`. */
  subscriptions: (contactId: number, today: string) =>
    apiQuery(athlete.subscriptions, { query: { contact_id: contactId, from_date: athlete.SUBSCRIPTION_HISTORY_START, to_date: today } }),
  /** The athlete's experience-race reports and PAX. */
  experience: () => apiQuery(experience.list, {}),
}

/**
 * The signed-in athlete, from the query cache. The session's first load fills it before the
 * session counts as signed in; later refetches keep the last good answer while they run or fail.
 */
export function useAthlete() {
  const { status } = useSession()
  const query = useQuery({ ...athleteQueries.me(), enabled: status === 'loggedIn' })
  const data = status === 'loggedIn' ? query.data : undefined
  return {
    profile: data?.profilo[0] ?? null,
    possibleSubscriptions: data?.iscrizioni_possibili ?? [],
    query,
  }
}
