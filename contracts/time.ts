// Global `Temporal` types: the app installs the polyfill where the browser has none (src/lib/temporal.ts).
/// <reference types="temporal-polyfill/types/global" />

/**
 * Durations in milliseconds, and the organiser's calendar. They live here, the one folder every
 * other part may import (machines, mocks, src, scripts), so there is one definition of an hour and
 * of the day an instant falls on.
 */
export const SECOND_MS = 1_000
export const MINUTE_MS = 60 * SECOND_MS
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS

/** The same in seconds, for wire values counted in seconds (race times, `expires_in`). */
export const MINUTE_S = MINUTE_MS / SECOND_MS
export const HOUR_S = HOUR_MS / SECOND_MS

/** Date-only values (birth dates, certificate expiry, race days) are calendar days in Italy. */
export const DATE_ONLY_ZONE = 'Europe/Rome'

/** The calendar day (`YYYY-MM-DD`) an instant falls on in Europe/Rome, where date-only values are read. */
export function calendarDayInRome(epochMsOrIso: number | string): string {
  const instant = typeof epochMsOrIso === 'number' ? Temporal.Instant.fromEpochMilliseconds(epochMsOrIso) : Temporal.Instant.from(epochMsOrIso)
  return instant.toZonedDateTimeISO(DATE_ONLY_ZONE).toPlainDate().toString()
}
