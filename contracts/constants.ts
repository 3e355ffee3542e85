/**
 * Values the contracts define that code on the portal's first page needs without their schemas:
 * importing a contract module brings zod with it (DESIGN.md section 9, decision 022).
 */

/** The race list's filters (`races.list`'s `filter`). */
export const RACE_FILTERS = ['all', 'open', 'closed'] as const
export type RaceFilter = (typeof RACE_FILTERS)[number]

/** Where the athlete's subscription history starts (spec section 9). */
export const SUBSCRIPTION_HISTORY_START = '2000-01-01'
