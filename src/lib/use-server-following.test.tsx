import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SECOND_MS } from '../../contracts/time'
import { resetClockSource, setClockSource } from './clock'
import { useServerFollowing, type FollowingEvent } from './use-server-following'

const START = Date.UTC(2026, 5, 1, 8, 30, 0)
let clock = START

beforeEach(() => {
  vi.useFakeTimers()
  clock = START
  setClockSource(() => clock)
})
afterEach(() => {
  cleanup()
  resetClockSource()
  vi.useRealTimers()
})

/** A stand-in actor that keeps what it was sent. */
function follow() {
  const sent: FollowingEvent[] = []
  const hook = renderHook(() => useServerFollowing({ send: (event) => void sent.push(event) }))
  return { sent, hook }
}

describe('useServerFollowing', () => {
  it("ticks once a second with the portal's clock", () => {
    const { sent } = follow()
    clock += SECOND_MS
    vi.advanceTimersByTime(SECOND_MS)
    expect(sent).toEqual([{ type: 'clock.tick', now: START + SECOND_MS }])
  })

  it('ticks at once when the clock is moved and when the window comes back to the front', () => {
    const { sent } = follow()
    clock = START + 10 * 60 * SECOND_MS
    setClockSource(() => clock)
    window.dispatchEvent(new Event('focus'))
    expect(sent).toEqual([
      { type: 'clock.tick', now: clock },
      { type: 'clock.tick', now: clock },
    ])
  })

  it('with the connection back: a tick, then connection.back', () => {
    const { sent } = follow()
    window.dispatchEvent(new Event('online'))
    expect(sent).toEqual([{ type: 'clock.tick', now: START }, { type: 'connection.back' }])
  })

  it('sends nothing once the screen is gone', () => {
    const { sent, hook } = follow()
    hook.unmount()
    vi.advanceTimersByTime(10 * SECOND_MS)
    setClockSource(() => clock)
    window.dispatchEvent(new Event('focus'))
    window.dispatchEvent(new Event('online'))
    expect(sent).toEqual([])
  })
})
