import { describe, expect, it } from 'vitest'
import { clockPresetsOf } from './qa-clock'
import { createSeed } from './seed'

/** A race as the organiser announces it, in Rome's wall-clock time. */
const race = {
  id: 201,
  nome: 'Tor des Pettorale 330',
  edizione: 2026,
  // 13 September 2026, 10:00 in Rome (summer time).
  data_evento: '2026-09-13T08:00:00.000Z',
  // 16 February, 10:00 in Rome (winter time).
  apertura_iscrizioni: '2026-02-16T09:00:00.000Z',
  // 31 March, 18:00 in Rome (summer time since the 29th).
  chiusura_iscrizioni: '2026-03-31T16:00:00.000Z',
}

describe('the clock presets of a race', () => {
  it("are the six moments QA asks for, in Rome's offset of the day", () => {
    expect(clockPresetsOf([race])).toEqual([
      {
        raceId: 201,
        title: 'Tor des Pettorale 330 2026',
        presets: [
          { id: 'beforeOpening', at: '2026-02-15T10:00:00+01:00' },
          { id: 'twoHoursBeforeOpening', at: '2026-02-16T08:00:00+01:00' },
          { id: 'opening', at: '2026-02-16T10:00:00+01:00' },
          { id: 'closing', at: '2026-03-31T17:59:00+02:00' },
          { id: 'afterClose', at: '2026-03-31T19:00:00+02:00' },
          { id: 'raceDay', at: '2026-09-13T06:00:00+02:00' },
        ],
      },
    ])
  })

  it("put race day's morning on the day the race starts in Rome, even when that is another day in UTC", () => {
    // 00:30 on 1 August in Rome is still 31 July in UTC.
    const [clock] = clockPresetsOf([{ ...race, data_evento: '2026-07-31T22:30:00.000Z' }])
    expect(clock!.presets.find((preset) => preset.id === 'raceDay')!.at).toBe('2026-08-01T06:00:00+02:00')
  })

  it('are listed for every race of the seed, each in the order opening, closing, race day', () => {
    const { races } = createSeed()
    const clocks = clockPresetsOf(races)
    expect(clocks.map((clock) => clock.raceId)).toEqual(races.map((seeded) => seeded.id))
    for (const clock of clocks) {
      const instants = clock.presets.map((preset) => Date.parse(preset.at))
      expect(instants, clock.title).toEqual([...instants].sort((a, b) => a - b))
    }
  })
})
