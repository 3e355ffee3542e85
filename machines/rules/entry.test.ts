import { describe, expect, it } from 'vitest'
import { HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { ageOnRaceDay, isLotteryEntry, isOldEnough } from './entry'

const race = (data_evento: string, tempo_limite_ore = 30, eta_minima = 18) => ({ data_evento, tempo_limite_ore, eta_minima })

describe('ageOnRaceDay and isOldEnough', () => {
  const start = '2026-09-06T06:00:00+02:00'

  it('counts a birthday on race day', () => {
    expect(ageOnRaceDay('2008-09-06', race(start))).toBe(18)
    expect(isOldEnough('2008-09-06', race(start, 30, 18))).toBe(true)
    expect(isOldEnough('2008-09-07', race(start, 30, 18))).toBe(false)
  })

  it('reads race day in Rome for a start just after midnight', () => {
    // 00:30 on 6 September in Rome is 5 September in UTC: the 6 September birthday is reached.
    const earlyStart = race('2026-09-05T22:30:00Z', 30, 18)
    expect(ageOnRaceDay('2008-09-06', earlyStart)).toBe(18)
    expect(isOldEnough('2008-09-06', earlyStart)).toBe(true)
  })

  it('takes a 29 February birthday as reached on 1 March of a common year', () => {
    expect(isOldEnough('2008-02-29', race('2026-02-28T08:00:00+01:00', 30, 18))).toBe(false)
    expect(isOldEnough('2008-02-29', race('2026-03-01T08:00:00+01:00', 30, 18))).toBe(true)
    // Midnight in Rome opens 1 March while UTC is still on 28 February.
    expect(isOldEnough('2008-02-29', race('2026-02-28T23:05:00Z', 30, 18))).toBe(true)
  })

  it('whatever the hour of the start on race day', () => {
    const day = Date.parse('2026-09-06T00:00:00+02:00')
    for (const offset of [0, HOUR_MS, 23 * HOUR_MS + 59 * MINUTE_MS]) {
      expect(ageOnRaceDay('2008-09-06', race(new Date(day + offset).toISOString()))).toBe(18)
    }
  })
})

describe('isLotteryEntry', () => {
  const lottery = { ammissione: 'lotteria' } as const
  const direct = { ammissione: 'diretta' } as const

  it('is an application for a lottery race without a PAX, a visitor included', () => {
    expect(isLotteryEntry(lottery, { pax: false })).toBe(true)
    expect(isLotteryEntry(lottery, {})).toBe(true)
    expect(isLotteryEntry(lottery, null)).toBe(true)
  })

  it('is direct entry with a PAX, and in a race without a lottery', () => {
    expect(isLotteryEntry(lottery, { pax: true })).toBe(false)
    expect(isLotteryEntry(direct, { pax: false })).toBe(false)
    expect(isLotteryEntry(direct, null)).toBe(false)
  })
})
