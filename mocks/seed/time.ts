import { HOUR_MS } from '../../contracts/time'

/** The seed's fixed "now": Monday 2 March 2026, 09:00 in Rome. */
export const SEED_NOW_ISO = '2026-03-02T08:00:00.000Z'
export const SEED_NOW_MS = Date.parse(SEED_NOW_ISO)

/**
 * A Rome wall-clock time (`YYYY-MM-DDTHH:mm`) as a UTC instant. The organiser announces starts and
 * registration windows in local time, so the data reads as the race calendar does; summer time
 * follows the EU rule (last Sunday of March to last Sunday of October, switching at 01:00 UTC).
 */
export function rome(local: string): string {
  const asUtc = Date.parse(`${local}:00.000Z`)
  const year = new Date(asUtc).getUTCFullYear()
  const summerStart = lastSundayAt1Utc(year, 2)
  const summerEnd = lastSundayAt1Utc(year, 9)
  const winterGuess = asUtc - HOUR_MS
  const offset = winterGuess >= summerStart && winterGuess < summerEnd ? 2 * HOUR_MS : HOUR_MS
  return new Date(asUtc - offset).toISOString()
}

function lastSundayAt1Utc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0))
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1)
}
