import { describe, expect, it } from 'vitest'
import { takeLandingToken } from './landing'

/** A page opened at `url`: its location and a history that records what replaced the address. */
function openedAt(url: string) {
  const replaced: string[] = []
  const location = { href: url } as Location
  const history = {
    state: null,
    replaceState: (_state: unknown, _title: string, to: string) => void replaced.push(to),
  } as unknown as History
  return { location, history, replaced }
}

describe('takeLandingToken: a token in the address bar', () => {
  it('a social sign-in return gives the token and its state, and leaves the rest of the address as it was', () => {
    const page = openedAt('https://portal.test/me/races?season=2026&state=s1&token=abc123#top')
    expect(takeLandingToken(page.location, page.history)).toEqual({ kind: 'social', token: 'abc123', state: 's1' })
    expect(page.replaced).toEqual(['/me/races?season=2026#top'])
  })

  it('a token without a state is still taken out of the address, with no state', () => {
    const page = openedAt('https://portal.test/me?token=stolen')
    expect(takeLandingToken(page.location, page.history)).toEqual({ kind: 'social', token: 'stolen', state: null })
    expect(page.replaced).toEqual(['/me'])
  })

  it('a confirmation link gives the contact and the token, and keeps contact_id in the address', () => {
    const page = openedAt('https://portal.test/confirm-account?contact_id=5012&token=cnf-1')
    expect(takeLandingToken(page.location, page.history)).toEqual({ kind: 'confirm', contactId: 5012, token: 'cnf-1' })
    expect(page.replaced).toEqual(['/confirm-account?contact_id=5012'])
  })

  it('a confirmation link without a usable contact id is dropped, but its token still leaves the address bar', () => {
    for (const contact of ['', 'contact_id=abc&', 'contact_id=-3&', 'contact_id=1.5&']) {
      const page = openedAt(`https://portal.test/confirm-account?${contact}token=cnf-1`)
      expect(takeLandingToken(page.location, page.history)).toBeNull()
      expect(page.replaced).toHaveLength(1)
      expect(page.replaced[0]).not.toContain('cnf-1')
    }
  })

  it('an address without a token is left alone', () => {
    const page = openedAt('https://portal.test/race/7?tab=map')
    expect(takeLandingToken(page.location, page.history)).toBeNull()
    expect(page.replaced).toEqual([])
  })

  it('an empty token is no token', () => {
    const page = openedAt('https://portal.test/?token=')
    expect(takeLandingToken(page.location, page.history)).toBeNull()
  })
})
