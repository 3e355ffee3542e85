// @vitest-environment node
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { allOperations } from '../contracts'
import { NewUserSchema } from '../contracts/account.contract'
import {
  MAX_ANSWER_KEY_LENGTH,
  MAX_ANSWER_LENGTH,
  MAX_EXPERIENCE_ANSWERS,
  MAX_EXPERIENCE_ITEMS,
  PROFILE_MAX_LENGTH,
  ProfileUpdateSchema,
  type ProfileUpdate,
} from '../contracts/athlete.contract'
import {
  InvalidRequestSchema,
  MAX_EMAIL_LENGTH,
  MAX_JSON_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_JSON_KEY_LENGTH,
  MAX_JSON_MEMBERS,
  MAX_JSON_OBJECT_KEYS,
  MAX_JSON_STRING_LENGTH,
  MAX_JSON_TOKEN_LENGTH,
  MAX_LISTED_ISSUES,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_RACE_DURATION_S,
} from '../contracts/common'
import type { OperationShape } from '../contracts/operation'
import { MAX_EXTRA_FIELD_ANSWER_LENGTH, MAX_EXTRA_FIELD_NAME_LENGTH, MAX_EXTRA_FIELDS, RankingRowSchema } from '../contracts/races.contract'
import { EnrolmentRequestSchema } from '../contracts/subscriptions.contract'
import { db } from './db'
import { controls, TEST_API_BASE } from './node'
import { jsonShapeProblem, mediaTypeProblem } from './request-body'
import { PERSONAS, SEED_RACE_IDS } from './seed'
import '../tests/setup/mock-backend'

/**
 * Issue 19, rows 3, 7, 8 and 9: what the simulated backend refuses before (or instead of) doing
 * anything with a request, as a real backend must. Requests go straight to the handlers (msw/node),
 * not through the portal's API client, so bodies the client would never send can be tried.
 */

const completo = PERSONAS.find((persona) => persona.key === 'completo')!

interface Answer {
  status: number
  text: string
  body: Record<string, unknown>
}

