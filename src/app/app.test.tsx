import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { navigate } from 'wouter/use-browser-location'
import { db } from '../../mocks/db'
import { controls } from '../../mocks/node'
import { PERSONAS } from '../../mocks/seed'
import '../../tests/setup/mock-backend'
import { athleteKeys, athleteQueries } from '../lib/athlete-queries'
import { activateLocale } from '../lib/i18n'
import { ensureTemporal } from '../lib/temporal'
import { App, createQueryClient } from './app'
import type { startSessionRuntime } from './session-runtime'
import { initSessionStore } from './session-store'

const completo = PERSONAS.find((p) => p.key === 'completo')!
let runtime: ReturnType<typeof startSessionRuntime> | null = null

/** The portal in the page, English, signed in as `completo` and showing "My profile". */
async function openMyProfileSignedIn() {
  localStorage.clear()
  window.history.replaceState(null, '', '/')
  await Promise.all([activateLocale('en'), ensureTemporal()])
  const queryClient = createQueryClient()
  // Retries of a failed refetch wait seconds in production; a test need not.
  queryClient.setQueryDefaults(athleteKeys.root, { retryDelay: 0 })
  const store = initSessionStore(null, queryClient)
  render(<App queryClient={queryClient} />)
  runtime = await act(() => store.load())
  act(() => runtime!.session.send({ type: 'session.login', username: completo.mail, password: completo.password }))
  await screen.findByRole('button', { name: 'Log out' })
  act(() => navigate('/me'))
  // The page, its frame and the contracts load on first use: the first test transforms them all.
  const heading = await screen.findByRole('heading', { level: 1, name: 'My profile' }, { timeout: 15_000 })
  return { queryClient, heading, session: runtime.session }
}

async function renameOnServer(nome: string) {
  await db.athletes.update((q) => q.where({ mail: completo.mail }), { data: (record) => void (record.nome = nome) })
}

beforeEach(() => {
  runtime = null
})
afterEach(() => {
  cleanup()
  runtime?.session.stop()
})

describe('the athlete data is a query, not the session', () => {
  it('a profile refetch while "My profile" is open updates it in place: the page stays mounted and the header stays signed in', async () => {
    const { queryClient, heading, session } = await openMyProfileSignedIn()
    await renameOnServer('Giulietta')
    await act(() => queryClient.invalidateQueries({ queryKey: athleteKeys.root }))
    await waitFor(() => expect(screen.getByRole('banner').textContent).toContain('Giulietta'))
    expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBe(heading)
    expect(screen.queryByText('Checking your session…')).toBeNull()
    expect(session.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true)
  })

  it('a refetch the server fails (503) keeps the athlete signed in with the last good profile', async () => {
    const { queryClient, heading, session } = await openMyProfileSignedIn()
    const nameBefore = screen.getByRole('banner').textContent
    controls.fault('athlete.me', { kind: 'status', status: 503 })
    await act(() => queryClient.refetchQueries({ queryKey: athleteKeys.root }))
    await waitFor(() => expect(queryClient.getQueryState(athleteQueries.me().queryKey)?.status).toBe('error'))
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(screen.getByRole('banner').textContent).toBe(nameBefore)
    expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBe(heading)
    expect(session.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true)
  })

  it('a visitor sees the page signed out before the session machine has loaded, and the header works once it has', async () => {
    localStorage.clear()
    window.history.replaceState(null, '', '/')
    await Promise.all([activateLocale('en'), ensureTemporal()])
    const queryClient = createQueryClient()
    const store = initSessionStore(null, queryClient)
    expect(store.loadNow).toBe(false)
    render(<App queryClient={queryClient} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Trail races' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument()
    runtime = await act(() => store.load())
    expect(runtime.session.getSnapshot().value).toBe('loggedOut')
  })

  it('logging out removes the athlete data from the cache', async () => {
    const { queryClient, session } = await openMyProfileSignedIn()
    expect(queryClient.getQueryData(athleteQueries.me().queryKey)).toBeDefined()
    act(() => session.send({ type: 'session.logout' }))
    await screen.findByRole('button', { name: 'Log in' })
    expect(queryClient.getQueryData(athleteQueries.me().queryKey)).toBeUndefined()
  })
})
