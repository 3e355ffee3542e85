import { createContext, useContext } from 'react'
import type { SocialProvider } from '../../contracts/auth.contract'
import type { NoticeCode } from './notices'

/**
 * The session as screens see it. The app binds it to the session machine; features read it here
 * without depending on the machine itself. The athlete's data is not here: it is a query
 * (`useAthlete()`), so a refetch never changes the session.
 */
export interface SessionView {
  /** `pending`: a stored or new sign-in is being completed (the first profile load). */
  status: 'loggedOut' | 'pending' | 'loggedIn'
  logout: () => void
  /** Signs in with a token a page obtained (confirmation link, password reset). */
  /** `replaces`: the session in force is the same athlete's and the backend ended it (a reset). */
  signIn: (token: string, source: 'confirmation' | 'reset', options?: { replaces?: boolean }) => void
  signInWith: (provider: SocialProvider) => Promise<void>
  /** The route guard turned the athlete away from `path`. */
  denyAccess: (path: string, reason: 'login_required' | 'profile_incomplete') => void
  /** Opens the login drawer; after signing in the athlete comes back to `path`. */
  askToLogIn: (path: string) => void
  /** The account-confirmation link the page was opened with, taken out of the address bar. */
  confirmationLink: { contactId: number; token: string } | null
  /**
   * Set while the session is kept but the athlete's profile cannot be read (no connection, a
   * server down): the pages say why and offer to read it again (decision 061); null otherwise.
   */
  profileUnavailable: ProfileUnavailableView | null
}

export interface ProfileUnavailableView {
  /** Why, in the words of the notices table. */
  failure: NoticeCode
  /** Reads the profile again now. */
  retry: () => void
}

/** The login drawer as its opener and its form see it (`useLoginDrawer()`). */
export interface LoginDrawerView {
  open: boolean
  /** Open, or about to open: time to load its code. */
  requested: boolean
  /** Credentials are being checked or the profile is loading after them: the form waits. */
  authenticating: boolean
  /** The server asked to wait after too many attempts: the form cannot be sent yet. */
  coolingDown: boolean
  /** The outcome of the last sign-in, repeated inside the drawer since the page behind is hidden. */
  failure: NoticeCode | null
  login: (username: string, password: string) => void
  setOpen: (open: boolean) => void
}

export const SessionContext = createContext<SessionView | null>(null)
export const LoginDrawerContext = createContext<LoginDrawerView | null>(null)

export function useSession(): SessionView {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionContext')
  return session
}

export function useLoginDrawer(): LoginDrawerView {
  const drawer = useContext(LoginDrawerContext)
  if (!drawer) throw new Error('useLoginDrawer outside LoginDrawerContext')
  return drawer
}
