import { useSyncExternalStore } from 'react'
import { MINUTE_MS } from '../../contracts/time'
import { now, subscribeClock } from './clock'

/**
 * The current time for relative labels ("opens in 3 hours"), refreshed every minute and whenever
 * the clock is moved; rounded to the minute so renders in between agree.
 */
export function useNow(): number {
  return useSyncExternalStore(
    (listener) => {
      const interval = setInterval(listener, MINUTE_MS)
      const unsubscribe = subscribeClock(listener)
      return () => {
        clearInterval(interval)
        unsubscribe()
      }
    },
    () => Math.floor(now() / MINUTE_MS) * MINUTE_MS,
  )
}
