import type { RaceRecord } from './db'

// Placeholder while issue 23's wait-list helper builds the rules (replaced before the issue closes).

export async function waitListPaid(_athleteId: number, _race: RaceRecord, _now: number): Promise<void> {}
export async function offerNext(_race: RaceRecord, _now: number): Promise<void> {}
export async function advanceWaitLists(_now: number): Promise<void> {}
export function offerReserved(_athleteId: number, _race: RaceRecord, _now: number): boolean {
  return false
}
/** QA: one of the race's entrants without an account withdraws, so its place comes back (QA panel). */
export async function freeOnePlace(_race: RaceRecord, _now: number): Promise<void> {}
