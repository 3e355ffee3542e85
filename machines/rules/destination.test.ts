import { describe, expect, it } from 'vitest'
import { destinationAfterLogin, isInternalPath, isPageToComeBackTo, profileInsteadOf } from './destination'
import { makeIncompleteProfile, makeProfile } from '../session/test-harness'

describe('isInternalPath: a remembered destination is only ever a path inside the portal', () => {
  it.each([
    '/',
    '/me',
    '/me/races',
    '/me/open-subscriptions',
    '/race/12/subscribe',
    '/reset-email/abc123',
    '/me/races?tab=past',
    '/me/races#top',
    '/me/races/',
  ])('accepts %j', (path) => {
    expect(isInternalPath(path)).toBe(true)
  })

  it.each([
    ['the empty string', ''],
    ['a relative path', 'me/races'],
    ['a protocol-relative URL', '//evil.com'],
    ['a protocol-relative URL with a path', '//evil.com/me'],
    ['an absolute URL', 'https://evil.com'],
    ['an absolute URL on another scheme', 'http://evil.com/me'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,hi'],
    ['a backslash after the slash', '/\\evil'],
    ['a backslash-only prefix', '\\\\evil.com'],
    ['a backslash inside the path', '/me\\..\\evil'],
    ['a line feed (header injection)', '/me\nLocation: //evil.com'],
    ['a tab that the URL parser drops', '/\t/evil.com'],
    ['a carriage return', '/me\rfoo'],
    ['a leading space', ' /me'],
  ])('refuses %s', (_name, path) => {
    expect(isInternalPath(path)).toBe(false)
  })
})

describe('destinationAfterLogin: where an athlete goes after signing in', () => {
  it('goes to the remembered destination when there is one', () => {
    expect(destinationAfterLogin('/me/races', makeProfile())).toBe('/me/races')
  })

  it('goes to the remembered destination even when the profile is incomplete', () => {
    expect(destinationAfterLogin('/me/transactions', makeIncompleteProfile())).toBe('/me/transactions')
  })

  it('otherwise goes to / when the profile is complete', () => {
    expect(destinationAfterLogin(null, makeProfile())).toBe('/')
  })

  it('otherwise goes to /me when the profile is incomplete', () => {
    expect(destinationAfterLogin(null, makeIncompleteProfile())).toBe('/me')
  })

  it('treats an unaccepted privacy policy as an incomplete profile', () => {
    expect(destinationAfterLogin(null, makeProfile({ privacy_policy: false }))).toBe('/me')
  })

  it('treats an empty remembered destination as none', () => {
    expect(destinationAfterLogin('', makeProfile())).toBe('/')
    expect(destinationAfterLogin('', makeIncompleteProfile())).toBe('/me')
  })

  it.each(['//evil.com', 'https://evil.com', '/\\evil'])('never goes to the external destination %j', (remembered) => {
    expect(destinationAfterLogin(remembered, makeProfile())).toBe('/')
    expect(destinationAfterLogin(remembered, makeIncompleteProfile())).toBe('/me')
  })
})

describe('isPageToComeBackTo: the pages an athlete is brought back to after signing in', () => {
  it.each(['/race/12', '/race/12?tab=route', '/race/12/subscribe', '/race/12/lottery#mine', '/me/races', '/contacts', '/company', '/contacts?from=footer'])(
    'a race page, the athlete\'s own, or the organiser\'s: %s',
    (path) => {
      expect(isPageToComeBackTo(path)).toBe(true)
    },
  )

  it.each(['/', '/?q=aosta', '/me', '/register', '/confirm-account?contact_id=1&token=abc', '/reset-email/abc', '/payment?status=ok', '/request-expired', '/mailbox', '/contactsx', '/racecourse'])(
    'not the home page, nor a page a link lands on: %s',
    (path) => {
      expect(isPageToComeBackTo(path)).toBe(false)
    },
  )

  it.each(['//evil.com/race/1', '/race/1/\\evil', '/race/1\n'])('never a path that leaves the portal: %j', (path) => {
    expect(isPageToComeBackTo(path)).toBe(false)
  })
})

describe('profileInsteadOf: an incomplete profile is completed first, then the athlete goes on', () => {
  it('carries the page asked for, query and all', () => {
    expect(profileInsteadOf('/race/12/subscribe')).toBe('/me?return=%2Frace%2F12%2Fsubscribe')
    expect(profileInsteadOf('/contacts')).toBe('/me?return=%2Fcontacts')
    expect(profileInsteadOf('/me/transactions?year=2025')).toBe('/me?return=%2Fme%2Ftransactions%3Fyear%3D2025')
  })

  it.each(['/', '/confirm-account?token=abc', '/reset-email/abc', '/payment?status=ok', '/register', '/mailbox'])(
    'carries no page a link lands on, nor the home page: %s',
    (path) => {
      expect(profileInsteadOf(path)).toBe('/me')
    },
  )

  it('never carries a path that leaves the portal', () => {
    expect(profileInsteadOf('//evil.com/race/1')).toBe('/me')
    expect(profileInsteadOf('/race/1/\\evil')).toBe('/me')
    expect(profileInsteadOf('https://evil.com')).toBe('/me')
  })
})
