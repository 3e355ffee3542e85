import type { Breaker, Respond } from './broken/breaker'
import { BASICS_BROKEN } from './broken/basics'
import { PAYMENTS_BROKEN } from './broken/payments'
import { PLACES_BROKEN } from './broken/places'
import { RECORDS_BROKEN } from './broken/records'

/**
 * Every rule the simulated backend can be started with broken, by the id of the conformance check
 * that must catch it (scripts/conformance/checks).
 */
export const BROKEN_RULES: Readonly<Record<string, Breaker>> = {
  ...BASICS_BROKEN,
  ...RECORDS_BROKEN,
  ...PAYMENTS_BROKEN,
  ...PLACES_BROKEN,
}

export type BrokenRuleName = keyof typeof BROKEN_RULES

/** `respond` with each named rule broken, in the order named. */
export function breakRules(respond: Respond, names: readonly string[]): Respond {
  return names.reduce((inner, name) => {
    const breaker = BROKEN_RULES[name]
    if (!breaker) throw new Error(`no broken rule "${name}"; known: ${Object.keys(BROKEN_RULES).join(', ')}`)
    return breaker(inner)
  }, respond)
}
