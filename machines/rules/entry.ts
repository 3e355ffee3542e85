import type { Profile } from '../../contracts/athlete.contract'
import type { Race } from '../../contracts/races.contract'
import { completedYears, raceDay } from './race-day'

/**
 * Who enters a race, and how: the athlete's age on race day and lottery entry, read by the
 * enrolment gate (and so by the race page's standing). Apart from race-day.ts, whose rules the race
 * list needs on its first paint, so the home page's first load does not carry these.
 */

/** The athlete's age on race day (a birthday on race day counts). */
export function ageOnRaceDay(birthDate: string, race: Pick<Race, 'data_evento'>): number {
  return completedYears(birthDate, raceDay(race))
}

/** The athlete has the race's minimum age on race day. */
export function isOldEnough(birthDate: string, race: Pick<Race, 'data_evento' | 'eta_minima'>): boolean {
  return ageOnRaceDay(birthDate, race) >= race.eta_minima
}

/**
 * The athlete enters this race by applying to its lottery: a lottery race, and no PAX (which
 * enters directly). A visitor (`null`) would apply too. A stored subscription says it of itself
 * (`domanda_lotteria`).
 */
export function isLotteryEntry(race: Pick<Race, 'ammissione'>, athlete: Pick<Profile, 'pax'> | null): boolean {
  return race.ammissione === 'lotteria' && athlete?.pax !== true
}
