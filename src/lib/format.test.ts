import { beforeAll, describe, expect, it, vi } from 'vitest'
import { LOCALES } from '../../contracts/locale'
import { HOUR_MS, HOUR_S, MINUTE_MS, MINUTE_S, SECOND_MS } from '../../contracts/time'
import { setZoneSource } from './clock'
import {
  athleteTimeZone,
  DATE_ONLY_ZONE,
  dayShown,
  formatDate,
  formatDuration,
  formatMoney,
  formatNumber,
  formatOwnMoment,
  formatOwnMomentUnlabelled,
  formatPercent,
  formatRaceClock,
  formatRaceTime,
  formatRegistrationOpening,
  formatTimeSpan,
  RACE_ZONE,
} from './format'
import { ensureTemporal } from './temporal'

// ICU separates some parts with no-break spaces (U+00A0, U+202F); compare them as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

const WINTER = '2026-01-15T08:05:00Z'
const SUMMER = '2026-07-15T12:00:00Z'

beforeAll(async () => {
  await ensureTemporal()
})

// Every test starts on a device that tells no zone (tests/setup/vitest.setup.ts); those about the
// device's zone set it here.
const onDeviceIn = (zone: string | undefined) => setZoneSource(() => zone)

describe('athleteTimeZone', () => {
  it("is the device's zone, whatever the language", () => {
    onDeviceIn('Asia/Tokyo')
    for (const locale of LOCALES) expect(athleteTimeZone(locale)).toBe('Asia/Tokyo')
    onDeviceIn('America/New_York')
    expect(athleteTimeZone('it')).toBe('America/New_York')
  })

  it("is the language's zone where the device tells none, or tells it does not know", () => {
    onDeviceIn('Etc/Unknown')
    expect(athleteTimeZone('ja')).toBe('Asia/Shanghai')
    onDeviceIn(undefined)
    expect(LOCALES.map((locale) => [locale, athleteTimeZone(locale)])).toEqual([
      ['it', 'Europe/Rome'],
      ['en', 'Europe/London'],
      ['es', 'Europe/Paris'],
      ['fr', 'Europe/Paris'],
      ['zh', 'Asia/Shanghai'],
      ['ja', 'Asia/Shanghai'],
      ['ko', 'Asia/Shanghai'],
    ])
    expect(DATE_ONLY_ZONE).toBe('Europe/Rome')
  })
})

describe('formatMoney', () => {
  it('shows euros with the locale separators', () => {
    expect(plain(formatMoney('it', 1234.5))).toBe('1234,50 €')
    expect(plain(formatMoney('it', 12345.5))).toBe('12.345,50 €')
    expect(formatMoney('en', 1234.5)).toBe('€1,234.50')
    expect(plain(formatMoney('fr', 1234.5))).toBe('1 234,50 €')
    expect(formatMoney('zh', 1234.5)).toBe('€1,234.50')
  })

  it('always shows exactly two decimals', () => {
    expect(formatMoney('ja', 25)).toBe('€25.00')
    expect(formatMoney('ko', 25)).toBe('€25.00')
    expect(plain(formatMoney('es', 0.1 + 0.2))).toBe('0,30 €')
    expect(formatMoney('en', 19.999)).toBe('€20.00')
    for (const locale of LOCALES) expect(formatMoney(locale, 7)).toMatch(/7[.,]00/)
  })
})

describe('formatPercent', () => {
  it('rounds to whole percent', () => {
    expect(formatPercent('en', 0.857)).toBe('86%')
    expect(plain(formatPercent('fr', 0.857))).toBe('86 %')
  })

  it('never groups digits', () => {
    expect(formatPercent('en', 12.345)).toBe('1235%')
    expect(formatPercent('it', 12.345)).toBe('1235%')
    expect(plain(formatPercent('es', 12.345))).toBe('1235 %')
  })
})

