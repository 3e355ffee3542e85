import type { Locale } from '../../contracts/locale'
// With its extension: vite.config.ts reads this module (the frame's words, decision 044), and Vite's
// config loader wants one.
import { DATE_ONLY_ZONE, HOUR_S, MINUTE_MS, MINUTE_S, SECOND_MS } from '../../contracts/time.ts'
import { deviceZone } from './clock.ts'
// Brings in the global `Temporal` types; at runtime main.tsx has already awaited ensureTemporal().
import type {} from './temporal'

// Screens read the organiser's calendar here, with the formats that show its days.
export { calendarDayInRome, DATE_ONLY_ZONE } from '../../contracts/time.ts'

// The spec's zone by locale: only for a device that does not tell its own (decision 064).
const TIME_ZONES: Record<Locale, string> = {
  en: 'Europe/London',
  it: 'Europe/Rome',
  fr: 'Europe/Paris',
  es: 'Europe/Paris',
  zh: 'Asia/Shanghai',
  ja: 'Asia/Shanghai',
  ko: 'Asia/Shanghai',
}

/** What a browser reports when it cannot tell its zone; Intl refuses it as a zone. */
const UNKNOWN_ZONE = 'Etc/Unknown'

/**
 * The athlete's zone (decision 064): the one the device's clock is set to, so their own moments and
 * the "your time" beside a registration opening read as the clock in front of them; where the
 * device does not tell, the locale's zone of the spec ("Time zones"). Race schedule times are in
 * `RACE_ZONE`, date-only values in `DATE_ONLY_ZONE`.
 */
export function athleteTimeZone(locale: Locale): string {
  const zone = deviceZone()
  return zone && zone !== UNKNOWN_ZONE ? zone : TIME_ZONES[locale]
}

// English follows British conventions, London being its zone where the device tells none: plain
// 'en' (US) would label summer time 'GMT+1' instead of 'BST' and use a 12-hour clock.
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

/** The zone of every race's schedule: the organiser's races are run in the Aosta Valley (decision 025). */
export const RACE_ZONE = 'Europe/Rome'

const DATE_TIME_FIELDS = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions

const TIME_FIELDS = { hour: 'numeric', minute: '2-digit' } as const satisfies Intl.DateTimeFormatOptions

/**
 * One of the athlete's own moments (a payment, an upload, a report, a receipt, an e-mail sent, a
 * waiver signed, a session's expiry): date and time in the athlete's zone, with its abbreviation
 * (decisions 025, 064). Explicit fields: Intl rejects dateStyle with timeZoneName. Strings must
 * carry an offset or 'Z'; a bare local date-time would be ambiguous.
 */
export function formatOwnMoment(locale: Locale, iso: string | number): string {
  return formatWithOrdinalFirst(locale, dateFormat(locale, { timeZone: athleteTimeZone(locale), ...DATE_TIME_FIELDS, timeZoneName: 'short' }), toEpochMs(iso))
}

/**
 * A date and time in the athlete's zone, like `formatOwnMoment`, without the zone: for a text that
 * names its one zone once, on another time (an e-mail, on the time it was sent; decision 064).
 */
export function formatOwnMomentUnlabelled(locale: Locale, iso: string | number): string {
  // The labelled pattern less the zone and the space before it, so the two read alike: Intl's
  // pattern without a zone is another one (British English drops the hour's leading zero).
  const parts = dateFormat(locale, { timeZone: athleteTimeZone(locale), ...DATE_TIME_FIELDS, timeZoneName: 'short' }).formatToParts(toEpochMs(iso))
  return parts
    .map((part, index) => {
      if (part.type === 'timeZoneName') return ''
      const text = dayOrdinal(locale, part)
      return parts[index + 1]?.type === 'timeZoneName' ? text.trimEnd() : text
    })
    .join('')
}

/**
 * A time of a race's schedule (its start, its registration opening and closing, the end of its time
 * limit, a deadline counted down): date and time in the race's zone, Europe/Rome, whatever the
 * locale, labelled with the zone (decision 025). Where Intl names Rome's zone only by its offset
 * (fr 'UTC+1'; zh, ja, ko 'GMT+1'), the label is the zone's generic name with that offset, so an
 * athlete reading Japanese sees '19:00 中央ヨーロッパ時間 (GMT+1)', not a bare offset.
 */
