import type { Locale } from '../../contracts/locale'
import { DATE_ONLY_ZONE, HOUR_S, MINUTE_S } from '../../contracts/time'
// Brings in the global `Temporal` types; at runtime main.tsx has already awaited ensureTemporal().
import type {} from './temporal'

// Screens read the organiser's calendar here, with the formats that show its days.
export { calendarDayInRome, DATE_ONLY_ZONE } from '../../contracts/time'

const TIME_ZONES: Record<Locale, string> = {
  en: 'Europe/London',
  it: 'Europe/Rome',
  fr: 'Europe/Paris',
  es: 'Europe/Paris',
  zh: 'Asia/Shanghai',
  ja: 'Asia/Shanghai',
  ko: 'Asia/Shanghai',
}

/** The zone date-times are shown in for a locale (spec/decisions.md, "Time zones by locale"). */
export function timeZoneFor(locale: Locale): string {
  return TIME_ZONES[locale]
}

// English date-times are shown in London time, so British conventions fit them: plain 'en' (US)
// would label summer time 'GMT+1' instead of 'BST' and use a 12-hour clock.
const INTL_LOCALES: Record<Locale, string> = {
  it: 'it',
  en: 'en-GB',
  es: 'es',
  fr: 'fr',
  zh: 'zh',
  ja: 'ja',
  ko: 'ko',
}

// Building an Intl formatter costs far more than using one, and long lists (20,000 subscribers)
// format the same few shapes over and over.
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[locale], options)
    numberFormats.set(key, format)
  }
  return format
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], options)
    dateFormats.set(key, format)
  }
  return format
}

/** EUR with exactly 2 decimals in every locale: prices are compared to the cent with the server's. */
export function formatMoney(locale: Locale, amountEur: number): string {
  return numberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amountEur)
}

/** 0.857 -> '86%'. Never grouped, so a large ratio does not read as a list of numbers. */
export function formatPercent(locale: Locale, ratio: number): string {
  return numberFormat(locale, { style: 'percent', useGrouping: false, maximumFractionDigits: 0 }).format(ratio)
}

/** Kilometres, metres of climb, places. A fixed number of decimals when given, so columns align. */
export function formatNumber(locale: Locale, value: number, fractionDigits?: number): string {
  const options: Intl.NumberFormatOptions =
    fractionDigits === undefined
      ? {}
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }
  return numberFormat(locale, options).format(value)
}

/**
 * An instant as date and time in the locale's zone, with the zone's abbreviation, since athletes in
 * different zones read the same start time. Explicit fields: Intl rejects dateStyle with timeZoneName.
 * Strings must carry an offset or 'Z'; a bare local date-time would be ambiguous.
 */
export function formatDateTime(locale: Locale, iso: string | number): string {
  return dateFormat(locale, {
    timeZone: timeZoneFor(locale),
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(toEpochMs(iso))
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * A date without time, read in Europe/Rome. A 'YYYY-MM-DD' is a calendar day, not an instant: it is
 * placed at the start of that day in Rome so it can never shift to a neighbouring day.
 */
export function formatDate(locale: Locale, isoDate: string): string {
  const epochMs = CALENDAR_DATE.test(isoDate)
    ? Temporal.PlainDate.from(isoDate).toZonedDateTime(DATE_ONLY_ZONE).epochMilliseconds
    : toEpochMs(isoDate)
  return dateFormat(locale, { timeZone: DATE_ONLY_ZONE, dateStyle: 'medium' }).format(epochMs)
}

/**
 * Race times (a ranking's finish time and gap, in seconds) as h:mm:ss, hours not wrapped at 24
 * (27:03:05). Partial seconds are cut, not rounded up.
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) throw new RangeError(`Not a duration: ${seconds}`)
  const total = Math.floor(Math.abs(seconds))
  const h = Math.floor(total / HOUR_S)
  const m = Math.floor((total % HOUR_S) / MINUTE_S)
  const s = total % MINUTE_S
  const sign = seconds < 0 && total > 0 ? '-' : ''
  return `${sign}${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`
}

function toEpochMs(value: string | number): number {
  return typeof value === 'number' ? value : Temporal.Instant.from(value).epochMilliseconds
}
