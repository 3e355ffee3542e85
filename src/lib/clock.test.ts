import { afterEach, describe, expect, it } from 'vitest'
import { DAY_MS, SECOND_MS } from '../../contracts/time'
import { deviceZone, now, resetClockSource, resetZoneSource, setClockSource, setZoneSource, subscribeClock } from './clock'

const RACE_MORNING = Date.parse('2026-06-27T04:00:00Z')

afterEach(() => {
  resetClockSource()
})

describe('clock', () => {
  it('reads the time from the source plugged in, as epoch ms', () => {
    setClockSource(() => RACE_MORNING)

    expect(now()).toBe(RACE_MORNING)
  })

  it('follows a movable source each time it is read', () => {
    let t = RACE_MORNING
    setClockSource(() => t)
    t += 3 * DAY_MS

    expect(new Date(now()).toISOString()).toBe('2026-06-30T04:00:00.000Z')
  })

  it('goes back to the real clock after a reset', () => {
    setClockSource(() => RACE_MORNING)
    resetClockSource()

    // Identity of the source, not timing: a fake clock would be years away.
    expect(Math.abs(now() - Date.now())).toBeLessThan(SECOND_MS)
  })

  it('tells subscribers when the source is set or reset, until they unsubscribe', () => {
    const calls: string[] = []
    const unsubscribeA = subscribeClock(() => calls.push('a'))
    const unsubscribeB = subscribeClock(() => calls.push('b'))

    setClockSource(() => RACE_MORNING)
    expect(calls).toEqual(['a', 'b'])

    unsubscribeA()
    resetClockSource()
    expect(calls).toEqual(['a', 'b', 'b'])

    unsubscribeB()
    unsubscribeB()
    setClockSource(() => RACE_MORNING)
    expect(calls).toEqual(['a', 'b', 'b'])
  })

  it('notifies every subscriber even when one unsubscribes while being notified', () => {
    const calls: string[] = []
    const unsubscribeFirst = subscribeClock(() => {
      calls.push('first')
      unsubscribeFirst()
    })
    const unsubscribeSecond = subscribeClock(() => calls.push('second'))

    setClockSource(() => RACE_MORNING)
    setClockSource(() => RACE_MORNING + 1)
    unsubscribeSecond()

    expect(calls).toEqual(['first', 'second', 'second'])
  })

  it('sees the new time from inside a subscriber', () => {
    const seen: number[] = []
    const unsubscribe = subscribeClock(() => seen.push(now()))

    setClockSource(() => RACE_MORNING)
    unsubscribe()

    expect(seen).toEqual([RACE_MORNING])
  })
})

describe("the device's zone", () => {
  it('is the one of the source plugged in, and, after a reset, the one the device reports', () => {
    setZoneSource(() => 'Asia/Tokyo')
    expect(deviceZone()).toBe('Asia/Tokyo')

    // The machine's zone, whichever it is: the setup's pin (no zone) is gone.
    resetZoneSource()
    expect(deviceZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})
