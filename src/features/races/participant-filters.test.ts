import { describe, expect, it } from 'vitest'
import type { RankingRow, SubscriberRow } from '../../../contracts/races.contract'
import {
  ownBibOf,
  applicableRankingFilters,
  applicableSubscriberFilters,
  compareCategories,
  filterRanking,
  filterSubscribers,
  hasRankingInput,
  hasSubscriberInput,
  indexRows,
  narrowsRanking,
  narrowsSubscribers,
  NO_RANKING_FILTERS,
  NO_SUBSCRIBER_FILTERS,
  parseBibFilter,
  rankingFacets,
  rankingOptions,
  readRankingFilters,
  readSubscriberFilters,
  searchKey,
  sortRanking,
  sortSubscribers,
  subscriberFacets,
  subscriberOptions,
  writeRankingFilters,
  writeSubscriberFilters,
  type SubscriberFilters,
} from './participant-filters'

function subscriber(pettorale: number, nome: string | null, extra: Partial<SubscriberRow> = {}): SubscriberRow {
  return { pettorale, nome, nazionalita: 'IT', paese: 'IT', regione: "Valle d'Aosta", categoria: 'SM', team: null, ...extra }
}

const FIELD: SubscriberRow[] = [
  subscriber(1, 'Luca Rossi'),
  subscriber(2, 'José García', { nazionalita: 'ES', paese: 'ES', regione: 'Cataluña', categoria: 'M40' }),
  subscriber(3, 'Reto Müller', { nazionalita: 'CH', paese: 'CH', regione: 'Valais', categoria: 'M50' }),
  subscriber(12, 'Élodie Crettex', { nazionalita: 'CH', paese: 'CH', regione: 'Vaud', categoria: 'SF' }),
  subscriber(120, 'Chiara Bianchi', { regione: 'Piemonte', categoria: 'SF', team: 'Monte Rosa Runners' }),
  subscriber(150, 'Marco Bianchi', { regione: 'Piemonte', categoria: 'M40' }),
  subscriber(199, "Anna D'Alessandro", { regione: 'Piemonte', categoria: 'F50' }),
  subscriber(200, 'Sato Yuki', { nazionalita: 'JP', paese: 'JP', regione: null, categoria: 'SM' }),
  subscriber(1200, 'Léa Müller', { nazionalita: 'FR', paese: 'CH', regione: 'Genève', categoria: 'SF' }),
  subscriber(2001, 'Min-jun Kim', { nazionalita: 'KR', paese: 'KR', regione: null, categoria: 'SM' }),
]
const INDEXED = indexRows(FIELD)

const filtered = (filters: Partial<SubscriberFilters>) =>
  filterSubscribers(INDEXED, { ...NO_SUBSCRIBER_FILTERS, ...filters }).map((entry) => entry.row.pettorale)

describe('searchKey', () => {
  it('drops accents and case: NFD, combining marks removed, lower case', () => {
    expect(searchKey('José')).toBe('jose')
    expect(searchKey('MÜLLER')).toBe('muller')
    expect(searchKey('Élodie Crettex')).toBe('elodie crettex')
    expect(searchKey('Núria Puig')).toBe('nuria puig')
  })

  it('folds the letters NFD leaves whole, and reads the composed and decomposed forms alike', () => {
    expect(searchKey('Straße')).toBe('strasse')
    expect(searchKey('Søren Łukasz')).toBe('soren lukasz')
    expect(searchKey('Jose\u0301')).toBe(searchKey('Jos\u00e9'))
  })

  it('ignores apostrophes and reads other separators as spaces', () => {
    expect(searchKey("Anna D'Alessandro")).toBe('anna dalessandro')
    expect(searchKey('Min-jun  Kim ')).toBe('min jun kim')
  })
})

describe('search by name or bib', () => {
  it('is accent- and case-insensitive both ways', () => {
    expect(filtered({ q: 'jose' })).toEqual([2])
    expect(filtered({ q: 'JOSÉ' })).toEqual([2])
    expect(filtered({ q: 'muller' })).toEqual([3, 1200])
    expect(filtered({ q: 'Müller' })).toEqual([3, 1200])
    expect(filtered({ q: 'elodie' })).toEqual([12])
  })

  it('finds part of a name, every word anywhere in it', () => {
    expect(filtered({ q: 'bian' })).toEqual([120, 150])
    expect(filtered({ q: 'bianchi marco' })).toEqual([150])
    expect(filtered({ q: "d'alessandro" })).toEqual([199])
    expect(filtered({ q: 'dalessandro' })).toEqual([199])
    expect(filtered({ q: 'min-jun' })).toEqual([2001])
  })

  it('reads digits as the start of a bib', () => {
    expect(filtered({ q: '12' })).toEqual([12, 120, 1200])
    expect(filtered({ q: '120' })).toEqual([120, 1200])
    expect(filtered({ q: ' 2001 ' })).toEqual([2001])
    expect(filtered({ q: '0012' })).toEqual([12, 120, 1200])
  })

  it('blank or punctuation only is no search', () => {
    expect(filtered({ q: '   ' })).toHaveLength(FIELD.length)
    expect(filtered({ q: "'" })).toHaveLength(FIELD.length)
  })

  it('nothing matching gives an empty list', () => {
    expect(filtered({ q: 'nobody' })).toEqual([])
  })
})

