import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { MAX_ANSWER_LENGTH, READ_ONLY_PROFILE_FIELDS, type Profile } from '../../../contracts/athlete.contract'
import { isExperienceAnswered } from '../../../machines/rules/profile-completeness'
import { toProfile } from '../../../mocks/records'
import { athleteById, ATHLETE_IDS } from '../../../mocks/seed/personas'
import { experiencePayload, experienceSchema, NO_EXPERIENCE } from './experience-answer'

const nuovo: Profile = toProfile(athleteById(ATHLETE_IDS.nuovo))
const completo: Profile = { ...toProfile(athleteById(ATHLETE_IDS.completo)), file_url: 'https://files.example.org/me.png', file_name: 'me.png' }

describe('the experience answer', () => {
  it('is pending for a new account', () => {
    expect(nuovo.torexperience).toEqual([{ esperienza_gara: null }])
    expect(isExperienceAnswered(nuovo)).toBe(false)
  })

  it('counts as answered with a yes or with a no (spec section 4: a truthy value in the first item)', () => {
    const yes = experiencePayload(nuovo, { esperienza_gara: true, gara: 'Tor des Géants', anno: 2024 })
    expect(isExperienceAnswered({ ...nuovo, torexperience: yes.torexperience })).toBe(true)
    const no = experiencePayload(nuovo, NO_EXPERIENCE)
    expect(no.torexperience).toEqual([{ esperienza_gara: false, risposta: 'no' }])
    expect(isExperienceAnswered({ ...nuovo, torexperience: no.torexperience })).toBe(true)
  })

  it('is sent with the profile as it is, without its read-only fields', () => {
    const body = experiencePayload(completo, NO_EXPERIENCE)
    for (const field of Object.keys(READ_ONLY_PROFILE_FIELDS)) expect(body, field).not.toHaveProperty(field)
    const { torexperience: _answers, ...rest } = body
    const { torexperience: _before, ...writable } = completo
    expect(rest).toEqual(Object.fromEntries(Object.entries(writable).filter(([field]) => !(field in READ_ONLY_PROFILE_FIELDS))))
  })

  it('takes the place of the first item only', () => {
    const withHistory: Profile = { ...nuovo, torexperience: [{ esperienza_gara: null }, { gara: 'Vertical di Pila', anno: 2023 }] }
    expect(experiencePayload(withHistory, NO_EXPERIENCE).torexperience).toEqual([NO_EXPERIENCE, { gara: 'Vertical di Pila', anno: 2023 }])
  })
})

describe('experienceSchema', () => {
  const schema = experienceSchema(2026)
  const problems = (values: { gara: string; anno: string }) => {
    const checked = z.safeParse(schema, values)
    // The first problem of each field, as the form shows it.
    return checked.success ? {} : Object.fromEntries(checked.error.issues.toReversed().map((issue) => [issue.path.join('.'), issue.message]))
  }

  it('takes a race and a year, trimmed', () => {
    expect(z.parse(schema, { gara: '  Tor des Géants ', anno: ' 2024 ' })).toEqual({ gara: 'Tor des Géants', anno: '2024' })
    expect(problems({ gara: 'TDG', anno: '2026' })).toEqual({})
    expect(problems({ gara: 'TDG', anno: '1970' })).toEqual({})
  })

  it('asks for both, and for a real year no later than this one', () => {
    expect(problems({ gara: ' ', anno: '' })).toEqual({ gara: 'required', anno: 'required' })
    expect(problems({ gara: 'T', anno: '2027' })).toEqual({ gara: 'too_short', anno: 'year_invalid' })
    for (const anno of ['1969', '24', '20x4', '02024']) expect(problems({ gara: 'TDG', anno }), anno).toEqual({ anno: 'year_invalid' })
  })

  it('says a race name is too long where the profile’s experience answers stop', () => {
    expect(problems({ gara: 'T'.repeat(MAX_ANSWER_LENGTH), anno: '2024' })).toEqual({})
    expect(problems({ gara: 'T'.repeat(MAX_ANSWER_LENGTH + 1), anno: '2024' })).toEqual({ gara: `too_long:${String(MAX_ANSWER_LENGTH)}` })
  })
})
