import { describe, expect, it } from 'vitest'
import type { Race } from '../../../contracts/races.contract'
import { formatMonth } from '../../lib/format'
import { filterRaces, monthsOf, narrowsRaces, raceMonth, readRaceSearch, writeRaceSearch, type RaceSearch } from './race-search'

type Listed = Pick<Race, 'nome' | 'localita' | 'distanza_km' | 'data_evento'>

function race(nome: string, localita: string, distanza_km: number, data_evento = '2026-07-11T04:00:00Z'): Listed {
  return { nome, localita, distanza_km, data_evento }
}

const NOTHING: RaceSearch = { filter: 'all', q: '', distance: null, month: null }
const names = (races: Listed[]) => races.map((one) => one.nome)

describe('the search box', () => {
  const SEASON = [
    race('Alte Vie di Cogne 52K', 'Cogne', 52),
    race('Aosta Urban Trail 10K', 'Aosta', 10),
    race('Snow Trail di Cogne 15K', 'Cogne', 15),
    race('Trail de la Vallée Blanche', 'Chamonix', 40),
    race('Vertical di Pila', 'Gressan (Pila)', 3.4),
  ]
  const search = (q: string) => names(filterRaces(SEASON, { ...NOTHING, q }))

  it('finds a race by its place or its name, whatever the case', () => {
    expect(search('aosta')).toEqual(['Aosta Urban Trail 10K'])
    expect(search('COGNE')).toEqual(['Alte Vie di Cogne 52K', 'Snow Trail di Cogne 15K'])
    expect(search('pila')).toEqual(['Vertical di Pila'])
  })

  it('ignores accents on either side', () => {
    expect(search('vallee')).toEqual(['Trail de la Vallée Blanche'])
    expect(search('Vallée')).toEqual(['Trail de la Vallée Blanche'])
    expect(search('cògne')).toEqual(['Alte Vie di Cogne 52K', 'Snow Trail di Cogne 15K'])
  })

  it('wants every word, in any order, across name and place', () => {
    expect(search('trail cogne')).toEqual(['Snow Trail di Cogne 15K'])
    expect(search('urban aosta')).toEqual(['Aosta Urban Trail 10K'])
    expect(search('trail zermatt')).toEqual([])
  })

  it('filters nothing with spaces or punctuation only, and does not count as narrowing', () => {
    expect(search('  - ')).toHaveLength(SEASON.length)
    expect(narrowsRaces({ ...NOTHING, q: ' - ' })).toBe(false)
    expect(narrowsRaces({ ...NOTHING, q: 'cogne' })).toBe(true)
  })
})

describe('the distance bands', () => {
  const EDGES = [3.4, 30, 30.1, 52, 60, 60.5, 100, 100.1, 330].map((km) => race(`${String(km)} km`, 'Aosta', km))
  const inBand = (distance: RaceSearch['distance']) => names(filterRaces(EDGES, { ...NOTHING, distance }))

  it('hold their upper edge: a 30K is up to 30 km, a 100K is 60 to 100 km', () => {
    expect(inBand('up-to-30')).toEqual(['3.4 km', '30 km'])
    expect(inBand('30-60')).toEqual(['30.1 km', '52 km', '60 km'])
    expect(inBand('60-100')).toEqual(['60.5 km', '100 km'])
    expect(inBand('over-100')).toEqual(['100.1 km', '330 km'])
  })

  it('together cover every race once', () => {
    const all = (['up-to-30', '30-60', '60-100', 'over-100'] as const).flatMap(inBand)
    expect(all.sort()).toEqual(names(EDGES).sort())
  })
})

describe('the month', () => {
  it("is the month of the race's start in Rome, not in UTC", () => {
    // 00:30 on 1 July in Rome (summer time) is still 30 June in UTC.
    expect(raceMonth({ data_evento: '2026-06-30T22:30:00Z' })).toBe('2026-07')
    // 00:30 on 1 January in Rome (winter time) is still 31 December in UTC.
    expect(raceMonth({ data_evento: '2025-12-31T23:30:00Z' })).toBe('2026-01')
    // 23:30 on 31 May in Rome is 21:30 UTC the same day.
    expect(raceMonth({ data_evento: '2026-05-31T21:30:00Z' })).toBe('2026-05')
  })

  it('offers the months that have races, once each, in calendar order', () => {
    const races = [
      race('Notturna', 'Saint-Vincent', 12, '2026-03-21T18:00:00Z'),
      race('Becca 2025', 'Valtournenche', 21, '2025-08-02T06:00:00Z'),
      race('Larici', 'La Thuile', 25, '2026-06-14T07:00:00Z'),
      race('Midnight', 'Aosta', 10, '2026-06-30T22:30:00Z'),
      race('Snow', 'Cogne', 15, '2026-03-02T07:30:00Z'),
    ]
    expect(monthsOf(races)).toEqual(['2025-08', '2026-03', '2026-06', '2026-07'])
    expect(names(filterRaces(races, { ...NOTHING, month: '2026-03' }))).toEqual(['Notturna', 'Snow'])
    expect(names(filterRaces(races, { ...NOTHING, month: '2026-07' }))).toEqual(['Midnight'])
  })

  it('is named in the interface language', () => {
    expect(formatMonth('en', '2026-07')).toBe('July 2026')
    expect(formatMonth('it', '2026-07')).toBe('luglio 2026')
    expect(formatMonth('fr', '2026-01')).toBe('janvier 2026')
    expect(formatMonth('ja', '2026-07')).toBe('2026年7月')
  })
})

describe('search, distance and month together', () => {
  it('must all match', () => {
    const races = [
      race('Alte Vie di Cogne 52K', 'Cogne', 52, '2026-07-11T04:00:00Z'),
      race('Snow Trail di Cogne 15K', 'Cogne', 15, '2026-03-02T07:30:00Z'),
      race('Alte Vie di Cogne 52K', 'Cogne', 52, '2025-07-12T04:00:00Z'),
    ]
    const found = filterRaces(races, { filter: 'open', q: 'cogne', distance: '30-60', month: '2026-07' })
    expect(found).toEqual([races[0]])
  })
})

describe('the address', () => {
  it('reads what it wrote, leaving defaults out', () => {
    const search: RaceSearch = { filter: 'open', q: 'Vallée d’Aoste & co', distance: '60-100', month: '2026-07' }
    const written = writeRaceSearch(search)
    expect(written).toBe('filter=open&q=Vall%C3%A9e+d%E2%80%99Aoste+%26+co&distance=60-100&month=2026-07')
    expect(readRaceSearch(written)).toEqual(search)
    expect(writeRaceSearch(NOTHING)).toBe('')
  })

  it('ignores what it does not know', () => {
    expect(readRaceSearch('?filter=soon&distance=marathon&month=2026-13&q=')).toEqual(NOTHING)
    expect(readRaceSearch('?month=2026-7').month).toBeNull()
    expect(readRaceSearch('?q=' + 'a'.repeat(500)).q).toHaveLength(100)
  })
})
