import type { Race } from '../../contracts/races.contract'
// With its extension: vite.config.ts reads this module (the frame's words, decision 044), and Vite's
// config loader wants one.
import { calendarDayInRome, HOUR_MS } from '../../contracts/time.ts'

/**
 * A race in time: the rules every screen and the enrolment gate share, each written once (who
 * enters it how is entry.ts). Instants are epoch milliseconds, as the portal's clock gives them; calendar days are
 * `YYYY-MM-DD` on Rome's calendar, where the organiser counts race days and birthdays.
 */

type RaceHours = Pick<Race, 'data_evento' | 'tempo_limite_ore'>

/**
 * When the race is over: its start plus its time limit, elapsed hours (a race across the change to
 * summer time still lasts its limit). Limits may be fractional (2.5 h).
 */
export function raceEnd(race: RaceHours): number {
  return Temporal.Instant.from(race.data_evento).add({ milliseconds: Math.round(race.tempo_limite_ore * HOUR_MS) }).epochMilliseconds
}

/** The race is under way at `nowMs`: started, and its time limit not yet run out. */
export function isLive(race: RaceHours, nowMs: number): boolean {
  return nowMs >= Temporal.Instant.from(race.data_evento).epochMilliseconds && nowMs < raceEnd(race)
}

/** The race has been run at `nowMs`: its time limit has run out, so its ranking can be published. */
export function hasEnded(race: RaceHours, nowMs: number): boolean {
  return nowMs >= raceEnd(race)
}

/** Race day: the calendar day the race starts on in Rome. */
export function raceDay(race: Pick<Race, 'data_evento'>): string {
  return calendarDayInRome(race.data_evento)
}

/**
 * Whole days from today to race day on Rome's calendar, 0 on race day and after: a start at 00:30
 * tomorrow is 1 day away even 2 hours before it, and a night when the clocks change is one day.
 */
export function daysToStart(race: Pick<Race, 'data_evento'>, nowMs: number): number {
  const today = Temporal.PlainDate.from(calendarDayInRome(nowMs))
  return Math.max(0, today.until(raceDay(race), { largestUnit: 'days' }).days)
}

/**
 * Whole years from one calendar day to another: an age, or years since a founding date. The
 * anniversary counts from its day; one on 29 February is reached on 1 March in other years.
 */
export function completedYears(from: string, on: string): number {
  return Temporal.PlainDate.from(from).until(on, { largestUnit: 'years' }).years
}
