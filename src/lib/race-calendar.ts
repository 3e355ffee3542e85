import type { Race } from '../../contracts/races.contract'
import { now } from './clock'
import { paths } from './paths'

/**
 * The race-start calendar file, for every page that offers one. The iCalendar library loads only
 * when a file is asked for (decision 016); hovering or focusing the button starts it early.
 */

export type CalendarRace = Pick<Race, 'id' | 'nome' | 'edizione' | 'localita' | 'data_evento' | 'apertura_iscrizioni'>

export const preloadCalendar = (): void => void import('./calendar').catch(() => {})

/** What a calendar file says about the race, built when it is asked for. */
export function calendarInput(race: CalendarRace) {
  return { race, pageUrl: new URL(paths.race(race.id), window.location.origin).href, nowMs: now() }
}

/**
 * Downloads the race start as an `.ics`, lasting until `endMs` (the race's `raceEnd`); rejects when
 * the calendar code cannot be loaded.
 */
export async function downloadRaceStart(race: CalendarRace, endMs: number): Promise<void> {
  const calendar = await import('./calendar')
  calendar.downloadCalendar(calendar.calendarFileName(race), calendar.raceStartCalendar({ ...calendarInput(race), endMs }))
}
