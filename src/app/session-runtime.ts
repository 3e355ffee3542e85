import type { QueryClient } from '@tanstack/react-query'
import * as auth from '../../contracts/auth.contract'
import { callApi } from '../lib/api-client'
import { noticeForApiError } from '../lib/api-error-notice'
import { now } from '../lib/clock'
import { leaveForTrustedAddress } from '../lib/safe-navigation'
import type { LoginDrawerView, ProfileUnavailableView, SessionView } from '../lib/session'
import { notify } from '../ui/notifications'
import type { Landing } from './landing'
import { startSocialSignIn } from './social-sign-in'
import { startSession } from './session-service'

export interface SessionViews {
  session: SessionView
  drawer: LoginDrawerView
}

type Session = ReturnType<typeof startSession>['session']
type SessionSnapshot = ReturnType<Session['getSnapshot']>

function statusOf(snapshot: SessionSnapshot): SessionView['status'] {
  if (snapshot.matches({ loggedIn: 'ready' })) return 'loggedIn'
  // Logging out is not "signed out" yet: the guard must not turn the athlete away from the page
  // they are leaving (the machine takes them home when it is done).
  if (snapshot.matches('loggedIn') || snapshot.matches('restoring') || snapshot.matches('loggingOut')) return 'pending'
  return 'loggedOut'
}

/**
 * The session machine at work for the page: starts it and publishes what screens see of it each
 * time that changes. Loaded on its own chunk, after the first paint for a visitor.
 */
export function startSessionRuntime(landing: Landing, queryClient: QueryClient, publish: (views: SessionViews) => void) {
  const { session, confirmationLink } = startSession(landing, queryClient)
  const drawerOf = () => session.getSnapshot().children.drawer!

  const actions = {
    logout: () => session.send({ type: 'session.logout' }),
    signIn: (token: string, source: 'confirmation' | 'reset', options: { replaces?: boolean } = {}) =>
      session.send({ type: 'session.signIn', token, source, now: now(), ...options }),
    signInWith: async (provider: auth.SocialProvider) => {
      // The provider brings the athlete back to where they meant to go, across the full-page trip,
      // with the single-use state that proves this browser started the sign-in.
      const back = new URL(session.getSnapshot().context.redirectTo ?? window.location.pathname + window.location.search, window.location.origin)
      back.searchParams.set('state', startSocialSignIn())
      const result = await callApi(auth.socialStart, { params: { provider }, body: { redirect_uri: back.href } })
      if (!result.ok) return notify(noticeForApiError(result.error))
      if (!leaveForTrustedAddress(result.data.authorize_url)) notify('unsafe_redirect')
    },
    denyAccess: (path: string, reason: 'login_required' | 'profile_incomplete') =>
      session.send({ type: 'session.accessDenied', path, reason }),
    askToLogIn: (path: string) => session.send({ type: 'session.loginRequested', path }),
    login: (username: string, password: string) => session.send({ type: 'session.login', username, password }),
    setOpen: (open: boolean) => drawerOf().send(open ? { type: 'drawer.open', delayed: false } : { type: 'drawer.close' }),
    retryProfile: () => session.send({ type: 'session.retryProfile' }),
  }

  // One object per failure, so that screens re-render only when the failure changes.
  let unavailable: ProfileUnavailableView | null = null
  const unavailableView = (failure: SessionSnapshot['context']['profileFailure']) => {
    if (failure === null) return (unavailable = null)
    if (unavailable?.failure !== failure) unavailable = { failure, retry: actions.retryProfile }
    return unavailable
  }

  let last: SessionViews | null = null
  const update = () => {
    const snapshot = session.getSnapshot()
    const drawer = drawerOf().getSnapshot()
    const next: SessionViews = {
      session: {
        status: statusOf(snapshot),
        confirmationLink,
        logout: actions.logout,
        signIn: actions.signIn,
        signInWith: actions.signInWith,
        denyAccess: actions.denyAccess,
        askToLogIn: actions.askToLogIn,
        profileUnavailable: unavailableView(snapshot.context.profileFailure),
      },
      drawer: {
        open: drawer.matches('open'),
        requested: !drawer.matches('closed'),
        authenticating: snapshot.matches('authenticating') || snapshot.matches({ loggedIn: 'loadingProfile' }),
        coolingDown: snapshot.matches('coolingDown'),
        failure: snapshot.context.loginFailure,
        login: actions.login,
        setOpen: actions.setOpen,
      },
    }
    // Screens re-render only when what they see has changed.
    const sessionView = last && sameFields(last.session, next.session) ? last.session : next.session
    const drawerView = last && sameFields(last.drawer, next.drawer) ? last.drawer : next.drawer
    if (last && sessionView === last.session && drawerView === last.drawer) return
    last = { session: sessionView, drawer: drawerView }
    publish(last)
  }

  session.subscribe(update)
  // The drawer is the session's child: follow it too.
  drawerOf().subscribe(update)
  update()
  return { session, actions }
}

function sameFields<T extends object>(a: T, b: T): boolean {
  return (Object.keys(a) as Array<keyof T>).every((key) => Object.is(a[key], b[key]))
}
