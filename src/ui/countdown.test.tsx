import { describe, expect, it } from 'vitest'
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
})
