/**
 * Durations in milliseconds. They live here, the one folder every other part may import
 * (machines, mocks, src, scripts), so there is one definition of an hour.
 */
export const SECOND_MS = 1_000
export const MINUTE_MS = 60 * SECOND_MS
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS

/** The same in seconds, for wire values counted in seconds (race times, `expires_in`). */
export const MINUTE_S = MINUTE_MS / SECOND_MS
export const HOUR_S = HOUR_MS / SECOND_MS