describe('formatNumber', () => {
  it('uses the locale separators and, when asked, a fixed number of decimals', () => {
    expect(formatNumber('en', 1234.5)).toBe('1,234.5')
    expect(formatNumber('it', 12000)).toBe('12.000')
    expect(plain(formatNumber('fr', 12000))).toBe('12 000')
    expect(formatNumber('it', 42.195, 1)).toBe('42,2')
    expect(formatNumber('en', 330, 1)).toBe('330.0')
    expect(formatNumber('ja', 24500.4, 0)).toBe('24,500')
  })

  it('builds a formatter once per locale and options', () => {
    const Original = Intl.NumberFormat
    const construct = vi
      .spyOn(Intl, 'NumberFormat')
      .mockImplementation(function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        return new Original(...args)
      } as typeof Intl.NumberFormat)

    formatNumber('ko', 1.5, 7)
    formatNumber('ko', 2.5, 7)
    formatNumber('ko', 3.5, 7)

    expect(construct).toHaveBeenCalledTimes(1)
    expect(formatNumber('ko', 3.5, 7)).toBe('3.5000000')
  })
})

describe('formatOwnMoment', () => {
  it("shows the athlete's own moments in the locale zone with the zone abbreviation", () => {
    expect(formatOwnMoment('it', WINTER)).toBe('15 gen 2026, 09:05 CET')
    expect(formatOwnMoment('en', WINTER)).toBe('15 Jan 2026, 08:05 GMT')
    expect(formatOwnMoment('es', WINTER)).toBe('15 ene 2026, 9:05 CET')
    expect(formatOwnMoment('fr', WINTER)).toBe('15 janv. 2026, 09:05 UTC+1')
    expect(formatOwnMoment('zh', WINTER)).toBe('2026年1月15日 GMT+8 16:05')
    expect(formatOwnMoment('ja', WINTER)).toBe('2026年1月15日 16:05 GMT+8')
    // Korean's day period is 'PM' in some ICU versions (Node's), '오후' in others (Chromium's).
    expect(formatOwnMoment('ko', WINTER)).toMatch(/^2026년 1월 15일 (PM|오후) 4:05 GMT\+8$/)
  })

  it('switches to summer time in Europe, not in Shanghai', () => {
    expect(formatOwnMoment('it', SUMMER)).toBe('15 lug 2026, 14:00 CEST')
    expect(formatOwnMoment('en', SUMMER)).toBe('15 Jul 2026, 13:00 BST')
    expect(formatOwnMoment('zh', SUMMER)).toBe('2026年7月15日 GMT+8 20:00')
  })

  it('accepts epoch ms and ISO strings with an offset as the same instant', () => {
    expect(formatOwnMoment('en', Date.parse(WINTER))).toBe(formatOwnMoment('en', WINTER))
    expect(formatOwnMoment('en', '2026-01-15T09:05:00+01:00')).toBe('15 Jan 2026, 08:05 GMT')
  })

  it('shows the same instant at different wall-clock times for en and zh', () => {
    const en = formatOwnMoment('en', WINTER)
    const zh = formatOwnMoment('zh', WINTER)
    expect(en).toContain('08:05')
    expect(zh).toContain('16:05')
    expect(en).not.toContain('GMT+8')
    expect(zh).toContain('GMT+8')
  })

  it('rejects a date-time without offset rather than guess its zone', () => {
    expect(() => formatOwnMoment('en', '2026-01-15T08:05:00')).toThrow(RangeError)
  })

  it("follows the device's zone where it tells one: a payment made at 02:00 in Tokyo reads 02:00", () => {
    const payment = '2026-03-02T17:00:00Z'
    onDeviceIn('Asia/Tokyo')
    expect(formatOwnMoment('ja', payment)).toBe('2026年3月3日 2:00 JST')
    expect(formatOwnMoment('ko', payment)).toMatch(/^2026년 3월 3일 (AM|오전) 2:00 GMT\+9$/)
    expect(formatOwnMoment('en', payment)).toBe('3 Mar 2026, 02:00 GMT+9')
    expect(dayShown('ja', payment, 'own')).toBe(3)
    onDeviceIn('Europe/Rome')
    expect(formatOwnMoment('en', payment)).toBe('2 Mar 2026, 18:00 CET')
    expect(dayShown('en', payment, 'own')).toBe(2)
  })

  it('leaves the zone out for a text that names it once elsewhere', () => {
    expect(formatOwnMomentUnlabelled('en', WINTER)).toBe('15 Jan 2026, 08:05')
    expect(formatOwnMomentUnlabelled('it', '2026-03-01T09:00:00Z')).toBe('1° mar 2026, 10:00')
    // Chinese puts the zone before the time: the space around it stays single.
    expect(formatOwnMomentUnlabelled('zh', WINTER)).toBe('2026年1月15日 16:05')
    onDeviceIn('Asia/Tokyo')
    expect(formatOwnMomentUnlabelled('ja', WINTER)).toBe('2026年1月15日 17:05')
  })
})

