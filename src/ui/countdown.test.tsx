import { describe, expect, it } from 'vitest'
import { HOUR_MS, SECOND_MS } from '../../contracts/time'
import { countdownText, secondsLeft } from './countdown'

describe('a countdown reads as a clock', () => {
  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [103, '1:43'],
    [599, '9:59'],
    [600, '10:00'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
  ])('%d s left is %s', (seconds, text) => {
    expect(countdownText(seconds)).toBe(text)
  })

  it('counts whole seconds up to the moment, and nothing after it', () => {
    expect(secondsLeft(10_000, 0)).toBe(10)
    expect(secondsLeft(10_000, 9_001)).toBe(1)
    expect(secondsLeft(10_000, 10_000)).toBe(0)
    expect(secondsLeft(10_000, 12_000)).toBe(0)
  })

  it("never reads more than the time given when the deadline falls inside a second of the clock's (issue 42)", () => {
    // A 48-hour offer made 400 ms into a second, read by a clock rounded down to that second.
    const made = Date.parse('2026-03-02T09:00:00.400Z')
    const ends = made + 48 * HOUR_MS
    const clock = Math.floor(made / SECOND_MS) * SECOND_MS
    expect(countdownText(secondsLeft(ends, clock))).toBe('48:00:00')
    expect(countdownText(secondsLeft(ends, made))).toBe('48:00:00')
    // One second of the clock later, one second less.
    expect(countdownText(secondsLeft(ends, clock + SECOND_MS))).toBe('47:59:59')
  })
})
