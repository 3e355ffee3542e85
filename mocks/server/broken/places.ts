import type { Breaker } from './breaker'

/** The rules of scripts/conformance/checks/places.ts, broken. */
export const PLACES_BROKEN: Record<string, Breaker> = {}
