import { describe, expect, it } from 'vitest'
import { decideNavigation } from './guard'

const anonymous = { status: 'loggedOut', profileComplete: false, profileUnavailable: false } as const
const complete = { status: 'loggedIn', profileComplete: true, profileUnavailable: false } as const
const incomplete = { status: 'loggedIn', profileComplete: false, profileUnavailable: false } as const
const restoring = { status: 'pending', profileComplete: false, profileUnavailable: false } as const
/** Signed in, the profile not read for now (a server down, no connection). */
const unavailable = { status: 'pending', profileComplete: false, profileUnavailable: true } as const

describe('navigation guard', () => {
  it('turns a logged-out athlete away from /me because login is required', () => {
    expect(decideNavigation({ location: '/me', requiresLogin: true, session: anonymous })).toEqual({
      kind: 'deny',
      reason: 'login_required',
    })
  })

  it('lets a visitor see public pages', () => {
    expect(decideNavigation({ location: '/contacts', requiresLogin: false, session: anonymous })).toEqual({ kind: 'render' })
  })

  it('waits while a stored session is being restored instead of bouncing the athlete', () => {
    expect(decideNavigation({ location: '/me/races', requiresLogin: true, session: restoring })).toEqual({ kind: 'wait' })
  })

  it('neither turns away nor keeps waiting an athlete whose profile cannot be read for now: the page says so', () => {
    expect(decideNavigation({ location: '/me/races', requiresLogin: true, session: unavailable })).toEqual({ kind: 'unavailable' })
  })

  it('renders a public page while the profile cannot be read', () => {
    expect(decideNavigation({ location: '/race/12', requiresLogin: false, session: unavailable })).toEqual({ kind: 'render' })
  })

  it('renders a public page while the session is being restored', () => {
    expect(decideNavigation({ location: '/', requiresLogin: false, session: restoring })).toEqual({ kind: 'render' })
  })

  it('turns a logged-in athlete with an incomplete profile away from every page but /me', () => {
    const deny = { kind: 'deny', reason: 'profile_incomplete' }
    expect(decideNavigation({ location: '/me/races', requiresLogin: true, session: incomplete })).toEqual(deny)
    expect(decideNavigation({ location: '/contacts', requiresLogin: false, session: incomplete })).toEqual(deny)
  })

  it('leaves an athlete with an incomplete profile on /me', () => {
    expect(decideNavigation({ location: '/me?tab=1', requiresLogin: true, session: incomplete })).toEqual({ kind: 'render' })
  })

  it('lets a logged-in athlete with a complete profile go anywhere', () => {
    expect(decideNavigation({ location: '/me/transactions', requiresLogin: true, session: complete })).toEqual({ kind: 'render' })
  })
})
