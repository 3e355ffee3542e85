// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CSP_NONCE_PLACEHOLDER } from '../scripts/security-headers'
import { db } from './db'
import { startMockServer, type MockServer } from './http-server'
import { PERSONAS } from './seed'
import { negotiateEncoding } from './server/compression'
import { MAX_REQUEST_BODY_BYTES } from './server/exchange'

/** A tiny build: a page with the nonce placeholder, a hashed script, an unhashed icon, a font. */
const root = mkdtempSync(join(tmpdir(), 'pettorale-http-'))
const dist = join(root, 'dist')
const SCRIPT = `export const greeting = ${JSON.stringify('ciao '.repeat(400))}\n`
const INDEX_HTML =
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
  `<script type="module" nonce="${CSP_NONCE_PLACEHOLDER}" src="/assets/app-abc123.js"></script></head>` +
  `<body><div id="root"></div></body></html>`
/** Outside the build: no request may read it. */
const SECRET = 'SECRET-OUTSIDE-DIST'

mkdirSync(join(dist, 'assets'), { recursive: true })
writeFileSync(join(dist, 'index.html'), INDEX_HTML)
writeFileSync(join(dist, 'assets', 'app-abc123.js'), SCRIPT)
writeFileSync(join(dist, 'assets', 'font-abc123.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]))
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
writeFileSync(join(dist, 'site.webmanifest'), '{"name":"pettorale"}')
writeFileSync(join(root, 'package.json'), JSON.stringify({ name: SECRET }))

const logged: { level: 'info' | 'error'; args: unknown[] }[] = []
let mock: MockServer
let port: number

beforeAll(async () => {
  mock = await startMockServer({
    port: 0,
    dist,
    precompress: false,
    log: { info: (...args) => logged.push({ level: 'info', args }), error: (...args) => logged.push({ level: 'error', args }) },
  })
  port = Number(new URL(mock.url).port)
})
afterAll(async () => {
  await mock.close()
  rmSync(root, { recursive: true, force: true })
})
afterEach(() => {
  mock.controls.reset()
})

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
  text: string
  json: () => Record<string, unknown>
}

/** One request on its own connection, answered within 5 s. */
function call(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; to?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: init.to ?? port, path, method: init.method ?? 'GET', headers: init.headers, agent: false, timeout: 5_000 },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const body = Buffer.concat(chunks)
          const text = body.toString('utf8')
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: () => JSON.parse(text) as Record<string, unknown> })
        })
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer to ${path} within 5 s`)))
    req.on('error', reject)
    req.end(init.body)
  })
}

/** Bytes written on a raw socket; resolves with what came back once the server closes or 2 s pass. */
function raw(bytes: string, options: { hangUp?: boolean } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(Buffer.concat(chunks).toString('utf8'))
    }
    const timer = setTimeout(finish, 2_000)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('close', finish)
    socket.on('error', finish)
    socket.write(bytes, () => {
      if (options.hangUp) socket.destroy()
    })
  })
}

const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0)
const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>

const basic = `Basic ${Buffer.from('pettorale-portal:test').toString('base64')}`
const completo = PERSONAS.find((persona) => persona.key === 'completo')!

async function signIn(persona = completo): Promise<string> {
  const answer = await call('/api/oauth/token', {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: persona.mail, password: persona.password }).toString(),
  })
  expect(answer.status).toBe(200)
  return String(answer.json().access_token)
}

/** The server still answers an ordinary call, and has logged no failure of its own. */
async function expectAlive(): Promise<void> {
  const answer = await call('/api/v1/vdatrailers/gare?filter=all')
  expect(answer.status).toBe(200)
  expect(answer.json()).toHaveProperty('gare')
  expect(logged.filter((entry) => entry.level === 'error')).toEqual([])
}

const PICTURE_PATH = `/api/v1/app/file?d=${String(completo.athleteId)}&type=contact&thumbnail=true`

describe('the mock server refuses bad requests and stays up', () => {
  it('a GET with a body: 400 invalid_request', async () => {
    const body = '{"a":1}'
    const answer = await call('/api/v1/vdatrailers/gare', { headers: { 'content-type': 'application/json', 'content-length': String(body.length) }, body })
    expect(answer.status).toBe(400)
    expect(answer.json()).toMatchObject({ status: 400, code: 'invalid_request', title: 'invalid_request' })
    expect(answer.json().detail).toMatch(/no body/)

    const chunked = await raw('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\nabc\r\n0\r\n\r\n')
    expect(statusOf(chunked)).toBe(400)
    expect(bodyOf(chunked)).toMatchObject({ code: 'invalid_request' })
    await expectAlive()
  })

  it('a multipart operation sent as text: 415 unsupported_media_type; a broken multipart body: 400 invalid_request', async () => {
    const token = await signIn()
    const asText = await call(PICTURE_PATH, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: 'not a form',
    })
    expect(asText.status).toBe(415)
    expect(asText.json()).toMatchObject({ code: 'unsupported_media_type', detail: 'the body must be multipart/form-data' })

    const broken = await call(PICTURE_PATH, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG (no closing boundary)',
    })
    expect(broken.status).toBe(400)
    expect(broken.json()).toMatchObject({ code: 'invalid_request', issues: [{ where: 'body', path: [], message: 'the body cannot be read as multipart' }] })
    await expectAlive()
  })

  it('JSON that does not parse: 400 invalid_request', async () => {
    const token = await signIn()
    const answer = await call('/api/v1/vdatrailers/pagamenti', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"project_id": 203,',
    })
    expect(answer.status).toBe(400)
    expect(answer.json()).toMatchObject({ code: 'invalid_request', issues: [{ where: 'body', path: [], code: 'not_json', message: 'the body is not JSON' }] })
    await expectAlive()
  })

  it('an invalid absolute request target: 400 invalid_request', async () => {
    const response = await raw('GET http://[::1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    expect(statusOf(response)).toBe(400)
    expect(bodyOf(response)).toMatchObject({ status: 400, code: 'invalid_request' })
    await expectAlive()
  })

  it('a request that is not HTTP: 400 invalid_request', async () => {
    const response = await raw('THIS IS NOT HTTP\r\n\r\n')
    expect(statusOf(response)).toBe(400)
    expect(bodyOf(response)).toMatchObject({ code: 'invalid_request' })
    await expectAlive()
  })

  it('headers over Node’s limit: 431 header_too_large', async () => {
    const response = await raw(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(statusOf(response)).toBe(431)
    expect(bodyOf(response)).toMatchObject({ code: 'header_too_large' })
    await expectAlive()
  })

  it('a client that drops the connection mid-body: dropped quietly', async () => {
    const token = await signIn()
    const response = await raw(
      `POST /api/v1/vdatrailers/pagamenti HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"project_id": 2',
      { hangUp: true },
    )
    expect(response).toBe('')
    await expectAlive()
    expect(logged).toEqual([])
  })

  it('a body announced over the upload limit: 413 payload_too_large, before it is sent', async () => {
    const answer = await call('/api/v1/app/big_file', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_REQUEST_BODY_BYTES + 1) },
    }).catch((error: unknown) => error)
    expect(answer).toMatchObject({ status: 413 })
    expect((answer as Answer).json()).toMatchObject({ status: 413, code: 'payload_too_large' })
    await expectAlive()
  })

  it('a chunked body that grows over the limit: 413 payload_too_large while it is still streaming', async () => {
    // The request never ends: the answer can only come from the cap, not from the end of the body.
    const chunk = Buffer.alloc(1024 * 1024, 0x25)
    let cut = () => {}
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/mock-storage/upload/x?signature=mock', method: 'PUT', agent: false, headers: { 'content-type': 'application/pdf' } },
        (res) => {
          let body = ''
          res.on('data', (part: Buffer) => (body += part.toString('utf8')))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        },
      )
      cut = () => req.destroy()
      req.on('error', reject)
      let sent = 0
      const pump = () => {
        while (sent <= MAX_REQUEST_BODY_BYTES + chunk.length) {
          sent += chunk.length
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
      }
      pump()
      setTimeout(() => reject(new Error('no 413 within 4 s')), 4_000).unref()
    })
    cut()
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ status: 413, code: 'payload_too_large' })
    await expectAlive()
  })

  it('Origin: null on payment start: the redirect is built on the server’s own address', async () => {
    const token = await signIn()
    const race = db.races.findFirst((q) => q.where({ id: 203 }))!
    const signed = await call('/api/v1/vdatrailers/sign_liberatoria', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: 203 }),
    })
    expect(signed.status).toBe(200)
    const answer = await call('/api/v1/vdatrailers/pagamenti', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: 'null' },
      body: JSON.stringify({ project_id: 203, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: race.prezzo, idempotency_key: 'origin-null-1' }),
    })
    expect(answer.status).toBe(201)
    expect(String(answer.json().redirect_url)).toMatch(new RegExp(`^${mock.url}/checkout\\?pagamento_id=PAY-`))
    await expectAlive()
  })

  it('bad percent-encoding in a page path: 400', async () => {
    const response = await raw('GET /%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    expect(statusOf(response)).toBe(400)
    await expectAlive()
  })

  it('a bug in the mock: 500 internal_error, logged on the server', async () => {
    vi.spyOn(db.races, 'findMany').mockImplementation(() => {
      throw new Error('boom')
    })
    const answer = await call('/api/v1/vdatrailers/gare')
    expect(answer.status).toBe(500)
    expect(answer.json()).toMatchObject({ status: 500, code: 'internal_error' })
    const errors = logged.filter((entry) => entry.level === 'error')
    expect(errors).toHaveLength(1)
    expect(String(errors[0]!.args[0])).toMatch(/GET \/api\/v1\/vdatrailers\/gare failed/)
    expect(errors[0]!.args[1]).toMatchObject({ message: 'boom' })
    logged.length = 0
    vi.restoreAllMocks()
    await expectAlive()
  })

  it('an injected network fault: the connection drops without an answer', async () => {
    mock.controls.fault('races.list', { kind: 'network' })
    await expect(call('/api/v1/vdatrailers/gare')).rejects.toThrow(/socket hang up|ECONNRESET/)
    mock.controls.fault('races.list', null)
    await expectAlive()
  })
})

