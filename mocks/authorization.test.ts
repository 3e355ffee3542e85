// @vitest-environment node
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { READ_ONLY_PROFILE_FIELDS, ProfileUpdateSchema, type Profile } from '../contracts/athlete.contract'
import { socialStart } from '../contracts/auth.contract'
import { NavigableUrlSchema } from '../contracts/common'
import { uploadPicture } from '../contracts/files.contract'
import { start } from '../contracts/payments.contract'
import { TEST_API_BASE, TEST_PORTAL_ORIGIN } from './node'
import { db } from './db'
import { isPortalAddress } from './handlers/auth'
import { PERSONAS } from './seed'
import '../tests/setup/mock-backend'

/**
 * The simulated backend decides what a caller may do as a real one would: from the session, not
 * from what the request claims. Requests go straight to the handlers (through msw/node), not
 * through the portal's API client, so bodies the client would never send can be tried.
 */

const persona = (key: string) => PERSONAS.find((candidate) => candidate.key === key)!
const completo = persona('completo')
const nuovo = persona('nuovo')

async function api(path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${TEST_API_BASE}${path}`, init)
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> }
}

async function signIn(key = 'completo'): Promise<string> {
  const { mail, password } = persona(key)
  const answer = await api('/api/oauth/token', {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('pettorale-portal:test')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: mail, password }).toString(),
  })
  expect(answer.status).toBe(200)
  return String(answer.body.access_token)
}

const json = (token: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

describe('profile save: what the athlete does not own stays as it is', () => {
  it('the update schema has no e-mail, PAX, certificate or picture fields', () => {
    const fields = Object.keys(ProfileUpdateSchema.shape)
    for (const field of ['mail', 'pax', 'certificato_valido', 'validazione_certificato', 'scadenza_certificato', 'certificato_medico_file', 'certificato_medico_id', 'file_url', 'file_name', 'username']) {
      expect(fields, field).not.toContain(field)
      expect(Object.keys(READ_ONLY_PROFILE_FIELDS)).toContain(field)
    }
    expect(fields).toEqual(expect.arrayContaining(['id', 'nome', 'cognome', 'cod_fiscale', 'torexperience', 'privacy_policy']))
  })

  it('a body that sends them anyway changes only the rest', async () => {
    const token = await signIn()
    const before = db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))!
    const { password: _p, confermato: _c, ...profile } = before
    const forged: Profile = {
      ...profile,
      nome: 'Renamed',
      mail: 'someone-else@pettorale.test',
      pax: true,
      certificato_valido: true,
      validazione_certificato: 'valido',
      scadenza_certificato: '2099-01-01',
      certificato_medico_file: 'forged.pdf',
      certificato_medico_id: 999,
      file_url: 'https://elsewhere.example/me.png',
      username: 'someone-else',
    }
    const saved = await api('/api/v1/vdatrailers/atleta', json(token, forged))
    expect(saved.status).toBe(200)
    const after = db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))!
    expect(after.nome).toBe('Renamed')
    for (const field of Object.keys(READ_ONLY_PROFILE_FIELDS) as Array<keyof typeof READ_ONLY_PROFILE_FIELDS>) {
      expect(after[field], field).toEqual(before[field])
    }
    expect(saved.body.profilo).toEqual([expect.objectContaining({ nome: 'Renamed', mail: before.mail, pax: before.pax })])

    await api('/api/v1/vdatrailers/atleta_torexp', json(token, { ...forged, mail: 'again@pettorale.test', pax: true }))
    expect(db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))!.mail).toBe(before.mail)
  })
})

describe('profile picture upload: the signed-in athlete, for their own account', () => {
  const picture = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])], 'me.png', { type: 'image/png' })
  const upload = (d: number, token?: string) => {
    const form = new FormData()
    form.append('file', picture())
    return api(`/api/v1/app/file?d=${String(d)}&type=contact&thumbnail=true`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    })
  }

  it('is a Bearer operation that may answer 403 forbidden', () => {
    expect(uploadPicture.auth).toBe('bearer')
    expect(z.safeParse(uploadPicture.errors, 'forbidden').success).toBe(true)
  })

  it('refuses an anonymous call (401) and another athlete’s id (403 forbidden)', async () => {
    expect((await upload(completo.athleteId)).status).toBe(401)
    const token = await signIn()
    const other = await upload(nuovo.athleteId, token)
    expect(other).toEqual({ status: 403, body: { status: 403, title: 'forbidden', code: 'forbidden' } })
    expect(db.athletes.findFirst((q) => q.where({ id: nuovo.athleteId }))!.file_url ?? null).toBeNull()
  })

  it('takes the athlete’s own picture', async () => {
    const token = await signIn()
    const own = await upload(completo.athleteId, token)
    expect(own.status).toBe(200)
    expect(db.athletes.findFirst((q) => q.where({ id: completo.athleteId }))!.file_name).toBe('me.png')
  })
})

/** A portal page (`/me`) with one part of its address changed. */
function portalPage(change: (url: URL) => unknown): string {
  const url = new URL('/me', TEST_PORTAL_ORIGIN)
  change(url)
  return url.href
}

describe('social sign-in: returns only to the portal', () => {
  const startWith = (redirect_uri: string) =>
    api('/api/v1/social/google/start', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uri }) })

  it('accepts a page of the portal and sends the token back to it', async () => {
    const answer = await startWith(`${TEST_PORTAL_ORIGIN}/me?state=s1`)
    expect(answer.status).toBe(200)
    const back = new URL(String(answer.body.authorize_url))
    expect(back.origin).toBe(TEST_PORTAL_ORIGIN)
    expect(back.pathname).toBe('/me')
    expect(back.searchParams.get('token')).toMatch(/^tok-/)
  })

  it.each([
    ['another origin', 'https://evil.example/me'],
    ['another port', portalPage((url) => (url.port = '8443'))],
    ['credentials', portalPage((url) => ((url.username = 'user'), (url.password = 'pass')))],
    ['a fragment', `${TEST_PORTAL_ORIGIN}/me#token`],
    ['a protocol-relative path', `${TEST_PORTAL_ORIGIN}//evil.example/me`],
    ['a backslash', `${TEST_PORTAL_ORIGIN}/\\evil.example`],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
  ])('refuses %s: 400 invalid_redirect_uri', async (_what, redirect) => {
    const answer = await startWith(redirect)
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('invalid_redirect_uri')
  })

  it('opens no session for a refused address', async () => {
    const sessions = db.sessions.count()
    await startWith('https://evil.example/')
    expect(db.sessions.count()).toBe(sessions)
  })

  it('tells a portal address from look-alikes', () => {
    const portal = 'https://portal.example'
    expect(isPortalAddress('https://portal.example/races?x=1', portal)).toBe(true)
    expect(isPortalAddress('https://portal.example.evil.example/', portal)).toBe(false)
    expect(isPortalAddress('https://portal.example@evil.example/', portal)).toBe(false)
    expect(isPortalAddress('https://portal.example/\tx', portal)).toBe(false)
    expect(isPortalAddress('/races', portal)).toBe(false)
  })
})

