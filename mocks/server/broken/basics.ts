import type { Breaker } from './breaker'

/** The rules of scripts/conformance/checks/basics.ts, broken. */
export const BASICS_BROKEN: Record<string, Breaker> = {}