async function api(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${TEST_API_BASE}${path}`, init)
  const text = await response.text()
  return { status: response.status, text, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> }
}

async function signIn(): Promise<string> {
  const answer = await api('/api/oauth/token', {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('pettorale-portal:test')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: completo.mail, password: completo.password }).toString(),
  })
  expect(answer.status).toBe(200)
  return String(answer.body.access_token)
}

const post = (body: string, contentType: string | null, token?: string, method = 'POST'): RequestInit => ({
  method,
  headers: {
    ...(contentType === null ? {} : { 'content-type': contentType }),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body,
})

/** The same, with the credentials the operation asks for (the portal's client for the password grant). */
const sendTo = (operation: OperationShape, body: string, contentType: string | null, token: string): RequestInit => {
  const init = post(body, contentType, token, operation.method)
  if (operation.auth === 'basic-client') (init.headers as Record<string, string>).authorization = `Basic ${btoa('pettorale-portal:test')}`
  return init
}

/** An operation's path with every `:param` filled in. */
const pathOf = (operation: OperationShape) => operation.path.replace(/:[A-Za-z_]+/g, '1')

const PROFILE_PATH = '/api/v1/vdatrailers/atleta'
const PROFILE_EXPERIENCE_PATH = '/api/v1/vdatrailers/atleta_torexp'
const REGISTER_PATH = '/api/v1/vdatrailers/new_user'
const ENROL_PATH = '/api/v1/vdatrailers/iscrizione'

/** The signed-in athlete's profile as a save sends it (read-only fields left out). */
function ownProfile(): ProfileUpdate {
  const record = db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))!
  return z.parse(ProfileUpdateSchema, record)
}

const newUser = (change: Record<string, unknown> = {}) => ({
  nome: 'Giulia',
  cognome: 'Jaccod',
  mail: 'giulia.bounds@example.com',
  password: 'Sentiero-2026',
  privacy_policy: true,
  ...change,
})

/** A refusal before any resolver: the code, the first issue, the size of the answer. */
function expectInvalid(answer: Answer, path?: ReadonlyArray<string | number>) {
  expect(answer.status).toBe(400)
  const body = z.parse(InvalidRequestSchema, answer.body)
  if (path) expect(body.issues.map((issue) => issue.path)).toContainEqual(path)
  return body
}

describe('a body whose content type is not its operation’s: 415 (row 9)', () => {
  const withBody = allOperations.filter((operation) => operation.body && operation.body.kind !== 'binary')

  it('refuses JSON sent as text/plain, the one type a page may post anywhere without asking (no CORS preflight)', async () => {
    const athletes = db.athletes.all().length
    const answer = await api(REGISTER_PATH, post(JSON.stringify(newUser()), 'text/plain'))
    expect(answer).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } })
    expect(db.athletes.all().length).toBe(athletes)

    const social = await api('/api/v1/social/google/start', post(JSON.stringify({ redirect_uri: `${TEST_API_BASE}/me` }), 'text/plain;charset=UTF-8'))
    expect(social).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } })
  })

  it('refuses a form body labelled JSON at the password grant: no session', async () => {
    const sessions = db.sessions.all().length
    const answer = await api('/api/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('pettorale-portal:test')}`, 'content-type': 'application/json' },
      body: new URLSearchParams({ grant_type: 'password', username: completo.mail, password: completo.password }).toString(),
    })
    expect(answer).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } })
    expect(db.sessions.all().length).toBe(sessions)
  })

  it.each(withBody.map((operation) => [operation.name, operation] as const))('%s takes only its own kind', async (_, operation) => {
    const token = await signIn()
    const wrong = { json: ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', null], form: ['application/json', 'text/plain', null], multipart: ['application/json', 'text/plain', 'application/x-www-form-urlencoded', null] }[
      operation.body!.kind as 'json' | 'form' | 'multipart'
    ]
    for (const contentType of wrong) {
      const answer = await api(pathOf(operation), sendTo(operation, '{}', contentType, token))
      expect(answer.status, `${operation.name} as ${String(contentType)}`).toBe(415)
      expect(answer.body).toEqual({ status: 415, title: 'unsupported_media_type', code: 'unsupported_media_type', detail: expect.any(String) })
    }
  })

  it('takes the kind’s type with its parameters, in any case, and JSON only as UTF-8', () => {
    expect(mediaTypeProblem('json', 'application/json')).toBeNull()
    expect(mediaTypeProblem('json', 'Application/JSON; charset=utf-8')).toBeNull()
    expect(mediaTypeProblem('json', 'application/json; charset="UTF-8"')).toBeNull()
    expect(mediaTypeProblem('json', 'application/json; charset=iso-8859-1')).not.toBeNull()
    expect(mediaTypeProblem('json', 'application/jsonx')).not.toBeNull()
    expect(mediaTypeProblem('form', 'application/x-www-form-urlencoded;charset=UTF-8')).toBeNull()
    expect(mediaTypeProblem('multipart', 'multipart/form-data; boundary=----x')).toBeNull()
    // A file is sent as it is: its operation checks its type.
    expect(mediaTypeProblem('binary', 'application/pdf')).toBeNull()
    expect(mediaTypeProblem('binary', null)).toBeNull()
  })

  it('registers with the type the portal sends', async () => {
    const answer = await api(REGISTER_PATH, post(JSON.stringify(newUser()), 'application/json; charset=utf-8'))
    expect(answer.status).toBe(201)
  })
})

/** Hostile JSON texts of about `bytes` bytes, each built to cost a parser or a validator dearly. */
function hostileBodies(bytes: number): Record<string, string> {
  const fill = (unit: string, wrap: (inner: string) => string) => wrap(Array(Math.floor(bytes / (unit.length + 1))).fill(unit).join(','))
  return {
    'invalid experience items': fill('1', (items) => `{"torexperience":[${items}]}`),
    'empty objects': fill('{}', (items) => `{"torexperience":[${items}]}`),
    'keys in one answer': `{"torexperience":[{${Array.from({ length: Math.floor(bytes / 12) }, (_, index) => `"k${String(index)}":1`).join(',')}}]}`,
    nesting: `${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}`,
    'one long string': JSON.stringify({ nome: 'x'.repeat(bytes) }),
    'escaped quotes': `{"nome":"${'\\"'.repeat(bytes / 2)}"}`,
    'strings under the string limit': JSON.stringify({ torexperience: Array(Math.floor(bytes / (MAX_JSON_STRING_LENGTH + 3))).fill('y'.repeat(MAX_JSON_STRING_LENGTH)) }),
    whitespace: `[${' '.repeat(bytes)}]`,
  }
}

