import { readdirSync, rmSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { compressBuild } from '../../deploy/render'
import { startMockServer, type MockServer } from '../../mocks/http-server'
import { SEED_RACE_IDS } from '../../mocks/seed'
import { realBuildCopy } from '../../scripts/test-builds'
import { startNginx, type RunningNginx } from '../host/nginx'
import { expect, test } from './fixtures'

/**
 * nginx's port: fixed, so a port in use is an error rather than a move (three above the e2e port
 * given, past the dev server's and the shared backend's; 47618 by default).
 */
const NGINX_PORT = Number(
  process.env.PETTORALE_E2E_NGINX_PORT ?? (process.env.PETTORALE_E2E_PORT ? Number(process.env.PETTORALE_E2E_PORT) + 3 : 47618),
)
/** The same nginx over HTTPS and HTTP/2, on the port after. */
const NGINX_TLS_PORT = NGINX_PORT + 1

/**
 * The build for a real backend (VITE_API_MOCK=false), served by both of its hosts: the simulated
 * backend's own (`npm run mock:server`), and Debian's nginx from deploy/ with the API proxied to
 * that simulated backend, as an organiser deploys it in front of their own. What only such a build
 * does, on each; and the two hosts answering alike, so they cannot drift apart.
 */
/**
 * The app's code held back until `release`: what the athlete sees meanwhile is the frame. `asked`:
 * every request for a race, the frame's and the app's.
 */
async function appCodeHeld(page: Page): Promise<{ asked: string[]; release: () => void }> {
  const asked: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/vdatrailers/gare/')) asked.push(request.url())
  })
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/index-*.js', async (route) => {
    await held
    await route.continue()
  })
  return { asked, release }
}

