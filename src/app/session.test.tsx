/**
 * The session as the athlete sees it: the whole portal rendered against the simulated backend
 * (msw/node), signed in and out through the header and the login drawer. The machine's tests prove
 * which failure or notice each case gets; these prove the words on the screen, where they are said,
 * what the form keeps, and the wiring that brings each case to the machine (the API client's 401,
 * the stored session, the page's clock).
 */
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { navigate } from 'wouter/use-browser-location'
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { controls } from '../../mocks/node'
import { PERSONAS } from '../../mocks/seed'
import '../../tests/setup/mock-backend'
import { athleteKeys } from '../lib/athlete-queries'
import { now, resetClockSource, setClockSource } from '../lib/clock'
import { activateLocale } from '../lib/i18n'
import { ensureTemporal } from '../lib/temporal'
import { dismissNotice, useNotices } from '../ui/notifications'
import { App, createQueryClient } from './app'
import { SESSION_STORAGE_KEY } from './landing'
import type { startSessionRuntime } from './session-runtime'
import { initSessionStore } from './session-store'

const completo = PERSONAS.find((p) => p.key === 'completo')!
/** The password grant's lifetime in the simulated backend (mocks/records.ts). */
const PASSWORD_SESSION_MS = 8 * HOUR_MS
const EXPIRED = 'Your session has expired. Please log in again.'
const SERVER_UNAVAILABLE = 'You are still logged in, but the service is not answering, so your profile could not be loaded. We will try again in a moment.'

// Whichever test runs first transforms the lazy screens and the drawer (the 15 s waits below); what
// is tested never waits on real time: the session's clock is the simulated backend's.
vi.setConfig({ testTimeout: 20_000 })

let runtime: ReturnType<typeof startSessionRuntime> | null = null
let unfollowClock: (() => void) | null = null

/**
 * The portal in the page at `path`, English, its session machine loaded as the boot loads it, and
 * its clock the simulated backend's (as in mock mode, src/dev/entry.ts).
 */
async function openPortal(path = '/') {
  window.history.replaceState(null, '', path)
  await Promise.all([activateLocale('en'), ensureTemporal()])
  setClockSource(controls.now)
  unfollowClock = controls.subscribe(() => setClockSource(controls.now))
  const queryClient = createQueryClient()
  // Retries of a failed read wait seconds in production; a test need not.
  queryClient.setQueryDefaults(athleteKeys.root, { retryDelay: 0 })
  const store = initSessionStore(null, queryClient)
  render(<App queryClient={queryClient} />)
  runtime = await act(() => store.load())
  // No pause between keystrokes: the page's own timers are not what is tested here.
  return { store, user: userEvent.setup({ delay: null }) }
}

/** The page reloaded at `path`: the stored session is all that survives, as in a browser. */
async function reloadOn(path: string) {
  cleanup()
  runtime?.session.stop()
  unfollowClock?.()
  return openPortal(path)
}

const header = () => within(screen.getByRole('banner'))

/** Opens the drawer from the header, types the e-mail and `password`, and submits. */
async function logInThroughTheDrawer(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.click(header().getByRole('button', { name: 'Log in' }))
  // The drawer loads on first use: the first test transforms it.
  const drawer = within(await screen.findByRole('dialog', { name: 'Log in' }, { timeout: 15_000 }))
  await user.type(drawer.getByLabelText('E-mail'), completo.mail)
  await user.type(drawer.getByLabelText('Password'), password)
  await user.click(drawer.getByRole('button', { name: 'Log in' }))
  return drawer
}

async function signedInOn(path: string) {
  const opened = await openPortal(path)
  await logInThroughTheDrawer(opened.user, completo.password)
  await header().findByRole('button', { name: 'Log out' })
  return opened
}

beforeEach(() => {
  localStorage.clear()
  runtime = null
})
afterEach(() => {
  cleanup()
  runtime?.session.stop()
  unfollowClock?.()
  unfollowClock = null
  resetClockSource()
  // Notices live for the page: the next test starts with none.
  const { result, unmount } = renderHook(() => useNotices())
  act(() => result.current.forEach((notice) => dismissNotice(notice.id)))
  unmount()
})

describe('a sign-in that does not go through', () => {
  it('a wrong password is said once, in the drawer, and no notice repeats it; the e-mail stays', async () => {
    const { user } = await openPortal()
    const drawer = await logInThroughTheDrawer(user, 'Not-the-password-1')
    const said = 'Wrong e-mail or password. Check them and try again.'
    expect(await drawer.findByRole('alert')).toHaveTextContent(said)
    expect(screen.getAllByText(said)).toHaveLength(1)
    expect(within(screen.getByRole('region', { name: 'Notifications', hidden: true })).queryByText(said)).not.toBeInTheDocument()
    expect(drawer.getByLabelText('E-mail')).toHaveValue(completo.mail)
  })

  it('a server that cannot be reached is explained with a Try again, the form keeps what was typed, and Try again signs in once it answers', async () => {
    const { user } = await openPortal()
    controls.fault('auth.token', { kind: 'network' })
    const drawer = await logInThroughTheDrawer(user, completo.password)
    const alert = await drawer.findByRole('alert')
    expect(alert).toHaveTextContent('We could not reach the server. Check your connection and try again.')
    expect(drawer.getByLabelText('E-mail')).toHaveValue(completo.mail)
    expect(drawer.getByLabelText('Password')).toHaveValue(completo.password)

    controls.fault('auth.token', null)
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await header().findByRole('button', { name: 'Log out' })).toBeInTheDocument()
  })

  it('when the profile cannot be loaded after signing in, the athlete stays signed in, the page names the outage, and Try again loads it', async () => {
    const { user } = await openPortal()
    controls.fault('athlete.me', { kind: 'status', status: 503 })
    await logInThroughTheDrawer(user, completo.password)

    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_UNAVAILABLE)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(header().getByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull()
    expect(screen.queryByText(/you have been logged out/)).not.toBeInTheDocument()

    controls.fault('athlete.me', null)
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }))
    expect(await header().findByText(completo.nome)).toBeInTheDocument()
    expect(screen.queryByText(SERVER_UNAVAILABLE)).not.toBeInTheDocument()
  })
})

