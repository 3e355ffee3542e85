/**
 * Calendar files (.ics, RFC 5545) for a race: its start, and a reminder for the moment registration
 * opens. This module and its library are loaded only when the athlete asks for a file (decision 016):
 * import it with `import('./calendar')`, never statically from the page.
 */
import ical, { ICalAlarmType } from 'ical-generator'
import type { Race } from '../../contracts/races.contract'
import { MINUTE_MS } from '../../contracts/time'
import type { CalendarRace } from './race-calendar'


export interface CalendarInput {
  race: CalendarRace
  /** The race page's absolute address, written as the event's URL. */
  pageUrl: string
  /** When the file is made (the portal's clock), written as DTSTAMP. */
  nowMs: number
}

export interface RaceStartInput extends CalendarInput {
  /** When the race is over (its `raceEnd`, a domain rule src/lib may not import): the event's end. */
  endMs: number
}

export interface ReminderInput extends CalendarInput {
  /** The event's title, in the athlete's language ("Registration opens: …"). */
  summary: string
  /** What the alarm says an hour before, in the athlete's language. */
  alarmText: string
}

/** How long the reminder event lasts in the calendar: a slot to enrol, not the weeks registration stays open. */
export const REMINDER_EVENT_MS = 30 * MINUTE_MS
/** The reminder's alarm goes off this long before registration opens. */
export const REMINDER_ALARM_BEFORE_S = 3600

const PRODUCT_ID = { company: 'pettorale', product: 'race-portal', language: 'EN' } as const

/**
 * UIDs name the race and what the event is, under the portal's host: downloading the same file
 * again updates the event already in the athlete's calendar instead of adding a second one.
 */
export function calendarUid(raceId: number, kind: 'start' | 'registration', pageUrl: string): string {
  return `race-${String(raceId)}-${kind}@${new URL(pageUrl).hostname}`
}

/** The race's start, lasting until its end, at its place, with a link back to its page. */
export function raceStartCalendar({ race, pageUrl, nowMs, endMs }: RaceStartInput): string {
  const calendar = ical({ prodId: PRODUCT_ID })
  calendar.createEvent({
    id: calendarUid(race.id, 'start', pageUrl),
    stamp: new Date(nowMs),
    start: new Date(Date.parse(race.data_evento)),
    end: new Date(endMs),
    summary: `${race.nome} ${String(race.edizione)}`,
    location: race.localita,
    url: pageUrl,
  })
  return terminated(calendar.toString())
}

/** The moment registration opens, with an alarm an hour before. */
export function registrationOpeningCalendar({ race, pageUrl, nowMs, summary, alarmText }: ReminderInput): string {
  const opens = Date.parse(race.apertura_iscrizioni)
  const calendar = ical({ prodId: PRODUCT_ID })
  calendar.createEvent({
    id: calendarUid(race.id, 'registration', pageUrl),
    stamp: new Date(nowMs),
    start: new Date(opens),
    end: new Date(opens + REMINDER_EVENT_MS),
    summary,
    location: race.localita,
    url: pageUrl,
    alarms: [{ type: ICalAlarmType.display, triggerBefore: REMINDER_ALARM_BEFORE_S, description: alarmText }],
  })
  return terminated(calendar.toString())
}

/** RFC 5545 ends every content line, the last one included, with CRLF. */
function terminated(text: string): string {
  return text.endsWith('\r\n') ? text : `${text}\r\n`
}

/** A file name from the race's name: "Tor des Pettorale 330", 2026 -> "tor-des-pettorale-330-2026.ics". */
export function calendarFileName(race: Pick<Race, 'nome' | 'edizione'>, suffix = ''): string {
  const slug = `${race.nome} ${String(race.edizione)}${suffix ? ` ${suffix}` : ''}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${slug || 'race'}.ics`
}

/** Long enough for any browser to have started the download before the object URL goes. */
const REVOKE_AFTER_MS = 40_000

/**
 * Saves the text as a file through a Blob's object URL and a temporary `<a download>`: no inline
 * script and no data: URL, so it works under the portal's Content-Security-Policy.
 */
export function downloadCalendar(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}
