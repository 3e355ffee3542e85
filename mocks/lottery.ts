import type { RaceRecord } from './db'

// Placeholder while issue 23's lottery helper builds the rules (replaced before the issue closes).

export async function advanceLotteries(_now: number): Promise<void> {}
export async function registerApplication(_athleteId: number, _race: RaceRecord, _now: number): Promise<void> {}
