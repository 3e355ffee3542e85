/**
 * Search, filters, sort and their address for the subscribers list and the ranking: pure functions,
 * no React. Everything a keystroke costs is linear in the rows and does no string work per row:
 * each row's search key is built once per data load (`indexRows`), rows are sorted once per load
 * and sort order, and a filter keeps that order.
 */
import type { Locale } from '../../../contracts/locale'
import type { RankingRow, SubscriberRow } from '../../../contracts/races.contract'
import { countryName } from '../../lib/country'

// ---------------------------------------------------------------------------------------------
// Text

const COMBINING_MARKS = /\p{M}/gu
/** Letters that are not a base letter plus marks, so NFD leaves them whole. */
const FOLDS: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' }
const FOLDABLE = /[ßæœøłđðþı]/g
const APOSTROPHES = /['’ʼ`]/g
const SEPARATORS = /[\s\-‐‑‒–—.,;:/_()]+/g

/**
 * A text as the search compares it: decomposed (NFD) with its combining marks dropped, lower-case,
 * apostrophes removed and other separators as single spaces. 'José' -> 'jose', 'Müller' ->
 * 'muller', "D'Alessandro" -> 'dalessandro', 'Min-jun' -> 'min jun'.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(COMBINING_MARKS, '')
    .replace(FOLDABLE, (letter) => FOLDS[letter] ?? letter)
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, ' ')
    .trim()
}

/** A row with what the search reads, computed once per data load. */
export interface Indexed<R> {
  readonly row: R
  /** `searchKey` of the name. */
  readonly key: string
  /** The bib as digits; empty for a row whose athlete withholds it (decision 066). */
  readonly bib: string
  /** What tells the row from the others in its list: its bib, or its place in the list served. */
  readonly id: number | string
}

/**
 * A hidden name (null) has an empty key and a withheld bib an empty `bib`, so no search by name or
 * by bib ever finds them.
 */
export function indexRows<R extends { nome: string | null; pettorale: number | null }>(rows: readonly R[]): Indexed<R>[] {
  return rows.map((row, index) => ({
    row,
    key: row.nome === null ? '' : searchKey(row.nome),
    bib: row.pettorale === null ? '' : String(row.pettorale),
    id: row.pettorale ?? `unnumbered-${String(index)}`,
  }))
}

/** By bib, the rows without one after all the others in their order (two of them differ by NaN, read as a tie). */
export function byBib(a: Indexed<{ pettorale: number | null }>, b: Indexed<{ pettorale: number | null }>): number {
  return (a.row.pettorale ?? Infinity) - (b.row.pettorale ?? Infinity) || 0
}

const DIGITS = /^\d+$/

/**
 * What the search box matches: digits are the start of a bib ('12' finds 12, 120, 1200...);
 * words must each appear in the name, in any order ('rossi luca' finds 'Luca Rossi'). Null: no
 * search.
 */
function textMatcher(query: string): ((entry: Indexed<unknown>) => boolean) | null {
  const trimmed = query.trim()
  if (DIGITS.test(trimmed)) {
    const digits = trimmed.replace(/^0+(?=\d)/, '')
    return (entry) => entry.bib.startsWith(digits)
  }
  const words = searchKey(trimmed).split(' ').filter(Boolean)
  if (words.length === 0) return null
  if (words.length === 1) {
    const word = words[0]!
    return (entry) => entry.key.includes(word)
  }
  return (entry) => words.every((word) => entry.key.includes(word))
}

// ---------------------------------------------------------------------------------------------
// Bib filter

export const MAX_BIB_DIGITS = 6

export type BibFilter =
  | { ok: true; range: { from: number; to: number } | null }
  /** `format`: neither a number nor a range of two; `order`: a range from the higher to the lower bib. */
  | { ok: false; problem: 'format' | 'order' }

const BIB_EXACT = new RegExp(`^\\d{1,${String(MAX_BIB_DIGITS)}}$`)
const BIB_RANGE = new RegExp(`^(\\d{1,${String(MAX_BIB_DIGITS)}})\\s*[-‐‑–—]\\s*(\\d{1,${String(MAX_BIB_DIGITS)}})$`)

/** '120' is bib 120, '100-199' (or with an en dash, or spaces) bibs 100 to 199; '' is no filter. */
export function parseBibFilter(raw: string): BibFilter {
  const text = raw.trim()
  if (text === '') return { ok: true, range: null }
  if (BIB_EXACT.test(text)) {
    const bib = Number(text)
    return { ok: true, range: { from: bib, to: bib } }
  }
  const range = BIB_RANGE.exec(text)
  if (!range) return { ok: false, problem: 'format' }
  const from = Number(range[1])
  const to = Number(range[2])
  return from <= to ? { ok: true, range: { from, to } } : { ok: false, problem: 'order' }
}

// ---------------------------------------------------------------------------------------------
// Filters and their address

export type SubscriberSort = 'bib' | 'name'

export interface SubscriberFilters {
  /** Name or bib, as typed. */
  q: string
  /** Country of residence, ISO alpha-2. */
  country: string | null
  /** Region of residence, only with a country. */
  region: string | null
  /** Bib or range, as typed (see `parseBibFilter`). */
  bib: string
  category: string | null
  sort: SubscriberSort
}

export interface RankingFilters {
  q: string
  /** Nationality, ISO alpha-2. */
  nationality: string | null
  category: string | null
}

export const NO_SUBSCRIBER_FILTERS: SubscriberFilters = { q: '', country: null, region: null, bib: '', category: null, sort: 'bib' }
export const NO_RANKING_FILTERS: RankingFilters = { q: '', nationality: null, category: null }

/** Longer text in an address is cut: nobody types it, and it is not worth matching 20,000 rows against. */
const MAX_TEXT = 100
const MAX_LABEL = 60
const ALPHA_2 = /^[A-Z]{2}$/

function text(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? '').slice(0, MAX_TEXT)
}

