import { describe, expect, it } from 'vitest'
import { isTrustedAddress } from './safe-navigation'

const portal = 'https://portal.pettorale.test'

describe('addresses the portal may leave for', () => {
  it.each([
    ['a provider page over https', 'https://accounts.example.com/o/oauth2/auth?x=1', true],
    ['a page of the portal itself', `${portal}/me?token=abc`, true],
    ['the mock on plain http at the portal origin', 'http://127.0.0.1:47614/?token=x', false],
    ['plain http elsewhere', 'http://accounts.example.com/', false],
    ['a script', 'javascript:alert(1)', false],
    ['a data document', 'data:text/html,<script>alert(1)</script>', false],
    ['a file', 'file:///etc/passwd', false],
    ['not an address', 'not a url', false],
  ])('%s: %s', (_label, address, trusted) => {
    expect(isTrustedAddress(address, portal)).toBe(trusted)
  })

  it('plain http is fine on the portal own origin (the simulated backend in development)', () => {
    expect(isTrustedAddress('http://127.0.0.1:47614/?token=x', 'http://127.0.0.1:47614')).toBe(true)
  })
})
