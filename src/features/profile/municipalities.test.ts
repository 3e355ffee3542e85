// @vitest-environment node
import { gzipSync } from 'node:zlib'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { compactMunicipalities, readSourceMunicipalities } from '../../../scripts/vite-municipalities'
import { findMunicipality, MunicipalitiesFileSchema, searchMunicipalities, type Municipality } from './municipalities'

const source = readSourceMunicipalities()
const file = JSON.stringify(compactMunicipalities(source))
const list: Municipality[] = z.parse(MunicipalitiesFileSchema, JSON.parse(file))

const names = (found: Municipality[]) => found.map((m) => `${m.name} (${m.province})`)

describe('the municipalities data file', () => {
  it('holds every municipality of the package, with its province, postcodes and cadastral code', () => {
    expect(source.length).toBe(7904)
    expect(list).toEqual(source.map((m) => ({ name: m.nome, province: m.sigla, postcodes: m.cap, cadastral: m.codiceCatastale })))
  })

  it('is small enough to load when a municipality field is first used', () => {
    // The package's file is 1.9 MB; ours is about a seventh of it, gzipped about 70 KiB.
    expect(gzipSync(file).length).toBeLessThan(75 * 1024)
  })

  it('refuses a file whose columns do not line up', () => {
    const broken = { ...JSON.parse(file), provinces: 'AO' }
    expect(z.safeParse(MunicipalitiesFileSchema, broken).success).toBe(false)
  })
})

describe('searchMunicipalities', () => {
  it('puts the municipality whose name starts with the text first: "aosta" is Aosta', () => {
    expect(names(searchMunicipalities(list, 'aosta', 8))[0]).toBe('Aosta (AO)')
    expect(names(searchMunicipalities(list, 'Aost', 8))).toEqual(['Aosta (AO)'])
  })

  it('lists names starting with the text, by name, before names with a later word starting with it', () => {
    expect(names(searchMunicipalities(list, 'bianco', 8))).toEqual([
      'Bianco (RC)',
      'Caraffa del Bianco (RC)',
      'San Giovanni Bianco (BG)',
      "Sant'Agata del Bianco (RC)",
    ])
  })

  it('puts names that match only without their spaces after those that match with them: "san t"', () => {
    const found = names(searchMunicipalities(list, 'san t', 8))
    expect(found.slice(0, 4)).toEqual(['San Tammaro (CE)', 'San Teodoro (ME)', 'San Teodoro (SS)', 'San Tomaso Agordino (BL)'])
    expect(found[4]).toBe("Sant'Agapito (IS)")
    expect(names(searchMunicipalities(list, 'sant', 1))).toEqual(["Sant'Agapito (IS)"])
  })

  it('finds Sant\' names with or without the apostrophe, straight or curly', () => {
    for (const typed of ["sant'", 'sant', 'sant’an', 'santan', 'sant an']) {
      const found = searchMunicipalities(list, typed, 8)
      expect(found.length, typed).toBe(8)
      expect(found.every((m) => m.name.startsWith('Sant')), typed).toBe(true)
    }
    expect(names(searchMunicipalities(list, "aci sant'antonio", 8))).toEqual(["Aci Sant'Antonio (CT)"])
    expect(names(searchMunicipalities(list, 'Antonio', 50))).toContain("Aci Sant'Antonio (CT)")
  })

  it('ignores case, accents and hyphens', () => {
    expect(names(searchMunicipalities(list, 'VALTOURNENCHE', 8))).toEqual(['Valtournenche (AO)'])
    expect(names(searchMunicipalities(list, 'pre saint didier', 8))).toEqual(['Pré-Saint-Didier (AO)'])
    expect(names(searchMunicipalities(list, 'cantu', 8))).toEqual(['Cantù (CO)'])
    expect(names(searchMunicipalities(list, 'saint-didier', 8))).toEqual(['Pré-Saint-Didier (AO)'])
  })

  it('shows both municipalities that share a name, by province', () => {
    expect(names(searchMunicipalities(list, 'Castro', 50)).filter((n) => n.startsWith('Castro ('))).toEqual(['Castro (BG)', 'Castro (LE)'])
  })

  it('gives at most the number asked for, and nothing for empty or meaningless text', () => {
    expect(searchMunicipalities(list, 's', 8)).toHaveLength(8)
    expect(searchMunicipalities(list, '', 8)).toEqual([])
    expect(searchMunicipalities(list, " '- ", 8)).toEqual([])
    expect(searchMunicipalities(list, 'zzzz', 8)).toEqual([])
  })
})

describe('findMunicipality', () => {
  it('finds a municipality by its exact name, however it is written', () => {
    expect(findMunicipality(list, 'Aosta')).toMatchObject({ province: 'AO', postcodes: ['11100'], cadastral: 'A326' })
    expect(findMunicipality(list, 'pre saint didier')?.name).toBe('Pré-Saint-Didier')
    expect(findMunicipality(list, 'Aost')).toBeUndefined()
  })

  it('picks the one in the province given, and none when the province does not have it', () => {
    expect(findMunicipality(list, 'Castro', 'LE')?.cadastral).toBe(findMunicipality(list, 'Castro', 'le')?.cadastral)
    expect(findMunicipality(list, 'Castro', 'LE')?.province).toBe('LE')
    expect(findMunicipality(list, 'Castro', 'BG')?.province).toBe('BG')
    expect(findMunicipality(list, 'Castro')).toBeDefined()
    expect(findMunicipality(list, 'Aosta', 'TO')).toBeUndefined()
    expect(findMunicipality(list, 'Aosta', '')?.name).toBe('Aosta')
    expect(findMunicipality(list, 'Aosta', null)?.name).toBe('Aosta')
  })

  it('keeps a city of many postcodes whole', () => {
    const rome = findMunicipality(list, 'Roma')
    expect(rome?.postcodes).toHaveLength(82)
    expect(rome?.postcodes).toContain('00118')
  })
})
