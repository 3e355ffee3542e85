import { describe, expect, it } from 'vitest'
import type { Profile } from '../../contracts/athlete.contract'
import {
  COMPLETENESS_FIELDS,
  isExperienceAnswered,
  isProfileComplete,
  profileCompleteness,
  type CompletenessField,
} from './profile-completeness'
import { makeProfile } from '../session/test-harness'

/** The 21 fields of spec section 3, in the spec's order. */
const SPEC_FIELDS = [
  'id',
  'nome',
  'cognome',
  'mail',
  'sesso',
  'data_nascita',
  'nazione_nascita',
  'provincia_nascita',
  'citta_nascita',
  'cod_fiscale',
  'paese',
  'provincia',
  'citta',
  'via',
  'civico',
  'cap',
  'telefono',
  'contatto_emergenza',
  'telefono_emergenze',
  'taglia_maglietta',
  'privacy_policy',
]

/** A profile as the wire may send it, with one field set to any value (even one the schema forbids). */
function withField(field: CompletenessField, value: unknown): Profile {
  return { ...makeProfile(), [field]: value } as Profile
}

const textFields = COMPLETENESS_FIELDS.filter((field) => field !== 'privacy_policy')

describe('profile completeness: the 21 fields', () => {
  it('counts exactly the 21 fields of the spec', () => {
    expect(COMPLETENESS_FIELDS).toHaveLength(21)
    expect([...COMPLETENESS_FIELDS]).toEqual(SPEC_FIELDS)
  })

  it('a profile with all 21 filled is complete at 100%', () => {
    expect(profileCompleteness(makeProfile())).toEqual({ filled: 21, total: 21, ratio: 1, missing: [] })
    expect(isProfileComplete(makeProfile())).toBe(true)
  })

  describe.each(textFields)('%s', (field) => {
    it.each([
      ['an empty string', ''],
      ['null', null],
      ['undefined', undefined],
    ])('counts as missing when it is %s', (_name, value) => {
      const profile = withField(field, value)
      expect(profileCompleteness(profile)).toEqual({ filled: 20, total: 21, ratio: 20 / 21, missing: [field] })
      expect(isProfileComplete(profile)).toBe(false)
    })
  })

  it('counts a field that is absent from the object as missing', () => {
    const { cap: _cap, ...rest } = makeProfile()
    expect(profileCompleteness(rest as Profile).missing).toEqual(['cap'])
  })

  it('counts a numeric id of 0 as filled (only empty, null or undefined are missing)', () => {
    expect(isProfileComplete(makeProfile({ id: 0 }))).toBe(true)
  })

  it('ignores fields outside the 21 (team, newsletter, certificate, torexperience)', () => {
    const profile = makeProfile({
      team: null,
      nazionalita: '',
      newsletter: null,
      file_url: null,
      certificato_medico_file: null,
      scadenza_certificato: null,
      certificato_valido: false,
      torexperience: [{ a: false }],
    })
    expect(profileCompleteness(profile).missing).toEqual([])
    expect(isProfileComplete(profile)).toBe(true)
  })
})

describe('profile completeness: privacy_policy needs exactly true', () => {
  it('true counts as filled', () => {
    expect(profileCompleteness(makeProfile({ privacy_policy: true })).missing).toEqual([])
  })

  it.each([
    ['false', false],
    ['null', null],
    ['undefined', undefined],
    ['the string "true"', 'true'],
    ['the number 1', 1],
  ])('%s counts as missing', (_name, value) => {
    const profile = withField('privacy_policy', value)
    expect(profileCompleteness(profile).missing).toEqual(['privacy_policy'])
    expect(isProfileComplete(profile)).toBe(false)
  })
})

describe('profile completeness: ratio', () => {
  it('is the share of the 21 fields that are filled', () => {
    const profile = makeProfile({ nome: '', cognome: null, telefono: '', privacy_policy: false })
    const result = profileCompleteness(profile)
    expect(result.filled).toBe(17)
    expect(result.total).toBe(21)
    expect(result.ratio).toBeCloseTo(17 / 21, 12)
    expect(result.missing).toEqual(['nome', 'cognome', 'telefono', 'privacy_policy'])
  })

  it('is 2/21 for a fresh account with only an id and the accepted privacy policy', () => {
    const blank = Object.fromEntries(SPEC_FIELDS.map((field) => [field, null])) as unknown as Profile
    const profile: Profile = { ...blank, id: 7, privacy_policy: true, torexperience: [] }
    const result = profileCompleteness(profile)
    expect(result.filled).toBe(2)
    expect(result.ratio).toBe(2 / 21)
    expect(result.missing).toEqual(SPEC_FIELDS.filter((field) => field !== 'id' && field !== 'privacy_policy'))
  })

  it('is 0 when nothing is filled, listing all 21 as missing in order', () => {
    const blank = { ...Object.fromEntries(SPEC_FIELDS.map((field) => [field, null])), torexperience: [] } as unknown as Profile
    expect(profileCompleteness(blank)).toEqual({ filled: 0, total: 21, ratio: 0, missing: SPEC_FIELDS })
  })

  it('is complete only at 100%', () => {
    const oneMissing = makeProfile({ taglia_maglietta: '' })
    expect(profileCompleteness(oneMissing).ratio).toBeLessThan(1)
    expect(isProfileComplete(oneMissing)).toBe(false)
  })
})

describe('isExperienceAnswered', () => {
  const withExperience = (torexperience: Profile['torexperience']) => makeProfile({ torexperience })

  it('[] -> true (nothing to answer)', () => {
    expect(isExperienceAnswered(withExperience([]))).toBe(true)
  })

  it('[{}] -> false', () => {
    expect(isExperienceAnswered(withExperience([{}]))).toBe(false)
  })

  it("[{ a: false, b: '' }] -> false", () => {
    expect(isExperienceAnswered(withExperience([{ a: false, b: '' }]))).toBe(false)
  })

  it('[{ a: null, b: 0 }] -> false', () => {
    expect(isExperienceAnswered(withExperience([{ a: null, b: 0 }]))).toBe(false)
  })

  it('[{ a: true }] -> true', () => {
    expect(isExperienceAnswered(withExperience([{ a: true }]))).toBe(true)
  })

  it("[{ a: false, b: 'Tor des Géants 2023' }] -> true (one truthy answer is enough)", () => {
    expect(isExperienceAnswered(withExperience([{ a: false, b: 'Tor des Géants 2023' }]))).toBe(true)
  })

  it('[{ a: 3 }] -> true', () => {
    expect(isExperienceAnswered(withExperience([{ a: 3 }]))).toBe(true)
  })

  it('only the first item holds the answers: [{ a: false }, { b: true }] -> false', () => {
    expect(isExperienceAnswered(withExperience([{ a: false }, { b: true }]))).toBe(false)
  })

  it('only the first item holds the answers: [{ a: true }, {}] -> true', () => {
    expect(isExperienceAnswered(withExperience([{ a: true }, {}]))).toBe(true)
  })
})