/** The Notturna di Saint-Vincent starts at 19:00 in Rome on Saturday 21 March 2026 (winter time). */
const NOTTURNA_START = '2026-03-21T18:00:00Z'
/** A summer start: 10:00 in Rome on 22 July 2026. */
const SUMMER_START = '2026-07-22T08:00:00Z'

describe('formatRaceTime', () => {
  it("shows a race's schedule in Rome whatever the locale, labelled with Rome's zone", () => {
    expect(RACE_ZONE).toBe('Europe/Rome')
    expect(formatRaceTime('it', NOTTURNA_START)).toBe('21 mar 2026, 19:00 CET')
    expect(formatRaceTime('en', NOTTURNA_START)).toBe('21 Mar 2026, 19:00 CET')
    expect(formatRaceTime('es', NOTTURNA_START)).toBe('21 mar 2026, 19:00 CET')
    // Where Intl names Rome's zone only by its offset, the zone's name comes first, the offset after.
    expect(formatRaceTime('fr', NOTTURNA_START)).toBe('21 mars 2026, 19:00 heure d’Europe centrale (UTC+1)')
    expect(formatRaceTime('zh', NOTTURNA_START)).toBe('2026年3月21日 中欧时间 (GMT+1) 19:00')
    expect(formatRaceTime('ja', NOTTURNA_START)).toBe('2026年3月21日 19:00 中央ヨーロッパ時間 (GMT+1)')
    expect(formatRaceTime('ko', NOTTURNA_START)).toMatch(/^2026년 3월 21일 (PM|오후) 7:00 중부유럽 시간 \(GMT\+1\)$/)
  })

  it('labels summer time as such', () => {
    expect(formatRaceTime('it', SUMMER_START)).toBe('22 lug 2026, 10:00 CEST')
    expect(formatRaceTime('en', SUMMER_START)).toBe('22 Jul 2026, 10:00 CEST')
    expect(formatRaceTime('es', SUMMER_START)).toBe('22 jul 2026, 10:00 CEST')
    expect(formatRaceTime('fr', SUMMER_START)).toBe('22 juil. 2026, 10:00 heure d’Europe centrale (UTC+2)')
    expect(formatRaceTime('zh', SUMMER_START)).toBe('2026年7月22日 中欧时间 (GMT+2) 10:00')
    expect(formatRaceTime('ja', SUMMER_START)).toBe('2026年7月22日 10:00 中央ヨーロッパ時間 (GMT+2)')
    expect(formatRaceTime('ko', SUMMER_START)).toMatch(/^2026년 7월 22일 (AM|오전) 10:00 중부유럽 시간 \(GMT\+2\)$/)
  })

  it('shows a deadline minutes away by its time alone, in Rome, labelled the same way', () => {
    expect(formatRaceClock('it', NOTTURNA_START)).toBe('19:00 CET')
    expect(formatRaceClock('en', SUMMER_START)).toBe('10:00 CEST')
    expect(formatRaceClock('fr', NOTTURNA_START)).toBe('19:00 heure d’Europe centrale (UTC+1)')
    expect(formatRaceClock('ja', NOTTURNA_START)).toBe('19:00 中央ヨーロッパ時間 (GMT+1)')
  })

  it('shows every locale the same wall-clock time in Rome, unlike an own moment', () => {
    for (const locale of LOCALES) {
      expect(plain(formatRaceTime(locale, NOTTURNA_START))).toMatch(/\b(19:00|7:00)\b/)
      expect(formatRaceTime(locale, NOTTURNA_START)).not.toContain('GMT+8')
    }
    expect(formatOwnMoment('ja', NOTTURNA_START)).toBe('2026年3月22日 2:00 GMT+8')
  })

  it('accepts epoch ms, as the end of a time limit is computed', () => {
    expect(formatRaceTime('en', Date.parse(NOTTURNA_START) + 3 * 3_600_000)).toBe('21 Mar 2026, 22:00 CET')
  })

  it('rejects a date-time without offset rather than guess its zone', () => {
    expect(() => formatRaceTime('en', '2026-03-21T19:00:00')).toThrow(RangeError)
  })

  describe('across the switches to and from summer time (last Sunday of March and of October)', () => {
    it('in March, 02:00 in Rome becomes 03:00: 02:30 does not exist, the instant after 01:59 CET is 03:00 CEST', () => {
      expect(formatRaceTime('it', '2026-03-29T00:59:00Z')).toBe('29 mar 2026, 01:59 CET')
      expect(formatRaceTime('it', '2026-03-29T01:00:00Z')).toBe('29 mar 2026, 03:00 CEST')
      // "02:30" written with winter's offset is half an hour past the switch.
      expect(formatRaceTime('it', '2026-03-29T02:30:00+01:00')).toBe('29 mar 2026, 03:30 CEST')
      expect(formatRaceTime('ja', '2026-03-29T00:59:00Z')).toBe('2026年3月29日 1:59 中央ヨーロッパ時間 (GMT+1)')
      expect(formatRaceTime('ja', '2026-03-29T01:00:00Z')).toBe('2026年3月29日 3:00 中央ヨーロッパ時間 (GMT+2)')
    })

    it('in October, 02:30 in Rome happens twice: the label tells the two apart', () => {
      expect(formatRaceTime('it', '2026-10-25T00:30:00Z')).toBe('25 ott 2026, 02:30 CEST')
      expect(formatRaceTime('it', '2026-10-25T01:30:00Z')).toBe('25 ott 2026, 02:30 CET')
      expect(formatRaceTime('en', '2026-10-25T00:59:00Z')).toBe('25 Oct 2026, 02:59 CEST')
      expect(formatRaceTime('en', '2026-10-25T01:00:00Z')).toBe('25 Oct 2026, 02:00 CET')
      expect(formatRaceTime('zh', '2026-10-25T00:30:00Z')).toBe('2026年10月25日 中欧时间 (GMT+2) 02:30')
      expect(formatRaceTime('zh', '2026-10-25T01:30:00Z')).toBe('2026年10月25日 中欧时间 (GMT+1) 02:30')
      // ICU would name the zone with its country in the repeated hour; the label stays the one of the whole year.
      expect(formatRaceTime('ja', '2026-10-25T00:30:00Z')).toBe('2026年10月25日 2:30 中央ヨーロッパ時間 (GMT+2)')
      expect(formatRaceTime('fr', '2026-10-25T00:30:00Z')).toBe('25 oct. 2026, 02:30 heure d’Europe centrale (UTC+2)')
    })
  })
})

