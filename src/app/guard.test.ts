import { describe, expect, it } from 'vitest'
import { decideNavigation } from './guard'

const anonymous = { status: 'loggedOut', profileComplete: false } as const
const complete = { status: 'loggedIn', profileComplete: true } as const
const incomplete = { status: 'loggedIn', profileComplete: false } as const
const restoring = { status: 'pending', profileComplete: false } as const

describe('navigation guard', () => {
  it('sends a logged-out athlete opening /me to / with require_login_to_access, remembering /me and asking to log in', () => {
    expect(decideNavigation({ location: '/me', requiresLogin: true, session: anonymous })).toEqual({
      kind: 'redirect',
      to: '/',
      notice: 'require_login_to_access',
      remember: '/me',
      promptLogin: true,
    })
  })

  it('remembers the query string of the intended destination', () => {
    const decision = decideNavigation({ location: '/me/races?season=2026', requiresLogin: true, session: anonymous })
    expect(decision).toMatchObject({ remember: '/me/races?season=2026' })
  })

  it('lets a visitor see public pages', () => {
    expect(decideNavigation({ location: '/contacts', requiresLogin: false, session: anonymous })).toEqual({ kind: 'render' })
  })

  it('waits while a stored session is being restored instead of bouncing the athlete', () => {
    expect(decideNavigation({ location: '/me/races', requiresLogin: true, session: restoring })).toEqual({ kind: 'wait' })
  })

  it('renders a public page while the session is being restored', () => {
    expect(decideNavigation({ location: '/', requiresLogin: false, session: restoring })).toEqual({ kind: 'render' })
  })

  it('sends a logged-in athlete with an incomplete profile to /me with complete_profile', () => {
    expect(decideNavigation({ location: '/me/races', requiresLogin: true, session: incomplete })).toEqual({
      kind: 'redirect',
      to: '/me',
      notice: 'complete_profile',
    })
    expect(decideNavigation({ location: '/contacts', requiresLogin: false, session: incomplete })).toMatchObject({
      to: '/me',
    })
  })

  it('leaves an athlete with an incomplete profile on /me', () => {
    expect(decideNavigation({ location: '/me?tab=1', requiresLogin: true, session: incomplete })).toEqual({ kind: 'render' })
  })

  it('lets a logged-in athlete with a complete profile go anywhere', () => {
    expect(decideNavigation({ location: '/me/transactions', requiresLogin: true, session: complete })).toEqual({ kind: 'render' })
  })
})
