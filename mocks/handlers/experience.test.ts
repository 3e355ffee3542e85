import { beforeEach, describe, expect, it } from 'vitest'
import { db, loadDb } from '../db'
import { createSeed } from '../seed'
import { ATHLETE_IDS } from '../seed/personas'
import { experienceHandlers } from './experience'

/** Just after midnight in Rome on 11 March 2026: still 10 March in UTC. */
const ROME_JUST_AFTER_MIDNIGHT = Date.parse('2026-03-10T23:30:00Z')

function report(data: string) {
  const athlete = db.athletes.findFirst((q) => q.where({ id: ATHLETE_IDS.completo }))!
  const body = { gara: 'Trail del paese', data, gara_id: null, tempo_secondi: 2 * 3600 }
  // The resolver alone: what it reads of the request is the athlete, the body and the clock.
  const resolve = experienceHandlers().report as (input: unknown) => Promise<{ status: number }>
  return resolve({ athlete, body, now: ROME_JUST_AFTER_MIDNIGHT })
}

describe('an experience report of a race by name', () => {
  beforeEach(async () => {
    await loadDb(createSeed())
  })

  it("may be dated today in Rome, even while it is still yesterday in UTC", async () => {
    expect((await report('2026-03-11')).status).toBe(201)
  })

  it('may not be dated after today in Rome', async () => {
    expect((await report('2026-03-12')).status).toBe(400)
  })
})
