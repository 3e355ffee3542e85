import type { QueryClient } from '@tanstack/react-query'
import { createActor, fromCallback, fromPromise } from 'xstate'
import * as auth from '../../contracts/auth.contract'
import { SECOND_MS } from '../../contracts/time'
import { sessionMachine, type SessionEvent, type StoredSession } from '../../machines/session/session.machine'
import { callApi, configureApiClient } from '../lib/api-client'
import { forgetAthleteQueries } from '../lib/api-query'
import { athleteQueries } from '../lib/athlete-queries'
import { now, subscribeClock } from '../lib/clock'
import { notify } from '../ui/notifications'
import { navigate } from 'wouter/use-browser-location'

const STORAGE_KEY = 'pettorale.session'
/** How often an idle page checks whether the session has expired. */
const EXPIRY_CHECK_MS = 15 * SECOND_MS

const SOCIAL_STATE_KEY = 'pettorale.socialState'

/** What the address bar brought: a social sign-in token or an account-confirmation link. */
export type Landing =
  | { kind: 'social'; token: string; state: string | null }
  | { kind: 'confirm'; contactId: number; token: string }
  | null

/** A fresh single-use nonce for a social sign-in this tab starts; the return must carry it back. */
export function startSocialSignIn(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  const state = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  sessionStorage.setItem(SOCIAL_STATE_KEY, state)
  return state
}

/**
 * Whether a social return's state is the one this tab stored; the stored one is used up either
 * way. Compared over every character whatever the first difference, so timing tells nothing.
 */
export function takeSocialState(returned: string | null): boolean {
  const expected = sessionStorage.getItem(SOCIAL_STATE_KEY)
  sessionStorage.removeItem(SOCIAL_STATE_KEY)
  if (!returned || !expected || returned.length !== expected.length) return false
  let difference = 0
  for (let i = 0; i < expected.length; i += 1) difference |= expected.charCodeAt(i) ^ returned.charCodeAt(i)
  return difference === 0
}

/**
 * Takes a token out of the address bar before anything else runs, so it never stays in history,
 * bookmarks or a Referer header.
 */
export function takeLandingToken(location: Location, history: History): Landing {
  const url = new URL(location.href)
  const token = url.searchParams.get('token')
  if (!token) return null
  const state = url.searchParams.get('state')
  url.searchParams.delete('token')
  url.searchParams.delete('state')
  history.replaceState(history.state, '', url.pathname + url.search + url.hash)
  if (url.pathname === '/confirm-account') {
    const contactId = Number(url.searchParams.get('contact_id'))
    return Number.isInteger(contactId) && contactId > 0 ? { kind: 'confirm', contactId, token } : null
  }
  return { kind: 'social', token, state }
}

function readStored(): StoredSession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredSession>) : null
    return parsed && typeof parsed.token === 'string' && typeof parsed.expiresAt === 'number'
      ? { token: parsed.token, expiresAt: parsed.expiresAt }
      : null
  } catch {
    return null
  }
}

/** The session machine bound to the API client, the query cache and the page's clock. */
function bindSessionMachine(queryClient: QueryClient) {
  return sessionMachine.provide({
    actions: {
      forgetAthleteData: () => forgetAthleteQueries(queryClient),
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
  const session = createActor(bindSessionMachine(queryClient), { input: { stored: readStored(), now: now() } })

  session.on('notice', ({ code }) => notify(code))
  session.on('navigate', ({ to, replace }) => navigate(to, { replace }))

  let persisted = readStored()?.token ?? null
  session.subscribe(({ context }) => {
    if (context.token === persisted) return
    persisted = context.token
    if (context.token && context.expiresAt) {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: context.token, expiresAt: context.expiresAt }))
    } else {
      localStorage.removeItem(STORAGE_KEY)
    }
  })

  // Signing out in one tab signs out the others.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY && event.newValue === null) session.send({ type: 'session.storageCleared' })
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