test.describe('the production bundle against a backend over HTTP', () => {
  test.describe.configure({ mode: 'serial' })
  // nginx over HTTPS has a certificate made for the run.
  test.use({ ignoreHTTPSErrors: true })
  let dist: string
  let server: MockServer
  let nginx: RunningNginx | undefined
  let nginxTls: RunningNginx | undefined

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    dist = await realBuildCopy('pettorale-production-')
    await compressBuild(dist, 'quick')
    server = await startMockServer({ port: 0, dist, log: { info: () => {}, error: console.error } })
    nginx = await startNginx({ dist, port: NGINX_PORT, upstream: server.url })
    nginxTls = await startNginx({ dist, port: NGINX_TLS_PORT, upstream: server.url, tls: true })
  })

  test.afterAll(async () => {
    await nginxTls?.close()
    await nginx?.close()
    await server.close()
    rmSync(dist, { recursive: true, force: true })
  })

  const nginxUrl = () => (nginx as RunningNginx).url
  const hosts: [name: string, origin: () => string][] = [
    ['the mock server', () => server.url],
    ['nginx', nginxUrl],
    ['nginx over HTTPS', () => (nginxTls as RunningNginx).url],
  ]
  for (const [host, origin] of hosts) {
    test(`${host}: a race's page carries the race, shows its name before the app's code arrives, and nobody asks for it again`, async ({ page }) => {
      const { asked, release } = await appCodeHeld(page)
      const warmUp = page.waitForEvent('worker')

      await page.goto(`${origin()}/race/${String(SEED_RACE_IDS.open)}`)
      await expect(page.locator('.boot-words h1')).toHaveText('Sentiero dei Larici 25K 2026')
      await expect(page.locator('.boot-words p')).toHaveText('La Thuile')

      release()
      await expect(page.getByRole('heading', { level: 1, name: 'Sentiero dei Larici 25K 2026' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Technical information' })).toBeVisible()
      await expect(page.getByRole('img', { name: 'Elevation profile of Sentiero dei Larici 25K 2026' })).toBeVisible()
      // The host wrote the race into the page (decision 045): neither the frame nor the app asked.
      expect(asked).toEqual([])
      // ICU's data came in a worker the host serves and the page's policy allows (decision 047).
      expect((await warmUp).url()).toBe(`${origin()}/intl-warm.js`)
    })

    test(`${host}: the wizard's heading names its race before the app's code arrives, where the race alone decides it`, async ({ page }) => {
      const { asked, release } = await appCodeHeld(page)

      await page.goto(`${origin()}/race/${String(SEED_RACE_IDS.open)}/subscribe`)
      const frameHeading = page.locator('.boot-words h1')
      await expect(frameHeading).toHaveText('Enrol in Sentiero dei Larici 25K 2026')
      await expect(frameHeading).toBeVisible()
      const framed = await frameHeading.boundingBox()

      release()
      await expect(page.getByText('You must log in to enrol in a race.')).toBeVisible()
      await expect(page.locator('.boot')).toHaveCount(0)
      // React's heading is where the frame's was: nothing moved under the athlete's eyes. (Found by
      // its words, not its role: the log-in drawer the gate opens for a visitor hides the page behind
      // it from the accessibility tree, as a modal dialog should.)
      expect(await page.locator('h1', { hasText: 'Enrol in Sentiero dei Larici 25K 2026' }).boundingBox()).toEqual(framed)
      // The page took the race the host wrote; only the gate read it again, to judge on its places.
      expect(asked).toHaveLength(1)

      // The flagship's entrants apply to its lottery, or enter directly with a PAX: the frame leaves
      // its heading to the app, which knows who is looking. By its words again: as soon as the gate
      // has judged, its log-in drawer hides the heading from the accessibility tree.
      await page.goto(`${origin()}/race/${String(SEED_RACE_IDS.flagship)}/subscribe`)
      await expect(page.locator('h1', { hasText: 'Apply for Tor des Pettorale 330 2026' })).toBeVisible()
    })

    test(`${host}: a race the backend cannot give: the page comes all the same, and the app says why`, async ({ page, expectFailures }) => {
      expectFailures({ operation: 'races.get', status: 503 })
      const path = `/race/${String(SEED_RACE_IDS.open)}`
      try {
        // No answer at all: the page, without the race and without a word about the include.
        server.controls.fault('races.get', { kind: 'network' })
        const answer = await get(origin(), path, { 'accept-language': 'en' })
        expect(answer.status).toBe(200)
        const html = decoded(answer)
        expect(html).toContain('<div id="root">')
        expect(html).not.toMatch(/error occurred|&quot;nome&quot;/)

        server.controls.fault('races.get', { kind: 'status', status: 503 })
        await page.goto(`${origin()}${path}`)
        await expect(page.getByRole('alert')).toBeVisible()
        await expect(page.locator('html')).not.toHaveAttribute('data-frame-words')
      } finally {
        server.controls.fault('races.get', null)
      }
    })

    test(`${host}: an unknown race: the frame stays without a name and the app says the race was not found`, async ({ page, expectFailures }) => {
      expectFailures({ operation: 'races.get', status: 404 })
      await page.goto(`${origin()}/race/999999`)
      await expect(page.getByRole('heading', { level: 1, name: 'Race not found' })).toBeVisible()
      await expect(page.locator('html')).not.toHaveAttribute('data-frame-words')
    })
  }

  test('nginx with a certificate serves the page, its files and its calls over HTTP/2', async ({ page }) => {
    await page.goto(`${(nginxTls as RunningNginx).url}/race/${String(SEED_RACE_IDS.open)}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Sentiero dei Larici 25K 2026' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Technical information' })).toBeVisible()
    const protocols = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => (entry as PerformanceResourceTiming).nextHopProtocol),
    )
    // The page, its scripts and styles, its calls: one protocol, HTTP/2.
    expect(protocols.length).toBeGreaterThan(3)
    expect(new Set(protocols)).toEqual(new Set(['h2']))
  })

  test('nginx serves each page in the language the mock server chooses, with the same headers and a fresh nonce', async () => {
    // The host's rule (issue 24 contract 3), case by case: the request's headers and the page's language.
    const cases: [headers: Record<string, string>, locale: string][] = [
      [{}, 'it'],
      [{ cookie: 'pettorale.locale=ja', 'accept-language': 'en' }, 'ja'],
      [{ cookie: 'consent=yes; pettorale.locale=ko' }, 'ko'],
      [{ 'accept-language': 'en-GB,en;q=0.9' }, 'en'],
      [{ 'accept-language': 'fr;q=0, de, ja' }, 'ja'],
      [{ 'accept-language': 'de' }, 'it'],
      [{ cookie: 'pettorale.locale=klingon', 'accept-language': 'es-ES,es;q=0.9' }, 'es'],
      [{ 'accept-language': 'zh-Hant-TW' }, 'zh'],
      [{ 'accept-language': 'FR-ca' }, 'fr'],
      [{ 'accept-language': 'ko;q=0.0, en;Q=0, es;q=0.5' }, 'es'],
      [{ cookie: 'pettorale.locale=xx; pettorale.locale=zh', 'accept-language': 'ja' }, 'zh'],
      [{ cookie: 'pettorale.locale=EN', 'accept-language': '*, english, ja-JP' }, 'ja'],
    ]
    const routes = ['/', `/race/${String(SEED_RACE_IDS.open)}`, '/race/210/subscribers', `/race/${String(SEED_RACE_IDS.open)}/subscribe`, '/company', '/register']
    let n = 0
    for (const route of routes) {
      for (const [headers, locale] of cases) {
        const asked = { ...headers, ...ENCODINGS[n++ % ENCODINGS.length] }
        const [fromMock, fromNginx] = await Promise.all([get(server.url, route, asked), get(nginxUrl(), route, asked)])
        const what = `${route} with ${JSON.stringify(asked)}`
        expect(view(fromNginx), what).toEqual(view(fromMock))
        for (const answer of [fromMock, fromNginx]) {
          expect(answer.status, what).toBe(200)
          expect(answer.headers['content-language'], what).toBe(locale)
          const html = decoded(answer)
          expect(html, what).toContain(`<html lang="${locale}"`)
          // The nonce of the header is the one of the page's tags, in CSP's syntax.
          const nonces = [...String(answer.headers['content-security-policy']).matchAll(/'nonce-([^']+)'/g)].map((match) => match[1])
          // One for the scripts, one for the styles: the same.
          expect(nonces, what).toHaveLength(2)
          expect(new Set(nonces).size, what).toBe(1)
          const nonce = nonces[0]
          expect(nonce, what).toMatch(/^[A-Za-z0-9+/_-]{22,}={0,2}$/)
          expect(html, what).toContain(`nonce="${String(nonce)}"`)
          expect(html, what).not.toContain('PETTORALE_CSP_NONCE')
        }
        // A race's page carries the race in the page's language, written alike by both (decision 045).
        const [mockRace, nginxRace] = [fromMock, fromNginx].map((answer) => /<meta name="pettorale-race-answer"[^>]*>/.exec(decoded(answer))?.[0])
        expect(nginxRace, what).toBe(mockRace)
        if (route === '/' || route === '/company' || route === '/register') expect(mockRace, what).toBeUndefined()
        else expect(mockRace, what).toMatch(new RegExp(`^<meta name="pettorale-race-answer" data-lingua="${locale}" content="\\{&quot;id&quot;:`))
      }
    }
    const nonces = await Promise.all([1, 2].map(async () => String((await get(nginxUrl(), '/', {})).headers['content-security-policy'])))
    expect(nonces[0]).not.toBe(nonces[1])
    // A page is never revalidated into a 304: its nonce would be the last response's.
    expect((await get(nginxUrl(), '/', { 'if-none-match': '*', 'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString() })).status).toBe(200)
  })

  test('nginx answers files, the old addresses and the API as the mock server does', async () => {
    const scripts = readdirSync(join(dist, 'assets')).filter((name) => /^index-.+\.js$/.test(name))
    const styles = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.css'))
    const asked: [path: string, headers: Record<string, string>][] = [
      ...ENCODINGS.map((encoding): [string, Record<string, string>] => [`/assets/${String(scripts[0])}`, encoding]),
      [`/assets/${String(styles[0])}`, { 'accept-encoding': 'gzip' }],
      ['/favicon.svg', { 'accept-encoding': 'br' }],
      ['/intl-warm.js', { 'accept-encoding': 'gzip' }],
      ['/index.html', { 'accept-encoding': 'gzip', 'accept-language': 'ja' }],
      ['/index.fr.html', { 'accept-encoding': 'br', 'accept-language': 'ja' }],
      ['/assets/missing-ABCDEFGH.js', { 'accept-encoding': 'br' }],
      ['/missing.png', {}],
      ['/reset_password?mail=athlete%40pettorale.test&x=1', {}],
      ['/pay_status?pagamento_id=PAY-1', {}],
      ['/pay_status_link?code=abc', {}],
      [`/api/v1/vdatrailers/gare/${String(SEED_RACE_IDS.open)}?lingua=en`, { 'accept-encoding': 'br, gzip' }],
      ['/api/v1/nothing-here', {}],
      ['/__qa/state', {}],
    ]
    for (const [path, headers] of asked) {
      const [fromMock, fromNginx] = await Promise.all([get(server.url, path, headers), get(nginxUrl(), path, headers)])
      expect(view(fromNginx), `${path} with ${JSON.stringify(headers)}`).toEqual(view(fromMock))
    }
    expect(view(await get(nginxUrl(), `/assets/${String(scripts[0])}`, {}))['cache-control']).toBe('public, max-age=31536000, immutable')
    // A worker's script must come as JavaScript, or the browser refuses to run it.
    expect(view(await get(nginxUrl(), '/intl-warm.js', {}))['content-type']).toMatch(/^(text|application)\/javascript/)
  })

  // The last test: it takes a page out of the build.
  test('a build without the page in the chosen language: both hosts serve index.html as it is', async () => {
    rmSync(join(dist, 'index.ko.html'))
    const asked = { 'accept-language': 'ko', 'accept-encoding': 'gzip' }
    const [fromMock, fromNginx] = await Promise.all([get(server.url, '/company', asked), get(nginxUrl(), '/company', asked)])
    expect(view(fromNginx)).toEqual(view(fromMock))
    expect(fromNginx.headers['content-language']).toBeUndefined()
    expect(decoded(fromNginx)).toContain('<html lang="it"')
  })
})

const ENCODINGS: Record<string, string>[] = [{ 'accept-encoding': 'br, gzip' }, { 'accept-encoding': 'gzip' }, {}]

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** One GET with exactly these headers (fetch would add its own Accept-Encoding and decode), over HTTP or HTTPS. */
function get(origin: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Over HTTPS, nginx's certificate is the one made for the run.
    const request = (origin.startsWith('https:') ? httpsRequest : httpRequest)(`${origin}${path}`, { headers, rejectUnauthorized: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}

function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding']
  const body = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body
  return body.toString('utf8')
}

/** What the two hosts must agree on (not validators, dates or lengths: each has its own). */
const COMPARED = [
  'content-type',
  'cache-control',
  'content-encoding',
  'content-language',
  'location',
  'content-security-policy',
  'referrer-policy',
  'x-content-type-options',
  'permissions-policy',
  'cross-origin-opener-policy',
  'allow',
]

function view(answer: Answer): Record<string, unknown> {
  const headers: Record<string, unknown> = { status: answer.status }
  for (const name of COMPARED) {
    const value = answer.headers[name]
    // A redirect's body is never read: its type is each server's own.
    if (value === undefined || (name === 'content-type' && answer.status >= 300 && answer.status < 400)) continue
    headers[name] = name === 'content-security-policy' ? String(value).replace(/'nonce-[^']+'/g, "'nonce-(this response's)'") : value
  }
  // One header or several, in any order and case: the same names.
  const vary = answer.headers.vary
  if (vary !== undefined) headers.vary = [...new Set(String(vary).toLowerCase().split(/\s*,\s*/))].sort()
  return headers
}
