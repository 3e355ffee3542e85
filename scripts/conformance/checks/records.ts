import type { Group } from '../kit'

/** The checks of sessions, certificate files, waiver evidence and dates. */
export const RECORD_GROUPS: readonly Group[] = []
