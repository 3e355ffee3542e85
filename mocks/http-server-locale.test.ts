// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '../contracts/locale'
import { localeHtmlName } from '../scripts/host-locale'
import { CSP_NONCE_PLACEHOLDER } from '../scripts/security-headers'
import { startMockServer, type MockServer } from './http-server'

/** A build with its per-locale copies of index.html (decision 040), each saying which it is. */
const dist = mkdtempSync(join(tmpdir(), 'pettorale-http-locale-'))
const page = (locale: string) => `<!doctype html><html lang="${locale}"><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body></body></html>`
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