describe('payment start', () => {
  const race203 = () => db.races.findFirst((q) => q.where({ id: 203 }))!
  const order = (key: string, extra: Partial<{ noleggio_gps: boolean; totale_atteso: number }> = {}) => ({
    project_id: 203,
    opzione_rimborso: 'standard',
    noleggio_gps: false,
    totale_atteso: race203().prezzo,
    idempotency_key: key,
    ...extra,
  })
  const pay = (token: string, body: unknown, headers?: Record<string, string>) => api('/api/v1/vdatrailers/pagamenti', json(token, body, headers))
  /** completo's open subscription to race 203 is payable once its waiver is signed. */
  const signedIn = async (key = 'completo') => {
    const token = await signIn(key)
    expect((await api('/api/v1/vdatrailers/sign_liberatoria', json(token, { project_id: 203 }))).status).toBe(key === 'completo' ? 200 : 404)
    return token
  }

  it('answers a retry with the same key and body with the same payment', async () => {
    const token = await signedIn()
    const first = await pay(token, order('key-retry-0001'))
    const retry = await pay(token, order('key-retry-0001'))
    expect(first.status).toBe(201)
    expect(retry).toEqual(first)
    expect(db.payments.findMany((q) => q.where({ idempotency_key: 'key-retry-0001' }))).toHaveLength(1)
  })

  it('refuses the same key with a different body: 422 idempotency_key_reused', async () => {
    const token = await signedIn()
    expect((await pay(token, order('key-reuse-0001'))).status).toBe(201)
    const race = race203()
    const changed = await pay(token, order('key-reuse-0001', { noleggio_gps: true, totale_atteso: race.prezzo + race.noleggio_gps }))
    expect(changed).toEqual({ status: 422, body: { status: 422, title: 'idempotency_key_reused', code: 'idempotency_key_reused' } })
  })

  it('scopes the key to the athlete: another athlete’s key is a new request', async () => {
    const owner = await signedIn('completo')
    const paid = await pay(owner, order('key-shared-0001'))
    expect(paid.status).toBe(201)
    // nuovo has no subscription to race 203: answered as its own request, not with completo's payment.
    const stranger = await signIn('nuovo')
    const other = await pay(stranger, order('key-shared-0001'))
    expect(other).toEqual({ status: 422, body: { status: 422, title: 'no_subscription', code: 'no_subscription' } })
    expect(JSON.stringify(other.body)).not.toContain(String(paid.body.pagamento_id))
  })

  it('builds the redirect on the configured portal, whatever Origin the request carries', async () => {
    const token = await signedIn()
    const answer = await pay(token, order('key-origin-0001'), { origin: 'https://evil.example' })
    expect(answer.status).toBe(201)
    expect(String(answer.body.redirect_url)).toBe(`${TEST_PORTAL_ORIGIN}/checkout?pagamento_id=${String(answer.body.pagamento_id)}`)
  })

  it('keeps the request fingerprint out of the status answer', async () => {
    const token = await signedIn()
    const started = await pay(token, order('key-status-0001'))
    const status = await api(`/api/v1/vdatrailers/pagamenti/${String(started.body.pagamento_id)}`, { headers: { authorization: `Bearer ${token}` } })
    expect(status.status).toBe(200)
    expect(Object.keys(status.body).sort()).toEqual(['aggiornato', 'pagamento_id', 'project_id', 'stato', 'totale'])
  })
})

