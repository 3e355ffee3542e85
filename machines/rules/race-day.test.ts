import { describe, expect, it } from 'vitest'
import { DAY_MS } from '../../contracts/time'
import { completedYears, daysToStart, hasEnded, isLive, raceDay, raceEnd } from './race-day'

// In 2026 Rome moves to summer time on Sunday 29 March (02:00 -> 03:00, a 23-hour day) and back on
// Sunday 25 October (03:00 -> 02:00, a 25-hour day).
const race = (data_evento: string, tempo_limite_ore = 30, eta_minima = 18) => ({ data_evento, tempo_limite_ore, eta_minima })
const at = (iso: string) => Date.parse(iso)

describe('raceEnd, isLive, hasEnded', () => {
  const tor = race('2026-09-06T06:00:00+02:00', 30)

  it('ends the time limit after the start', () => {
    expect(raceEnd(tor)).toBe(at('2026-09-07T12:00:00+02:00'))
    expect(raceEnd(race('2026-09-06T06:00:00Z', 2.5))).toBe(at('2026-09-06T08:30:00Z'))
  })

  it('counts the limit in elapsed hours across a change of the clocks', () => {
    // 30 hours from Saturday 28 March 20:00 (winter time) is Monday 03:00 summer time, not 02:00.
    expect(raceEnd(race('2026-03-28T20:00:00+01:00', 30))).toBe(at('2026-03-30T03:00:00+02:00'))
    expect(raceEnd(race('2026-10-24T20:00:00+02:00', 30))).toBe(at('2026-10-26T01:00:00+01:00'))
  })

  it('is live from the start to the last millisecond before the end', () => {
    const start = at(tor.data_evento)
    const end = raceEnd(tor)
    expect(isLive(tor, start - 1)).toBe(false)
    expect(isLive(tor, start)).toBe(true)
    expect(isLive(tor, end - 1)).toBe(true)
    expect(isLive(tor, end)).toBe(false)
  })

  it('has ended once the time limit has run out, not before', () => {
    expect(hasEnded(tor, at(tor.data_evento))).toBe(false)
    expect(hasEnded(tor, raceEnd(tor) - 1)).toBe(false)
    expect(hasEnded(tor, raceEnd(tor))).toBe(true)
  })
})

describe('raceDay', () => {
  it('is the day the race starts on in Rome, whatever the day in UTC', () => {
    expect(raceDay(race('2026-09-06T06:00:00+02:00'))).toBe('2026-09-06')
    // 00:30 in Rome on the 6th is still the 5th in UTC.
    expect(raceDay(race('2026-09-05T22:30:00Z'))).toBe('2026-09-06')
    expect(raceDay(race('2026-01-09T23:30:00Z'))).toBe('2026-01-10')
  })
})

describe('daysToStart', () => {
  it('counts calendar days in Rome, not 24-hour periods', () => {
    // 22:30 tonight to 00:30 tomorrow in Rome: two hours, one day.
    expect(daysToStart(race('2026-06-14T00:30:00+02:00'), at('2026-06-13T22:30:00+02:00'))).toBe(1)
    expect(daysToStart(race('2026-06-16T23:30:00+02:00'), at('2026-06-13T00:10:00+02:00'))).toBe(3)
  })

  it('is 0 on race day, and after it, never negative', () => {
    const start = '2026-06-14T06:00:00+02:00'
    expect(daysToStart(race(start), at('2026-06-14T00:00:00+02:00'))).toBe(0)
    expect(daysToStart(race(start), at('2026-06-14T23:59:00+02:00'))).toBe(0)
    expect(daysToStart(race(start), at('2026-06-20T12:00:00+02:00'))).toBe(0)
  })

  it('counts the 23-hour day of the change to summer time (last Sunday of March) as one day', () => {
    const now = at('2026-03-28T23:30:00+01:00')
    const start = '2026-03-30T00:15:00+02:00'
    expect(at(start) - now).toBeLessThan(DAY_MS)
    expect(daysToStart(race(start), now)).toBe(2)
  })

  it('counts the 25-hour day of the change back (last Sunday of October) as one day', () => {
    // From the first minute of Sunday to its last hour: more than 24 hours, the same day.
    const now = at('2026-10-25T00:00:30+02:00')
    const start = '2026-10-25T23:30:00+01:00'
    expect(at(start) - now).toBeGreaterThan(DAY_MS)
    expect(daysToStart(race(start), now)).toBe(0)
    expect(daysToStart(race('2026-10-26T00:30:00+01:00'), at('2026-10-25T23:59:00+01:00'))).toBe(1)
  })

  it('takes race day on Rome’s calendar for a start just after midnight', () => {
    // The start is on the 10th in Rome (the 9th in UTC): from the 9th in Rome, one day.
    expect(daysToStart(race('2026-01-09T23:30:00Z'), at('2026-01-09T12:00:00Z'))).toBe(1)
    expect(daysToStart(race('2026-01-09T23:30:00Z'), at('2026-01-09T23:01:00Z'))).toBe(0)
  })
})

describe('completedYears', () => {
  it('counts whole years between two days, the anniversary counting on its day', () => {
    expect(completedYears('2007-09-14', '2026-09-13')).toBe(18)
    expect(completedYears('2007-09-14', '2026-09-14')).toBe(19)
  })

  it('is 0 on the day itself and before the first anniversary', () => {
    expect(completedYears('2026-03-02', '2026-03-02')).toBe(0)
    expect(completedYears('2025-03-03', '2026-03-02')).toBe(0)
  })

  it('takes a 29 February as reached on 1 March in other years, and on 29 February in leap years', () => {
    expect(completedYears('2008-02-29', '2026-02-28')).toBe(17)
    expect(completedYears('2008-02-29', '2026-03-01')).toBe(18)
    expect(completedYears('2008-02-29', '2028-02-28')).toBe(19)
    expect(completedYears('2008-02-29', '2028-02-29')).toBe(20)
  })
})
