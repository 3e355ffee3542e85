import ICAL from 'ical.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HOUR_MS } from '../../contracts/time'
import { raceEnd } from '../../machines/rules/race-day'
import {
  calendarFileName,
  calendarUid,
  downloadCalendar,
  raceStartCalendar,
  registrationOpeningCalendar,
  REMINDER_EVENT_MS,
} from './calendar'

const race = {
  id: 201,
  nome: 'Tor des Pettorale 330',
  edizione: 2026,
  localita: 'Courmayeur',
  data_evento: '2026-09-13T08:00:00.000Z',
  tempo_limite_ore: 150,
  apertura_iscrizioni: '2026-03-16T09:00:00.000Z',
}
const pageUrl = 'https://portal.pettorale.example/race/201'
const nowMs = Date.parse('2026-03-02T08:00:00Z')

/** RFC 5545 section 3.1: a line break followed by one space or tab continues the line before. */
function unfold(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n')
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = calendar.getAllSubcomponents('vevent')
  expect(events).toHaveLength(1)
  return { calendar, event: events[0]! }
}

function time(value: unknown): number {
  expect(value).toBeInstanceOf(ICAL.Time)
  return (value as ICAL.Time).toJSDate().getTime()
}

function expectWellFormed(text: string) {
  // Every line, the last one included, ends with CRLF, and no line is longer than 75 octets.
  expect(text.endsWith('\r\n')).toBe(true)
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
  const lines = unfold(text)
  expect(lines[0]).toBe('BEGIN:VCALENDAR')
  expect(lines.at(-2)).toBe('END:VCALENDAR')
  expect(lines).toContain('VERSION:2.0')
  expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1)
  expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1)
  expect(lines.some((line) => line.startsWith('PRODID:'))).toBe(true)
}

describe('the race start as a calendar file', () => {
  const text = raceStartCalendar({ race, pageUrl, nowMs, endMs: raceEnd(race) })

  it('is a well-formed iCalendar file with one event', () => {
    expectWellFormed(text)
  })

  it('starts at the race start, written in UTC, and lasts the time limit', () => {
    const lines = unfold(text)
    expect(lines).toContain('DTSTART:20260913T080000Z')
    const { event } = parse(text)
    const start = time(event.getFirstPropertyValue('dtstart'))
    expect(start).toBe(Date.parse(race.data_evento))
    const end = event.hasProperty('dtend')
      ? time(event.getFirstPropertyValue('dtend'))
      : start + (event.getFirstPropertyValue('duration') as ICAL.Duration).toSeconds() * 1000
    expect(end - start).toBe(150 * HOUR_MS)
  })

  it('names the race and its edition, its place and its page, with a UID stable per race', () => {
    const { event } = parse(text)
    expect(event.getFirstPropertyValue('summary')).toBe('Tor des Pettorale 330 2026')
    expect(event.getFirstPropertyValue('location')).toBe('Courmayeur')
    expect(event.getFirstPropertyValue('url')).toBe(pageUrl)
    expect(event.getFirstPropertyValue('uid')).toBe('race-201-start@portal.pettorale.example')
    expect(time(event.getFirstPropertyValue('dtstamp'))).toBe(nowMs)
    // The same race downloaded later is the same event, so calendars update it rather than add one.
    const later = parse(raceStartCalendar({ race, pageUrl, nowMs: nowMs + HOUR_MS, endMs: raceEnd(race) })).event
    expect(later.getFirstPropertyValue('uid')).toBe(event.getFirstPropertyValue('uid'))
    expect(event.getAllSubcomponents('valarm')).toHaveLength(0)
  })

  it('keeps a fractional time limit exact (2.5 hours)', () => {
    const { event } = parse(raceStartCalendar({ race, pageUrl, nowMs, endMs: raceEnd({ ...race, tempo_limite_ore: 2.5 }) }))
    const start = time(event.getFirstPropertyValue('dtstart'))
    expect(time(event.getFirstPropertyValue('dtend')) - start).toBe(2.5 * HOUR_MS)
  })

  it('escapes text that means something in iCalendar and folds long names by octets', () => {
    const tricky = {
      ...race,
      nome: 'Trail, del; Forte\\ di Bard — 越野跑比赛 Sant’Orso '.repeat(3).trim(),
      localita: 'Bard, Valle d’Aosta',
    }
    const out = raceStartCalendar({ race: tricky, pageUrl, nowMs, endMs: raceEnd(tricky) })
    expectWellFormed(out)
    const { event } = parse(out)
    expect(event.getFirstPropertyValue('summary')).toBe(`${tricky.nome} 2026`)
    expect(event.getFirstPropertyValue('location')).toBe('Bard, Valle d’Aosta')
  })
})