describe('parseBibFilter', () => {
  it('an empty field is no filter', () => {
    expect(parseBibFilter('')).toEqual({ ok: true, range: null })
    expect(parseBibFilter('  ')).toEqual({ ok: true, range: null })
  })

  it('one number is that bib', () => {
    expect(parseBibFilter('120')).toEqual({ ok: true, range: { from: 120, to: 120 } })
    expect(parseBibFilter(' 7 ')).toEqual({ ok: true, range: { from: 7, to: 7 } })
  })

  it('two numbers with a hyphen or dash, spaces allowed, are a range', () => {
    const range = { ok: true, range: { from: 100, to: 199 } }
    expect(parseBibFilter('100-199')).toEqual(range)
    expect(parseBibFilter('100 - 199')).toEqual(range)
    expect(parseBibFilter('100–199')).toEqual(range)
    expect(parseBibFilter('150-150')).toEqual({ ok: true, range: { from: 150, to: 150 } })
  })

  it('anything else is invalid, and says why', () => {
    for (const text of ['abc', '100-', '-199', '100-199-300', '1.5', '100 199', '1234567']) {
      expect(parseBibFilter(text), text).toEqual({ ok: false, problem: 'format' })
    }
    expect(parseBibFilter('199-100')).toEqual({ ok: false, problem: 'order' })
  })

  it('filters exactly, or within the range with both ends included', () => {
    expect(filtered({ bib: '120' })).toEqual([120])
    expect(filtered({ bib: '100-199' })).toEqual([120, 150, 199])
    expect(filtered({ bib: '121-149' })).toEqual([])
  })

  it('an invalid bib filter does not filter (the field says what is wrong)', () => {
    expect(filtered({ bib: '199-100' })).toHaveLength(FIELD.length)
    expect(filtered({ bib: 'abc', q: 'bianchi' })).toEqual([120, 150])
  })
})

describe('filters by country, region and category', () => {
  it('country is the country of residence', () => {
    expect(filtered({ country: 'CH' })).toEqual([3, 12, 1200])
    expect(filtered({ country: 'FR' })).toEqual([])
  })

  it('region within the country', () => {
    expect(filtered({ country: 'IT', region: 'Piemonte' })).toEqual([120, 150, 199])
    expect(filtered({ country: 'CH', region: 'Genève' })).toEqual([1200])
  })

  it('a region without a country does not filter', () => {
    expect(filtered({ region: 'Piemonte' })).toHaveLength(FIELD.length)
  })

  it('category', () => {
    expect(filtered({ category: 'SF' })).toEqual([12, 120, 1200])
  })

  it('all together, each narrowing the others', () => {
    expect(filtered({ country: 'IT', region: 'Piemonte', category: 'M40' })).toEqual([150])
    expect(filtered({ country: 'IT', bib: '100-199', q: 'bianchi', category: 'SF' })).toEqual([120])
    expect(filtered({ country: 'CH', q: 'muller', bib: '1000-2000' })).toEqual([1200])
    expect(filtered({ country: 'CH', q: 'muller', category: 'SM' })).toEqual([])
  })

  it('with nothing narrowing, the list itself comes back (no copy per keystroke)', () => {
    expect(filterSubscribers(INDEXED, NO_SUBSCRIBER_FILTERS)).toBe(INDEXED)
    expect(filterSubscribers(INDEXED, { ...NO_SUBSCRIBER_FILTERS, sort: 'name', bib: 'x' })).toBe(INDEXED)
  })

  it('keeps the order it is given', () => {
    const byName = sortSubscribers(INDEXED, 'name', 'en')
    expect(filterSubscribers(byName, { ...NO_SUBSCRIBER_FILTERS, country: 'CH' }).map((entry) => entry.row.nome)).toEqual([
      'Élodie Crettex',
      'Léa Müller',
      'Reto Müller',
    ])
  })
})