describe('formatRegistrationOpening', () => {
  /** Registration for the Notturna opened at 10:00 in Rome on 15 December 2025. */
  const WINTER_OPENING = '2025-12-15T09:00:00Z'
  /** 10:00 in Rome on 22 July 2026. */
  const SUMMER_OPENING = '2026-07-22T08:00:00Z'
  /** 18:00 in Rome on 2 March 2026: already 3 March in East Asia. */
  const EVENING_OPENING = '2026-03-02T17:00:00Z'

  describe("on a device that tells its zone, adds the athlete's time where its clock is not Rome's", () => {
    it('in Japanese in Tokyo: 02:00 the next day, with the zone named in Japanese', () => {
      onDeviceIn('Asia/Tokyo')
      expect(formatRegistrationOpening('ja', EVENING_OPENING)).toEqual({
        race: '2026年3月2日 18:00 中央ヨーロッパ時間 (GMT+1)',
        local: '2026年3月3日 2:00 日本標準時',
      })
      expect(formatRegistrationOpening('ja', WINTER_OPENING).local).toBe('18:00 日本標準時')
      expect(formatRegistrationOpening('ko', WINTER_OPENING).local).toMatch(/^(PM|오후) 6:00 일본 표준시$/)
    })

    it('in any language in Rome, or in Paris whose clock is the same: no second time', () => {
      for (const zone of ['Europe/Rome', 'Europe/Paris']) {
        onDeviceIn(zone)
        for (const locale of LOCALES) {
          for (const opening of [WINTER_OPENING, SUMMER_OPENING, EVENING_OPENING]) {
            expect(formatRegistrationOpening(locale, opening)).toEqual({ race: formatRaceTime(locale, opening), local: null })
          }
        }
      }
    })

    it('in English in New York: six hours behind, with the zone named', () => {
      onDeviceIn('America/New_York')
      expect(formatRegistrationOpening('en', WINTER_OPENING)).toEqual({ race: '15 Dec 2025, 10:00 CET', local: '04:00 Eastern Time' })
      expect(formatRegistrationOpening('en', SUMMER_OPENING).local).toBe('04:00 Eastern Time')
      // 00:30 in Rome on New Year's Day is still the old year in New York.
      expect(formatRegistrationOpening('en', '2025-12-31T23:30:00Z').local).toBe('31 Dec 2025, 18:30 Eastern Time')
    })

    it('in Italian in Tokyo too: the language does not hide the device', () => {
      onDeviceIn('Asia/Tokyo')
      expect(formatRegistrationOpening('it', WINTER_OPENING)).toEqual({ race: '15 dic 2025, 10:00 CET', local: '18:00 Ora standard del Giappone' })
    })

    it('on UTC, whose generic name is only an offset: the long name', () => {
      onDeviceIn('UTC')
      expect(formatRegistrationOpening('en', WINTER_OPENING).local).toBe('09:00 Coordinated Universal Time')
    })
  })

  describe("on a device that tells none, in the language's zone", () => {
    it("adds no second time where the language's clock is Rome's (it; fr and es, in Paris)", () => {
      for (const locale of ['it', 'fr', 'es'] as const) {
        for (const opening of [WINTER_OPENING, SUMMER_OPENING]) {
          expect(formatRegistrationOpening(locale, opening)).toEqual({ race: formatRaceTime(locale, opening), local: null })
        }
      }
      expect(formatRegistrationOpening('it', WINTER_OPENING)).toEqual({ race: '15 dic 2025, 10:00 CET', local: null })
    })

    it('in English, adds London time, an hour behind in winter and in summer', () => {
      expect(formatRegistrationOpening('en', WINTER_OPENING)).toEqual({ race: '15 Dec 2025, 10:00 CET', local: '09:00 United Kingdom Time' })
      expect(formatRegistrationOpening('en', SUMMER_OPENING)).toEqual({ race: '22 Jul 2026, 10:00 CEST', local: '09:00 United Kingdom Time' })
    })

    it('in Chinese, Japanese and Korean, adds Shanghai time: 7 hours ahead in winter, 6 in summer', () => {
      expect(formatRegistrationOpening('ja', WINTER_OPENING)).toEqual({
        race: '2025年12月15日 10:00 中央ヨーロッパ時間 (GMT+1)',
        local: '17:00 中国標準時',
      })
      expect(formatRegistrationOpening('ja', SUMMER_OPENING)).toEqual({
        race: '2026年7月22日 10:00 中央ヨーロッパ時間 (GMT+2)',
        local: '16:00 中国標準時',
      })
      expect(formatRegistrationOpening('zh', WINTER_OPENING).local).toBe('中国标准时间 17:00')
      expect(formatRegistrationOpening('ko', WINTER_OPENING).local).toMatch(/^(PM|오후) 5:00 중국 표준시$/)
      // A browser that could not tell its zone says so with a name Intl refuses.
      onDeviceIn('Etc/Unknown')
      expect(formatRegistrationOpening('ja', WINTER_OPENING).local).toBe('17:00 中国標準時')
    })

    it("gives the local time's date when its day is not the race's", () => {
      // 18:00 in Rome on 2 March is 01:00 on 3 March in Shanghai, and still 17:00 on 2 March in London.
      expect(formatRegistrationOpening('ja', EVENING_OPENING)).toEqual({
        race: '2026年3月2日 18:00 中央ヨーロッパ時間 (GMT+1)',
        local: '2026年3月3日 1:00 中国標準時',
      })
      expect(formatRegistrationOpening('en', EVENING_OPENING).local).toBe('17:00 United Kingdom Time')
      // 00:30 in Rome on New Year's Day is still the old year in London.
      expect(formatRegistrationOpening('en', '2025-12-31T23:30:00Z')).toEqual({
        race: '1 Jan 2026, 00:30 CET',
        local: '31 Dec 2025, 23:30 United Kingdom Time',
      })
    })

    it('keeps the gap across the switches, which London and Rome make at the same instant', () => {
      expect(formatRegistrationOpening('en', '2026-03-29T00:59:00Z')).toEqual({ race: '29 Mar 2026, 01:59 CET', local: '00:59 United Kingdom Time' })
      expect(formatRegistrationOpening('en', '2026-03-29T01:00:00Z')).toEqual({ race: '29 Mar 2026, 03:00 CEST', local: '02:00 United Kingdom Time' })
      expect(formatRegistrationOpening('ja', '2026-03-29T00:59:00Z').local).toBe('8:59 中国標準時')
      expect(formatRegistrationOpening('ja', '2026-03-29T01:00:00Z').local).toBe('9:00 中国標準時')
      expect(formatRegistrationOpening('en', '2026-10-25T00:30:00Z')).toEqual({ race: '25 Oct 2026, 02:30 CEST', local: '01:30 United Kingdom Time' })
      expect(formatRegistrationOpening('en', '2026-10-25T01:30:00Z')).toEqual({ race: '25 Oct 2026, 02:30 CET', local: '01:30 United Kingdom Time' })
    })
  })
})

