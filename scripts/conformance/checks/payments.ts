import type { Group } from '../kit'

/** The checks of payments and capacity. */
export const PAYMENT_GROUPS: readonly Group[] = []
