import type { NoticeCode } from '../lib/notices'
import type { SessionView } from '../lib/session'

export type GuardDecision =
  | { kind: 'render' }
  /** The session is still being restored: decide once it is known. */
  | { kind: 'wait' }
  | {
      kind: 'redirect'
      to: string
      notice: Extract<NoticeCode, 'complete_profile' | 'require_login_to_access'>
      /** The path to come back to after signing in. */
      remember?: string
      promptLogin?: boolean
    }

export const PROFILE_PATH = '/me'

/** The navigation guard of spec section 2, as a pure decision. */
export function decideNavigation(input: {
  /** Path with its query string. */
  location: string
  requiresLogin: boolean
  session: Pick<SessionView, 'status' | 'profileComplete'>
}): GuardDecision {
  const { location, requiresLogin, session } = input
  const path = location.split('?')[0]
  if (session.status === 'loggedIn' && !session.profileComplete && path !== PROFILE_PATH) {
    return { kind: 'redirect', to: PROFILE_PATH, notice: 'complete_profile' }
  }
  if (!requiresLogin || session.status === 'loggedIn') return { kind: 'render' }
  if (session.status === 'pending') return { kind: 'wait' }
  return { kind: 'redirect', to: '/', notice: 'require_login_to_access', remember: location, promptLogin: true }
}
