import { useQuery } from '@tanstack/react-query'
import type * as athlete from '../../contracts/athlete.contract'
import type { Subscription } from '../../contracts/athlete.contract'
import { SUBSCRIPTION_HISTORY_START } from '../../contracts/constants'
import type * as experience from '../../contracts/experience.contract'
import { apiQuery, operationKey, type LazyOperation } from './api-query'
import { calendarDayInRome } from './format'
import { useSession } from './session'
import { useNow } from './use-now'

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

/**
 * The root of every read about the athlete (profile, subscriptions): one invalidation reads them all
 * again. Experience reports are a resource of their own (`athleteQueries.experience()`).
 */
export const athleteKeys = {
  root: [operationKey(operations.me)[0]] as const,
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

/**
 * The key of messages that address the athlete with a gendered word in some languages
 * (`{sex, select, F {…} M {…} other {…}}`, decision 032): the profile's `sesso`, or 'other', the
 * neutral wording, when the athlete has not said or nobody is signed in.
 */
export type AddressedSex = 'F' | 'M' | 'other'

export function useAddressedSex(): AddressedSex {
  return useAthlete().profile?.sesso ?? 'other'
}

/**
 * The signed-in athlete's subscription history up to today on Rome's calendar (the day the
 * history's `to_date` counts in). Idle until there is a profile; `enabled: false` keeps it idle too.
 */
export function useSubscriptionHistory({ enabled = true }: { enabled?: boolean } = {}) {
  const { profile } = useAthlete()
  const today = calendarDayInRome(useNow())
  return useQuery({ ...athleteQueries.subscriptions(profile?.id ?? 0, today), enabled: enabled && profile !== null })
}

/** The athlete's subscription to a race in a history read, or null when there is none. */
export function subscriptionFor(history: readonly Subscription[], raceId: number): Subscription | null {
  return history.find((subscription) => subscription.project_id === raceId) ?? null
}

/**
 * The athlete's subscription to a race: `undefined` until the history is read, then the
 * subscription or null. `query` is the history's read, for its loading and error states.
 */
export function useSubscriptionFor(raceId: number | undefined) {
  const query = useSubscriptionHistory({ enabled: raceId !== undefined })
  const subscription = query.data && raceId !== undefined ? subscriptionFor(query.data.iscrizioni, raceId) : undefined
  return { subscription, query }
}