describe('one body cannot hold the backend (row 3)', () => {
  const TWO_MB = 2_000_000
  /** A small answer: a problem body with a few issues, never the size of what was sent. */
  const SMALL = 4_096

  it('answers a 2 MB profile save of invalid experience items with a small 400', async () => {
    const token = await signIn()
    const body = `{"torexperience":[${Array(TWO_MB / 2).fill('1').join(',')}]}`
    expect(body.length).toBeGreaterThanOrEqual(TWO_MB)
    const answer = await api(PROFILE_PATH, post(body, 'application/json', token))
    const problem = expectInvalid(answer)
    expect(answer.text.length).toBeLessThan(SMALL)
    expect(problem.issues).toEqual([expect.objectContaining({ where: 'body', code: 'too_many_values' })])
    expect(problem.issue_count).toBe(1)
  })

  it.each(Object.entries(hostileBodies(TWO_MB)))('answers every JSON operation a small 400 for 2 MB of %s', async (_, body) => {
    expect(body.length).toBeLessThanOrEqual(MAX_JSON_BODY_BYTES)
    const token = await signIn()
    for (const operation of allOperations.filter((candidate) => candidate.body?.kind === 'json')) {
      const answer = await api(pathOf(operation), sendTo(operation, body, 'application/json', token))
      expect(answer.status, operation.name).toBe(400)
      expect(answer.text.length, operation.name).toBeLessThan(SMALL)
      expect(z.parse(InvalidRequestSchema, answer.body).issues.length, operation.name).toBeLessThanOrEqual(MAX_LISTED_ISSUES)
    }
  })

  it('stops at a list’s maximum before looking at its items', async () => {
    const token = await signIn()
    const answer = await api(PROFILE_PATH, post(JSON.stringify({ ...ownProfile(), torexperience: Array(MAX_JSON_MEMBERS - 200).fill(1) }), 'application/json', token))
    const problem = expectInvalid(answer)
    expect(problem.issues).toEqual([expect.objectContaining({ path: ['torexperience'], code: 'too_big' })])
    expect(problem.issue_count).toBe(1)
  })

  it('lists the first few issues of a body within the limits, and how many there were', async () => {
    const token = await signIn()
    // Every answer of every item is of no type an answer has: 400 issues.
    const item = Object.fromEntries(Array.from({ length: MAX_EXPERIENCE_ANSWERS }, (_, index) => [`a${String(index)}`, {}]))
    const torexperience = Array(MAX_EXPERIENCE_ITEMS).fill(item)
    const answer = await api(PROFILE_PATH, post(JSON.stringify({ ...ownProfile(), torexperience }), 'application/json', token))
    const problem = expectInvalid(answer)
    expect(problem.issues).toHaveLength(MAX_LISTED_ISSUES)
    expect(problem.issues[0]).toMatchObject({ where: 'body', path: ['torexperience', 0, 'a0'] })
    expect(problem.issue_count).toBe(MAX_EXPERIENCE_ITEMS * MAX_EXPERIENCE_ANSWERS)
    expect(answer.text.length).toBeLessThan(SMALL)
  })

  it('refuses a JSON or form body over the size limit, 413, without reading it', async () => {
    const token = await signIn()
    const over = `[${' '.repeat(MAX_JSON_BODY_BYTES - 1)}]`
    const answer = await api(PROFILE_PATH, post(over, 'application/json', token))
    expect(answer).toMatchObject({ status: 413, body: { code: 'payload_too_large' } })
    const form = await api('/api/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('pettorale-portal:test')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=password&username=${'a'.repeat(MAX_JSON_BODY_BYTES)}`,
    })
    expect(form).toMatchObject({ status: 413, body: { code: 'payload_too_large' } })
  })

  it('refuses a form body of too many fields', async () => {
    const answer = await api('/api/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('pettorale-portal:test')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: Array(TWO_MB / 4).fill('a=1').join('&'),
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'invalid_request', issues: [{ code: 'too_many_fields' }] })
  })

  it('takes the largest honest profile: every field and list at its maximum fits the body limits', async () => {
    const token = await signIn()
    const answers = Object.fromEntries(
      Array.from({ length: MAX_EXPERIENCE_ANSWERS }, (_, index) => [`${String(index)}`.padEnd(MAX_ANSWER_KEY_LENGTH, 'k'), 'è'.repeat(MAX_ANSWER_LENGTH)]),
    )
    const longest = Object.fromEntries(
      Object.entries(PROFILE_MAX_LENGTH)
        .filter(([field]) => field in ProfileUpdateSchema.shape)
        .map(([field, max]) => [field, 'ü'.repeat(max)]),
    )
    const body = { ...ownProfile(), ...longest, torexperience: Array(MAX_EXPERIENCE_ITEMS).fill(answers) }
    const text = JSON.stringify(body)
    expect(jsonShapeProblem(text)).toBeNull()
    const answer = await api(PROFILE_PATH, post(text, 'application/json', token))
    expect(answer.status).toBe(200)
  })

  it('scans a text for depth, keys and values and long strings, whatever is in its strings', () => {
    expect(jsonShapeProblem(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBeNull()
    expect(jsonShapeProblem(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toMatchObject({ code: 'too_deep' })
    expect(jsonShapeProblem(`[${Array(MAX_JSON_MEMBERS).fill(0).join(',')}]`)).toBeNull()
    expect(jsonShapeProblem(`[${Array(MAX_JSON_MEMBERS + 1).fill(0).join(',')}]`)).toMatchObject({ code: 'too_many_values' })
    // Brackets and commas inside strings are text, escaped quotes do not end a string.
    expect(jsonShapeProblem(JSON.stringify({ a: `${'[,:'.repeat(5_000)}\\"` }))).toBeNull()
    expect(jsonShapeProblem(JSON.stringify({ a: 'q'.repeat(MAX_JSON_STRING_LENGTH) }))).toBeNull()
    expect(jsonShapeProblem(JSON.stringify({ a: 'q'.repeat(MAX_JSON_STRING_LENGTH + 1) }))).toMatchObject({ code: 'string_too_long' })
    expect(jsonShapeProblem(`{"a":"${'\\\\'.repeat(MAX_JSON_STRING_LENGTH)}"}`)).toMatchObject({ code: 'string_too_long' })
    const object = (keys: number, key = (index: number) => `k${String(index)}`) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, index) => [key(index), 1])))
    expect(jsonShapeProblem(object(MAX_JSON_OBJECT_KEYS))).toBeNull()
    expect(jsonShapeProblem(object(MAX_JSON_OBJECT_KEYS + 1))).toMatchObject({ code: 'too_many_keys' })
    // Keys are counted per object: two objects of the most keys each are fine.
    expect(jsonShapeProblem(`[${object(MAX_JSON_OBJECT_KEYS)},${object(MAX_JSON_OBJECT_KEYS)}]`)).toBeNull()
    expect(jsonShapeProblem(object(1, () => 'k'.repeat(MAX_JSON_KEY_LENGTH)))).toBeNull()
    expect(jsonShapeProblem(object(1, () => 'k'.repeat(MAX_JSON_KEY_LENGTH + 1)))).toMatchObject({ code: 'key_too_long' })
    // A value as long as a key may not be is a value.
    expect(jsonShapeProblem(JSON.stringify(['k'.repeat(MAX_JSON_KEY_LENGTH + 1)]))).toBeNull()
    expect(jsonShapeProblem(`[${'9'.repeat(MAX_JSON_TOKEN_LENGTH)}]`)).toBeNull()
    expect(jsonShapeProblem(`[${'9'.repeat(MAX_JSON_TOKEN_LENGTH + 1)}]`)).toMatchObject({ code: 'token_too_long' })
    expect(jsonShapeProblem(`{"a":${' '.repeat(MAX_JSON_TOKEN_LENGTH + 1)}1}`)).toMatchObject({ code: 'token_too_long' })
    expect(jsonShapeProblem(' '.repeat(MAX_JSON_BODY_BYTES))).toMatchObject({ code: 'token_too_long' })
  })
})

