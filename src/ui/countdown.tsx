import { HOUR_S, MINUTE_S, SECOND_MS } from '../../contracts/time'
import { formatDuration } from '../lib/format'

/**
 * Whole seconds from `at` until `until` (epoch ms), never below zero, counted on the clock's grid:
 * both instants rounded down to their second, as the clock a countdown ticks with rounds `at`
 * (`useNow(SECOND_MS)`). Rounding only the time left would count the part of a second the clock
 * dropped: a 48-hour offer made at 10:00:00.4 would read 48:00:01 at 10:00:00. On one grid it reads
 * 48:00:00 at most, and each second it shows passes with a second of the clock.
 */
export function secondsLeft(until: number, at: number): number {
  return Math.max(0, Math.floor(until / SECOND_MS) - Math.floor(at / SECOND_MS))
}

/** What is left, as a clock reads it: "7:43" under an hour, "1:02:05" from one. */
export function countdownText(seconds: number): string {
  if (seconds >= HOUR_S) return formatDuration(seconds)
  return `${String(Math.floor(seconds / MINUTE_S))}:${String(seconds % MINUTE_S).padStart(2, '0')}`
}

/**
 * The time left until `until`, ticking every second. A timer (`role="timer"`) is not read out as it
 * changes: whoever shows it says the moments that matter in a live region of their own.
 */
export function Countdown({ until, at }: { until: number; at: number }) {
  const seconds = secondsLeft(until, at)
  return (
    <span role="timer" className="tabular">
      {countdownText(seconds)}
    </span>
  )
}
