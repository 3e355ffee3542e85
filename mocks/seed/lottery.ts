import { ticketsFor } from '../../contracts/lottery-draw'
import type { LotteryApplicationRecord, LotteryRecord } from '../db'
import { ATHLETE_IDS } from './personas'
import { createRng } from './random'
import { SEED_RACE_IDS } from './races'

// The flagship's lottery (issue 23, decision 038) as seen on the seed's Monday: applications open
// since 16 February, 1,500 made so far by simulated athletes (ids without accounts, so no name is
// ever published for them), numbered in the order they came in.

/** The secret seed, fixed before the first application; published only after the draw. */
export const FLAGSHIP_LOTTERY_SEED = 'pettorale-tor330-2026-5f1c9a7e3b2d48e6a0c4'
/** Its SHA-256 (hex), published from the start; lottery.test.ts checks the two agree. */
export const FLAGSHIP_LOTTERY_COMMITMENT = '162323f49c343267ff57db44b7f87c5087fdb728e37c1a0be1496b7658c4bd0f'

export const SIMULATED_APPLICATIONS = 1500
/** Simulated applicants' ids: above the seeded rush's others (900,001 onwards). */
export const LOTTERY_APPLICANT_FIRST_ID = 950_001

/**
 * Earlier unsuccessful applications of the simulated applicants, with how often each is seen: most
 * apply for the first time, fewer and fewer have been turned down again and again (the real race's
 * published ticket tables have this shape).
 */
const PREVIOUS_SPREAD = [
  [0, 48],
  [1, 24],
  [2, 14],
  [3, 9],
  [4, 5],
] as const satisfies ReadonlyArray<readonly [number, number]>

/**
 * The personas' history on the course: `completo` (Chiara Jaccod) applied to the 2024 and 2025
 * editions (races 91 and 101) and was not drawn either time, so her application this year holds
 * 2^2 = 4 tickets; every other persona applies for the first time (one ticket).
 */
const PERSONA_HISTORY: readonly LotteryApplicationRecord[] = [
  { race_id: 91, numero: 1022, athlete_id: ATHLETE_IDS.completo, precedenti: 0, biglietti: 1, esito: 'non_estratto' },
  { race_id: 101, numero: 734, athlete_id: ATHLETE_IDS.completo, precedenti: 1, biglietti: 2, esito: 'non_estratto' },
]

export function lotteries(): LotteryRecord[] {
  return [{ race_id: SEED_RACE_IDS.flagship, seme: FLAGSHIP_LOTTERY_SEED, impegno: FLAGSHIP_LOTTERY_COMMITMENT, estratta_at: null, ordine: null }]
}

export function lotteryApplications(): LotteryApplicationRecord[] {
  const rng = createRng(SEED_RACE_IDS.flagship * 7919)
  const simulated = Array.from({ length: SIMULATED_APPLICATIONS }, (_, index): LotteryApplicationRecord => {
    const precedenti = rng.weighted(PREVIOUS_SPREAD)
    return {
      race_id: SEED_RACE_IDS.flagship,
      numero: index + 1,
      athlete_id: LOTTERY_APPLICANT_FIRST_ID + index,
      precedenti,
      biglietti: ticketsFor('raddoppio', precedenti),
      esito: 'in_attesa',
    }
  })
  return [...PERSONA_HISTORY, ...simulated]
}
