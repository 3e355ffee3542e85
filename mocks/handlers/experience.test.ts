import { beforeEach, describe, expect, it } from 'vitest'
import { db, loadDb } from '../db'
import { createSeed } from '../seed'
import { ATHLETE_IDS } from '../seed/personas'
import { experienceHandlers } from './experience'

/** Just after midnight in Rome on 11 March 2026: still 10 March in UTC. */
const ROME_JUST_AFTER_MIDNIGHT = Date.parse('2026-03-10T23:30:00Z')

function report(data: string, gara = 'Trail del paese', gara_id: number | null = null) {
  const athlete = db.athletes.findFirst((q) => q.where({ id: ATHLETE_IDS.completo }))!
  const body = { gara, data, gara_id, tempo_secondi: 2 * 3600 }
  // The resolver alone: what it reads of the request is the athlete, the body and the clock.
  const resolve = experienceHandlers().report as (input: unknown) => Promise<{ status: number; body: { id?: number; code?: string } }>
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

describe('an experience report of a race already reported (decision 021, "Duplicates")', () => {
  beforeEach(async () => {
    await loadDb(createSeed())
  })

  /** Sends the first report and gives it the staff's verdict (none: still under verification). */
  async function reported(stato: 'in_verifica' | 'accettata' | 'respinta') {
    const first = await report('2025-10-05', 'Trail del paese')
    expect(first.status).toBe(201)
    await db.experience.update((q) => q.where({ id: first.body.id! }), {
      data: (record) => {
        record.stato = stato
        record.motivo = stato === 'respinta' ? 'risultati_non_trovati' : null
      },
    })
  }
  const reportsOfCompleto = () => db.experience.findMany((q) => q.where({ athlete_id: ATHLETE_IDS.completo })).length

  it.each(['in_verifica', 'accettata'] as const)(
    'is refused 409 duplicate_report while the first is %s: the same name whatever the case and spacing, the same day',
    async (stato) => {
      await reported(stato)
      const before = reportsOfCompleto()
      for (const name of ['Trail del paese', 'TRAIL DEL PAESE', '  trail   Del\tPaese  ']) {
        const again = await report('2025-10-05', name)
        expect(again, name).toMatchObject({ status: 409, body: { code: 'duplicate_report' } })
      }
      expect(reportsOfCompleto()).toBe(before)
    },
  )

  it('is accepted for the same name on another day (another edition)', async () => {
    await reported('in_verifica')
    expect((await report('2025-10-06', 'Trail del paese')).status).toBe(201)
    expect((await report('2024-10-05', 'trail del paese')).status).toBe(201)
  })

  it('is accepted for another name on the same day', async () => {
    await reported('accettata')
    expect((await report('2025-10-05', 'Trail del paese vecchio')).status).toBe(201)
  })

  it('may be sent again once the first was rejected; the new one, under verification, then stands', async () => {
    await reported('respinta')
    const resent = await report('2025-10-05', 'trail  DEL paese')
    expect(resent.status).toBe(201)
    expect(db.experience.findFirst((q) => q.where({ id: resent.body.id! }))?.stato).toBe('in_verifica')
    expect(await report('2025-10-05', 'Trail del paese')).toMatchObject({ status: 409, body: { code: 'duplicate_report' } })
  })

  it("is refused for one of the organiser's races already reported and accepted (the seed's Ultra dei Laghi Blu)", async () => {
    // completo's seeded report 4: race 107, accepted.
    expect(await report('2025-07-26', 'Ultra dei Laghi Blu 100K 2025', 107)).toMatchObject({ status: 409, body: { code: 'duplicate_report' } })
  })

  it("is one race whether reported by the organiser's id or typed by its name and day, in either order", async () => {
    const race = db.races.findFirst((q) => q.where({ id: 103 }))!
    const name = `${race.nome} ${String(race.edizione)}`
    expect((await report('2025-07-12', name.toUpperCase())).status).toBe(201)
    expect(await report('2025-07-12', name, 103)).toMatchObject({ status: 409, body: { code: 'duplicate_report' } })
  })

  it("dates one of the organiser's races by its day in Rome, where it starts after midnight on a UTC evening", async () => {
    await db.races.update((q) => q.where({ id: 103 }), { data: (record) => void (record.data_evento = '2025-07-11T22:30:00.000Z') })
    const created = await report('', 'ignored', 103)
    expect(created.status).toBe(201)
    expect(db.experience.findFirst((q) => q.where({ id: created.body.id! }))?.data).toBe('2025-07-12')
  })
})
