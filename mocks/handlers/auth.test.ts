// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { db } from '../db'
import { TEST_API_BASE } from '../node'
import { PERSONAS, SEED_TOKENS } from '../seed'
import '../../tests/setup/mock-backend'

/**
 * The sign-in and password-reset rules at the simulated backend, over HTTP as any client would
 * (issue 19 rows 4 and 12).
 */

const persona = (key: string) => PERSONAS.find((candidate) => candidate.key === key)!
const completo = persona('completo')
const CLIENT = `Basic ${btoa('pettorale-portal:test')}`

async function api(path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${TEST_API_BASE}${path}`, init)
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> }
}

const tokenRequest = (form: Record<string, string>, authorization: string | null = CLIENT) =>
  api('/api/oauth/token', {
    method: 'POST',
    headers: { ...(authorization ? { authorization } : {}), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  })

async function signIn(mail = completo.mail, password = completo.password): Promise<string> {
  const answer = await tokenRequest({ grant_type: 'password', username: mail, password })
  expect(answer.status).toBe(200)
  return String(answer.body.access_token)
}

const me = (token: string) => api('/api/v1/vdatrailers/atleta_me', { headers: { authorization: `Bearer ${token}` } })
const forgot = (mail: string) => api(`/api/v1/users/forgot?mail=${encodeURIComponent(mail)}`)
const lookup = (token: string) => api(`/api/v1/reset/${token}`)
const reset = (token: string, password = 'Sentiero-Nuovo-2026') =>
  api(`/api/v1/reset/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { attributes: { password } } }),
  })

/** The token of the newest reset link e-mailed to `mail`. */
function newestResetLink(mail: string): string {
  const sent = db.outbox.findMany((q) => q.where({ to: mail, kind: 'reset' }), { orderBy: { sent_at: 'desc' } })
  const token = /^\/reset-email\/([^/?#]+)$/.exec(sent[0]?.link ?? '')?.[1]
  if (!token) throw new Error(`no reset e-mail to ${mail}`)
  return token
}

describe('a password reset (issue 19 row 4)', () => {
  it("ends every other session of the athlete: their tokens answer 401; the reset's own session works", async () => {
    const stolen = await signIn()
    const otherDevice = await signIn()
    const someoneElse = await signIn(persona('pax').mail, persona('pax').password)
    expect((await me(stolen)).status).toBe(200)

    const answer = await reset(SEED_TOKENS.resetValid)
    expect(answer.status).toBe(200)
    expect((await me(stolen)).status).toBe(401)
    expect((await me(otherDevice)).status).toBe(401)
    expect((await me(String(answer.body.access_token))).status).toBe(200)
    // Another athlete's session is not theirs to end.
    expect((await me(someoneElse)).status).toBe(200)
    expect(db.sessions.findMany((q) => q.where({ athlete_id: completo.athleteId }))).toHaveLength(1)
  })

  it('voids every other outstanding reset link of the athlete once one is used', async () => {
    expect((await forgot(completo.mail)).status).toBe(200)
    const older = newestResetLink(completo.mail)
    expect((await forgot(completo.mail)).status).toBe(200)
    const newer = newestResetLink(completo.mail)
    expect(newer).not.toBe(older)
    expect((await forgot(persona('pax').mail)).status).toBe(200)
    const paxLink = newestResetLink(persona('pax').mail)

    expect((await reset(newer)).status).toBe(200)
    for (const link of [older, SEED_TOKENS.resetValid, newer]) {
      expect(await lookup(link), link).toMatchObject({ status: 410, body: { code: 'expired_token' } })
      expect(await reset(link, 'Un-Altra-Password-1'), link).toMatchObject({ status: 410, body: { code: 'expired_token' } })
    }
    expect(db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))?.password).toBe('Sentiero-Nuovo-2026')
    // Another athlete's link still works.
    expect((await lookup(paxLink)).status).toBe(200)
  })
})

describe('the token endpoint answers OAuth errors as RFC 6749 section 5.2 words them (issue 19 row 12)', () => {
  it('an unsupported grant type: 400 {"error":"unsupported_grant_type"} beside the project code', async () => {
    const answer = await tokenRequest({ grant_type: 'client_credentials' })
    expect(answer).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type', code: 'unsupported_grant_type' } })
    expect(await tokenRequest({ grant_type: 'authorization_code', code: 'x' })).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } })
  })

  it('a parameter missing: 400 invalid_request', async () => {
    const forms: Array<Record<string, string>> = [
      { username: completo.mail, password: completo.password },
      { grant_type: 'password', username: completo.mail },
      { grant_type: 'password', password: completo.password },
      { grant_type: 'password', username: '', password: completo.password },
    ]
    for (const form of forms) {
      expect(await tokenRequest(form), JSON.stringify(form)).toMatchObject({ status: 400, body: { error: 'invalid_request', code: 'invalid_request' } })
    }
  })

  it('a parameter over its bound (a password of 5,000 characters) breaks the contract: 400 invalid_request with the issues', async () => {
    const answer = await tokenRequest({ grant_type: 'password', username: completo.mail, password: 'x'.repeat(5_000) })
    expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_request', code: 'invalid_request', issue_count: 1 } })
  })

  it('wrong credentials: 400 invalid_grant; an unconfirmed account: invalid_grant whose code says why', async () => {
    expect(await tokenRequest({ grant_type: 'password', username: completo.mail, password: 'not-the-password' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'wrong_password' },
    })
    expect(await tokenRequest({ grant_type: 'password', username: 'nobody@pettorale.test', password: 'whatever-1' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    })
    const unconfirmed = db.athletes.findFirst((q) => q.where({ confermato: false }))!
    expect(await tokenRequest({ grant_type: 'password', username: unconfirmed.mail!, password: unconfirmed.password })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', code: 'account_not_confirmed' },
    })
  })

  it('no client credentials, or a Basic header that is not id:secret: 401 invalid_client', async () => {
    const form = { grant_type: 'password', username: completo.mail, password: completo.password }
    expect(await tokenRequest(form, null)).toMatchObject({ status: 401, body: { error: 'invalid_client' } })
    for (const authorization of ['Basic !!!not-base64', `Basic ${btoa('no-colon')}`, `Basic ${btoa(':secret-without-id')}`]) {
      expect(await tokenRequest(form, authorization), authorization).toMatchObject({ status: 401, body: { error: 'invalid_client', code: 'invalid_client' } })
    }
  })

  it('the password grant still signs in', async () => {
    expect((await me(await signIn())).status).toBe(200)
  })
})