function label(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? ''
  return value === '' || value.length > MAX_LABEL ? null : value
}

function countryCode(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim().toUpperCase() ?? ''
  return ALPHA_2.test(value) ? value : null
}

function toSearch(entries: ReadonlyArray<readonly [string, string | null]>): string {
  const params = new URLSearchParams()
  for (const [name, value] of entries) if (value !== null && value !== '') params.set(name, value)
  return params.toString()
}

/** The subscribers list's filters from the address's query ('?q=rossi&country=IT' or without '?'). */
export function readSubscriberFilters(search: string): SubscriberFilters {
  const params = new URLSearchParams(search)
  const country = countryCode(params, 'country')
  return {
    q: text(params, 'q'),
    country,
    region: country === null ? null : label(params, 'region'),
    bib: text(params, 'bib'),
    category: label(params, 'category'),
    sort: params.get('sort') === 'name' ? 'name' : 'bib',
  }
}

/** The query string (no '?') for the filters; defaults are left out, so no filter is ''. */
export function writeSubscriberFilters(filters: SubscriberFilters): string {
  return toSearch([
    ['q', filters.q],
    ['country', filters.country],
    ['region', filters.country === null ? null : filters.region],
    ['bib', filters.bib],
    ['category', filters.category],
    ['sort', filters.sort === 'bib' ? null : filters.sort],
  ])
}

export function readRankingFilters(search: string): RankingFilters {
  const params = new URLSearchParams(search)
  return { q: text(params, 'q'), nationality: countryCode(params, 'nationality'), category: label(params, 'category') }
}

/** The ranking's `mine` parameter (from my races): the bib whose row is the athlete's own. */
export function ownBibOf(search: string): number | null {
  const bib = new URLSearchParams(search).get('mine')
  return bib !== null && /^\d{1,6}$/.test(bib) ? Number(bib) : null
}

export function writeRankingFilters(filters: RankingFilters): string {
  return toSearch([
    ['q', filters.q],
    ['nationality', filters.nationality],
    ['category', filters.category],
  ])
}

/**
 * Whether the filters narrow the list (the sort does not; nor do an invalid bib or a search of
 * punctuation only, which filter nothing): the count then says "N of M".
 */
export function narrowsSubscribers(filters: SubscriberFilters): boolean {
  const bib = parseBibFilter(filters.bib)
  return textMatcher(filters.q) !== null || filters.country !== null || (bib.ok && bib.range !== null) || filters.category !== null
}

export function narrowsRanking(filters: RankingFilters): boolean {
  return textMatcher(filters.q) !== null || filters.nationality !== null || filters.category !== null
}

/** Whether any field holds something to clear, filtering or not. */
export function hasSubscriberInput(filters: SubscriberFilters): boolean {
  return filters.q !== '' || filters.country !== null || filters.bib !== '' || filters.category !== null
}