describe('the registration-opening reminder', () => {
  const text = registrationOpeningCalendar({
    race,
    pageUrl,
    nowMs,
    summary: 'Registration opens: Tor des Pettorale 330 2026',
    alarmText: 'Registration for Tor des Pettorale 330 2026 opens in one hour.',
  })

  it('is a well-formed event at the opening moment, with its own stable UID', () => {
    expectWellFormed(text)
    expect(unfold(text)).toContain('DTSTART:20260316T090000Z')
    const { event } = parse(text)
    const start = time(event.getFirstPropertyValue('dtstart'))
    expect(start).toBe(Date.parse(race.apertura_iscrizioni))
    expect(time(event.getFirstPropertyValue('dtend')) - start).toBe(REMINDER_EVENT_MS)
    expect(event.getFirstPropertyValue('summary')).toBe('Registration opens: Tor des Pettorale 330 2026')
    expect(event.getFirstPropertyValue('url')).toBe(pageUrl)
    expect(event.getFirstPropertyValue('uid')).toBe('race-201-registration@portal.pettorale.example')
  })

  it('has an alarm one hour before, with words to show', () => {
    const lines = unfold(text)
    expect(lines).toContain('BEGIN:VALARM')
    expect(lines).toContain('TRIGGER:-PT1H')
    expect(lines).toContain('END:VALARM')
    const alarms = parse(text).event.getAllSubcomponents('valarm')
    expect(alarms).toHaveLength(1)
    const alarm = alarms[0]!
    expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY')
    expect(String(alarm.getFirstPropertyValue('trigger'))).toBe('-PT1H')
    expect(alarm.getFirstPropertyValue('description')).toBe('Registration for Tor des Pettorale 330 2026 opens in one hour.')
  })

  it('folds an alarm text in another script by octets, never inside a character', () => {
    const alarmText = 'トール・デ・ペットラーレ330 2026 のエントリー受付は1時間後に始まります。'.repeat(2)
    const out = registrationOpeningCalendar({ race, pageUrl, nowMs, summary: 'エントリー受付開始', alarmText })
    expectWellFormed(out)
    const alarm = parse(out).event.getFirstSubcomponent('valarm')!
    expect(alarm.getFirstPropertyValue('description')).toBe(alarmText)
  })
})

describe('calendar file names and UIDs', () => {
  it('makes a plain file name from the race', () => {
    expect(calendarFileName(race)).toBe('tor-des-pettorale-330-2026.ics')
    expect(calendarFileName(race, 'registration')).toBe('tor-des-pettorale-330-2026-registration.ics')
    expect(calendarFileName({ nome: 'Skyrace de la Becca — Valtournenche!', edizione: 2026 })).toBe(
      'skyrace-de-la-becca-valtournenche-2026.ics',
    )
    expect(calendarFileName({ nome: '越野跑', edizione: 2026 })).toBe('2026.ics')
  })

  it('names the race and the event kind under the portal host', () => {
    expect(calendarUid(7, 'start', 'http://127.0.0.1:47614/race/7')).toBe('race-7-start@127.0.0.1')
  })
})

describe('downloading a calendar file', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('saves it through an object URL and a temporary download link, then frees the URL', async () => {
    vi.useFakeTimers()
    const blobs: Blob[] = []
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob)
      return 'blob:pettorale/1'
    })
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const clicked: Array<{ href: string; download: string; inDocument: boolean }> = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) })
    })

    downloadCalendar('race.ics', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n')

    expect(create).toHaveBeenCalledTimes(1)
    expect(blobs[0]!.type).toBe('text/calendar;charset=utf-8')
    expect(await blobs[0]!.text()).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n')
    expect(clicked).toEqual([{ href: 'blob:pettorale/1', download: 'race.ics', inDocument: true }])
    expect(document.querySelector('a[download]')).toBeNull()
    expect(revoke).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(revoke).toHaveBeenCalledWith('blob:pettorale/1')
  })
})