describe('formatDate', () => {
  it('never shifts a calendar date, whatever the locale zone', () => {
    expect(formatDate('zh', '2026-03-02')).toBe('2026年3月2日')
    expect(formatDate('en', '2026-03-02')).toBe('2 Mar 2026')
    expect(formatDate('it', '2026-03-02')).toBe('2 mar 2026')
    expect(formatDate('ja', '2026-03-02')).toBe('2026/03/02')
    for (const locale of LOCALES) {
      const text = formatDate(locale, '2026-03-02')
      expect(text).toMatch(/(^|\D)0?2(\D|$)/)
      expect(text).toMatch(/2026/)
      expect(text).not.toMatch(/:/)
    }
  })

  it('reads an instant as its day in Rome', () => {
    // 23:30 UTC on 1 March is already 2 March in Rome.
    expect(formatDate('en', '2026-03-01T23:30:00Z')).toBe('2 Mar 2026')
    expect(formatDate('zh', '2026-03-01T23:30:00Z')).toBe('2026年3月2日')
    // Rome is UTC+2 in summer: the day turns at 22:00 UTC.
    expect(formatDate('it', '2026-07-01T21:59:00Z')).toBe('1° lug 2026')
    expect(formatDate('it', '2026-07-01T22:00:00Z')).toBe('2 lug 2026')
  })

  it('rejects an impossible calendar date', () => {
    expect(() => formatDate('it', '2026-02-30')).toThrow(RangeError)
  })
})

