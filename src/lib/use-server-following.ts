import { useEffect } from 'react'
import { SECOND_MS } from '../../contracts/time'
import { now, subscribeClock } from './clock'

/** The events by which the portal's clock and the connection reach a machine built on machines/polling.ts. */
export type FollowingEvent = { type: 'clock.tick'; now: number } | { type: 'connection.back' }

/**
 * Time and the connection reach a machine that follows a record on the server (the waiting room,
 * the wait list: machines/polling.ts) here only (decision 003): a `clock.tick` once a second while
 * mounted, when the clock is moved (the mock's controls) and when the window comes back to the
 * front; and with the connection, a tick then `connection.back`, so a call that failed for want of
 * one is tried at once.
 */
export function useServerFollowing(actor: { send(event: FollowingEvent): void }): void {
  useEffect(() => {
    const tick = () => actor.send({ type: 'clock.tick', now: now() })
    const back = () => {
      tick()
      actor.send({ type: 'connection.back' })
    }
    const interval = setInterval(tick, SECOND_MS)
    const unsubscribe = subscribeClock(tick)
    window.addEventListener('focus', tick)
    window.addEventListener('online', back)
    return () => {
      clearInterval(interval)
      unsubscribe()
      window.removeEventListener('focus', tick)
      window.removeEventListener('online', back)
    }
  }, [actor])
}
