import { useSelector } from '@xstate/react'
import { useMemo, type ReactNode } from 'react'
import * as auth from '../../contracts/auth.contract'
import { isProfileComplete } from '../../machines/rules/profile-completeness'
import { callApi } from '../lib/api-client'
import { noticeForApiError } from '../lib/api-error-notice'
import { SessionContext, type SessionView } from '../lib/session'
import { notify } from '../ui/notifications'
import type { SessionServices } from './session-service'

type SessionSnapshot = ReturnType<SessionServices['session']['getSnapshot']>

function statusOf(snapshot: SessionSnapshot): SessionView['status'] {
  if (snapshot.matches({ loggedIn: 'ready' })) return 'loggedIn'
  if (snapshot.matches('loggedIn') || snapshot.matches('confirming') || snapshot.matches('resetting') || snapshot.matches('restoring')) {
    return 'pending'
  }
  return 'loggedOut'
}

export function SessionProvider({ services, children }: { services: SessionServices; children: ReactNode }) {
  const { session, drawer } = services
  const status = useSelector(session, statusOf)
  const authenticating = useSelector(session, (s) => s.matches('authenticating') || s.matches({ loggedIn: 'loadingProfile' }))
  const profile = useSelector(session, (s) => s.context.profile)
  const possibleSubscriptions = useSelector(session, (s) => s.context.possibleSubscriptions)

  const view = useMemo<SessionView>(
    () => ({
      status,
      authenticating,
      profile,
      profileComplete: profile !== null && isProfileComplete(profile),
      possibleSubscriptions,
      login: (username, password) => session.send({ type: 'session.login', username, password }),
      logout: () => session.send({ type: 'session.logout' }),
      signInWith: async (provider) => {
        // The provider brings the athlete back to where they meant to go, across the full-page trip.
        const back = session.getSnapshot().context.redirectTo ?? window.location.pathname + window.location.search
        const result = await callApi(auth.socialStart, {
          params: { provider },
          body: { redirect_uri: new URL(back, window.location.origin).href },
        })
        if (result.ok) window.location.assign(result.data.authorize_url)
        else notify(noticeForApiError(result.error))
      },
      rememberDestination: (path) => session.send({ type: 'session.rememberDestination', path }),
      promptLogin: (options) => drawer.send({ type: 'drawer.open', delayed: options?.delayed ?? false }),
    }),
    [status, authenticating, profile, possibleSubscriptions, session, drawer],
  )

  return <SessionContext value={view}>{children}</SessionContext>
}