describe('the mock server answers like an API', () => {
  it('an unknown /api path: 404 not_found with a problem body', async () => {
    const answer = await call('/api/v1/nothing-here')
    expect(answer.status).toBe(404)
    expect(answer.headers['content-type']).toBe('application/json')
    expect(answer.json()).toEqual({ status: 404, title: 'not_found', code: 'not_found', detail: 'No operation at /api/v1/nothing-here.' })
  })

  it('a wrong method: 405 with the methods the contracts define in Allow', async () => {
    const token = await call('/api/oauth/token', { method: 'DELETE' })
    expect(token.status).toBe(405)
    expect(token.headers.allow).toBe('POST, OPTIONS')
    expect(token.json()).toMatchObject({ code: 'method_not_allowed' })

    const reset = await call('/api/v1/reset/some-token', { method: 'PUT' })
    expect(reset.status).toBe(405)
    expect(reset.headers.allow).toBe('GET, HEAD, POST, OPTIONS')
  })

  it('HEAD on a GET route: the GET’s headers, no body', async () => {
    const get = await call('/api/v1/vdatrailers/gare?filter=all')
    const head = await call('/api/v1/vdatrailers/gare?filter=all', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body).toHaveLength(0)
    expect(head.headers['content-length']).toBe(String(get.body.length))
    expect(head.headers['content-type']).toBe(get.headers['content-type'])
  })

  it('OPTIONS: 204 with Allow', async () => {
    const answer = await call('/api/v1/vdatrailers/esperienze', { method: 'OPTIONS' })
    expect(answer.status).toBe(204)
    expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS')
    const page = await call('/me', { method: 'OPTIONS' })
    expect(page.status).toBe(204)
    expect(page.headers.allow).toBe('GET, HEAD, OPTIONS')
  })

  it('only GET and HEAD on other paths; they fall back to the app, not /api ones', async () => {
    const post = await call('/me', { method: 'POST', body: 'x' })
    expect(post.status).toBe(405)
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS')
    const page = await call('/races/203')
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.text).toContain('<div id="root">')
    expect((await call('/api')).status).toBe(404)
  })
})

