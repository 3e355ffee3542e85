import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { now } from '../lib/clock'
import { reloadForNewDeploy } from '../ui/lazy-part'
import { notify } from '../ui/notifications'
import { readStoredSession, type Landing } from './landing'
import type { SessionViews, startSessionRuntime } from './session-runtime'

type SessionRuntime = ReturnType<typeof startSessionRuntime>

/**
 * What screens see of the session, before and after the session machine has loaded. A visitor's
 * first paint needs no state machine: the store answers "signed out" at once and the machine loads
 * at the first interaction, or at once when there is a session to restore or a sign-in to
 * complete. An action taken before it has loaded (opening the drawer, a guard's denial) waits for it.
 */
let views: SessionViews
const listeners = new Set<() => void>()

function publish(next: SessionViews) {
  views = next
  for (const listener of listeners) listener()
}

export function initSessionStore(landing: Landing, queryClient: QueryClient) {
  let runtime: Promise<SessionRuntime> | null = null
  const load = () =>
    (runtime ??= import('./session-runtime').then(
      ({ startSessionRuntime }) => startSessionRuntime(landing, queryClient, publish),
      (error: unknown) => {
        // Offline, or a new deploy: the next action tries again instead of failing for ever.
        runtime = null
        reloadForNewDeploy()
        throw error
      },
    ))
  // Once loaded, the published views are the machine's: the action goes to it. If it cannot load,
  // the athlete is told the connection failed rather than left with a button that does nothing.
  const later =
    <A extends unknown[]>(act: (loaded: SessionViews) => (...args: A) => unknown) =>
    (...args: A) =>
      void load().then(
        () => act(views)(...args),
        () => notify('network_error'),
      )

  const stored = readStoredSession()
  const restoring = stored !== null && stored.expiresAt > now()
  // A session to restore or a sign-in to complete: the guard waits for it instead of turning away.
  // One that ran out while the page was closed loads it too, to say so at once.
  const expired = stored !== null && !restoring
  const loadNow = restoring || expired || landing?.kind === 'social' || landing?.kind === 'confirm'
  publish({
    session: {
      status: restoring || landing?.kind === 'social' ? 'pending' : 'loggedOut',
      confirmationLink: landing?.kind === 'confirm' ? { contactId: landing.contactId, token: landing.token } : null,
      logout: later((loaded) => loaded.session.logout),
      signIn: later((loaded) => loaded.session.signIn),
      signInWith: async (provider) => {
        try {
          await load()
        } catch {
          return notify('network_error')
        }
        await views.session.signInWith(provider)
      },
      // Not queued: once the machine has loaded the guard decides again, with the machine's views.
      denyAccess: () => void load().catch(() => notify('network_error')),
      askToLogIn: later((loaded) => loaded.session.askToLogIn),
      profileUnavailable: null,
    },
    drawer: {
      open: false,
      requested: false,
      authenticating: false,
      coolingDown: false,
      failure: null,
      login: later((loaded) => loaded.drawer.login),
      setOpen: later((loaded) => loaded.drawer.setOpen),
    },
  })
  return {
    loadNow,
    load,
    /** Loads it without waiting for an action; a failure waits for the next action to retry. */
    preload: () => void load().catch(() => {}),
  }
}

export function useSessionViews(): SessionViews {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => views,
  )
}
