import { beforeEach, describe, expect, it } from 'vitest'
import { EARLIEST_REPORT_DATE, MAX_FINISH_TIME_S, MAX_RACE_NAME_LENGTH } from '../../contracts/experience.contract'
import { db, loadDb } from '../db'
import { createSeed } from '../seed'
import { ATHLETE_IDS } from '../seed/personas'
import { cleanRaceName } from '../../contracts/experience.contract'
import { experienceHandlers, raceNameKey } from './experience'

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
    expect(await report('2026-03-12')).toMatchObject({ status: 400, body: { code: 'future_date' } })
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

describe('an experience report: dates and finish times that cannot be (issue 19 row 8)', () => {
  beforeEach(async () => {
    await loadDb(createSeed())
  })

  const send = (fields: Partial<{ gara: string; data: string; gara_id: number | null; tempo_secondi: number }>) => {
    const athlete = db.athletes.findFirst((q) => q.where({ id: ATHLETE_IDS.completo }))!
    const body = { gara: 'Trail del paese', data: '2025-10-05', gara_id: null, tempo_secondi: 2 * 3600, ...fields }
    const resolve = experienceHandlers().report as (input: unknown) => Promise<{ status: number; body: { id?: number; code?: string } }>
    return resolve({ athlete, body, now: ROME_JUST_AFTER_MIDNIGHT })
  }

  it('refuses a date still to come with future_date, the code the report form words', async () => {
    expect(await send({ data: '2026-03-12' })).toMatchObject({ status: 400, body: { code: 'future_date' } })
    expect(await send({ data: '9999-12-31' })).toMatchObject({ status: 400, body: { code: 'future_date' } })
  })

  it("refuses one of the organiser's races not yet run with future_date", async () => {
    const coming = db.races.findFirst((q) => q.where({ esperienza: true, data_evento: (at) => Date.parse(at) > ROME_JUST_AFTER_MIDNIGHT }))
    expect(coming).toBeDefined()
    expect(await send({ gara_id: coming!.id })).toMatchObject({ status: 400, body: { code: 'future_date' } })
  })

  it('refuses year 1, any date before EARLIEST_REPORT_DATE and one before the athlete was born with date_too_early', async () => {
    expect(await send({ data: '0001-01-01' })).toMatchObject({ status: 400, body: { code: 'date_too_early' } })
    expect(EARLIEST_REPORT_DATE).toBe('1900-01-01')
    const athlete = db.athletes.findFirst((q) => q.where({ id: ATHLETE_IDS.completo }))!
    await db.athletes.update((q) => q.where({ id: athlete.id }), { data: (record) => void (record.data_nascita = null) })
    expect(await send({ data: '1899-12-31' })).toMatchObject({ status: 400, body: { code: 'date_too_early' } })
    expect((await send({ data: '1900-01-01' })).status).toBe(201)
    await db.athletes.update((q) => q.where({ id: athlete.id }), { data: (record) => void (record.data_nascita = '1990-05-14') })
    // completo was born on 14 May 1990.
    expect(await send({ data: '1990-05-13' })).toMatchObject({ status: 400, body: { code: 'date_too_early' } })
    expect((await send({ data: '1990-05-14' })).status).toBe(201)
  })

  it('refuses a finish time over MAX_FINISH_TIME_S (14 days, the longest a race takes) with finish_time; takes one up to it', async () => {
    const thirtyYears = 30 * 365 * 24 * 3600
    expect(await send({ tempo_secondi: thirtyYears })).toMatchObject({ status: 400, body: { code: 'finish_time' } })
    expect(await send({ tempo_secondi: MAX_FINISH_TIME_S + 1 })).toMatchObject({ status: 400, body: { code: 'finish_time' } })
    expect((await send({ tempo_secondi: MAX_FINISH_TIME_S })).status).toBe(201)
  })
})

describe('an experience report: look-alike names (issue 19 row 10)', () => {
  beforeEach(async () => {
    await loadDb(createSeed())
  })

  const ZWSP = '\u200B'
  it.each([
    ['a zero-width space inside', `Trail del pa${ZWSP}ese`],
    ['a zero-width joiner and a byte-order mark', `Trail\u200D del\uFEFF paese`],
    ['full-width letters', 'Ｔｒａｉｌ ｄｅｌ ｐａｅｓｅ'],
    ['an ideographic space and a no-break space', 'Trail\u3000del\u00A0paese'],
    ['a Hangul filler between words', 'Trail \u3164del paese'],
    ['a soft hyphen and a right-to-left mark', 'Tra\u00ADil del\u200F paese'],
  ])('is the same race with %s: 409 duplicate_report', async (_, lookAlike) => {
    expect((await report('2025-10-05', 'Trail del paese')).status).toBe(201)
    expect(await report('2025-10-05', lookAlike)).toMatchObject({ status: 409, body: { code: 'duplicate_report' } })
  })

  it('keeps the name cleaned of invisible characters, compatibility forms and extra spaces, in its own case', async () => {
    const created = await report('2025-10-05', `  Ｔｒａｉｌ${ZWSP}  del\tPaese `)
    expect(created.status).toBe(201)
    expect(db.experience.findFirst((q) => q.where({ id: created.body.id! }))?.gara).toBe('Trail del Paese')
  })

  it('refuses a name with nothing visible in it (three zero-width spaces, format characters only) with race_name', async () => {
    for (const name of [ZWSP.repeat(3), `\u200D\u2060\uFEFF${ZWSP}`, `x${ZWSP.repeat(5)}`]) {
      expect(await report('2025-10-05', name), JSON.stringify(name)).toMatchObject({ status: 400, body: { code: 'race_name' } })
    }
    expect(db.experience.findMany((q) => q.where({ athlete_id: ATHLETE_IDS.completo, data: '2025-10-05' }))).toEqual([])
  })

  it('counts a name in code points, as the contract does: too long once spelt out by NFKC is race_name', async () => {
    // A character outside the Basic Multilingual Plane is one (two UTF-16 units).
    expect((await report('2025-10-05', '🏔'.repeat(MAX_RACE_NAME_LENGTH))).status).toBe(201)
    // ㍿ (one character) is 株式会社 (four) once spelt out.
    const spelt = `${'a'.repeat(MAX_RACE_NAME_LENGTH - 1)}\u337F`
    expect(await report('2025-10-06', spelt)).toMatchObject({ status: 400, body: { code: 'race_name' } })
  })

  it('compares names with cleanRaceName / raceNameKey, which keep distinct races distinct', () => {
    expect(raceNameKey('Ｔｒａｉｌ del paese')).toBe(raceNameKey('trail DEL paese'))
    expect(raceNameKey('Trail del paese')).not.toBe(raceNameKey('Trail del passo'))
    expect(cleanRaceName(`a${ZWSP}b`)).toBe('ab')
  })
})
