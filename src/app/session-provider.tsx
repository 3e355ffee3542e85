import { useSelector } from '@xstate/react'
import { useMemo, type ReactNode } from 'react'
import * as auth from '../../contracts/auth.contract'
import { callApi } from '../lib/api-client'
import { noticeForApiError } from '../lib/api-error-notice'
import { now } from '../lib/clock'
import { leaveForTrustedAddress } from '../lib/safe-navigation'
import { LoginDrawerContext, SessionContext, type LoginDrawerView, type SessionView } from '../lib/session'
import { notify } from '../ui/notifications'
import { startSocialSignIn, type SessionServices } from './session-service'

type SessionSnapshot = ReturnType<SessionServices['session']['getSnapshot']>

function statusOf(snapshot: SessionSnapshot): SessionView['status'] {
  if (snapshot.matches({ loggedIn: 'ready' })) return 'loggedIn'
  if (snapshot.matches('loggedIn') || snapshot.matches('restoring')) return 'pending'
  return 'loggedOut'
}

export function SessionProvider({ services, children }: { services: SessionServices; children: ReactNode }) {
  const { session, confirmationLink } = services
  const status = useSelector(session, statusOf)
  const drawer = useSelector(session, (s) => s.children.drawer!)
  const drawerOpen = useSelector(drawer, (s) => s.matches('open'))
  const drawerRequested = useSelector(drawer, (s) => !s.matches('closed'))
  const authenticating = useSelector(session, (s) => s.matches('authenticating') || s.matches({ loggedIn: 'loadingProfile' }))
  const coolingDown = useSelector(session, (s) => s.matches('coolingDown'))
  const failure = useSelector(session, (s) => s.context.loginFailure)

  const view = useMemo<SessionView>(
    () => ({
      status,
      confirmationLink,
      logout: () => session.send({ type: 'session.logout' }),
      signIn: (token, source) => session.send({ type: 'session.signIn', token, source, now: now() }),
      signInWith: async (provider) => {
        // The provider brings the athlete back to where they meant to go, across the full-page trip,
        // with the single-use state that proves this browser started the sign-in.
        const back = new URL(session.getSnapshot().context.redirectTo ?? window.location.pathname + window.location.search, window.location.origin)
        back.searchParams.set('state', startSocialSignIn())
        const result = await callApi(auth.socialStart, { params: { provider }, body: { redirect_uri: back.href } })
        if (!result.ok) return notify(noticeForApiError(result.error))
        if (!leaveForTrustedAddress(result.data.authorize_url)) notify('unsafe_redirect')
      },
      denyAccess: (path, reason) => session.send({ type: 'session.accessDenied', path, reason }),
    }),
    [status, confirmationLink, session],
  )

  const drawerView = useMemo<LoginDrawerView>(
    () => ({
      open: drawerOpen,
      requested: drawerRequested,
      authenticating,
      coolingDown,
      failure,
      login: (username, password) => session.send({ type: 'session.login', username, password }),
      setOpen: (open) => drawer.send(open ? { type: 'drawer.open', delayed: false } : { type: 'drawer.close' }),
    }),
    [drawerOpen, drawerRequested, authenticating, coolingDown, failure, session, drawer],
  )

  return (
    <SessionContext value={view}>
      <LoginDrawerContext value={drawerView}>{children}</LoginDrawerContext>
    </SessionContext>
  )
}