export function formatRaceTime(locale: Locale, iso: string | number): string {
  return inZone(locale, RACE_ZONE, toEpochMs(iso), DATE_TIME_FIELDS, (shortName) => raceZoneLabel(locale, shortName))
}

/**
 * A deadline of the race's schedule minutes away (a held place, an admission): the time alone in
 * the race's zone, labelled like `formatRaceTime` ('11:12 CET'). Only for an instant within the
 * hour, where the day goes without saying.
 */
export function formatRaceClock(locale: Locale, iso: string | number): string {
  return inZone(locale, RACE_ZONE, toEpochMs(iso), TIME_FIELDS, (shortName) => raceZoneLabel(locale, shortName))
}

/** `fields` in `zone`, with `label` in place of Intl's short name of the zone, where the locale puts it. */
function inZone(locale: Locale, zone: string, epochMs: number, fields: Intl.DateTimeFormatOptions, label: (shortName: string) => string): string {
  const parts = dateFormat(locale, { timeZone: zone, ...fields, timeZoneName: 'short' }).formatToParts(epochMs)
  return parts.map((part) => (part.type === 'timeZoneName' ? label(part.value) : dayOrdinal(locale, part))).join('')
}

/** Intl's short name of a zone when it is only an offset: 'GMT+1', 'UTC+2', 'GMT−3'. */
const BARE_OFFSET = /^(?:GMT|UTC)[+\-\u2212]\d/

function raceZoneLabel(locale: Locale, shortName: string): string {
  return BARE_OFFSET.test(shortName) ? `${zoneName(locale, RACE_ZONE)} (${shortName})` : shortName
}

const ZONE_NAME_INSTANT_MS = Date.UTC(2026, 0, 15, 12)
const zoneNames = new Map<string, string>()

/**
 * A zone's generic name in a locale ('中央ヨーロッパ時間', 'heure d’Europe centrale', '日本標準時',
 * 'Eastern Time'): the same all year. Read once at a January instant: in the hour October repeats,
 * ICU adds the country ('中央ヨーロッパ時間（イタリア）') to tell the two apart. Where the generic
 * name is only an offset (UTC's is 'GMT+00:00'), the zone's long name ('Coordinated Universal Time').
 */
function zoneName(locale: Locale, zone: string): string {
  const key = `${locale}|${zone}`
  let name = zoneNames.get(key)
  if (name === undefined) {
    const generic = zoneNameIn(locale, zone, 'longGeneric')
    name = BARE_OFFSET.test(generic) ? zoneNameIn(locale, zone, 'long') : generic
    zoneNames.set(key, name)
  }
  return name
}

function zoneNameIn(locale: Locale, zone: string, style: 'long' | 'longGeneric'): string {
  return (
    dateFormat(locale, { timeZone: zone, timeZoneName: style })
      .formatToParts(ZONE_NAME_INSTANT_MS)
      .find((part) => part.type === 'timeZoneName')?.value ?? zone
  )
}

/**
 * A race's registration opening, for the athlete who waits for it: `race` in the race's zone
 * (`formatRaceTime`), and `local` the same instant in the athlete's zone (`athleteTimeZone`) when
 * that zone's clock differs from Rome's at that instant, else null. `local` is the time with the
 * zone's name, the athlete's own clock being the one they may not know by its abbreviation
 * ('2:00 日本標準時', '04:00 Eastern Time'), preceded by the date when the day is not the race's
 * (decision 064).
 */
export function formatRegistrationOpening(locale: Locale, iso: string | number): { race: string; local: string | null } {
  const epochMs = toEpochMs(iso)
  const race = formatRaceTime(locale, epochMs)
  const zone = athleteTimeZone(locale)
  const instant = Temporal.Instant.fromEpochMilliseconds(epochMs)
  const inRome = instant.toZonedDateTimeISO(RACE_ZONE)
  const here = instant.toZonedDateTimeISO(zone)
  if (inRome.offsetNanoseconds === here.offsetNanoseconds) return { race, local: null }
  const fields = inRome.toPlainDate().equals(here.toPlainDate()) ? TIME_FIELDS : DATE_TIME_FIELDS
  return { race, local: inZone(locale, zone, epochMs, fields, () => zoneName(locale, zone)) }
}

