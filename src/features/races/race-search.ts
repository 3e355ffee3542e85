/**
 * The home list's search and filters (issue 20, point 8): pure functions, no React. They run on the
 * list already fetched for the tab (a season is tens of races), so nothing here asks the backend.
 */
import type { RaceFilter } from '../../../contracts/constants'
import type { Race } from '../../../contracts/races.contract'
import { RACE_ZONE } from '../../lib/format'
import { raceFilterOf } from '../../lib/race-queries'
import { searchKey } from './participant-filters'

/**
 * Distance bands as trail runners sort races: short trails, skyraces and verticals; marathon-like
 * trails; ultras up to the 100 km; beyond. A band holds its upper edge (a 30K is "up to 30 km", a
 * 100K "60 to 100 km"), as races are named by round distances.
 */
export const DISTANCE_BANDS = {
  'up-to-30': { above: 0, upTo: 30 },
  '30-60': { above: 30, upTo: 60 },
  '60-100': { above: 60, upTo: 100 },
  'over-100': { above: 100, upTo: Infinity },
} as const satisfies Record<string, { above: number; upTo: number }>

export type DistanceBand = keyof typeof DISTANCE_BANDS

export const DISTANCE_BAND_IDS = Object.keys(DISTANCE_BANDS) as DistanceBand[]

/** A band from its name in the address or a select; anything else is none. */
export function distanceBandOf(value: string | null): DistanceBand | null {
  return DISTANCE_BAND_IDS.find((band) => band === value) ?? null
}

export interface RaceSearch {
  /** The tab (all, open, closed): the backend's filter, kept here so the address is written whole. */
  filter: RaceFilter
  /** Race name or place, as typed. */
  q: string
  distance: DistanceBand | null
  /** A month of the race calendar, 'YYYY-MM' in the race's zone. */
  month: string | null
}

/** Longer text in an address is cut: nobody types it. */
const MAX_TEXT = 100
const YEAR_MONTH = /^\d{4}-(?:0[1-9]|1[0-2])$/

/** The search from the home page's query string; anything unknown is no filter. */
export function readRaceSearch(search: string): RaceSearch {
  const params = new URLSearchParams(search)
  const month = params.get('month')
  return {
    filter: raceFilterOf(search),
    q: (params.get('q') ?? '').slice(0, MAX_TEXT),
    distance: distanceBandOf(params.get('distance')),
    month: month !== null && YEAR_MONTH.test(month) ? month : null,
  }
}

/** The query string (no '?'); defaults are left out, so the whole list of all races is ''. */
export function writeRaceSearch(search: RaceSearch): string {
  const params = new URLSearchParams()
  if (search.filter !== 'all') params.set('filter', search.filter)
  if (search.q !== '') params.set('q', search.q)
  if (search.distance !== null) params.set('distance', search.distance)
  if (search.month !== null) params.set('month', search.month)
  return params.toString()
}

/** The month a race starts in, 'YYYY-MM', on the race's own calendar (decision 025). */
export function raceMonth(race: Pick<Race, 'data_evento'>): string {
  return Temporal.Instant.from(race.data_evento).toZonedDateTimeISO(RACE_ZONE).toPlainDate().toPlainYearMonth().toString()
}

/** The months that have races, in calendar order. */
export function monthsOf(races: readonly Pick<Race, 'data_evento'>[]): string[] {
  return [...new Set(races.map(raceMonth))].sort()
}

/** The words of the search box, as the search compares them; none when it holds only spaces or punctuation. */
function searchWords(q: string): string[] {
  return searchKey(q).split(' ').filter(Boolean)
}

/** Whether the search, distance or month narrow the tab's list (the tab itself does not count here). */
export function narrowsRaces(search: RaceSearch): boolean {
  return searchWords(search.q).length > 0 || search.distance !== null || search.month !== null
}

/**
 * The races that pass the search and filters, in the order given. Each word typed must appear in
 * the race's name or place, in any order, accents and case aside ('cogne' finds 'Cogne', 'aosta
 * urban' 'Aosta Urban Trail 10K').
 */
export function filterRaces<R extends Pick<Race, 'nome' | 'localita' | 'distanza_km' | 'data_evento'>>(
  races: readonly R[],
  search: RaceSearch,
): R[] {
  const words = searchWords(search.q)
  const band = search.distance === null ? null : DISTANCE_BANDS[search.distance]
  return races.filter((race) => {
    if (band && !(race.distanza_km > band.above && race.distanza_km <= band.upTo)) return false
    if (search.month !== null && raceMonth(race) !== search.month) return false
    if (words.length === 0) return true
    const key = searchKey(`${race.nome} ${race.localita}`)
    return words.every((word) => key.includes(word))
  })
}
