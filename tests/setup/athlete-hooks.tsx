import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, vi } from 'vitest'
import * as auth from '../../contracts/auth.contract'
import { controls } from '../../mocks/node'
import { PERSONAS } from '../../mocks/seed'
import { callApi } from '../../src/lib/api-client'
import { configureApiClient } from '../../src/lib/api-config'
import { resetClockSource, setClockSource } from '../../src/lib/clock'
import { SessionContext, type SessionView } from '../../src/lib/session'
import './mock-backend'

/**
 * Import in a test of a hook that reads the athlete's data: `signInAs` gives the API client a
 * persona's token and the portal the simulated backend's clock, as mock mode does; `renderAthleteHook`
 * renders the hook with the query cache and a session of the given status around it.
 */
export async function signInAs(key: (typeof PERSONAS)[number]['key']) {
  const persona = PERSONAS.find((p) => p.key === key)!
  setClockSource(controls.now)
  const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: persona.mail, password: persona.password } })
  if (!signedIn.ok) throw new Error(`${key} could not sign in`)
  configureApiClient({ getToken: () => signedIn.data.access_token })
  return persona
}

afterEach(() => {
  configureApiClient({ getToken: () => null })
  resetClockSource()
})

/** The session as a screen reads it, in `status`, its actions spies a test may look at. */
export function sessionView(status: SessionView['status']): SessionView {
  return {
    status,
    logout: vi.fn(),
    signIn: vi.fn(),
    signInWith: vi.fn(async () => {}),
    denyAccess: vi.fn(),
    askToLogIn: vi.fn(),
    confirmationLink: null,
    profileUnavailable: null,
  }
}

export function renderAthleteHook<T>(
  hook: () => T,
  { status = 'loggedIn', queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }) }: { status?: SessionView['status']; queryClient?: QueryClient } = {},
) {
  const session = sessionView(status)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
    </QueryClientProvider>
  )
  return { ...renderHook(hook, { wrapper }), queryClient }
}