describe('the first of the month in French', () => {
  it('is written 1er in French and 1° in Italian by every date formatter, and as a plain number elsewhere', () => {
    expect(plain(formatDate('fr', '2026-03-01'))).toBe('1er mars 2026')
    expect(plain(formatRaceTime('fr', '2026-03-01T09:00:00Z'))).toMatch(/^1er mars 2026, 10:00 .*UTC\+1\)$/)
    expect(plain(formatOwnMoment('fr', '2026-03-01T09:00:00Z'))).toBe('1er mars 2026, 10:00 UTC+1')
    expect(plain(formatDate('fr', '2026-03-11'))).toBe('11 mars 2026')
    expect(plain(formatDate('fr', '2026-03-21'))).toBe('21 mars 2026')
    expect(formatDate('it', '2026-03-01')).toBe('1° mar 2026')
    expect(plain(formatRaceTime('it', '2026-03-01T09:00:00Z'))).toMatch(/^1° mar 2026, 10:00 CET$/)
    expect(formatDate('it', '2026-03-11')).toBe('11 mar 2026')
    expect(formatDate('en', '2026-03-01')).toBe('1 Mar 2026')
  })
})

describe('dayShown', () => {
  it('gives the day of a calendar date, whatever the locale', () => {
    for (const locale of LOCALES) expect(dayShown(locale, '2026-10-08', 'date')).toBe(8)
  })

  it('gives the day that the matching formatter shows, in its zone', () => {
    // 17:30 UTC on 10 October: still the 10th in Rome, already the 11th in Shanghai.
    const evening = '2026-10-10T17:30:00Z'
    expect(formatOwnMoment('zh', evening)).toMatch(/10月11日/)
    expect(dayShown('zh', evening, 'own')).toBe(11)
    expect(dayShown('it', evening, 'own')).toBe(10)
    expect(formatRaceTime('zh', evening)).toMatch(/10月10日/)
    expect(dayShown('zh', evening, 'race')).toBe(10)
    expect(dayShown('zh', evening, 'date')).toBe(10)
  })

  it("reads an instant's day in Rome for date-only values, as formatDate does", () => {
    // 23:30 UTC on 7 October is already the 8th in Rome (summer time, UTC+2).
    expect(formatDate('it', '2026-10-07T23:30:00Z')).toBe('8 ott 2026')
    expect(dayShown('it', '2026-10-07T23:30:00Z', 'date')).toBe(8)
    expect(dayShown('en', Date.parse('2026-10-07T21:30:00Z'), 'date')).toBe(7)
  })

  it("follows the locale's zone for own moments: London is still on the day before Rome", () => {
    const justAfterMidnightInRome = '2026-01-10T23:30:00Z'
    expect(dayShown('it', justAfterMidnightInRome, 'own')).toBe(11)
    expect(dayShown('en', justAfterMidnightInRome, 'own')).toBe(10)
  })
})

