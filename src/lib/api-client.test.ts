import { afterEach, describe, expect, it, vi } from 'vitest'
import * as account from '../../contracts/account.contract'
import * as athlete from '../../contracts/athlete.contract'
import * as auth from '../../contracts/auth.contract'
import * as certificate from '../../contracts/certificate.contract'
import * as files from '../../contracts/files.contract'
import * as races from '../../contracts/races.contract'
import { HOUR_MS } from '../../contracts/time'
import { controls, server } from '../../mocks/node'
import { PERSONAS } from '../../mocks/seed'
import '../../tests/setup/mock-backend'
import { callApi } from './api-client'
import { configureApiClient } from './api-config'

const completo = PERSONAS.find((p) => p.key === 'completo')!

async function signIn(mail = completo.mail, password = completo.password) {
  const result = await callApi(auth.token, { body: { grant_type: 'password', username: mail, password } })
  if (!result.ok) throw new Error(`sign-in failed: ${result.error.kind}`)
  return result.data.access_token
}

/** Signs the client in as `completo` and returns the profile the backend holds. */
async function signedInProfile() {
  const token = await signIn()
  configureApiClient({ getToken: () => token })
  const me = await callApi(athlete.me, {})
  if (!me.ok) throw new Error(`profile load failed: ${me.error.kind}`)
  return me.data.profilo[0]!
}

afterEach(() => configureApiClient({ getToken: () => null, onUnauthorized: () => {} }))

describe('api client', () => {
  it('decodes a good answer with its contract', async () => {
    const result = await callApi(races.list, { query: { filter: 'all' } })
    expect(result.ok).toBe(true)
    if (result.ok) expect(result.data.gare.length).toBeGreaterThanOrEqual(13)
  })

  it('signs in with the password grant: Basic client header and form body', async () => {
    const token = await signIn()
    configureApiClient({ getToken: () => token })
    const me = await callApi(athlete.me, {})
    expect(me.ok && me.data.profilo[0]?.mail).toBe(completo.mail)
  })

  it("gives an http error with the contract's error code and the decoded body for a wrong password", async () => {
    const result = await callApi(auth.token, { body: { grant_type: 'password', username: completo.mail, password: 'nope' } })
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'http',
        operation: 'auth.token',
        status: 400,
        code: 'invalid_grant',
        body: { error: 'invalid_grant', error_description: 'wrong_password' },
      },
    })
  })

  it('names an unconfirmed account by its own code, not as a wrong password', async () => {
    // The seed's registered, never confirmed account (mocks/seed/personas.ts).
    const result = await callApi(auth.token, {
      body: { grant_type: 'password', username: 'daconfermare@pettorale.test', password: completo.password },
    })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'http', status: 400, code: 'account_not_confirmed' })
  })

  it('gives no code when the error body names none the operation declares', async () => {
    controls.fault('races.list', { kind: 'status', status: 503 })
    const result = await callApi(races.list, { query: { filter: 'all' } })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'http', status: 503, code: null })
  })

  it('gives an http error with the problem body for a duplicate registration (409)', async () => {
    const result = await callApi(account.register, {
      body: { nome: 'Marco', cognome: 'Rossi', mail: completo.mail, password: 'Pettorale-2026', privacy_policy: true },
    })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'http', status: 409, code: 'user_exists' })
  })

  it('gives a network error when the server does not answer', async () => {
    controls.fault('races.list', { kind: 'network' })
    const result = await callApi(races.list, { query: {} })
    expect(result).toEqual({ ok: false, error: { kind: 'network', operation: 'races.list' } })
  })

  it('gives a contract error, logged for developers, when the answer breaks the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    controls.fault('races.list', { kind: 'contract' })
    const result = await callApi(races.list, { query: {} })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'contract', direction: 'response', status: 200 })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('races.list response does not match its contract'))
  })

  it('refuses to send a body that breaks the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const result = await callApi(account.register, {
      body: { nome: '', cognome: 'Rossi', mail: 'not-an-email', password: 'short', privacy_policy: true },
    })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'contract', direction: 'request' })
    expect(warn).toHaveBeenCalled()
  })

  it('gives unauthorized without calling the server when a Bearer call has no token', async () => {
    const result = await callApi(athlete.me, {})
    expect(result).toEqual({ ok: false, error: { kind: 'unauthorized', operation: 'athlete.me' } })
  })

  it('gives unauthorized and tells the session when the server refuses the token', async () => {
    const onUnauthorized = vi.fn()
    configureApiClient({ getToken: () => 'tok-unknown', onUnauthorized })
    const result = await callApi(athlete.me, {})
    expect(result).toEqual({ ok: false, error: { kind: 'unauthorized', operation: 'athlete.me' } })
    expect(onUnauthorized).toHaveBeenCalledWith('athlete.me')
  })

  it("a link's own token refused (401 on account confirmation) does not end the signed-in session", async () => {
    const onUnauthorized = vi.fn()
    configureApiClient({ getToken: () => 'the-session-token', onUnauthorized })
    controls.fault('account.confirm', { kind: 'status', status: 401 })
    const result = await callApi(account.confirm, { query: { contact_id: 7 }, token: 'stale-link-token' })
    expect(result.ok ? 'ok' : result.error.kind).toBe('unauthorized')
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('treats an expired token as refused', async () => {
    const token = await signIn()
    configureApiClient({ getToken: () => token })
    controls.advance(9 * HOUR_MS)
    const result = await callApi(athlete.me, {})
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.kind).toBe('unauthorized')
  })

  it('uploads the medical certificate to a signed URL and records its expiry (a renewal, beside the valid one)', async () => {
    const profile = await signedInProfile()
    const pdf = new Blob(['%PDF-1.7 certificate'], { type: 'application/pdf' })
    const signed = await callApi(files.requestUpload, {
      body: { d: profile.id, type: 'contact', tags: ['CM'], size: pdf.size, content_type: pdf.type, extension: 'pdf', originalname: 'certificato.pdf' },
    })
    if (!signed.ok) throw new Error('signed url')
    const put = await callApi(files.putSigned, { params: { signedurl: signed.data.signedurl }, body: pdf })
    expect(put.ok).toBe(true)
    const saved = await callApi(certificate.save, {
      params: { id: profile.certificato_medico_id! },
      body: {
        data: {
          type: 'custom_fields',
          id: String(profile.certificato_medico_id),
          attributes: { value: '2027-03-01', number_value: null, boolean_value: null, my_dirty: true },
          relationships: { custom_field_definition: { data: { type: 'custom_field_definitions', id: '82' } } },
        },
      },
    })
    expect(saved.ok).toBe(true)
    const after = await callApi(athlete.me, {})
    // completo's certificate is valid: the new one is a renewal in review beside it (decision 029).
    expect(after.ok && after.data.profilo[0]).toMatchObject({
      validazione_certificato: 'valido',
      certificato_rinnovo: { scadenza_certificato: '2027-03-01', validazione_certificato: 'in_revisione', certificato_medico_file: 'certificato.pdf' },
    })
  })
})

