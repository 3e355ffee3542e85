// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '../contracts/locale'
import { localeHtmlName } from '../scripts/host-locale'
import { RACE_ANSWER_MARKER, raceAnswerPath } from '../scripts/host-race-answer'
import { CSP_NONCE_PLACEHOLDER } from '../scripts/security-headers'
import { db } from './db'
import { startMockServer, type MockServer } from './http-server'

/**
 * A build with its per-locale copies of index.html (decision 040), each saying which it is, with
 * the marker where the host writes a race's answer (decision 045).
 */
const dist = mkdtempSync(join(tmpdir(), 'pettorale-http-locale-'))
const page = (locale: string) =>
  `<!doctype html><html lang="${locale}"><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">${RACE_ANSWER_MARKER}</head><body></body></html>`
writeFileSync(join(dist, 'index.html'), page('it'))
for (const locale of LOCALES) writeFileSync(join(dist, localeHtmlName(locale)), page(locale))
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')

let mock: MockServer
beforeAll(async () => {
  mock = await startMockServer({ port: 0, dist, precompress: false, log: { info: () => {}, error: () => {} } })
})
afterAll(async () => {
  await mock.close()
  rmSync(dist, { recursive: true, force: true })
})
afterEach(() => {
  mock.controls.reset()
})

describe("every page of the app in the athlete's language", () => {
  it.each([
    ['/', {}, 'it'],
    ['/', { cookie: 'pettorale.locale=ja', 'accept-language': 'en' }, 'ja'],
    ['/race/202/subscribers', { 'accept-language': 'fr;q=0, de-CH, ko-KR' }, 'ko'],
    ['/index.html', { 'accept-language': 'en-GB,en;q=0.9' }, 'en'],
    ['/company', { cookie: 'pettorale.locale=xx', 'accept-language': 'zh-Hant-TW' }, 'zh'],
  ])('%s with %j: the %s page, said so, varying by what chose it', async (path, headers: Record<string, string>, locale) => {
    const response = await fetch(`${mock.url}${path}`, { headers: { ...headers, 'accept-encoding': 'gzip' } })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(`<html lang="${locale}">`)
    expect(html).not.toContain(CSP_NONCE_PLACEHOLDER)
    expect(response.headers.get('content-language')).toBe(locale)
    expect(response.headers.get('vary')).toBe('accept-encoding, cookie, accept-language')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('content-encoding')).toBe('gzip')
  })

  it('a file is itself, whatever the languages asked', async () => {
    const response = await fetch(`${mock.url}/favicon.svg`, { headers: { cookie: 'pettorale.locale=ja' } })
    expect(response.headers.get('content-language')).toBeNull()
    expect(await response.text()).toContain('<svg')
  })
})

/** The page at `path` for an athlete reading `language`, and the element it carries, if any. */
async function pageAt(path: string, language = 'en') {
  const html = await (await fetch(`${mock.url}${path}`, { headers: { 'accept-language': language } })).text()
  const element = /<meta name="pettorale-race-answer" data-lingua="([a-z]+)" content="([^"]*)">/.exec(html)
  // As the browser reads the attribute: the four entities nginx's SSI echo writes, decoded.
  const content = element?.[2]!.replace(/&(lt|gt|quot|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[name]!)
  return { html, lingua: element?.[1], content }
}

async function apiBody(path: string): Promise<string> {
  return (await fetch(`${mock.url}${path}`)).text()
}

describe("a race's page carries the race's answer, as nginx's SSI include writes it", () => {
  it.each(['/race/202', '/race/202/subscribers', '/race/202/ranking', '/race/202/subscribe', '/race/202?from=mail'])(
    '%s: the API answer in the page language, as the API gives it',
    async (path) => {
      const { html, lingua, content } = await pageAt(path, 'ja')
      expect(lingua).toBe('ja')
      expect(content).toBe(await apiBody(raceAnswerPath(202, 'ja')))
      expect(html).not.toContain(RACE_ANSWER_MARKER)
    },
  )

  // A path spelled in percent-escapes is not a race's page to nginx (its map reads the raw request), nor here.
  it.each(['/', '/race/202/wait-list', '/race/202/lottery', '/race/abc', '/company', '/index.html', '/race/%32%30%32'])('%s: nothing, and no marker left', async (path) => {
    const { html, content } = await pageAt(path)
    expect(content).toBeUndefined()
    expect(html).not.toContain('pettorale-race-answer')
  })

  it('a name with quotes, angle brackets and ampersands stays inside its attribute', async () => {
    await db.races.update((q) => q.where({ id: 202 }), { data: (race) => void (race.nome = 'Trail "<Lago> & Co" --></script>') })
    const { html, content } = await pageAt('/race/202')
    expect(JSON.parse(content!)).toMatchObject({ nome: 'Trail "<Lago> & Co" --></script>' })
    expect(html).not.toContain('</script>')
    // Only the page's own tags open: doctype, html, head, the two metas, body and the closing ones.
    expect(html.match(/</g)).toHaveLength(9)
  })

  it.each([
    ['an unknown race', 999_999, null],
    ['a backend that refuses', 202, { kind: 'status', status: 503 }],
    ['a backend that gives no answer', 202, { kind: 'network' }],
  ] as const)('%s: the element, empty, as nginx writes it', async (_, race, fault) => {
    if (fault) mock.controls.fault('races.get', fault)
    const { content } = await pageAt(`/race/${String(race)}`)
    expect(content).toBe('')
  })
})
