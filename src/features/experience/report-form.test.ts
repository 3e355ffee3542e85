import { beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { Race } from '../../../contracts/races.contract'
import { ensureTemporal } from '../../lib/temporal'
import { finishTimeSeconds, OTHER_RACE, reportableRaces, reportSchema, toNewReport, type ReportValues } from './report-form'

/** The latest edition date the form accepts: today in Rome. */
const TODAY = '2026-03-02'
const NOW = Date.parse('2026-03-02T08:00:00Z')

/** Another race, by name and date, filled in correctly. */
const byName: ReportValues = { race: OTHER_RACE, name: 'Trail del paese', date: '2025-10-05', time: '2:03:04', link: '' }

/** Each issue as `field: message`, in the order the schema reports them. */
function issues(values: ReportValues): string[] {
  const result = z.safeParse(reportSchema(TODAY), values)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

const race = (id: number, start: string, over: Partial<Race> = {}) =>
  ({ id, nome: 'Alte Vie di Cogne 52K', edizione: 2025, data_evento: start, esperienza: true, ...over }) as Race

describe('finishTimeSeconds', () => {
  it.each([
    ['2:03:04', 2 * 3600 + 3 * 60 + 4],
    ['02:03:04', 2 * 3600 + 3 * 60 + 4],
    ['0:00:01', 1],
    ['19:02:55', 19 * 3600 + 2 * 60 + 55],
    ['0:59:59', 59 * 60 + 59],
    ['120:00:00', 120 * 3600],
    ['  7:41:09 ', 7 * 3600 + 41 * 60 + 9],
  ])('reads %j as %i seconds', (text, seconds) => {
    expect(finishTimeSeconds(text)).toBe(seconds)
  })

  it.each([
    ['minutes out of range', '1:60:00'],
    ['seconds out of range', '1:00:60'],
    ['minutes of one digit', '1:5:00'],
    ['seconds of one digit', '1:05:5'],
    ['hours of four digits', '1000:00:00'],
    ['no hours', '12:34'],
    ['a fourth part', '1:00:00:00'],
    ['a zero time', '0:00:00'],
    ['a negative time', '-1:00:00'],
    ['other separators', '1.02.03'],
    ['words', '1h 02m 03s'],
    ['full-width digits', '１:００:００'],
    ['garbage', 'abc'],
    ['empty', ''],
    ['blanks', '   '],
  ])('refuses %s (%j): null', (_what, text) => {
    expect(finishTimeSeconds(text)).toBeNull()
  })
})

describe('the report form', () => {
  it('takes another race by name and date, trimming the name, the time and the link', () => {
    const parsed = z.parse(reportSchema(TODAY), { ...byName, name: '  Trail del paese ', time: ' 2:03:04 ', link: ' https://results.example.org/paese ' })
    expect(parsed).toEqual({ ...byName, link: 'https://results.example.org/paese' })
  })

  it("takes one of the organiser's races without a name or a date", () => {
    expect(issues({ race: '103', name: '', date: '', time: '7:41:09', link: '' })).toEqual([])
  })

  it('asks for the race', () => {
    expect(issues({ ...byName, race: '' })).toEqual(['race: required'])
  })

  it('asks for the name of another race, of two characters at least once trimmed', () => {
    expect(issues({ ...byName, name: '' })).toEqual(['name: race_name'])
    expect(issues({ ...byName, name: '  a  ' })).toEqual(['name: race_name'])
    expect(issues({ ...byName, name: 'Ab' })).toEqual([])
  })

  describe('the date of another race', () => {
    it('is required', () => {
      expect(issues({ ...byName, date: '' })).toEqual(['date: required'])
    })

    it('may be today in Rome', () => {
      expect(issues({ ...byName, date: TODAY })).toEqual([])
    })

    it('may not be in the future: future_date', () => {
      expect(issues({ ...byName, date: '2026-03-03' })).toEqual(['date: future_date'])
      expect(issues({ ...byName, date: '2027-01-01' })).toEqual(['date: future_date'])
    })
  })

  describe('the finish time', () => {
    it('is required: an empty one says so first', () => {
      expect(issues({ ...byName, time: '' })[0]).toBe('time: required')
      expect(issues({ ...byName, time: '   ' })[0]).toBe('time: required')
    })

    it.each(['abc', '1:60:00', '1:00:60', '0:00:00', '12:34'])('is h:mm:ss: %j is finish_time', (time) => {
      expect(issues({ ...byName, time })).toEqual(['time: finish_time'])
    })
  })

  describe('the results link', () => {
    it('is optional: empty or blank is accepted', () => {
      expect(issues({ ...byName, link: '' })).toEqual([])
      expect(issues({ ...byName, link: '   ' })).toEqual([])
    })

    it.each(['https://results.example.org/paese-2025', 'http://results.example.org', 'https://www.itra.run/RunnerSpace/123'])('accepts %s', (link) => {
      expect(issues({ ...byName, link })).toEqual([])
    })

    it.each([
      'ftp://results.example.org/paese',
      'javascript:alert(1)',
      'data:text/html,results',
      'file:///etc/passwd',
      'mailto:results@example.org',
      'results.example.org/paese',
      'http://localhost/results',
      'not a link',
    ])('refuses %s: results_link', (link) => {
      expect(issues({ ...byName, link })).toEqual(['link: results_link'])
    })
  })
})

describe('the report sent', () => {
  beforeAll(async () => {
    // The app awaits it before rendering; the edition's day in Rome is read with Temporal.
    await ensureTemporal()
  })

  it('names another race as typed, with its date, the time in seconds and no link when none was given', () => {
    expect(toNewReport(byName, [])).toStrictEqual({ gara: 'Trail del paese', data: '2025-10-05', gara_id: null, tempo_secondi: 7384 })
  })

  it("names one of the organiser's races by name and edition, on its day in Rome, with the link", () => {
    // 23:30 in UTC on 11 July is already 12 July in Rome.
    const races = [race(103, '2025-07-11T23:30:00Z'), race(104, '2025-08-01T06:00:00Z', { nome: 'Other' })]
    const values = { race: '103', name: 'ignored', date: '2020-01-01', time: '7:41:09', link: 'https://results.example.org/cogne' }
    expect(toNewReport(values, races)).toStrictEqual({
      gara: 'Alte Vie di Cogne 52K 2025',
      data: '2025-07-12',
      gara_id: 103,
      tempo_secondi: 7 * 3600 + 41 * 60 + 9,
      link_risultati: 'https://results.example.org/cogne',
    })
  })
})

describe('the races the athlete may report', () => {
  it("are the organiser's experience races already run, newest first", () => {
    const races = [
      race(1, '2025-06-15T05:00:00Z'),
      race(2, '2026-06-15T05:00:00Z'), // not run yet
      race(3, '2025-09-01T05:00:00Z', { esperienza: false }),
      race(4, '2025-07-26T05:00:00Z'),
      race(5, '2024-07-26T05:00:00Z'),
    ]
    expect(reportableRaces(races, NOW).map((candidate) => candidate.id)).toEqual([4, 1, 5])
  })
})