export function hasRankingInput(filters: RankingFilters): boolean {
  return filters.q !== '' || filters.nationality !== null || filters.category !== null
}

// ---------------------------------------------------------------------------------------------
// Choices offered, from the rows present

const collators = new Map<Locale, Intl.Collator>()

/** Names in the locale's alphabetical order, accents and case as a reader expects; one per locale. */
export function collatorFor(locale: Locale): Intl.Collator {
  let collator = collators.get(locale)
  if (!collator) {
    collator = new Intl.Collator(locale, { usage: 'sort', sensitivity: 'base', numeric: true, ignorePunctuation: false })
    collators.set(locale, collator)
  }
  return collator
}

const SENIOR = /^S([A-Z])$/
const VETERAN = /^([A-Z])(\d+)$/

/** Categories by sex, then age: SF, F40, F50, F60, SM, M40...; any other name after them, alphabetically. */
export function compareCategories(a: string, b: string): number {
  const rank = (category: string): [string, number] | null => {
    const senior = SENIOR.exec(category)
    if (senior) return [senior[1]!, 0]
    const veteran = VETERAN.exec(category)
    return veteran ? [veteran[1]!, Number(veteran[2])] : null
  }
  const ra = rank(a)
  const rb = rank(b)
  if (ra && rb) return ra[0] === rb[0] ? ra[1] - rb[1] : ra[0] < rb[0] ? -1 : 1
  if (ra) return -1
  if (rb) return 1
  return a < b ? -1 : a > b ? 1 : 0
}

function countriesByName(codes: Iterable<string>, locale: Locale): string[] {
  const collator = collatorFor(locale)
  return [...codes].sort((a, b) => collator.compare(countryName(locale, a), countryName(locale, b)))
}

/**
 * What an entry list has to choose from, in any language: read with the rows in the worker
 * (participant-list.ts), as the loop over 20,000 rows alone was 8 to 13 ms of the page's thread
 * on the task that shows the list. Only the language's order is left to the page.
 */
export interface SubscriberFacets {
  /** Countries of residence present. */
  countries: readonly string[]
  /** Regions present per country; a country without any is absent. */
  regions: ReadonlyArray<readonly [country: string, regions: readonly string[]]>
  /** Seniors first, then by age (compareCategories). */
  categories: readonly string[]
}

export function subscriberFacets(rows: readonly Indexed<SubscriberRow>[]): SubscriberFacets {
  const countries = new Set<string>()
  const regions = new Map<string, Set<string>>()
  const categories = new Set<string>()
  for (const { row } of rows) {
    countries.add(row.paese)
    categories.add(row.categoria)
    if (row.regione !== null && row.regione !== '') {
      let set = regions.get(row.paese)
      if (!set) regions.set(row.paese, (set = new Set()))
      set.add(row.regione)
    }
  }
  return {
    countries: [...countries],
    regions: [...regions].map(([country, set]) => [country, [...set]] as const),
    categories: [...categories].sort(compareCategories),
  }
}

export interface SubscriberOptions {
  /** Countries of residence present, by name in the locale. */
  countries: readonly string[]
  /** Regions present per country, in the locale's order; a country without any is absent. */
  regions: ReadonlyMap<string, readonly string[]>
  categories: readonly string[]
}

export function subscriberOptions(facets: SubscriberFacets, locale: Locale): SubscriberOptions {
  const collator = collatorFor(locale)
  return {
    countries: countriesByName(facets.countries, locale),
    regions: new Map(facets.regions.map(([country, regions]) => [country, [...regions].sort(collator.compare)])),
    categories: facets.categories,
  }
}

/** The ranking's choices in any language, read in the worker as the entry list's are. */
export interface RankingFacets {
  nationalities: readonly string[]
  /** Seniors first, then by age (compareCategories). */
  categories: readonly string[]
}

export function rankingFacets(rows: readonly Indexed<RankingRow>[]): RankingFacets {
  const nationalities = new Set<string>()
  const categories = new Set<string>()
  for (const { row } of rows) {
    nationalities.add(row.nazionalita)
    categories.add(row.categoria)
  }
  return { nationalities: [...nationalities], categories: [...categories].sort(compareCategories) }
}

export interface RankingOptions {
  nationalities: readonly string[]
  categories: readonly string[]
}

export function rankingOptions(facets: RankingFacets, locale: Locale): RankingOptions {
  return { nationalities: countriesByName(facets.nationalities, locale), categories: facets.categories }
}

