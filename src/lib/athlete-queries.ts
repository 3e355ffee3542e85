import { useQuery } from '@tanstack/react-query'
import type * as athlete from '../../contracts/athlete.contract'
import { SUBSCRIPTION_HISTORY_START } from '../../contracts/constants'
import type * as experience from '../../contracts/experience.contract'
import { apiQuery, type LazyOperation } from './api-query'
import { useSession } from './session'

// The contracts load with the first read (decision 022): the header and the guard need these
// queries on every page, the schemas only once a call is made.
const operations = {
  me: { name: 'athlete.me', auth: 'bearer', load: async () => (await import('../../contracts/athlete.contract')).me },
  subscriptions: {
    name: 'athlete.subscriptions',
    auth: 'bearer',
    load: async () => (await import('../../contracts/athlete.contract')).subscriptions,
  },
  experience: { name: 'experience.list', auth: 'bearer', load: async () => (await import('../../contracts/experience.contract')).list },
} satisfies {
  me: LazyOperation<typeof athlete.me>
  subscriptions: LazyOperation<typeof athlete.subscriptions>
  experience: LazyOperation<typeof experience.list>
}

export const athleteQueries = {
  /** The signed-in athlete: profile and possible subscriptions (`atleta_me`). */
  me: () => apiQuery(operations.me, {}),
  /** Every subscription of the athlete since the history starts (spec section 9), up to `today`. */
  subscriptions: (contactId: number, today: string) =>
    apiQuery(operations.subscriptions, { query: { contact_id: contactId, from_date: SUBSCRIPTION_HISTORY_START, to_date: today } }),
  /** The athlete's experience-race reports and PAX. */
  experience: () => apiQuery(operations.experience, {}),
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