describe('every field has a maximum no person reaches (row 7)', () => {
  it.each([
    ['a first name', { nome: 'N'.repeat(MAX_NAME_LENGTH + 1) }, ['nome']],
    ['a last name', { cognome: 'C'.repeat(MAX_NAME_LENGTH + 1) }, ['cognome']],
    ['an e-mail', { mail: `${'m'.repeat(MAX_EMAIL_LENGTH - 11)}@example.com` }, ['mail']],
    ['a password', { password: `Aa1!${'p'.repeat(MAX_PASSWORD_LENGTH - 3)}` }, ['password']],
  ])('registration refuses %s over its maximum, and creates nothing', async (_, change, path) => {
    const athletes = db.athletes.all().length
    expectInvalid(await api(REGISTER_PATH, post(JSON.stringify(newUser(change)), 'application/json')), path)
    expect(db.athletes.all().length).toBe(athletes)
  })

  it('registration takes every field at its maximum', async () => {
    const longest = newUser({
      nome: 'N'.repeat(MAX_NAME_LENGTH),
      cognome: 'Ç'.repeat(MAX_NAME_LENGTH),
      mail: `${'m'.repeat(MAX_EMAIL_LENGTH - 12)}@example.com`,
      password: `Aa1!${'p'.repeat(MAX_PASSWORD_LENGTH - 4)}`,
    })
    expect(z.safeParse(NewUserSchema, longest).success).toBe(true)
    expect((await api(REGISTER_PATH, post(JSON.stringify(longest), 'application/json'))).status).toBe(201)
  })

  it.each(Object.entries(PROFILE_MAX_LENGTH).filter(([field]) => field in ProfileUpdateSchema.shape))(
    'a profile save refuses %s over %i characters',
    async (field, max) => {
      const token = await signIn()
      const before = ownProfile()
      expectInvalid(await api(PROFILE_PATH, post(JSON.stringify({ ...before, [field]: 'x'.repeat(max + 1) }), 'application/json', token)), [field])
      expect(ownProfile()).toEqual(before)
    },
  )

  it.each([
    ['too many experience items', Array(MAX_EXPERIENCE_ITEMS + 1).fill({ esperienza_gara: false }), ['torexperience']],
    ['too many answers in an item', [Object.fromEntries(Array.from({ length: MAX_EXPERIENCE_ANSWERS + 1 }, (_, index) => [`a${String(index)}`, true]))], ['torexperience', 0]],
    ['an answer’s name too long', [{ ['k'.repeat(MAX_ANSWER_KEY_LENGTH + 1)]: true }], ['torexperience', 0, 'k'.repeat(MAX_ANSWER_KEY_LENGTH + 1)]],
    ['an answer too long', [{ gara: 'g'.repeat(MAX_ANSWER_LENGTH + 1) }], ['torexperience', 0, 'gara']],
  ])('the experience answers refuse %s', async (_, torexperience, path) => {
    const token = await signIn()
    for (const where of [PROFILE_PATH, PROFILE_EXPERIENCE_PATH]) {
      const problem = expectInvalid(await api(where, post(JSON.stringify({ ...ownProfile(), torexperience }), 'application/json', token)))
      // A path element is clipped in the answer: compare the start of it.
      expect(problem.issues.map((issue) => issue.path.map((part) => (typeof part === 'string' ? part.slice(0, 100) : part)))).toContainEqual(
        path.map((part) => (typeof part === 'string' ? part.slice(0, 100) : part)),
      )
    }
  })

  const enrolment = (campi: Record<string, unknown>) =>
    JSON.stringify({ project_id: SEED_RACE_IDS.crowd, opzione_rimborso: 'standard', noleggio_gps: false, campi })

  it.each([
    ['too many answers', Object.fromEntries(Array.from({ length: MAX_EXTRA_FIELDS + 1 }, (_, index) => [`f${String(index)}`, 'x'])), ['campi']],
    ['a field name too long', { ['f'.repeat(MAX_EXTRA_FIELD_NAME_LENGTH + 1)]: 'x' }, ['campi', 'f'.repeat(MAX_EXTRA_FIELD_NAME_LENGTH + 1).slice(0, 100)]],
    ['an answer too long', { taglia: 'x'.repeat(MAX_EXTRA_FIELD_ANSWER_LENGTH + 1) }, ['campi', 'taglia']],
  ])('an enrolment refuses %s in its extra fields', async (_, campi, path) => {
    const token = await signIn()
    const subscriptions = db.subscriptions.all().length
    const problem = expectInvalid(await api(ENROL_PATH, post(enrolment(campi), 'application/json', token)))
    expect(problem.issues.map((issue) => issue.path.map((part) => (typeof part === 'string' ? part.slice(0, 100) : part)))).toContainEqual(path)
    expect(db.subscriptions.all().length).toBe(subscriptions)
  })

  it('an enrolment takes its extra fields at their maxima', () => {
    const campi = Object.fromEntries(
      Array.from({ length: MAX_EXTRA_FIELDS }, (_, index) => [String(index).padEnd(MAX_EXTRA_FIELD_NAME_LENGTH, 'f'), 'x'.repeat(MAX_EXTRA_FIELD_ANSWER_LENGTH)]),
    )
    const body = enrolment(campi)
    expect(jsonShapeProblem(body)).toBeNull()
    expect(body.length).toBeLessThan(MAX_JSON_BODY_BYTES)
    expect(z.safeParse(EnrolmentRequestSchema, JSON.parse(body)).success).toBe(true)
  })

  it('a race id in a path is a number of at most 16 digits', async () => {
    expect((await api(`/api/v1/vdatrailers/gare/${'9'.repeat(17)}`)).status).toBe(400)
    expect((await api(`/api/v1/vdatrailers/gare/${'9'.repeat(16)}`)).status).toBe(404)
  })
})