/**
 * A month of the race calendar ('2026-06', the race's zone) as the locale names it: 'June 2026',
 * 'giugno 2026', '2026年6月'. Read at mid-month in Rome, so no zone can move it to a neighbour.
 */
export function formatMonth(locale: Locale, yearMonth: string): string {
  const midMonth = Temporal.PlainYearMonth.from(yearMonth).toPlainDate({ day: 15 }).toZonedDateTime(RACE_ZONE)
  return dateFormat(locale, { timeZone: RACE_ZONE, year: 'numeric', month: 'long' }).format(midMonth.epochMilliseconds)
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
  return formatWithOrdinalFirst(locale, dateFormat(locale, { timeZone: DATE_ONLY_ZONE, dateStyle: 'medium' }), epochMs)
}

/**
 * French and Italian write the first of the month as an ordinal, '1er mars 2026', '1° mar 2026'
 * (so an Italian sentence reads "il 1° mar"), which Intl does not: every date formatter passes its
 * day part through here.
 */
const FIRST_OF_MONTH: Partial<Record<Locale, string>> = { fr: '1er', it: '1°' }

function dayOrdinal(locale: Locale, part: Intl.DateTimeFormatPart): string {
  const first = FIRST_OF_MONTH[locale]
  return first !== undefined && part.type === 'day' && part.value === '1' ? first : part.value
}

function formatWithOrdinalFirst(locale: Locale, format: Intl.DateTimeFormat, epochMs: number): string {
  // Only these locales need the parts; the others keep the cheaper `format` for long lists.
  return FIRST_OF_MONTH[locale] ? format.formatToParts(epochMs).map((part) => dayOrdinal(locale, part)).join('') : format.format(epochMs)
}

/**
 * Which formatter shows a date, so `dayShown` reads the day in its zone: `formatDate` (date-only
 * values, `DATE_ONLY_ZONE`), `formatRaceTime` (`RACE_ZONE`) or `formatOwnMoment` (`athleteTimeZone`).
 */
export type DateShown = 'date' | 'race' | 'own'

/**
 * The day of the month a formatted date shows, for messages whose words depend on it: Italian
 * elides the article before 8 and 11 ("l'8 ott", "dell'11 ott"), so the message gets the day as a
 * plural argument (decision 032). It must be the day in the formatter's zone, or a moment near
 * midnight would pick the article of the neighbouring day.
 */
export function dayShown(locale: Locale, value: string | number, shown: DateShown): number {
  if (shown === 'date' && typeof value === 'string' && CALENDAR_DATE.test(value)) return Temporal.PlainDate.from(value).day
  const zone = shown === 'date' ? DATE_ONLY_ZONE : shown === 'race' ? RACE_ZONE : athleteTimeZone(locale)
  return Temporal.Instant.fromEpochMilliseconds(toEpochMs(value)).toZonedDateTimeISO(zone).day
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

/**
 * A span of time in words ("48 hours and 1 minute", "20 seconds"), as the product counts its
 * deadlines: hours and minutes, seconds only under a minute. The units' names and the "and" are the
 * language's own (Intl), so no catalog has to spell "minute" in each of them.
 */
export function formatTimeSpan(locale: Locale, ms: number): string {
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value)
  const totalMinutes = Math.round(Math.abs(ms) / MINUTE_MS)
  if (totalMinutes === 0) return unit(Math.round(Math.abs(ms) / SECOND_MS), 'second')
  const hours = Math.floor(totalMinutes / (HOUR_S / MINUTE_S))
  const minutes = totalMinutes % (HOUR_S / MINUTE_S)
  const parts = [hours > 0 ? unit(hours, 'hour') : null, minutes > 0 ? unit(minutes, 'minute') : null]
  return new Intl.ListFormat(INTL_LOCALES[locale], { type: 'conjunction' }).format(parts.filter((part) => part !== null))
}

function toEpochMs(value: string | number): number {
  return typeof value === 'number' ? value : Temporal.Instant.from(value).epochMilliseconds
}
