import { MINUTE_MS } from '../../contracts/time'
import type { QueueRoomRecord, SimulatedPlan } from '../db'
import { createRng } from './random'
import { raceById, SEED_RACE_IDS } from './races'

/**
 * The seeded rush (issue 22): sixty simulated others queue for the twelve places of the Vertical
 * della Grivola (SEED_RACE_IDS.rush). They are not accounts (no sign-in, no session): tickets with
 * athlete ids from RUSH_OTHER_FIRST_ID on, each with a plan the engine plays by the clock
 * (mocks/queue.ts). 25 join the room in its half hour before the opening, so they are drawn; 35
 * arrive over the first ten minutes after it. Once admitted each takes its held place after 1-3
 * minutes, then pays after 2-6 minutes (7 in 10) or lets the hold run out (3 in 10): moving the
 * clock, QA sees places go and come back.
 */

export const RUSH_OTHER_FIRST_ID = 900_001
export const RUSH_DRAWN_OTHERS = 25
export const RUSH_LATE_OTHERS = 35

/**
 * The rush's draw seed: fixed, as the whole seed is deterministic (QA and the tests walk the same
 * opening), and random-looking, like the seeds the mock makes for other rooms (queue-defaults.ts
 * `newRoomSeed`). Chosen so that ticket Q-260-1, the persona `completo` joining as the room opens
 * (the first of the others arrives at 10:31:50), is drawn 3rd of the 26 taken before the opening
 * (admitted 30 seconds after it at 4 a minute); mocks/README.md. Its SHA-256 is published with
 * every ticket until the opening, the seed itself from then on.
 */
export const RUSH_DRAW_SEED = '1e4d734179011729d78661427ce35d07373bbbdb19cab0798b13fdade06906c0'
/** SHA-256 of RUSH_DRAW_SEED, as the tickets publish it; queue.test.ts checks the two agree. */
export const RUSH_DRAW_COMMITMENT = 'ffd4f111c1bfd5093824a22dbf6295a15f060ad45c42c872c217a7d2d7a0b1a1'

function plans(): SimulatedPlan[] {
  const race = raceById(SEED_RACE_IDS.rush)
  const roomOpens = Date.parse(race.sala_attesa!.apre)
  const opening = Date.parse(race.apertura_iscrizioni)
  const rng = createRng(SEED_RACE_IDS.rush)
  const second = (low: number, high: number) => low + Math.floor(rng.next() * (high - low + 1))
  return Array.from({ length: RUSH_DRAWN_OTHERS + RUSH_LATE_OTHERS }, (_, index) => {
    const drawn = index < RUSH_DRAWN_OTHERS
    const arriva = drawn ? roomOpens + Math.floor(rng.next() * (opening - roomOpens)) : opening + Math.floor(rng.next() * 10 * MINUTE_MS)
    return {
      athlete_id: RUSH_OTHER_FIRST_ID + index,
      arriva,
      presa_s: second(60, 180),
      paga_s: rng.chance(0.7) ? second(120, 360) : null,
    }
  })
}

export function rushRooms(): QueueRoomRecord[] {
  return [{ race_id: SEED_RACE_IDS.rush, seme: RUSH_DRAW_SEED, arrivi: 0, ammissioni: 0, simulati: plans() }]
}