describe('addresses the portal navigates to are http or https', () => {
  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd', 'ftp://files.example/x', 'mailto:a@b.example'])(
    'refuses %s',
    (address) => {
      expect(z.safeParse(NavigableUrlSchema, address).success).toBe(false)
      expect(z.safeParse(socialStart.responses[200], { authorize_url: address }).success).toBe(false)
      expect(z.safeParse(start.responses[201], { pagamento_id: 'PAY-1', redirect_url: address, totale: 10 }).success).toBe(false)
    },
  )

  it.each(['https://accounts.example/o/oauth2?x=1', 'http://127.0.0.1:47615/payment?pagamento_id=PAY-1'])('accepts %s', (address) => {
    expect(z.safeParse(NavigableUrlSchema, address).success).toBe(true)
  })
})

describe('a body the handlers cannot read is a 400, not a crash (also in the browser)', () => {
  it('JSON that does not parse', async () => {
    const token = await signIn()
    const answer = await api('/api/v1/vdatrailers/pagamenti', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"project_id":',
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'invalid_request', issues: [{ where: 'body', path: [], code: 'not_json', message: 'the body is not JSON' }] })
  })

  it('a multipart operation sent with another content type (415), or a broken multipart body', async () => {
    const token = await signIn()
    const path = `/api/v1/app/file?d=${String(completo.athleteId)}&type=contact&thumbnail=true`
    const asJson = await api(path, json(token, { file: 'not a file' }))
    expect(asJson.status).toBe(415)
    expect(asJson.body).toMatchObject({ code: 'unsupported_media_type', detail: 'the body must be multipart/form-data' })
    const broken = await api(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"\r\n\r\nno end',
    })
    expect(broken.status).toBe(400)
    expect(broken.body).toMatchObject({ code: 'invalid_request' })
  })
})