describe('api client bodies', () => {
  it('never sends the read-only profile fields back on save', async () => {
    const profile = await signedInProfile()
    const sent: unknown[] = []
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/atleta')) sent.push(await request.clone().json())
    })
    const saved = await callApi(athlete.save, { body: { ...profile, certificato_valido: true, username: 'someone-else' } as never })
    server.events.removeAllListeners()
    expect(saved.ok).toBe(true)
    expect(sent[0]).not.toHaveProperty('certificato_valido')
    expect(sent[0]).not.toHaveProperty('username')
    expect(sent[0]).not.toHaveProperty('scadenza_certificato')
    expect(sent[0]).toMatchObject({ nome: profile.nome, cod_fiscale: profile.cod_fiscale })
  })
})

describe('api client: no request hangs', () => {
  afterEach(() => configureApiClient({ timeoutMs: 20_000, uploadMsPerByte: 1 / 64 }))

  it('an answer slower than the timeout is a network error marked as timed out', async () => {
    configureApiClient({ timeoutMs: 50 })
    controls.latency('races.list', 2_000)
    const result = await callApi(races.list, { query: { filter: 'all' } })
    expect(result).toEqual({ ok: false, error: { kind: 'network', operation: 'races.list', timedOut: true } })
  })

  it('an upload gets more time in proportion to its size', async () => {
    const profile = await signedInProfile()
    configureApiClient({ timeoutMs: 50, uploadMsPerByte: 1 })
    controls.latency('files.uploadPicture', 300)
    const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
    const picture = new File([new Uint8Array([...pngSignature, ...new Array<number>(992).fill(0)])], 'me.png', { type: 'image/png' })
    const result = await callApi(files.uploadPicture, {
      query: { d: profile.id, type: 'contact', thumbnail: 'true' },
      body: { file: picture },
    })
    expect(result.ok ? 'answered' : result.error).toBe('answered')
  })

  it('a caller that gives up is not told about a network error', async () => {
    controls.latency('races.list', 2_000)
    const abandon = new AbortController()
    const call = callApi(races.list, { query: { filter: 'all' }, signal: abandon.signal })
    abandon.abort()
    await expect(call).rejects.toThrow()
  })
})

