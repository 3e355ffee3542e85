import { createContext, useContext } from 'react'
import type { Profile, Subscription } from '../../contracts/athlete.contract'
import type { SocialProvider } from '../../contracts/auth.contract'

/**
 * The session as screens see it. The app binds it to the session machine; features read it here
 * without depending on the machine itself.
 */
export interface SessionView {
  /** `pending`: a stored or new sign-in is being completed (token check, profile load). */
  status: 'loggedOut' | 'pending' | 'loggedIn'
  /** Credentials are being checked or the profile is loading after them: the login form waits. */
  authenticating: boolean
  profile: Profile | null
  profileComplete: boolean
  possibleSubscriptions: Subscription[]
  login: (username: string, password: string) => void
  logout: () => void
  signInWith: (provider: SocialProvider) => Promise<void>
  rememberDestination: (path: string) => void
  /** Opens the login drawer; `delayed` waits the spec's 800 ms so a redirect can settle first. */
  promptLogin: (options?: { delayed?: boolean }) => void
}

export const SessionContext = createContext<SessionView | null>(null)

export function useSession(): SessionView {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionContext')
  return session
}
