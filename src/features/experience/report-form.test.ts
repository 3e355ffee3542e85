import { beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { MAX_URL_LENGTH } from '../../../contracts/common'
import { cleanRaceName, EARLIEST_REPORT_DATE, MAX_FINISH_TIME_S, MAX_RACE_NAME_LENGTH, ReportExperienceErrorSchema } from '../../../contracts/experience.contract'
import type { Race } from '../../../contracts/races.contract'
import { ensureTemporal } from '../../lib/temporal'
import {
  emptyReport,
  finishTimeSeconds,
  OTHER_RACE,
  refusalField,
  REPORT_FIELDS,
  reportableRaces,
  reportSchema,
  toNewReport,
  type ReportValues,
} from './report-form'

/** The latest edition date the form accepts: today in Rome. */
const TODAY = '2026-03-02'
const NOW = Date.parse('2026-03-02T08:00:00Z')

/** Another race, by name and date, filled in correctly. */
const byName: ReportValues = { race: OTHER_RACE, name: 'Trail del paese', date: '2025-10-05', time: '2:03:04', link: '' }

/** Each issue as `field: message`, in the order the schema reports them; the athlete's birth date when known. */
function issues(values: ReportValues, birthDate: string | null = null): string[] {
  const result = z.safeParse(reportSchema(TODAY, birthDate), values)
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

  describe('the name of another race, as the server counts it (issue 19)', () => {
    const ZWSP = '\u200B'

    it.each([
      ['three zero-width spaces', ZWSP.repeat(3)],
      ['format characters only (joiner, word joiner, byte-order mark)', `\u200D\u2060\uFEFF${ZWSP}`],
      ['one letter among zero-width spaces', `x${ZWSP.repeat(5)}`],
      ['one full-width letter and a zero-width space', `\uFF34${ZWSP}`],
      ['Hangul fillers, invisible', '\u3164\u3164\u3164'],
      ['one letter between ideographic and no-break spaces', '\u3000\u00A0x\u00A0\u3000'],
      ['right-to-left marks and a soft hyphen around a letter', '\u200Fx\u00AD\u200F'],
    ])('has nothing visible with %s: race_name', (_what, name) => {
      expect(issues({ ...byName, name })).toEqual(['name: race_name'])
    })

    it.each([
      ['full-width letters', 'Ｔｒａｉｌ ｄｅｌ ｐａｅｓｅ'],
      ['a zero-width space inside a name', `Trail del pa${ZWSP}ese`],
      ['two letters after zero-width spaces', `${ZWSP}${ZWSP}Ab`],
      ['letters of another script', '富士'],
    ])('takes a name with two visible characters or more: %s', (_what, name) => {
      expect(issues({ ...byName, name })).toEqual([])
    })

    it(`is at most MAX_RACE_NAME_LENGTH (${String(MAX_RACE_NAME_LENGTH)}) characters, counted in code points: too_long:${String(MAX_RACE_NAME_LENGTH)}`, () => {
      expect(issues({ ...byName, name: 'a'.repeat(MAX_RACE_NAME_LENGTH) })).toEqual([])
      expect(issues({ ...byName, name: 'a'.repeat(MAX_RACE_NAME_LENGTH + 1) })).toEqual([`name: too_long:${String(MAX_RACE_NAME_LENGTH)}`])
      // Spaces around are not counted: the name is trimmed first.
      expect(issues({ ...byName, name: ` ${'a'.repeat(MAX_RACE_NAME_LENGTH)}  ` })).toEqual([])
      // A character outside the Basic Multilingual Plane is one, as the contract counts it.
      expect(issues({ ...byName, name: '🏔'.repeat(MAX_RACE_NAME_LENGTH) })).toEqual([])
    })

    it('is too long when NFKC spells it out past the maximum, as the server keeps it', () => {
      // ㍿ (one character) is 株式会社 (four) once spelt out.
      const name = `${'a'.repeat(MAX_RACE_NAME_LENGTH - 1)}\u337F`
      expect([...name]).toHaveLength(MAX_RACE_NAME_LENGTH)
      expect(issues({ ...byName, name })).toEqual([`name: too_long:${String(MAX_RACE_NAME_LENGTH)}`])
    })

    it("is not checked for one of the organiser's races: the field is not shown", () => {
      expect(issues({ ...byName, race: '103', name: ZWSP.repeat(3) })).toEqual([])
      expect(issues({ ...byName, race: '103', name: 'a'.repeat(MAX_RACE_NAME_LENGTH + 1) })).toEqual([])
    })

    it('cleanRaceName (the contract\'s) spells a name as the server keeps it', () => {
      expect(cleanRaceName(`  Ｔｒａｉｌ${ZWSP}  del\tPaese `)).toBe('Trail del Paese')
      expect(cleanRaceName(ZWSP.repeat(3))).toBe('')
      expect(cleanRaceName('\u337F')).toBe('株式会社')
    })
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

    it(`may not be before EARLIEST_REPORT_DATE (${EARLIEST_REPORT_DATE}): date_too_early`, () => {
      expect(issues({ ...byName, date: EARLIEST_REPORT_DATE })).toEqual([])
      expect(issues({ ...byName, date: '1899-12-31' })).toEqual(['date: date_too_early'])
      expect(issues({ ...byName, date: '0001-01-01' })).toEqual(['date: date_too_early'])
    })

    it("may not be before the athlete's birth date, when the profile has it: date_too_early", () => {
      const born = '1990-05-14'
      expect(issues({ ...byName, date: born }, born)).toEqual([])
      expect(issues({ ...byName, date: '1990-05-13' }, born)).toEqual(['date: date_too_early'])
      expect(issues({ ...byName, date: '1950-01-01' }, born)).toEqual(['date: date_too_early'])
      expect(issues({ ...byName, date: '1899-12-31' }, born)).toEqual(['date: date_too_early'])
      // Without a birth date, only the earliest date is known.
      expect(issues({ ...byName, date: '1990-05-13' }, null)).toEqual([])
    })

    it("is not checked for one of the organiser's races: its date is the edition's", () => {
      expect(issues({ ...byName, race: '103', date: '1899-12-31' }, '1990-05-14')).toEqual([])
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

    it(`is at most MAX_FINISH_TIME_S (${String(MAX_FINISH_TIME_S / 3600)} hours): a longer one is finish_time_too_long`, () => {
      expect(MAX_FINISH_TIME_S).toBe(336 * 3600)
      expect(issues({ ...byName, time: '336:00:00' })).toEqual([])
      expect(issues({ ...byName, time: '336:00:01' })).toEqual(['time: finish_time_too_long'])
      expect(issues({ ...byName, time: '999:59:59' })).toEqual(['time: finish_time_too_long'])
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

    it(`is at most MAX_URL_LENGTH (${String(MAX_URL_LENGTH)}) characters: too_long:${String(MAX_URL_LENGTH)}`, () => {
      const base = 'https://results.example.org/'
      expect(issues({ ...byName, link: base.padEnd(MAX_URL_LENGTH, 'a') })).toEqual([])
      expect(issues({ ...byName, link: base.padEnd(MAX_URL_LENGTH + 1, 'a') })).toEqual([`link: too_long:${String(MAX_URL_LENGTH)}`])
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

describe("the server's refusals of a report, on their fields", () => {
  const other = { race: OTHER_RACE }
  const listed = { race: '103' }

  it.each([
    ['race_name', other, { field: 'name', code: 'race_name' }],
    ['future_date', other, { field: 'date', code: 'future_date' }],
    ['date_too_early', other, { field: 'date', code: 'date_too_early' }],
    // The form reads h:mm:ss only: the server's finish_time is a time over the longest.
    ['finish_time', other, { field: 'time', code: 'finish_time_too_long' }],
    ['finish_time', listed, { field: 'time', code: 'finish_time_too_long' }],
    ['duplicate_report', other, { field: 'name', code: 'duplicate_report' }],
    ['duplicate_report', listed, { field: 'race', code: 'duplicate_report' }],
    // The organiser's race has no name or date typed: its refusal is said on the race.
    ['future_date', listed, { field: 'race', code: 'future_date' }],
    ['date_too_early', listed, { field: 'race', code: 'date_too_early' }],
  ] as const)('%s for a race given as %o is said on the field %o', (code, values, expected) => {
    expect(refusalField(code, values)).toEqual(expected)
  })

  it('puts every code of the contract but invalid_request on a field', () => {
    const onNoField = ReportExperienceErrorSchema.options.filter((code) => refusalField(code, { race: OTHER_RACE }) === null)
    expect(onNoField).toEqual(['invalid_request'])
  })

  it.each([null, 'injected_fault', 'toString', '__proto__'])('says %j on no field: the form says it as a failure', (code) => {
    expect(refusalField(code, { race: OTHER_RACE })).toBeNull()
  })
})

describe('the order the first invalid field is found in', () => {
  it('names every field of the form once', () => {
    expect([...REPORT_FIELDS].sort()).toEqual(Object.keys(emptyReport).sort())
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
