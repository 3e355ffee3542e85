import type { QueryClient } from '@tanstack/react-query'
import { createActor, fromCallback, fromPromise } from 'xstate'
import * as auth from '../../contracts/auth.contract'
import { SECOND_MS } from '../../contracts/time'
import { sessionMachine, type SessionEvent } from '../../machines/session/session.machine'
import { callApi } from '../lib/api-client'
import { configureApiClient } from '../lib/api-config'
import { dropEveryWizard } from '../features/enrolment/wizard-storage'
import { forgetExperienceLater } from '../features/profile/experience-later'
import { forgetAthleteQueries } from '../lib/api-query'
import { athleteQueries } from '../lib/athlete-queries'
import { now, subscribeClock } from '../lib/clock'
import { inspection } from '../lib/inspection'
import { isPrivatePath } from '../lib/paths'
import { notify } from '../ui/notifications'
import { navigate } from 'wouter/use-browser-location'
import { readStoredSession, SESSION_STORAGE_KEY, type Landing } from './landing'
import { takeSocialState } from './social-sign-in'

/** How often an idle page checks whether the session has expired. */
const EXPIRY_CHECK_MS = 15 * SECOND_MS

/** The session machine bound to the API client, the query cache and the page's clock. */
function bindSessionMachine(queryClient: QueryClient) {
  return sessionMachine.provide({
    actions: {
      forgetAthleteData: () => forgetAthleteQueries(queryClient),
      forgetKeptWork: () => {
        dropEveryWizard()
        forgetExperienceLater()
      },
    },
    actors: {
      requestToken: fromPromise(async ({ input, signal }) => {
        const result = await callApi(auth.token, {
          body: { grant_type: 'password', username: input.username, password: input.password },
          signal,
        })
        if (!result.ok) throw result.error
        return { accessToken: result.data.access_token, expiresIn: result.data.expires_in, receivedAt: now() }
      }),
      loadProfile: fromPromise(async ({ signal }) => {
        const me = athleteQueries.me()
        signal.addEventListener('abort', () => void queryClient.cancelQueries({ queryKey: me.queryKey }))
        const data = await queryClient.fetchQuery(me)
        return data.profilo[0]!
      }),
      revokeToken: fromPromise(async ({ input, signal }) => {
        await callApi(auth.logout, { token: input.token, signal })
      }),
      watchClock: fromCallback<SessionEvent>(({ sendBack }) => {
        const tick = () => sendBack({ type: 'session.tick', now: now() })
        const interval = setInterval(tick, EXPIRY_CHECK_MS)
        const unsubscribe = subscribeClock(tick)
        const onVisible = () => document.visibilityState === 'visible' && tick()
        document.addEventListener('visibilitychange', onVisible)
        tick()
        return () => {
          clearInterval(interval)
          unsubscribe()
          document.removeEventListener('visibilitychange', onVisible)
        }
      }),
    },
  })
}

/** Starts the session once for the page, outside React's render cycle. */
export function startSession(landing: Landing, queryClient: QueryClient) {
  const session = createActor(bindSessionMachine(queryClient), { input: { stored: readStoredSession(), now: now() }, ...inspection() })

  session.on('notice', ({ code }) => notify(code))
  session.on('navigate', ({ to, replace, onlyFromPrivate }) => {
    if (onlyFromPrivate && !isPrivatePath(window.location.pathname)) return
    navigate(to, { replace })
  })

  let persisted = readStoredSession()?.token ?? null
  session.subscribe(({ context }) => {
    if (context.token === persisted) return
    persisted = context.token
    if (context.token && context.expiresAt) {
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: context.token, expiresAt: context.expiresAt }))
    } else {
      localStorage.removeItem(SESSION_STORAGE_KEY)
    }
  })

  // Signing out in one tab signs out the others.
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY && event.newValue === null) session.send({ type: 'session.storageCleared' })
  })

  configureApiClient({
    getToken: () => {
      const { token, expiresAt } = session.getSnapshot().context
      if (!token || expiresAt === null) return null
      if (expiresAt <= now()) {
        session.send({ type: 'session.tick', now: now() })
        return null
      }
      return token
    },
    onUnauthorized: () => session.send({ type: 'session.unauthorized' }),
  })

  session.start()
  if (landing?.kind === 'social') {
    // Only a sign-in this tab started is taken (login CSRF): a token in a link someone sent is not.
    if (!takeSocialState(landing.state)) {
      notify('sign_in_link_refused')
    } else {
      // The provider returned to the page the athlete meant to reach: that is where they go.
      const destination = window.location.pathname + window.location.search
      session.send({ type: 'session.signIn', token: landing.token, source: 'social', now: now(), destination })
    }
  }
  return { session, confirmationLink: landing?.kind === 'confirm' ? { contactId: landing.contactId, token: landing.token } : null }
}

export type SessionServices = ReturnType<typeof startSession>