describe('dates that cannot be (row 8)', () => {
  const save = async (path: string, data_nascita: string) => {
    const token = await signIn()
    return api(path, post(JSON.stringify({ ...ownProfile(), data_nascita }), 'application/json', token))
  }
  const birthDate = () => db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))!.data_nascita

  it.each([PROFILE_PATH, PROFILE_EXPERIENCE_PATH])('%s refuses a birth date after today, on the backend’s clock, and keeps the saved one', async (path) => {
    const before = birthDate()
    // The seed's today is 2026-03-02 (Rome).
    const tomorrow = await save(path, '2026-03-03')
    const problem = expectInvalid(tomorrow, ['data_nascita'])
    expect(problem.issues[0]).toMatchObject({ code: 'in_future' })
    expect(birthDate()).toBe(before)
    expect((await save(path, '2026-03-02')).status).toBe(200)
  })

  it('reads today from the backend’s clock, not the machine’s', async () => {
    controls.setNow('2061-06-01T10:00:00Z')
    expect((await save(PROFILE_PATH, '2060-01-01')).status).toBe(200)
    controls.setNow('2001-01-01T10:00:00Z')
    expectInvalid(await save(PROFILE_PATH, '2001-01-02'), ['data_nascita'])
  })

  it.each(['0001-01-01', '1899-12-31'])('refuses a birth date before 1900: %s', async (date) => {
    expectInvalid(await save(PROFILE_PATH, date), ['data_nascita'])
  })

  it('takes 1 January 1900', async () => {
    expect((await save(PROFILE_PATH, '1900-01-01')).status).toBe(200)
  })

  it('knows no finish time or gap longer than a race can last', () => {
    const row = { posizione: 1, pettorale: 1, nome: 'A', nazionalita: 'IT', categoria: 'SEN', tempo_s: MAX_RACE_DURATION_S, distacco_s: 0 }
    expect(z.safeParse(RankingRowSchema, row).success).toBe(true)
    const thirtyYears = 30 * 365 * 24 * 3_600
    expect(z.safeParse(RankingRowSchema, { ...row, tempo_s: thirtyYears }).success).toBe(false)
    expect(z.safeParse(RankingRowSchema, { ...row, distacco_s: MAX_RACE_DURATION_S + 1 }).success).toBe(false)
  })
})