describe('sortSubscribers', () => {
  it('by bib, as numbers', () => {
    const shuffled = [...INDEXED].reverse()
    expect(sortSubscribers(shuffled, 'bib', 'en').map((entry) => entry.row.pettorale)).toEqual(FIELD.map((row) => row.pettorale))
  })

  it('by name in the locale order: accented letters sort with their base letter', () => {
    const rows = indexRows([
      subscriber(1, 'Zoé Rey'),
      subscriber(2, 'Émile Favre'),
      subscriber(3, 'Eva Moser'),
      subscriber(4, 'anna Huber'),
      subscriber(5, 'Ana Pichler'),
      subscriber(6, 'Éva Moser'),
    ])
    expect(sortSubscribers(rows, 'name', 'it').map((entry) => entry.row.nome)).toEqual([
      'Ana Pichler',
      'anna Huber',
      'Émile Favre',
      'Eva Moser',
      'Éva Moser',
      'Zoé Rey',
    ])
  })

  it('the same names keep bib order, and the input is not touched', () => {
    const rows = indexRows([subscriber(9, 'Luca Rossi'), subscriber(3, 'Luca Rossi'), subscriber(5, 'luca rossi')])
    const sorted = sortSubscribers(rows, 'name', 'en')
    expect(sorted.map((entry) => entry.row.pettorale)).toEqual([3, 5, 9])
    expect(rows.map((entry) => entry.row.pettorale)).toEqual([9, 3, 5])
  })
})

describe('a row its athlete withholds (initials or hidden: no bib, region or team, decision 066)', () => {
  const withheld = (nome: string | null, extra: Partial<SubscriberRow>) => subscriber(0, nome, { ...extra, pettorale: null, regione: null })
  const WITH_HIDDEN = sortSubscribers(
    indexRows([
      withheld(null, { categoria: 'SF' }),
      ...FIELD,
      withheld('R. M.', { nazionalita: 'CH', paese: 'CH', categoria: 'M50' }),
    ]),
    'bib',
    'en',
  )
  const names = (filters: Partial<SubscriberFilters>) =>
    filterSubscribers(WITH_HIDDEN, { ...NO_SUBSCRIBER_FILTERS, ...filters }).map((entry) => entry.row.nome ?? '(hidden)')

  it('is never found by a bib, and a hidden one by no name, whatever is typed', () => {
    for (const q of ['a', 'e', 'name', 'null', 'not shown', 'rossi', '0', '1']) expect(names({ q })).not.toContain('(hidden)')
    for (const bib of ['0', '0-99999', '1-5']) expect(names({ bib })).not.toEqual(expect.arrayContaining(['(hidden)', 'R. M.']))
  })

  it('still counts in its country and category', () => {
    expect(names({ country: 'CH' })).toEqual(['Reto Müller', 'Élodie Crettex', 'Léa Müller', 'R. M.'])
    expect(names({ category: 'SF' })).toEqual(['Élodie Crettex', 'Chiara Bianchi', 'Léa Müller', '(hidden)'])
    expect(subscriberFacets(WITH_HIDDEN).categories).toEqual(['SF', 'F50', 'SM', 'M40', 'M50'])
  })

  it('comes after every bib, and sorted by name after every name, each row with a key of its own', () => {
    expect(WITH_HIDDEN.slice(-3).map((entry) => entry.row.nome ?? '(hidden)')).toEqual(['Min-jun Kim', '(hidden)', 'R. M.'])
    const byName = sortSubscribers(WITH_HIDDEN, 'name', 'en').map((entry) => entry.row.nome ?? '(hidden)')
    expect(byName.slice(-2)).toEqual(['Sato Yuki', '(hidden)'])
    expect(new Set(WITH_HIDDEN.map((entry) => entry.id)).size).toBe(WITH_HIDDEN.length)
  })
})

