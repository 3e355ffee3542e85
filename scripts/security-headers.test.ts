import { describe, expect, it } from 'vitest'
import { isPotentiallyTrustworthy, securityHeaders } from './security-headers'

describe('the security headers', () => {
  it('count HTTPS and plain HTTP on a loopback address as secure contexts, a network name over HTTP not', () => {
    for (const origin of ['https://iscrizioni.example.org', 'http://127.0.0.1:47615', 'http://localhost:47613', 'http://app.localhost', 'http://[::1]:47615']) {
      expect(isPotentiallyTrustworthy(origin), origin).toBe(true)
    }
    for (const origin of ['http://qa-host.test:47615', 'http://192.168.1.20:47615', 'http://10.0.0.7']) {
      expect(isPotentiallyTrustworthy(origin), origin).toBe(false)
    }
  })

  it('send Cross-Origin-Opener-Policy unless the portal is opened over plain HTTP on a network name', () => {
    const coop = (portalOrigin?: string) => securityHeaders('n0nce', { portalOrigin })['cross-origin-opener-policy']
    expect(coop()).toBe('same-origin')
    expect(coop('https://iscrizioni.example.org')).toBe('same-origin')
    expect(coop('http://127.0.0.1:47615')).toBe('same-origin')
    expect(coop('http://qa-host.test:47615')).toBeUndefined()
    expect(securityHeaders('n0nce', { portalOrigin: 'http://qa-host.test:47615' })['content-security-policy']).toContain("'nonce-n0nce'")
  })

  it('admit the API on another origin in connect-src', () => {
    expect(securityHeaders('n0nce', { apiOrigin: 'https://api.example.org' })['content-security-policy']).toContain("connect-src 'self' https://api.example.org")
  })
})