/**
 * The filters that can apply to these rows: a country, region or category the list does not have
 * (an old link, another edition's category) is dropped, so the selects always show what filters.
 */
export function applicableSubscriberFilters(filters: SubscriberFilters, options: SubscriberOptions): SubscriberFilters {
  const country = filters.country !== null && options.countries.includes(filters.country) ? filters.country : null
  const region =
    country !== null && filters.region !== null && (options.regions.get(country) ?? []).includes(filters.region)
      ? filters.region
      : null
  const category = filters.category !== null && options.categories.includes(filters.category) ? filters.category : null
  if (country === filters.country && region === filters.region && category === filters.category) return filters
  return { ...filters, country, region, category }
}

export function applicableRankingFilters(filters: RankingFilters, options: RankingOptions): RankingFilters {
  const nationality =
    filters.nationality !== null && options.nationalities.includes(filters.nationality) ? filters.nationality : null
  const category = filters.category !== null && options.categories.includes(filters.category) ? filters.category : null
  if (nationality === filters.nationality && category === filters.category) return filters
  return { ...filters, nationality, category }
}

// ---------------------------------------------------------------------------------------------
// Sort and filter

/**
 * A sorted copy: by bib, or by name in the locale's order (ties by bib), the rows whose name is not
 * shown after all the names, by bib: they have no place in the alphabet, and amid the names they
 * would read as an initial or a blank.
 */
export function sortSubscribers(
  rows: readonly Indexed<SubscriberRow>[],
  sort: SubscriberSort,
  locale: Locale,
): Indexed<SubscriberRow>[] {
  if (sort === 'bib') return [...rows].sort(byBib)
  // The collator is the slow part, and a big field repeats names: collate each name once, then
  // sort the rows by the rank of their name (names the collator finds equal share it), then bib.
  const { compare } = collatorFor(locale)
  const names = [...new Set(rows.flatMap((entry) => (entry.row.nome === null ? [] : [entry.row.nome])))].sort(compare)
  const rankOf = new Map<string, number>()
  let rank = 0
  names.forEach((name, index) => {
    if (index > 0 && compare(names[index - 1]!, name) !== 0) rank += 1
    rankOf.set(name, rank)
  })
  const hiddenRank = rank + 1
  return rows
    .map((entry) => ({ entry, rank: entry.row.nome === null ? hiddenRank : rankOf.get(entry.row.nome)! }))
    .sort((a, b) => a.rank - b.rank || byBib(a.entry, b.entry))
    .map(({ entry }) => entry)
}

/** Ranking rows by position. */
export function sortRanking(rows: readonly Indexed<RankingRow>[]): Indexed<RankingRow>[] {
  return [...rows].sort((a, b) => a.row.posizione - b.row.posizione)
}

/**
 * The rows that pass every filter, in the order given; the same array when nothing narrows. An
 * invalid bib filter does not filter (the field says what is wrong).
 */
export function filterSubscribers(
  rows: readonly Indexed<SubscriberRow>[],
  filters: SubscriberFilters,
): readonly Indexed<SubscriberRow>[] {
  const matchesText = textMatcher(filters.q)
  const bib = parseBibFilter(filters.bib)
  const range = bib.ok ? bib.range : null
  const { country, category } = filters
  const region = country === null ? null : filters.region
  if (!matchesText && !range && country === null && category === null) return rows
  const out: Indexed<SubscriberRow>[] = []
  for (const entry of rows) {
    const { row } = entry
    if (country !== null && row.paese !== country) continue
    if (region !== null && row.regione !== region) continue
    if (category !== null && row.categoria !== category) continue
    if (range && (row.pettorale === null || row.pettorale < range.from || row.pettorale > range.to)) continue
    if (matchesText && !matchesText(entry)) continue
    out.push(entry)
  }
  return out
}

export function filterRanking(rows: readonly Indexed<RankingRow>[], filters: RankingFilters): readonly Indexed<RankingRow>[] {
  const matchesText = textMatcher(filters.q)
  const { nationality, category } = filters
  if (!matchesText && nationality === null && category === null) return rows
  const out: Indexed<RankingRow>[] = []
  for (const entry of rows) {
    if (nationality !== null && entry.row.nazionalita !== nationality) continue
    if (category !== null && entry.row.categoria !== category) continue
    if (matchesText && !matchesText(entry)) continue
    out.push(entry)
  }
  return out
}