describe('the filters in the address', () => {
  const all: SubscriberFilters = { q: 'José García', country: 'ES', region: 'Cataluña', bib: '100-199', category: 'M40', sort: 'name' }

  it('a round trip gives the same filters back', () => {
    expect(readSubscriberFilters(writeSubscriberFilters(all))).toEqual(all)
    expect(readSubscriberFilters(`?${writeSubscriberFilters(all)}`)).toEqual(all)
    for (const one of [{ q: 'a&b=c+d%41' }, { bib: '199-100' }, { q: '  rossi  ' }, { sort: 'name' as const }, { category: 'F50' }]) {
      const filters = { ...NO_SUBSCRIBER_FILTERS, ...one }
      expect(readSubscriberFilters(writeSubscriberFilters(filters))).toEqual(filters)
    }
  })

  it('no filter is an empty query; defaults are left out', () => {
    expect(writeSubscriberFilters(NO_SUBSCRIBER_FILTERS)).toBe('')
    expect(readSubscriberFilters('')).toEqual(NO_SUBSCRIBER_FILTERS)
    expect(writeSubscriberFilters({ ...NO_SUBSCRIBER_FILTERS, country: 'IT' })).toBe('country=IT')
  })

  it('reads what people write by hand, ignoring what cannot be a filter', () => {
    expect(readSubscriberFilters('country=it&region=Piemonte')).toMatchObject({ country: 'IT', region: 'Piemonte' })
    expect(readSubscriberFilters('country=Italy&region=Piemonte')).toMatchObject({ country: null, region: null })
    expect(readSubscriberFilters('region=Piemonte')).toMatchObject({ region: null })
    expect(readSubscriberFilters('sort=team').sort).toBe('bib')
    expect(readSubscriberFilters('category=%20').category).toBeNull()
    expect(readSubscriberFilters(`q=${'x'.repeat(500)}`).q).toHaveLength(100)
  })

  it('a region is written only with its country', () => {
    expect(writeSubscriberFilters({ ...NO_SUBSCRIBER_FILTERS, region: 'Piemonte' })).toBe('')
  })

  it('the ranking filters make the same round trip', () => {
    const filters = { q: 'Müller', nationality: 'CH', category: 'M50' }
    expect(writeRankingFilters(filters)).toBe('q=M%C3%BCller&nationality=CH&category=M50')
    expect(readRankingFilters(writeRankingFilters(filters))).toEqual(filters)
    expect(writeRankingFilters(NO_RANKING_FILTERS)).toBe('')
    expect(readRankingFilters('nationality=xyz')).toEqual(NO_RANKING_FILTERS)
  })

  it('knows when the list is narrowed: not by the sort, an invalid bib or a blank search', () => {
    expect(narrowsSubscribers({ ...NO_SUBSCRIBER_FILTERS, sort: 'name' })).toBe(false)
    expect(narrowsSubscribers({ ...NO_SUBSCRIBER_FILTERS, q: '  ' })).toBe(false)
    expect(narrowsSubscribers({ ...NO_SUBSCRIBER_FILTERS, bib: '199-100' })).toBe(false)
    expect(narrowsSubscribers({ ...NO_SUBSCRIBER_FILTERS, bib: '12' })).toBe(true)
    expect(narrowsSubscribers({ ...NO_SUBSCRIBER_FILTERS, q: 'ro' })).toBe(true)
    expect(narrowsRanking({ ...NO_RANKING_FILTERS, category: 'SF' })).toBe(true)
    expect(narrowsRanking({ ...NO_RANKING_FILTERS, q: "'" })).toBe(false)
    expect(narrowsRanking(NO_RANKING_FILTERS)).toBe(false)
  })

  it('knows when there is something to clear, filtering or not', () => {
    expect(hasSubscriberInput({ ...NO_SUBSCRIBER_FILTERS, sort: 'name' })).toBe(false)
    expect(hasSubscriberInput({ ...NO_SUBSCRIBER_FILTERS, bib: '199-100' })).toBe(true)
    expect(hasSubscriberInput({ ...NO_SUBSCRIBER_FILTERS, q: ' ' })).toBe(true)
    expect(hasRankingInput({ ...NO_RANKING_FILTERS, nationality: 'IT' })).toBe(true)
    expect(hasRankingInput(NO_RANKING_FILTERS)).toBe(false)
  })
})

