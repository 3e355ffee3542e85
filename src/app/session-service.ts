import { createActor, fromCallback, fromPromise } from 'xstate'
import * as account from '../../contracts/account.contract'
import * as athlete from '../../contracts/athlete.contract'
import * as auth from '../../contracts/auth.contract'
import { loginDrawerMachine } from '../../machines/session/login-drawer.machine'
import {
  sessionMachine,
  type SessionEvent,
  type SessionFailure,
  type StoredSession,
} from '../../machines/session/session.machine'
import { callApi, configureApiClient, type ApiError } from '../lib/api-client'
import { now, subscribeClock } from '../lib/clock'
import { notify } from '../ui/notifications'
import { navigate } from 'wouter/use-browser-location'

const STORAGE_KEY = 'pettorale.session'
/** How often an idle page checks whether the session has expired. */
const EXPIRY_CHECK_MS = 15_000

/** What the address bar brought: a social sign-in token or an account-confirmation link. */
export type Landing =
  | { kind: 'social'; token: string }
  | { kind: 'confirm'; contactId: number; token: string }
  | null

/**
 * Takes a token out of the address bar before anything else runs, so it never stays in history,
 * bookmarks or a Referer header.
 */
export function takeLandingToken(location: Location, history: History): Landing {
  const url = new URL(location.href)
  const token = url.searchParams.get('token')
  if (!token) return null
  url.searchParams.delete('token')
  history.replaceState(history.state, '', url.pathname + url.search + url.hash)
  if (url.pathname === '/confirm-account') {
    const contactId = Number(url.searchParams.get('contact_id'))
    return Number.isInteger(contactId) && contactId > 0 ? { kind: 'confirm', contactId, token } : null
  }
  return { kind: 'social', token }
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

function failure(error: ApiError): SessionFailure {
  if (error.kind === 'network') return { reason: 'network' }
  if (error.kind === 'contract') return { reason: 'unexpected' }
  const description = error.kind === 'http' ? (error.body as { error_description?: string } | undefined)?.error_description : undefined
  return { reason: description === 'account_not_confirmed' ? 'not_confirmed' : 'rejected' }
}

const boundSessionMachine = sessionMachine.provide({
  actors: {
    requestToken: fromPromise(async ({ input }) => {
      const result = await callApi(auth.token, {
        body: { grant_type: 'password', username: input.username, password: input.password },
      })
      if (!result.ok) throw failure(result.error)
      return { accessToken: result.data.access_token, expiresIn: result.data.expires_in, receivedAt: now() }
    }),
    confirmAccount: fromPromise(async ({ input }) => {
      const result = await callApi(account.confirm, { query: { contact_id: input.contactId }, token: input.token })
      if (!result.ok) throw failure(result.error)
      return { token: input.token, receivedAt: now() }
    }),
    resetPassword: fromPromise(async ({ input }) => {
      const result = await callApi(auth.resetPassword, {
        params: { token: input.token },
        body: { data: { attributes: { password: input.password } } },
      })
      if (!result.ok) throw failure(result.error)
      return { accessToken: result.data.access_token, receivedAt: now() }
    }),
    loadProfile: fromPromise(async ({ input }) => {
      const result = await callApi(athlete.me, { token: input.token })
      if (!result.ok) throw failure(result.error)
      const [profile] = result.data.profilo
      if (!profile) throw { reason: 'unexpected' } satisfies SessionFailure
      return { profile, possibleSubscriptions: result.data.iscrizioni_possibili }
    }),
    revokeToken: fromPromise(async ({ input }) => {
      await callApi(auth.logout, { token: input.token })
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

/** Starts the session and the login drawer once for the page, outside React's render cycle. */
export function startSession(landing: Landing) {
  const session = createActor(boundSessionMachine, { input: { stored: readStored(), now: now() } })
  const drawer = createActor(loginDrawerMachine)

  session.on('notice', ({ code }) => notify(code))
  session.on('navigate', ({ to }) => navigate(to))

  let persisted = readStored()?.token ?? null
  session.subscribe((snapshot) => {
    const { context } = snapshot
    if (context.token !== persisted) {
      persisted = context.token
      if (context.token && context.expiresAt) {
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: context.token, expiresAt: context.expiresAt }))
      } else {
        localStorage.removeItem(STORAGE_KEY)
      }
    }
    // Closed only once the profile is in: a failed profile load is told inside the drawer.
    if (snapshot.matches({ loggedIn: 'ready' })) drawer.send({ type: 'drawer.close' })
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
  drawer.start()
  if (landing?.kind === 'social') {
    // The provider returned to the page the athlete meant to reach: that is where they go.
    session.send({ type: 'session.rememberDestination', path: window.location.pathname + window.location.search })
    session.send({ type: 'session.signInWithToken', token: landing.token, source: 'social', now: now() })
  }
  if (landing?.kind === 'confirm') session.send({ type: 'session.confirmAccount', contactId: landing.contactId, token: landing.token })
  return { session, drawer }
}

export type SessionServices = ReturnType<typeof startSession>
