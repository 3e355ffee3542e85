import type { Breaker } from './breaker'

/** The rules of scripts/conformance/checks/payments.ts, broken. */
export const PAYMENTS_BROKEN: Record<string, Breaker> = {}
