import { beforeAll, describe, expect, it, vi } from 'vitest'
import { LOCALES } from '../../contracts/locale'
import { HOUR_S, MINUTE_S } from '../../contracts/time'
import {
  DATE_ONLY_ZONE,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatNumber,
  formatPercent,
  timeZoneFor,
} from './format'
import { ensureTemporal } from './temporal'

// ICU separates some parts with no-break spaces (U+00A0, U+202F); compare them as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

const WINTER = '2026-01-15T08:05:00Z'
const SUMMER = '2026-07-15T12:00:00Z'

beforeAll(async () => {
  await ensureTemporal()
})

describe('timeZoneFor', () => {
  it('gives each locale its zone', () => {
    expect(LOCALES.map((locale) => [locale, timeZoneFor(locale)])).toEqual([
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

describe('formatDateTime', () => {
  it('shows date and time in the locale zone with the zone abbreviation', () => {
    expect(formatDateTime('it', WINTER)).toBe('15 gen 2026, 09:05 CET')
    expect(formatDateTime('en', WINTER)).toBe('15 Jan 2026, 08:05 GMT')
    expect(formatDateTime('es', WINTER)).toBe('15 ene 2026, 9:05 CET')
    expect(formatDateTime('zh', WINTER)).toBe('2026年1月15日 GMT+8 16:05')
    expect(formatDateTime('ja', WINTER)).toBe('2026年1月15日 16:05 GMT+8')
  })

  it('switches to summer time in Europe, not in Shanghai', () => {
    expect(formatDateTime('it', SUMMER)).toBe('15 lug 2026, 14:00 CEST')
    expect(formatDateTime('en', SUMMER)).toBe('15 Jul 2026, 13:00 BST')
    expect(formatDateTime('zh', SUMMER)).toBe('2026年7月15日 GMT+8 20:00')
  })

  it('accepts epoch ms and ISO strings with an offset as the same instant', () => {
    expect(formatDateTime('en', Date.parse(WINTER))).toBe(formatDateTime('en', WINTER))
    expect(formatDateTime('en', '2026-01-15T09:05:00+01:00')).toBe('15 Jan 2026, 08:05 GMT')
  })

  it('shows the same instant at different wall-clock times for en and zh', () => {
    const en = formatDateTime('en', WINTER)
    const zh = formatDateTime('zh', WINTER)
    expect(en).toContain('08:05')
    expect(zh).toContain('16:05')
    expect(en).not.toContain('GMT+8')
    expect(zh).toContain('GMT+8')
  })

  it('rejects a date-time without offset rather than guess its zone', () => {
    expect(() => formatDateTime('en', '2026-01-15T08:05:00')).toThrow(RangeError)
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
    expect(formatDate('it', '2026-07-01T21:59:00Z')).toBe('1 lug 2026')
    expect(formatDate('it', '2026-07-01T22:00:00Z')).toBe('2 lug 2026')
  })

  it('rejects an impossible calendar date', () => {
    expect(() => formatDate('it', '2026-02-30')).toThrow(RangeError)
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
