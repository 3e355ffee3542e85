import type { Group } from '../kit'

/** The checks of the waiting room, wait list, lottery and places after enrolment (decisions 037, 038). */
export const PLACE_GROUPS: readonly Group[] = []