describe('formatDuration', () => {
  // formatDuration takes seconds, as the ranking sends them.

  it('shows h:mm:ss without wrapping hours at a day', () => {
    expect(formatDuration(27 * HOUR_S + 3 * MINUTE_S + 5)).toBe('27:03:05')
    expect(formatDuration(3 * HOUR_S + 59 * MINUTE_S + 9)).toBe('3:59:09')
    expect(formatDuration(0)).toBe('0:00:00')
    expect(formatDuration(150 * HOUR_S)).toBe('150:00:00')
  })

  it('cuts partial seconds rather than rounding a time up', () => {
    expect(formatDuration(59.9)).toBe('0:00:59')
  })

  it('signs a negative duration and refuses a non-number', () => {
    expect(formatDuration(-65)).toBe('-0:01:05')
    expect(() => formatDuration(Number.NaN)).toThrow(RangeError)
  })
})

describe('formatTimeSpan', () => {
  it('counts hours and minutes, and seconds only under a minute', () => {
    expect(formatTimeSpan('en', 48 * HOUR_MS + MINUTE_MS)).toBe('48 hours and 1 minute')
    expect(formatTimeSpan('en', 10 * MINUTE_MS)).toBe('10 minutes')
    expect(formatTimeSpan('en', HOUR_MS)).toBe('1 hour')
    expect(formatTimeSpan('en', 20 * SECOND_MS)).toBe('20 seconds')
    expect(formatTimeSpan('en', 90 * SECOND_MS)).toBe('2 minutes')
  })

  it("says the units in the athlete's language, with the number shown", () => {
    expect(formatTimeSpan('fr', MINUTE_MS)).toBe('1 minute')
    expect(formatTimeSpan('it', 2 * HOUR_MS + 5 * MINUTE_MS)).toBe('2 ore e 5 minuti')
    for (const locale of LOCALES) expect(formatTimeSpan(locale, 3 * HOUR_MS)).toContain('3')
    expect(formatTimeSpan('ja', 3 * HOUR_MS)).not.toBe(formatTimeSpan('en', 3 * HOUR_MS))
  })
})
