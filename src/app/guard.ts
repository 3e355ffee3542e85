import type { SessionView } from '../lib/session'

export type GuardDecision =
  | { kind: 'render' }
  /** The session is still being restored: decide once it is known. */
  | { kind: 'wait' }
  /** Signed in, but the profile cannot be read for now: the page says so and offers to try again. */
  | { kind: 'unavailable' }
  /** Turned away; the session machine says why, remembers the path and moves the athlete on. */
  | { kind: 'deny'; reason: 'login_required' | 'profile_incomplete' }

export const PROFILE_PATH = '/me'

/** The navigation guard of spec section 2, as a pure decision. */
export function decideNavigation(input: {
  /** Path with its query string. */
  location: string
  requiresLogin: boolean
  session: { status: SessionView['status']; profileComplete: boolean; profileUnavailable: boolean }
}): GuardDecision {
  const { location, requiresLogin, session } = input
  const path = location.split('?')[0]
  if (session.status === 'loggedIn' && !session.profileComplete && path !== PROFILE_PATH) {
    return { kind: 'deny', reason: 'profile_incomplete' }
  }
  if (!requiresLogin || session.status === 'loggedIn') return { kind: 'render' }
  // Kept signed in through an outage: neither turned away nor left waiting without a word.
  if (session.status === 'pending') return session.profileUnavailable ? { kind: 'unavailable' } : { kind: 'wait' }
  return { kind: 'deny', reason: 'login_required' }
}
