import metadata from 'libphonenumber-js/metadata.min.json'
import { beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { PROFILE_MAX_LENGTH, ProfileUpdateSchema, READ_ONLY_PROFILE_FIELDS, type Profile } from '../../../contracts/athlete.contract'
import { COMPLETENESS_FIELDS } from '../../../machines/rules/profile-completeness'
import { ensureTemporal } from '../../lib/temporal'
import { phoneRules } from '../../lib/validation/phone'
import {
  ITALY,
  mayGoWithoutTaxCode,
  NO_TAX_CODE,
  profileFormDefaults,
  profileFormSchema,
  taxCodeWarnings,
  toProfileUpdate,
  type KnownMunicipality,
  type ProfileFormContext,
  type ProfileFormValues,
} from './profile-form'

beforeAll(ensureTemporal)

/** 2 March 2026, 09:00 in Rome: the seed's "now". */
const NOW_MS = Date.parse('2026-03-02T08:00:00Z')

const TOWNS: Record<string, KnownMunicipality & { name: string }> = {
  aosta: { name: 'Aosta', province: 'AO', postcodes: ['11100'] },
  torino: { name: 'Torino', province: 'TO', postcodes: ['10121', '10122', '10156'] },
  'samone|TO': { name: 'Samone', province: 'TO', postcodes: ['10010'] },
  'samone|TN': { name: 'Samone', province: 'TN', postcodes: ['38059'] },
}

const phones = phoneRules(metadata)

const context: ProfileFormContext = {
  phoneRules: () => phones,
  municipality: (name, province) =>
    Object.values(TOWNS).find((town) => town.name.toLowerCase() === name.toLowerCase() && (province === undefined || town.province === province)),
  nowMs: () => NOW_MS,
}

const EMPTY_PROFILE: Profile = {
  id: 1,
  nome: 'Matteo',
  cognome: 'Vuillermin',
  mail: 'nuovo@pettorale.test',
  sesso: null,
  data_nascita: null,
  nazione_nascita: null,
  provincia_nascita: null,
  citta_nascita: null,
  cod_fiscale: null,
  paese: null,
  provincia: null,
  citta: null,
  via: null,
  civico: null,
  cap: null,
  telefono: null,
  contatto_emergenza: null,
  telefono_emergenze: null,
  taglia_maglietta: null,
  privacy_policy: true,
  torexperience: [],
}

/** Chiara Jaccod of the seed, carrying every read-only field the backend sends. */
const FULL_PROFILE: Profile = {
  id: 2,
  nome: 'Chiara',
  cognome: 'Jaccod',
  mail: 'completo@pettorale.test',
  sesso: 'F',
  data_nascita: '1990-05-14',
  nazione_nascita: 'IT',
  provincia_nascita: 'AO',
  citta_nascita: 'Aosta',
  cod_fiscale: 'JCCCHR90E54A326C',
  paese: 'IT',
  provincia: 'AO',
  citta: 'Aosta',
  via: "Via Sant'Anselmo",
  civico: '42',
  cap: '11100',
  telefono: '+39 347 1182290',
  contatto_emergenza: 'Paolo Jaccod',
  telefono_emergenze: '+39 348 5521907',
  taglia_maglietta: 'S',
  privacy_policy: true,
  torexperience: [{ esperienza_gara: true, gara: 'Trail delle Cinque Vette 35K', anno: 2025 }],
  nazionalita: 'IT',
  documento: 'CA48213KD',
  team: 'ASD Gran Paradiso Trail',
  lingua: 'it',
  newsletter: false,
  pax: true,
  file_url: 'https://files.example/picture.jpg',
  file_name: 'picture.jpg',
  username: 'completo@pettorale.test',
  certificato_medico_file: 'certificato.pdf',
  scadenza_certificato: '2026-11-02',
  validazione_certificato: 'valido',
  certificato_medico_id: 9002,
  certificato_valido: true,
}

const valid = (): ProfileFormValues => profileFormDefaults(FULL_PROFILE, 'en')

/** The error code of each field the schema refuses: its first, as the form shows it. */
function problems(values: ProfileFormValues): Record<string, string> {
  const result = z.safeParse(profileFormSchema(context), values)
  if (result.success) return {}
  const first: Record<string, string> = {}
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message
  return first
}

const problemOf = (changes: Partial<ProfileFormValues>, field: keyof ProfileFormValues) =>
  problems({ ...valid(), ...changes })[field]

describe('profileFormDefaults', () => {
  it('holds an empty profile as empty strings, with the portal language for communications', () => {
    const values = profileFormDefaults(EMPTY_PROFILE, 'fr')
    expect(values).toMatchObject({ nome: 'Matteo', sesso: '', data_nascita: '', telefono: '', lingua: 'fr', newsletter: false, privacy_policy: true })
    expect(Object.keys(values)).not.toContain('mail')
    expect(Object.keys(values)).not.toContain('id')
  })

  it('holds a way of appearing on public lists never chosen as none, and a chosen one as it is', () => {
    expect(profileFormDefaults(EMPTY_PROFILE, 'en').visibilita).toBe('')
    expect(profileFormDefaults({ ...FULL_PROFILE, visibilita: null }, 'en').visibilita).toBe('')
    expect(profileFormDefaults({ ...FULL_PROFILE, visibilita: 'iniziali' }, 'en').visibilita).toBe('iniziali')
  })

  it('keeps the saved language and every saved value', () => {
    expect(valid()).toMatchObject({ lingua: 'it', cod_fiscale: 'JCCCHR90E54A326C', taglia_maglietta: 'S', team: 'ASD Gran Paradiso Trail' })
  })
})

describe('profileFormSchema', () => {
  it('accepts a complete, consistent profile', () => {
    expect(problems(valid())).toEqual({})
  })

  it('leaves the way of appearing on public lists to choose or not: each choice and none are fine', () => {
    for (const visibilita of ['', 'nome', 'iniziali', 'nascosto'] as const) expect(problems({ ...valid(), visibilita })).toEqual({})
  })

  it('requires every field the completeness rule counts, and the privacy policy accepted', () => {
    expect(problems({ ...profileFormDefaults(EMPTY_PROFILE, 'en'), nome: '', cognome: '', privacy_policy: false })).toEqual({
      nome: 'required',
      cognome: 'required',
      sesso: 'required',
      data_nascita: 'required',
      nazione_nascita: 'required',
      provincia_nascita: 'required',
      citta_nascita: 'required',
      cod_fiscale: 'required',
      paese: 'required',
      provincia: 'required',
      citta: 'required',
      via: 'required',
      civico: 'required',
      cap: 'required',
      telefono: 'required',
      contatto_emergenza: 'required',
      telefono_emergenze: 'required',
      taglia_maglietta: 'required',
      privacy_policy: 'privacy_required',
    })
  })

  it('requires exactly the completeness fields the athlete edits: the two lists cannot drift apart', () => {
    // The form of a profile with nothing in it: what the schema refuses there is what the form
    // requires, read from the schema rather than listed again.
    const blank = profileFormDefaults({ ...EMPTY_PROFILE, nome: null, cognome: null, privacy_policy: null }, 'en')
    const required = Object.keys(problems(blank)).sort()
    const inForm = (field: string) => field in blank
    expect(required).toEqual(COMPLETENESS_FIELDS.filter(inForm).sort())
    // The counted fields the form does not hold are the record's own (its id) or read-only ones the
    // athlete cannot change (the sign-in e-mail): a new counted field must be in the form.
    const outside = COMPLETENESS_FIELDS.filter((field) => !inForm(field))
    expect(outside.every((field) => field === 'id' || field in READ_ONLY_PROFILE_FIELDS)).toBe(true)
    expect(COMPLETENESS_FIELDS).toHaveLength(21)
  })

  it('counts blanks as nothing', () => {
    expect(problems({ ...valid(), nome: '  ', via: ' ', civico: ' ' })).toEqual({ nome: 'required', via: 'required', civico: 'required' })
  })

  it('leaves nationality, ID number, team and newsletter optional', () => {
    expect(problems({ ...valid(), nazionalita: '', documento: '', team: '', newsletter: false })).toEqual({})
  })

  it('says "too short" for one-letter names, streets and contacts', () => {
    expect(problems({ ...valid(), nome: 'C', cognome: 'J', via: 'V', contatto_emergenza: 'P' })).toEqual({
      nome: 'too_short',
      cognome: 'too_short',
      via: 'too_short',
      contatto_emergenza: 'too_short',
    })
  })

  describe('birth date', () => {
    it('must be a real day', () => {
      expect(problemOf({ data_nascita: '1990-02-30' }, 'data_nascita')).toBe('birth_date_invalid')
      expect(problemOf({ data_nascita: 'yesterday' }, 'data_nascita')).toBe('birth_date_invalid')
    })

    it('must be in the past, from 1900, and at least 10 years ago', () => {
      expect(problemOf({ data_nascita: '2026-03-03' }, 'data_nascita')).toBe('birth_date_future')
      expect(problemOf({ data_nascita: '1899-12-31' }, 'data_nascita')).toBe('birth_date_too_old')
      expect(problemOf({ data_nascita: '1900-01-01', cod_fiscale: '0000', paese: 'CH' }, 'data_nascita')).toBeUndefined()
      expect(problemOf({ data_nascita: '2016-03-03', cod_fiscale: '0000', paese: 'CH' }, 'data_nascita')).toBe('birth_date_too_young')
      expect(problemOf({ data_nascita: '2016-03-02', cod_fiscale: '0000', paese: 'CH' }, 'data_nascita')).toBeUndefined()
    })
  })

  describe('phone numbers', () => {
    it('says what is wrong with each', () => {
      expect(problems({ ...valid(), telefono: '+39 347', telefono_emergenze: '+39 247 1182290' })).toEqual({
        telefono: 'phone_too_short',
        telefono_emergenze: 'phone_area',
      })
      expect(problemOf({ telefono: '+39 347 118229012345' }, 'telefono')).toBe('phone_too_long')
      expect(problemOf({ telefono: '+999 1234567' }, 'telefono')).toBe('phone_country_code')
      expect(problemOf({ telefono: 'none' }, 'telefono')).toBe('phone_not_a_number')
    })

    it('read a number without prefix in the country of residence; without one they ask for the prefix', () => {
      expect(problemOf({ telefono: '347 1182290' }, 'telefono')).toBeUndefined()
      const abroad = { paese: 'CH', provincia: 'VS', citta: 'Martigny', cap: '1920', cod_fiscale: '0000' }
      expect(problemOf({ ...abroad, telefono: '079 123 45 67' }, 'telefono')).toBeUndefined()
      expect(problemOf({ paese: '', telefono: '347 1182290' }, 'telefono')).toBe('phone_no_prefix')
    })

    it('are checked for presence only until the numbering plans are loaded', () => {
      const waiting = { ...context, phoneRules: () => undefined }
      const result = z.safeParse(profileFormSchema(waiting), { ...valid(), telefono: '+39 347' })
      expect(result.success).toBe(true)
    })
  })

  describe('tax code', () => {
    it('says each reason the validator finds', () => {
      expect(problemOf({ cod_fiscale: 'JCCCHR90E54A326' }, 'cod_fiscale')).toBe('cf_length')
      expect(problemOf({ cod_fiscale: 'JCCCHR90E54A3_6C' }, 'cod_fiscale')).toBe('cf_character')
      expect(problemOf({ cod_fiscale: 'JCCCHR90E54A326D' }, 'cod_fiscale')).toBe('cf_control')
      expect(problemOf({ cod_fiscale: 'JCCCHR90B70A326C' }, 'cod_fiscale')).toBe('cf_date')
    })

    it('is read trimmed and in any case, white space inside dropped as the field drops it while typing', () => {
      expect(problemOf({ cod_fiscale: ' jccchr90e54a326c ' }, 'cod_fiscale')).toBeUndefined()
      expect(problemOf({ cod_fiscale: 'jcc chr 90e54 a326c' }, 'cod_fiscale')).toBeUndefined()
      expect(problemOf({ cod_fiscale: ' 0000 ', paese: 'CH', provincia: 'VS', citta: 'Martigny', cap: '1920' }, 'cod_fiscale')).toBeUndefined()
    })

    it('needs the birth country first', () => {
      expect(problems({ ...valid(), nazione_nascita: '' })).toEqual({
        nazione_nascita: 'required',
        cod_fiscale: 'cf_birth_country_first',
      })
    })

    it('takes 0000 only from an athlete not resident in Italy', () => {
      // A resident of Italy needs a tax code; without a country of residence, there is no telling.
      expect(problemOf({ cod_fiscale: '0000' }, 'cod_fiscale')).toBe('cf_placeholder_resident')
      expect(problemOf({ cod_fiscale: '0000', paese: '' }, 'cod_fiscale')).toBe('cf_placeholder_residence_first')
      expect(problemOf({ cod_fiscale: '0000', paese: 'FR', provincia: 'Savoie', citta: 'Chamonix', cap: '74400' }, 'cod_fiscale')).toBeUndefined()
      // Whoever was born: an athlete born in Italy who lives abroad may have no tax code at hand.
      expect(problemOf({ cod_fiscale: '0000', nazione_nascita: 'CH', paese: 'CH', provincia: 'VS', citta: 'Martigny', cap: '1920' }, 'cod_fiscale')).toBeUndefined()
      // Anything else made of zeros is no tax code.
      expect(problemOf({ cod_fiscale: '000', paese: 'CH', provincia: 'VS', citta: 'Martigny', cap: '1920' }, 'cod_fiscale')).toBe('cf_length')
    })

    it('offers 0000 to athletes who live outside Italy only', () => {
      expect(mayGoWithoutTaxCode({ paese: 'CH' })).toBe(true)
      expect(mayGoWithoutTaxCode({ paese: ITALY })).toBe(false)
      expect(mayGoWithoutTaxCode({ paese: '' })).toBe(false)
    })
  })

  describe('tax-code warnings (decision 028): what a valid code does not match, not an error', () => {
    const lookup: ProfileFormContext['municipality'] = (name, province) =>
      name === 'Aosta' && (province === undefined || province === 'AO') ? { province: 'AO', postcodes: ['11100'], cadastral: 'A326' } : undefined

    it('finds nothing in a code that matches, and blocks nothing', () => {
      expect(taxCodeWarnings(valid(), lookup)).toEqual([])
      expect(problems({ ...valid(), nome: 'Paola', sesso: 'M' })).toEqual({})
    })

    it('names each part the code does not match, the place of birth from the municipality list', () => {
      expect(taxCodeWarnings({ ...valid(), nome: 'Paola', sesso: 'M' }, lookup)).toEqual(['name', 'sex'])
      expect(taxCodeWarnings({ ...valid(), cognome: 'Jacod', data_nascita: '1990-05-15' }, lookup)).toEqual(['surname', 'birth_date'])
      // Another municipality than Aosta (A326) is not known to this list: nothing to compare.
      expect(taxCodeWarnings({ ...valid(), citta_nascita: 'Torino', provincia_nascita: 'TO' }, lookup)).toEqual([])
      // Born abroad, with a code of someone born in Italy.
      expect(taxCodeWarnings({ ...valid(), nazione_nascita: 'FR' }, lookup)).toEqual(['birth_place'])
    })

    it('reads the code as the field holds it: lower case, white space', () => {
      expect(taxCodeWarnings({ ...valid(), cod_fiscale: 'jccchr 90e54 a326c' }, lookup)).toEqual([])
    })

    it('says nothing about an invalid code (its error comes first) or 0000', () => {
      expect(taxCodeWarnings({ ...valid(), nome: 'Paola', cod_fiscale: 'JCCCHR90E54A326D' }, lookup)).toEqual([])
      expect(taxCodeWarnings({ ...valid(), nome: 'Paola', cod_fiscale: NO_TAX_CODE }, lookup)).toEqual([])
    })
  })

  describe('Italian province and postcode', () => {
    it('a province is a two-letter abbreviation, that of the municipality when it is known', () => {
      expect(problemOf({ provincia: 'Aosta' }, 'provincia')).toBe('province_format')
      expect(problemOf({ provincia: 'TO' }, 'provincia')).toBe('province_municipality')
      expect(problemOf({ provincia: 'ao' }, 'provincia')).toBeUndefined()
      expect(problemOf({ provincia_nascita: 'MI' }, 'provincia_nascita')).toBe('province_municipality')
      // A town of the same name in two provinces: either is right.
      expect(problemOf({ citta: 'Samone', provincia: 'TN', cap: '38059' }, 'provincia')).toBeUndefined()
      // A municipality the list does not know (merged away, or a typing slip) is not held against the province.
      expect(problemOf({ citta_nascita: 'Vendrogno', provincia_nascita: 'LC' }, 'provincia_nascita')).toBeUndefined()
    })

    it('an Italian postcode has 5 digits and belongs to the municipality', () => {
      expect(problemOf({ cap: '1110' }, 'cap')).toBe('cap_format')
      expect(problemOf({ cap: '11100 A' }, 'cap')).toBe('cap_format')
      expect(problemOf({ cap: '11013' }, 'cap')).toBe('cap_municipality')
      expect(problemOf({ citta: 'Torino', provincia: 'TO', cap: '10156' }, 'cap')).toBeUndefined()
      expect(problemOf({ citta: 'Torino', provincia: 'TO', cap: '10199' }, 'cap')).toBe('cap_municipality')
      expect(problemOf({ citta: 'Samone', provincia: 'TO', cap: '38059' }, 'cap')).toBe('cap_municipality')
      expect(problemOf({ citta: 'Pollein', provincia: 'AO', cap: '11020' }, 'cap')).toBeUndefined()
    })

    it('abroad, province and postcode are free text', () => {
      const abroad = { paese: 'GB', provincia: 'Cumbria', citta: 'Keswick', cap: 'CA12 5DJ', cod_fiscale: '0000' }
      expect(problems({ ...valid(), ...abroad, nazione_nascita: 'GB', provincia_nascita: 'Greater London', citta_nascita: 'London' })).toEqual({})
    })
  })
})

describe('maximum lengths', () => {
  const fields = Object.entries(PROFILE_MAX_LENGTH).filter(([field]) => field in valid()) as Array<[keyof ProfileFormValues, number]>

  it('holds every text field the form has to the contract’s maximum', () => {
    const textFields = Object.entries(valid())
      .filter(([field, value]) => typeof value === 'string' && !['sesso', 'lingua', 'data_nascita', 'visibilita'].includes(field))
      .map(([field]) => field)
    expect(fields.map(([field]) => field).sort()).toEqual(textFields.sort())
  })

  it.each(fields)('says %s is too long over %i characters, as the backend would refuse it', (field, max) => {
    const atMost = 'x'.repeat(max)
    expect(problemOf({ [field]: atMost }, field) ?? '').not.toMatch(/^too_long/)
    expect(problemOf({ [field]: ` ${atMost} ` }, field) ?? '').not.toMatch(/^too_long/)
    expect(problemOf({ [field]: `${atMost}x` }, field)).toBe(`too_long:${String(max)}`)
    const saved = toProfileUpdate(FULL_PROFILE, valid(), phones)
    expect(z.safeParse(ProfileUpdateSchema, { ...saved, [field]: atMost }).success).toBe(true)
    expect(z.safeParse(ProfileUpdateSchema, { ...saved, [field]: `${atMost}x` }).success).toBe(false)
  })
})

describe('toProfileUpdate', () => {
  it('sends the form values over the saved profile: trimmed, empty as null, phones as E.164, codes upper-case', () => {
    const values: ProfileFormValues = {
      ...profileFormDefaults(EMPTY_PROFILE, 'en'),
      nome: ' Matteo ',
      sesso: 'M',
      data_nascita: '1991-03-08',
      nazione_nascita: 'IT',
      provincia_nascita: 'ao',
      citta_nascita: 'Aosta',
      cod_fiscale: ' vllmtt91 c08a326k ',
      paese: 'IT',
      provincia: 'ao',
      citta: 'Aosta',
      via: 'Via Festaz',
      civico: '10',
      cap: '11100',
      telefono: '347 118 2290',
      contatto_emergenza: 'Anna Vuillermin',
      telefono_emergenze: '0039 348 5521907',
      taglia_maglietta: 'M',
      team: '   ',
      newsletter: true,
    }
    expect(toProfileUpdate(EMPTY_PROFILE, values, phones)).toEqual({
      id: 1,
      nome: 'Matteo',
      cognome: 'Vuillermin',
      sesso: 'M',
      data_nascita: '1991-03-08',
      nazione_nascita: 'IT',
      provincia_nascita: 'AO',
      citta_nascita: 'Aosta',
      cod_fiscale: 'VLLMTT91C08A326K',
      nazionalita: null,
      paese: 'IT',
      provincia: 'AO',
      citta: 'Aosta',
      via: 'Via Festaz',
      civico: '10',
      cap: '11100',
      telefono: '+393471182290',
      contatto_emergenza: 'Anna Vuillermin',
      telefono_emergenze: '+393485521907',
      taglia_maglietta: 'M',
      documento: null,
      team: null,
      lingua: 'en',
      newsletter: true,
      privacy_policy: true,
      visibilita: null,
      torexperience: [],
    })
  })

  it('never sends a read-only field, whatever the saved profile carries', () => {
    const body = toProfileUpdate(FULL_PROFILE, valid(), phones)
    for (const field of Object.keys(READ_ONLY_PROFILE_FIELDS)) expect(body).not.toHaveProperty(field)
    expect(body).toEqual({
      id: 2,
      nome: 'Chiara',
      cognome: 'Jaccod',
      sesso: 'F',
      data_nascita: '1990-05-14',
      nazione_nascita: 'IT',
      provincia_nascita: 'AO',
      citta_nascita: 'Aosta',
      cod_fiscale: 'JCCCHR90E54A326C',
      nazionalita: 'IT',
      paese: 'IT',
      provincia: 'AO',
      citta: 'Aosta',
      via: "Via Sant'Anselmo",
      civico: '42',
      cap: '11100',
      telefono: '+393471182290',
      contatto_emergenza: 'Paolo Jaccod',
      telefono_emergenze: '+393485521907',
      taglia_maglietta: 'S',
      documento: 'CA48213KD',
      team: 'ASD Gran Paradiso Trail',
      lingua: 'it',
      newsletter: false,
      privacy_policy: true,
      visibilita: null,
      torexperience: [{ esperienza_gara: true, gara: 'Trail delle Cinque Vette 35K', anno: 2025 }],
    })
    // What the API client sends is this body parsed by the contract: nothing is added or lost there.
    expect(z.parse(ProfileUpdateSchema, body)).toEqual(body)
  })

  it('sends the way of appearing on public lists as chosen, and never chosen as null', () => {
    expect(toProfileUpdate(FULL_PROFILE, { ...valid(), visibilita: 'nascosto' }, phones).visibilita).toBe('nascosto')
    expect(toProfileUpdate({ ...FULL_PROFILE, visibilita: 'iniziali' }, { ...valid(), visibilita: 'nome' }, phones).visibilita).toBe('nome')
    expect(toProfileUpdate(FULL_PROFILE, { ...valid(), visibilita: '' }, phones).visibilita).toBeNull()
  })

  it('keeps province abbreviations as typed abroad, where they are free text', () => {
    const body = toProfileUpdate(FULL_PROFILE, { ...valid(), paese: 'GB', provincia: 'Cumbria', nazione_nascita: 'FR', provincia_nascita: 'Savoie' }, phones)
    expect(body).toMatchObject({ provincia: 'Cumbria', provincia_nascita: 'Savoie' })
  })
})
