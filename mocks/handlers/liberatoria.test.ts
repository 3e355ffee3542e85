// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../contracts/locale'
import { db } from '../db'
import { TEST_API_BASE } from '../node'
import { PERSONAS } from '../seed'
import { nextWaiverVersion } from '../seed/waiver'
import '../../tests/setup/mock-backend'
import { sha256Hex } from '../../contracts/sha256'

/** The waiver's signature as evidence (issue 19 row 6), over HTTP as any client would sign. */

const completo = PERSONAS.find((candidate) => candidate.key === 'completo')!
/** completo's enrolment in 202 is paid, its waiver signed; the one in 203 is open and unsigned. */
const PAID = 202
const OPEN = 203

async function api(path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${TEST_API_BASE}${path}`, init)
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> }
}

async function signIn(): Promise<string> {
  const answer = await api('/api/oauth/token', {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('pettorale-portal:test')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: completo.mail, password: completo.password }).toString(),
  })
  return String(answer.body.access_token)
}

const sign = (token: string, body: Record<string, unknown>) =>
  api('/api/v1/vdatrailers/sign_liberatoria', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/** The waiver as the portal shows it, and the digest the portal computes of its text. */
async function shown(raceId: number, lingua: string) {
  const waiver = await api(`/api/v1/vdatrailers/liberatoria/${String(raceId)}?lingua=${lingua}`)
  expect(waiver.status).toBe(200)
  return { versione: String(waiver.body.versione), lingua, sha256: await sha256Hex(String(waiver.body.testo)) }
}

const subscription = (raceId: number) =>
  structuredClone({ ...db.subscriptions.findFirst((q) => q.where({ athlete_id: completo.athleteId, project_id: raceId }))! })

describe('the signed waiver of a paid enrolment', () => {
  it('cannot be signed again: 409 already_signed, the evidence left as it was', async () => {
    const token = await signIn()
    const before = subscription(PAID)
    expect(before).toMatchObject({ pagato: true, liberatoria: true })
    for (const body of [{ project_id: PAID }, { project_id: PAID, ...(await shown(PAID, 'en')) }]) {
      expect(await sign(token, body)).toMatchObject({ status: 409, body: { code: 'already_signed' } })
    }
    expect(subscription(PAID)).toEqual(before)
  })

  it('an open enrolment may be signed again, as after a revised text', async () => {
    const token = await signIn()
    expect((await sign(token, { project_id: OPEN, ...(await shown(OPEN, 'it')) })).status).toBe(200)
    await db.races.update((q) => q.where({ id: OPEN }), { data: (race) => void (race.liberatoria_versione = nextWaiverVersion(race.liberatoria_versione)) })
    const revised = await shown(OPEN, 'it')
    expect((await sign(token, { project_id: OPEN, ...revised })).status).toBe(200)
    expect(subscription(OPEN)).toMatchObject({ liberatoria_versione: 'v2', liberatoria_sha256: revised.sha256 })
  })
})

describe("the waiver's grammatical form", () => {
  const text = async (lingua: string, forma?: string) =>
    (await api(`/api/v1/vdatrailers/liberatoria/${String(OPEN)}?lingua=${lingua}${forma ? `&forma=${forma}` : ''}`)).body

  it('is the athlete\'s where the language has one, neutral when none is asked, and named when served', async () => {
    expect(await text('it', 'F')).toMatchObject({ forma: 'F', testo: expect.stringMatching(/^Io sottoscritta atleta .* sono allenata ed equipaggiata /) })
    expect(await text('it', 'M')).toMatchObject({ forma: 'M', testo: expect.stringMatching(/^Io sottoscritto atleta .* sono allenato ed equipaggiato /) })
    const neutral = await text('it')
    expect(neutral.testo).toMatch(/^Io sottoscritto\/a atleta .* sono allenato\/a ed equipaggiato\/a /)
    expect(neutral).not.toHaveProperty('forma')
    expect(await text('fr', 'F')).toMatchObject({ forma: 'F', testo: expect.stringMatching(/^Je soussignée, athlète/) })
    expect(await text('es', 'F')).toMatchObject({ forma: 'F', testo: expect.stringMatching(/^Yo, la atleta abajo firmante/) })
    // A language without grammatical gender has one text, served without a form.
    const english = await text('en', 'F')
    expect(english).not.toHaveProperty('forma')
    expect(english.testo).toBe((await text('en')).testo)
  })

  it('is part of what a digest is checked against: the feminine text signed as the neutral one is refused', async () => {
    const token = await signIn()
    const feminine = await text('it', 'F')
    const evidence = { project_id: OPEN, versione: String(feminine.versione), lingua: 'it', sha256: await sha256Hex(String(feminine.testo)) }
    expect(await sign(token, evidence)).toMatchObject({ status: 422, body: { code: 'hash_mismatch' } })
    expect((await sign(token, { ...evidence, forma: 'F' })).status).toBe(200)
  })
})

describe("the waiver's digest", () => {
  it.each(LOCALES)('is taken when it is the digest of the text of the version and language named (%s)', async (lingua) => {
    const token = await signIn()
    const evidence = await shown(OPEN, lingua)
    expect((await sign(token, { project_id: OPEN, ...evidence })).status).toBe(200)
    expect(subscription(OPEN)).toMatchObject({ liberatoria: true, liberatoria_lingua: lingua, liberatoria_sha256: evidence.sha256 })
  })

  it('is refused with 422 hash_mismatch when it matches no text (zeros), nothing stored', async () => {
    const token = await signIn()
    const before = subscription(OPEN)
    expect(await sign(token, { project_id: OPEN, versione: 'v1', lingua: 'fr', sha256: '0'.repeat(64) })).toMatchObject({
      status: 422,
      body: { code: 'hash_mismatch' },
    })
    expect(subscription(OPEN)).toEqual(before)
  })

  it("is refused when it is another language's text, or comes without a language", async () => {
    const token = await signIn()
    const english = await shown(OPEN, 'en')
    expect(await sign(token, { project_id: OPEN, ...english, lingua: 'it' })).toMatchObject({ status: 422, body: { code: 'hash_mismatch' } })
    expect(await sign(token, { project_id: OPEN, versione: english.versione, sha256: english.sha256 })).toMatchObject({
      status: 422,
      body: { code: 'hash_mismatch' },
    })
  })

  it("is refused when it is the old version's text and no version is named (the current one is then signed)", async () => {
    const token = await signIn()
    const old = await shown(OPEN, 'en')
    await db.races.update((q) => q.where({ id: OPEN }), { data: (race) => void (race.liberatoria_versione = 'v2') })
    expect(await sign(token, { project_id: OPEN, lingua: 'en', sha256: old.sha256 })).toMatchObject({ status: 422, body: { code: 'hash_mismatch' } })
    expect(await sign(token, { project_id: OPEN, ...old })).toMatchObject({ status: 409, body: { code: 'waiver_outdated' } })
  })

  it('must be exactly 64 lowercase hex digits (the contract)', async () => {
    const token = await signIn()
    for (const sha256 of ['0'.repeat(63), '0'.repeat(65), 'A'.repeat(64), `${'0'.repeat(64)}\n`]) {
      expect((await sign(token, { project_id: OPEN, lingua: 'en', sha256 })).status, JSON.stringify(sha256)).toBe(400)
    }
  })

  it('is optional: the published call (project_id alone) still signs the current version', async () => {
    const token = await signIn()
    expect((await sign(token, { project_id: OPEN })).status).toBe(200)
    expect(subscription(OPEN)).toMatchObject({ liberatoria: true, liberatoria_versione: 'v1', liberatoria_sha256: null })
  })
})