describe('api client: uploads that report progress (over XMLHttpRequest)', () => {
  afterEach(() => configureApiClient({ timeoutMs: 20_000, uploadMsPerByte: 1 / 64 }))

  const certificatePdf = () => new Blob(['%PDF-1.7 ', 'x'.repeat(4_000)], { type: 'application/pdf' })

  async function signedUrl(pdf: Blob) {
    const profile = await signedInProfile()
    const signed = await callApi(files.requestUpload, {
      body: { d: profile.id, type: 'contact', tags: ['CM'], size: pdf.size, content_type: pdf.type, extension: 'pdf', originalname: 'c.pdf' },
    })
    if (!signed.ok) throw new Error('signed url')
    return signed.data.signedurl
  }

  it('sends the file, tells the bytes sent of the total, and decodes the answer with the contract', async () => {
    const pdf = certificatePdf()
    const signedurl = await signedUrl(pdf)
    const progress: Array<[number, number]> = []
    const sent: Array<{ type: string | null; size: number }> = []
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'PUT') sent.push({ type: request.headers.get('content-type'), size: (await request.clone().arrayBuffer()).byteLength })
    })
    const put = await callApi(files.putSigned, {
      params: { signedurl },
      body: pdf,
      onUploadProgress: (bytes, total) => progress.push([bytes, total]),
    })
    server.events.removeAllListeners()
    expect(put).toMatchObject({ ok: true, status: 200 })
    expect(sent).toEqual([{ type: 'application/pdf', size: pdf.size }])
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.at(-1)).toEqual([pdf.size, pdf.size])
  })

  it("gives an http error with the contract's code (a signed URL used twice)", async () => {
    const pdf = certificatePdf()
    const signedurl = await signedUrl(pdf)
    await callApi(files.putSigned, { params: { signedurl }, body: pdf })
    const again = await callApi(files.putSigned, { params: { signedurl }, body: pdf, onUploadProgress: () => {} })
    expect(again).toEqual({
      ok: false,
      error: { kind: 'http', operation: 'files.putSigned', status: 403, code: 'signature_invalid', body: expect.anything() },
    })
  })

  it('gives a network error when the storage does not answer', async () => {
    const pdf = certificatePdf()
    const signedurl = await signedUrl(pdf)
    controls.fault('files.putSigned', { kind: 'network' })
    const put = await callApi(files.putSigned, { params: { signedurl }, body: pdf, onUploadProgress: () => {} })
    expect(put).toEqual({ ok: false, error: { kind: 'network', operation: 'files.putSigned' } })
  })

  it('gives a network error marked as timed out when the answer is too slow', async () => {
    const pdf = certificatePdf()
    const signedurl = await signedUrl(pdf)
    configureApiClient({ timeoutMs: 50, uploadMsPerByte: 0 })
    controls.latency('files.putSigned', 2_000)
    const put = await callApi(files.putSigned, { params: { signedurl }, body: pdf, onUploadProgress: () => {} })
    expect(put).toEqual({ ok: false, error: { kind: 'network', operation: 'files.putSigned', timedOut: true } })
  })

  it('a cancelled upload rejects instead of reporting an error', async () => {
    const pdf = certificatePdf()
    const signedurl = await signedUrl(pdf)
    controls.latency('files.putSigned', 2_000)
    const cancel = new AbortController()
    const put = callApi(files.putSigned, { params: { signedurl }, body: pdf, signal: cancel.signal, onUploadProgress: () => {} })
    cancel.abort()
    await expect(put).rejects.toThrow()
  })

  it('gives unauthorized and tells the session when the server refuses the token', async () => {
    const onUnauthorized = vi.fn()
    configureApiClient({ getToken: () => 'tok-unknown', onUnauthorized })
    const result = await callApi(files.requestUpload, {
      body: { d: 1, type: 'contact', tags: ['CM'], size: 10, content_type: 'application/pdf', extension: 'pdf', originalname: 'c.pdf' },
      onUploadProgress: () => {},
    })
    expect(result).toEqual({ ok: false, error: { kind: 'unauthorized', operation: 'files.requestUpload' } })
    expect(onUnauthorized).toHaveBeenCalledWith('files.requestUpload')
  })

  it('gives a contract error when the answer breaks the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const profile = await signedInProfile()
    controls.fault('files.requestUpload', { kind: 'contract' })
    const result = await callApi(files.requestUpload, {
      body: { d: profile.id, type: 'contact', tags: ['CM'], size: 10, content_type: 'application/pdf', extension: 'pdf', originalname: 'c.pdf' },
      onUploadProgress: () => {},
    })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'contract', direction: 'response', status: 200 })
    expect(warn).toHaveBeenCalled()
  })
})
