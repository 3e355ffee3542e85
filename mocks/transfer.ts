import type { RaceRecord } from './db'

// Placeholder while issue 23's transfer helper builds the rules (replaced before the issue closes).

export async function transferPaid(_athleteId: number, _race: RaceRecord, _now: number): Promise<void> {}
export async function advanceTransfers(_now: number): Promise<void> {}
export function transferReserved(_athleteId: number, _race: RaceRecord, _now: number): boolean {
  return false
}
