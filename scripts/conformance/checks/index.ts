import type { Group } from '../kit'
import { BASIC_GROUPS } from './basics'
import { PAYMENT_GROUPS } from './payments'
import { PLACE_GROUPS } from './places'
import { RECORD_GROUPS } from './records'

/** Every group of the kit, in the order it runs: reads first, then the rules that change data. */
export const GROUPS: readonly Group[] = [...BASIC_GROUPS, ...RECORD_GROUPS, ...PAYMENT_GROUPS, ...PLACE_GROUPS]