describe('the mock server serves the build like a production host', () => {
  const script = '/assets/app-abc123.js'

  it('negotiates brotli and gzip, and caches hashed assets for a year', async () => {
    const br = await call(script, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
      'x-content-type-options': 'nosniff',
    })
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(SCRIPT)
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4)

    const gz = await call(script, { headers: { 'accept-encoding': 'br;q=0, gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString('utf8')).toBe(SCRIPT)

    const plain = await call(script)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.text).toBe(SCRIPT)
    expect(plain.headers['content-length']).toBe(String(SCRIPT.length))
  })

  it('picks the encoding from accept-encoding', () => {
    expect(negotiateEncoding(undefined)).toBe('identity')
    expect(negotiateEncoding('gzip, br')).toBe('br')
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe('identity')
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('identity')).toBe('identity')
  })

  it('sends unhashed files with no-cache and an ETag, and 304 when it has not changed', async () => {
    const icon = await call('/favicon.svg', { headers: { 'accept-encoding': 'gzip' } })
    expect(icon.headers).toMatchObject({ 'content-type': 'image/svg+xml', 'cache-control': 'no-cache', 'content-encoding': 'gzip' })
    const again = await call('/favicon.svg', { headers: { 'if-none-match': String(icon.headers.etag) } })
    expect(again.status).toBe(304)
    expect(again.body).toHaveLength(0)
    expect((await call('/site.webmanifest')).headers['content-type']).toBe('application/manifest+json')
  })

  it('does not compress what is compressed already', async () => {
    const font = await call('/assets/font-abc123.woff2', { headers: { 'accept-encoding': 'br, gzip' } })
    expect(font.headers['content-type']).toBe('font/woff2')
    expect(font.headers['content-encoding']).toBeUndefined()
  })

  it('gives every page a fresh nonce, in its CSP header and in place of the placeholder', async () => {
    const nonces = await Promise.all(
      ['/', '/index.html', '/me/profile'].map(async (path) => {
        const page = await call(path, { headers: { 'accept-encoding': 'br' } })
        const html = brotliDecompressSync(page.body).toString('utf8')
        expect(page.headers).toMatchObject({ 'cache-control': 'no-cache', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' })
        expect(html).not.toContain(CSP_NONCE_PLACEHOLDER)
        const nonce = /nonce="([^"]+)"/.exec(html)?.[1]
        expect(nonce).toBeTruthy()
        expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce!}'`)
        return nonce
      }),
    )
    expect(new Set(nonces).size).toBe(3)
  })

  it('leaves out Cross-Origin-Opener-Policy when the team opens it over plain HTTP by a network name', async () => {
    expect((await call('/')).headers['cross-origin-opener-policy']).toBe('same-origin')
    const team = await startMockServer({ port: 0, dist, precompress: false, portalOrigin: 'http://qa-host.test:47615', log: { info: () => {}, error: () => {} } })
    try {
      const page = await call('/', { to: Number(new URL(team.url).port) })
      expect(page.status).toBe(200)
      expect(page.headers['cross-origin-opener-policy']).toBeUndefined()
      expect(page.headers['content-security-policy']).toContain("default-src 'self'")
    } finally {
      await team.close()
    }
  })

  it('never serves a file outside the build', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/%2e%2e%2fpackage.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
      expect(response, path).not.toContain(SECRET)
      expect([200, 400, 404], path).toContain(statusOf(response))
    }
  })

  it('answers 404 for a missing file, not the app', async () => {
    const missing = await call('/assets/gone-abc123.js')
    expect(missing.status).toBe(404)
    expect(missing.headers['content-type']).toBe('text/plain; charset=utf-8')
  })

  it('without a build: 503 for pages, the API still answers', async () => {
    const bare = await startMockServer({ port: 0, dist: join(root, 'no-build'), precompress: false, log: { info: () => {}, error: () => {} } })
    try {
      const to = Number(new URL(bare.url).port)
      const page = await call('/', { to })
      expect(page.status).toBe(503)
      expect(page.text).toMatch(/No build to serve/)
      expect((await call('/api/v1/vdatrailers/gare', { to })).status).toBe(200)
    } finally {
      await bare.close()
    }
  })
})
