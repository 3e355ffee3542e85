import { describe, expect, it } from 'vitest'
import type { ExperienceRecord, RaceRecord } from './db'
import { PAX_RACES_NEEDED, paxFor } from './pax'
import { createSeed, SEED_NOW_MS } from './seed'
import { ATHLETE_IDS } from './seed/personas'

const flagship = (id: number, start: string, closes: string) =>
  ({ id, ammissione: 'lotteria', data_evento: start, chiusura_iscrizioni: closes }) as RaceRecord
const RACES = [
  flagship(101, '2025-09-14T08:00:00.000Z', '2025-03-31T16:00:00.000Z'),
  flagship(201, '2026-09-13T08:00:00.000Z', '2026-03-31T16:00:00.000Z'),
  flagship(301, '2027-09-12T08:00:00.000Z', '2027-03-31T16:00:00.000Z'),
]
const report = (id: number, data: string, over: Partial<ExperienceRecord> = {}): ExperienceRecord => ({
  id,
  athlete_id: 2,
  gara: `Race ${String(id)}`,
  data,
  gara_id: id,
  qualificante: true,
  tempo_secondi: 3600,
  link_risultati: null,
  stato: 'accettata',
  motivo: null,
  inviata: '2026-01-01T00:00:00.000Z',
  ...over,
})

describe('the PAX rule', () => {
  it(`is held with ${String(PAX_RACES_NEEDED)} accepted qualifying races in the 24 months before the next flagship, until its registration closes`, () => {
    const pax = paxFor([report(1, '2025-06-15'), report(2, '2024-09-13')], RACES, SEED_NOW_MS)
    expect(pax).toEqual({ attivo: true, gara_id: 201, valido_fino: '2026-03-31T16:00:00.000Z', richieste: 2, mesi: 24, valide: 2 })
  })

  it('does not count a race under verification or rejected, one that does not qualify, or one outside the window', () => {
    const pax = paxFor(
      [
        report(1, '2025-06-15'),
        report(2, '2025-07-12', { stato: 'in_verifica' }),
        report(3, '2025-07-26', { stato: 'respinta', motivo: 'risultati_non_trovati' }),
        report(4, '2025-08-02', { qualificante: false }),
        report(5, '2024-09-12'),
        report(6, '2026-09-13'),
      ],
      RACES,
      SEED_NOW_MS,
    )
    expect(pax).toMatchObject({ attivo: false, gara_id: 201, valide: 1 })
  })

  it('moves on to the following edition once registration for the next has closed', () => {
    const afterClosing = Date.parse('2026-04-01T00:00:00.000Z')
    expect(paxFor([report(1, '2025-10-04'), report(2, '2026-06-14')], RACES, afterClosing)).toMatchObject({ attivo: true, gara_id: 301 })
    // Earned for 2026, too old for 2027: 2025-07-12 is more than 24 months before 2027-09-12.
    expect(paxFor([report(1, '2025-07-12'), report(2, '2026-06-14')], RACES, afterClosing)).toMatchObject({ attivo: false, valide: 1 })
  })

  it('with no flagship edition ahead, none is held', () => {
    expect(paxFor([report(1, '2025-06-15'), report(2, '2025-07-12')], RACES.slice(0, 2), Date.parse('2026-05-01T00:00:00Z'))).toMatchObject({
      attivo: false,
      gara_id: null,
      valido_fino: null,
    })
  })

  it("agrees with every seeded athlete's PAX", () => {
    const seed = createSeed()
    for (const athlete of seed.athletes) {
      const reports = seed.experience.filter((r) => r.athlete_id === athlete.id)
      expect({ id: athlete.id, pax: paxFor(reports, seed.races, SEED_NOW_MS).attivo }).toEqual({ id: athlete.id, pax: athlete.pax ?? false })
    }
    expect(seed.athletes.find((a) => a.id === ATHLETE_IDS.pax)?.pax).toBe(true)
  })
})