describe('the choices offered', () => {
  it('countries present by name in the locale, regions per country, categories by sex then age', () => {
    const options = subscriberOptions(subscriberFacets(INDEXED), 'en')
    expect(options.countries).toEqual(['IT', 'JP', 'KR', 'ES', 'CH'])
    // Corea del Sud, Giappone, Italia, Spagna, Svizzera.
    expect(subscriberOptions(subscriberFacets(INDEXED), 'it').countries).toEqual(['KR', 'JP', 'IT', 'ES', 'CH'])
    expect(options.regions.get('IT')).toEqual(['Piemonte', "Valle d'Aosta"])
    expect(options.regions.get('CH')).toEqual(['Genève', 'Valais', 'Vaud'])
    expect(options.regions.has('JP')).toBe(false)
    expect(options.categories).toEqual(['F50', 'SF', 'M40', 'M50', 'SM'].sort(compareCategories))
    expect(options.categories).toEqual(['SF', 'F50', 'SM', 'M40', 'M50'])
  })

  it('orders categories seniors first, then by age, women before men; unknown names last', () => {
    expect(['M60', 'SM', 'X', 'F40', 'M40', 'SF', 'Open'].sort(compareCategories)).toEqual(['SF', 'F40', 'SM', 'M40', 'M60', 'Open', 'X'])
  })

  it('drops a country, region or category the list does not have, keeping the rest', () => {
    const options = subscriberOptions(subscriberFacets(INDEXED), 'en')
    const wanted: SubscriberFilters = { ...NO_SUBSCRIBER_FILTERS, q: 'x', country: 'IT', region: 'Piemonte', category: 'SF' }
    expect(applicableSubscriberFilters(wanted, options)).toBe(wanted)
    expect(applicableSubscriberFilters({ ...wanted, region: 'Valais' }, options)).toEqual({ ...wanted, region: null })
    expect(applicableSubscriberFilters({ ...wanted, country: 'US' }, options)).toEqual({ ...wanted, country: null, region: null })
    expect(applicableSubscriberFilters({ ...wanted, category: 'M70' }, options)).toEqual({ ...wanted, category: null })
  })
})

describe('the ranking', () => {
  const ranked = (posizione: number, pettorale: number, nome: string | null, nazionalita: string, categoria: string): RankingRow => ({
    posizione,
    pettorale,
    nome,
    nazionalita,
    categoria,
    tempo_s: 36_000 + posizione * 60,
    distacco_s: (posizione - 1) * 60,
  })
  const RANKING = [
    ranked(3, 40, 'Léa Müller', 'FR', 'SF'),
    ranked(1, 7, 'José García', 'ES', 'SM'),
    ranked(2, 12, 'Reto Muller', 'CH', 'M40'),
    ranked(4, 120, 'Chiara Bianchi', 'IT', 'SF'),
  ]
  const indexed = sortRanking(indexRows(RANKING))
  const positions = (filters: Partial<typeof NO_RANKING_FILTERS>) =>
    filterRanking(indexed, { ...NO_RANKING_FILTERS, ...filters }).map((entry) => entry.row.posizione)

  it('is in order of position', () => {
    expect(positions({})).toEqual([1, 2, 3, 4])
  })

  it('filters by name (accent-insensitive), nationality and category, keeping positions', () => {
    expect(positions({ q: 'muller' })).toEqual([2, 3])
    expect(positions({ q: 'jose garcia' })).toEqual([1])
    expect(positions({ nationality: 'FR' })).toEqual([3])
    expect(positions({ category: 'SF' })).toEqual([3, 4])
    expect(positions({ category: 'SF', nationality: 'IT' })).toEqual([4])
    expect(positions({ category: 'SF', q: 'bianchi', nationality: 'FR' })).toEqual([])
  })

  it('keeps a finisher whose name is not shown in place, in the filters, never in a name search', () => {
    const withHidden = sortRanking(indexRows([...RANKING, ranked(5, 99, null, 'IT', 'SF')]))
    const shown = (filters: Partial<typeof NO_RANKING_FILTERS>) =>
      filterRanking(withHidden, { ...NO_RANKING_FILTERS, ...filters }).map((entry) => entry.row.posizione)
    expect(shown({})).toEqual([1, 2, 3, 4, 5])
    expect(shown({ category: 'SF', nationality: 'IT' })).toEqual([4, 5])
    expect(shown({ q: 'e' })).toEqual([1, 2, 3])
    expect(shown({ q: '99' })).toEqual([5])
  })

  it('offers the nationalities and categories present, and drops those another edition lacks', () => {
    const options = rankingOptions(rankingFacets(indexRows(RANKING)), 'en')
    expect(options.nationalities).toEqual(['FR', 'IT', 'ES', 'CH'])
    expect(options.categories).toEqual(['SF', 'SM', 'M40'])
    const carried = { q: 'bianchi', nationality: 'JP', category: 'M40' }
    expect(applicableRankingFilters(carried, options)).toEqual({ q: 'bianchi', nationality: null, category: 'M40' })
  })
})

describe("the athlete's own bib in the ranking's address", () => {
  it('is read from `mine`, a whole bib number, and nothing else', () => {
    expect(ownBibOf('?mine=41')).toBe(41)
    expect(ownBibOf('?q=anna&mine=7')).toBe(7)
    for (const search of ['', '?mine=', '?mine=4a', '?mine=-3', '?mine=1e3', '?mine=1234567']) expect(ownBibOf(search)).toBeNull()
  })
})
