import { useSyncExternalStore } from 'react'
import { MINUTE_MS } from '../../contracts/time'
import { now, subscribeClock } from './clock'

/**
 * The current time, refreshed every `stepMs` and whenever the clock is moved (the mock's controls),
 * rounded down to the step so renders in between agree: a minute for relative labels ("opens in 3
 * hours"), a second for a countdown shown to the second.
 */
export function useNow(stepMs: number = MINUTE_MS): number {
  return useSyncExternalStore(
    (listener) => {
      const interval = setInterval(listener, stepMs)
      const unsubscribe = subscribeClock(listener)
      return () => {
        clearInterval(interval)
        unsubscribe()
      }
    },
    () => Math.floor(now() / stepMs) * stepMs,
  )
}
