import type { Race } from '../../../contracts/races.contract'
import { raceStanding, type RaceStanding, type StandingInput } from '../../../machines/enrolment/standing'
import { subscriptionFor, useAthlete, useSubscriptionFor, useSubscriptionHistory } from '../../lib/athlete-queries'
import { calendarDayInRome } from '../../lib/format'
import { useSession } from '../../lib/session'

/** A race as its standing reads it (the gate's facts, its lottery) and as its subscription is found. */
type StandingRace = StandingInput['race'] & Pick<Race, 'id'>

/**
 * The signed-in athlete's standing with a race at `now` (`raceStanding`, the wizard gate's rules),
 * from the query cache: the profile and the subscription history the gate reads. `null` while the
 * session or the history is still loading, so no action shows that the athlete's data would then
 * contradict. Signed out, or when the history cannot be read, the standing of a visitor: the
 * registration display, which the wizard's gate then completes.
 */
export function useRaceStanding(race: StandingRace, now: number): RaceStanding | null {
  const { status } = useSession()
  const { profile } = useAthlete()
  const { subscription, query } = useSubscriptionFor(race.id)
  if (status === 'pending') return null
  const today = calendarDayInRome(now)
  if (status === 'loggedOut' || profile === null || query.isError) return raceStanding({ race, athlete: null, now, today })
  if (subscription === undefined) return null
  return raceStanding({ race, athlete: { profile, subscription }, now, today })
}

/**
 * Every race's standing for the signed-in athlete, for the race list: one read of the history for
 * all the cards. `null` until it is in (or when it cannot be read: the cards then show none).
 */
export function useRaceStandings(): ((race: StandingRace, now: number) => RaceStanding) | null {
  const { profile } = useAthlete()
  const history = useSubscriptionHistory()
  if (profile === null || !history.data) return null
  const subscriptions = history.data.iscrizioni
  return (race, now) =>
    raceStanding({ race, athlete: { profile, subscription: subscriptionFor(subscriptions, race.id) }, now, today: calendarDayInRome(now) })
}
