import type { InspectionEvent, Observer } from 'xstate'

/** What XState's `inspect` option takes. */
export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void)

let inspector: Inspect | undefined

/**
 * Mock mode only (decision 034): src/dev's Flows inspector watches every actor the portal starts
 * from here on. A production build never calls it, and its guard drops the body there.
 */
export function setInspector(next: Inspect | undefined): void {
  if (import.meta.env.VITE_API_MOCK === 'false') return
  inspector = next
}

/**
 * The options spread into every root actor the portal creates (`createActor`, `useActorRef`); the
 * actors they invoke are inspected with them. In a production build the guard is a constant and
 * this is an empty object: no inspector code, no channel.
 */
export function inspection(): { inspect?: Inspect } {
  if (import.meta.env.VITE_API_MOCK === 'false' || !inspector) return {}
  return { inspect: inspector }
}
