// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { compressBuild, renderSite } from '../../deploy/render'

// What nginx does with the configuration is tested against the mock server in
// tests/e2e/production-bundle.e2e.ts; here, what the script accepts and writes.
describe('deploy/render.ts', () => {
  const site = { dist: '/srv/pettorale', listen: '8080', upstream: 'http://127.0.0.1:9000' }
  let folder = ''
  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true })
    folder = ''
  })

  it('refuses what cannot go into nginx as it is, and an upstream that is more than an origin', () => {
    expect(() => renderSite({ ...site, listen: '8080; include /etc/passwd' })).toThrow(/listen/)
    expect(() => renderSite({ ...site, dist: '/srv/my portal' })).toThrow(/build folder/)
    expect(() => renderSite({ ...site, upstream: 'http://127.0.0.1:9000/api' })).toThrow(/origin/)
    expect(() => renderSite({ ...site, upstream: 'file:///tmp/socket' })).toThrow(/origin/)
  })

  it("puts the build, the address, the backend and the API's origin where nginx reads them", () => {
    const config = renderSite({ ...site, upstream: 'http://backend.internal:9000/', apiOrigin: 'https://api.example.org/v1' })
    expect(config).toContain('    listen 8080;')
    expect(config).toContain('    root /srv/pettorale;')
    expect(config).toContain('proxy_pass http://backend.internal:9000;')
    expect(config).toContain("connect-src 'self' https://api.example.org;")
    expect(config).toContain("style-src 'self' 'nonce-$request_id'")
    expect(config).not.toMatch(/\{\{/)
  })

  it('speaks HTTPS and HTTP/2 on the same address only when given a certificate and its key', () => {
    expect(renderSite(site)).not.toMatch(/ssl/)
    const config = renderSite({ ...site, listen: '443', tls: { certificate: '/etc/ssl/pettorale/chain.pem', key: '/etc/ssl/pettorale/key.pem' } })
    expect(config).toContain('    listen 443 ssl http2;')
    expect(config).toContain('    ssl_certificate /etc/ssl/pettorale/chain.pem;')
    expect(config).toContain('    ssl_certificate_key /etc/ssl/pettorale/key.pem;')
    expect(() => renderSite({ ...site, tls: { certificate: '/etc/ssl/my chain.pem', key: '/etc/ssl/key.pem' } })).toThrow(/certificate/)
  })

  it("writes brotli and gzip copies of the build's text files, never of its pages", async () => {
    folder = mkdtempSync(join(tmpdir(), 'pettorale-render-'))
    mkdirSync(join(folder, 'assets'))
    const script = 'export const words = "Sentiero dei Larici";\n'.repeat(50)
    writeFileSync(join(folder, 'assets', 'index-AbCdEf12.js'), script)
    writeFileSync(join(folder, 'index.html'), '<html lang="it"></html>')
    writeFileSync(join(folder, 'photo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))

    expect(await compressBuild(folder)).toBe(1)
    expect(brotliDecompressSync(readFileSync(join(folder, 'assets', 'index-AbCdEf12.js.br'))).toString()).toBe(script)
    expect(gunzipSync(readFileSync(join(folder, 'assets', 'index-AbCdEf12.js.gz'))).toString()).toBe(script)
    expect(() => readFileSync(join(folder, 'index.html.br'))).toThrow(/ENOENT/)
    expect(() => readFileSync(join(folder, 'photo.png.gz'))).toThrow(/ENOENT/)
  })
})