describe('a passing outage does not sign the athlete out (issue 42)', () => {
  it('a reload of My races with no connection keeps the session and the page, says so, and My races comes back once the server answers', async () => {
    await signedInOn('/')
    act(() => navigate('/me/races'))
    await screen.findByRole('heading', { level: 1, name: 'My races' }, { timeout: 15_000 })

    controls.fault('athlete.me', { kind: 'network' })
    const { user } = await reloadOn('/me/races')
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile cannot be loaded right now' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You are still logged in, but we could not reach the server to load your profile. Check your connection: we will keep trying.',
    )
    expect(window.location.pathname).toBe('/me/races')
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull()
    expect(header().getByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(screen.queryByText('You must log in to access this section.')).not.toBeInTheDocument()

    controls.fault('athlete.me', null)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'My races' }, { timeout: 15_000 })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/me/races')
  })

  it('a reload of a public page while the server fails says so above the page, which stays', async () => {
    await signedInOn('/')
    controls.fault('athlete.me', { kind: 'status', status: 500 })
    await reloadOn('/contacts')
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_UNAVAILABLE)
    expect(window.location.pathname).toBe('/contacts')
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull()
  })

  it('only a refused token (401) on the reload ends the session, as expired', async () => {
    await signedInOn('/')
    controls.fault('athlete.me', { kind: 'expiredToken' })
    await reloadOn('/me/races')
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument()
    expect(header().getByRole('button', { name: 'Log in' })).toBeInTheDocument()
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    await waitFor(() => expect(window.location.pathname).toBe('/'))
  })
})

describe('logging in from the header (issue 42)', () => {
  it('on a race page comes back to that page, query string and all', async () => {
    const { user } = await openPortal('/race/202?from=newsletter')
    await logInThroughTheDrawer(user, completo.password)
    await header().findByRole('button', { name: 'Log out' })
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/race/202?from=newsletter'))
  })
})

describe('a session that ends without the athlete logging out', () => {
  it('ends when its time is up, and says so', async () => {
    await signedInOn('/')
    const signedInAt = now()
    act(() => controls.advance(PASSWORD_SESSION_MS - MINUTE_MS))
    expect(header().getByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument()

    act(() => controls.advance(2 * MINUTE_MS))
    expect(now() - signedInAt).toBeGreaterThan(PASSWORD_SESSION_MS)
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument()
    expect(header().getByRole('button', { name: 'Log in' })).toBeInTheDocument()
  })

  it('a session the server no longer accepts (401) says it has expired', async () => {
    await signedInOn('/')
    controls.fault('transactions.list', { kind: 'status', status: 401 })
    // Within the page, as a link would: the session is the one in use, not one restored.
    act(() => navigate('/me/transactions'))
    expect(await screen.findByText(EXPIRED, undefined, { timeout: 10_000 })).toBeInTheDocument()
    expect(header().getByRole('button', { name: 'Log in' })).toBeInTheDocument()
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })

  it('a session that ran out while the page was closed says so when the portal opens again', async () => {
    const ranOutAt = controls.now() - DAY_MS
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'a-token-of-yesterday', expiresAt: ranOutAt }))
    await Promise.all([activateLocale('en'), ensureTemporal()])
    setClockSource(controls.now)
    const queryClient = createQueryClient()
    const store = initSessionStore(null, queryClient)
    // The boot loads the session machine at once for it (src/main.tsx), without waiting for a touch.
    expect(store.loadNow).toBe(true)
    render(<App queryClient={queryClient} />)
    runtime = await act(() => store.load())
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument()
    expect(header().getByRole('button', { name: 'Log in' })).toBeInTheDocument()
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })
})

describe('logging out', () => {
  it('from My profile goes home signed out, forgets the stored session, and neither warns nor opens the drawer', async () => {
    const { user } = await signedInOn('/')
    act(() => navigate('/me'))
    await screen.findByRole('heading', { level: 1, name: 'My profile' }, { timeout: 15_000 })
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull()

    await user.click(header().getByRole('button', { name: 'Log out' }))
    expect(await header().findByRole('button', { name: 'Log in' })).toBeInTheDocument()
    await waitFor(() => expect(window.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Trail races' })).toBeInTheDocument()
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    expect(screen.queryByText('You must log in to access this section.')).not.toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
