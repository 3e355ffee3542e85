import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import * as auth from '../../../contracts/auth.contract'
import { MINUTE_MS } from '../../../contracts/time'
import { controls } from '../../../mocks/node'
import { PERSONAS } from '../../../mocks/seed'
import { RUSH_DRAW_COMMITMENT, RUSH_DRAW_SEED } from '../../../mocks/seed/rush'
import '../../../tests/setup/mock-backend'
import { createQueryClient } from '../../app/app'
import { callApi } from '../../lib/api-client'
import { configureApiClient } from '../../lib/api-config'
import { resetClockSource, setClockSource } from '../../lib/clock'
import { activateLocale, i18n, loadPartCatalog } from '../../lib/i18n'
import { useWizardSaysLapse } from '../../lib/lapse-said'
import { SessionContext, type SessionView } from '../../lib/session'
import { ensureTemporal } from '../../lib/temporal'
import HoldBanner from './hold-banner'
import { RoomDrawCheck } from './room-draw-check'
import WaitingRoomPage from './waiting-room-page'
import queueCatalog from '../../lib/catalogs/queue'

/**
 * The room page and the wizard's banner against the simulated backend, completo signed in, on the
 * seeded rush race (room at 10:30 Rome, registration at 11:00, a place held for ten minutes).
 */
const RACE = 260
const ROOM_OPENS = Date.parse('2026-03-02T09:30:00Z')
const REGISTRATION_OPENS = Date.parse('2026-03-02T10:00:00Z')
const completo = PERSONAS.find((persona) => persona.key === 'completo')!

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
  // The room's words are a catalog of their own, which the routes load with its screens.
  await loadPartCatalog(queueCatalog)
})
beforeEach(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  setClockSource(() => controls.now())
  const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: completo.mail, password: completo.password } })
  if (!signedIn.ok) throw new Error('sign-in failed')
  configureApiClient({ getToken: () => signedIn.data.access_token })
})
afterEach(() => {
  cleanup()
  resetClockSource()
  configureApiClient({ getToken: () => null })
})

const session: SessionView = {
  status: 'loggedIn',
  logout: vi.fn(),
  signIn: vi.fn(),
  signInWith: vi.fn(),
  denyAccess: vi.fn(),
  askToLogIn: vi.fn(),
  confirmationLink: null,
  profileUnavailable: null,
}

function open(path: string, route: string, children: ReactNode) {
  const { hook, history } = memoryLocation({ path, record: true })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider i18n={i18n}>
        <SessionContext.Provider value={session}>
          <Router hook={hook}>
            <main>
              <Route path={route}>{children}</Route>
            </main>
          </Router>
        </SessionContext.Provider>
      </I18nProvider>
    </QueryClientProvider>,
  )
  return history
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 5_000 })

/** The clock moved, as the QA controls move it: the page hears of it at once. */
function moveClockTo(at: number) {
  act(() => {
    controls.setNow(at)
    setClockSource(() => controls.now())
  })
}

describe('the waiting room page', () => {
  it('counts down to the room, joins when it opens, then shows the place in line, the people ahead and the wait', { timeout: 20_000 }, async () => {
    open(`/race/${String(RACE)}/queue`, '/race/:id/queue', <WaitingRoomPage />)
    await heading('The waiting room is not open yet')
    expect(screen.getAllByRole('timer')[0]!.textContent).toMatch(/^1:\d\d:\d\d$/)

    moveClockTo(ROOM_OPENS)
    await heading('You are in the waiting room')
    expect(screen.getByRole('region', { name: 'You are in the waiting room' }).textContent).toMatch(/Your ticket: Q-260-\d+/)

    moveClockTo(REGISTRATION_OPENS)
    await heading('You are in line')
    const place = Number(screen.getByText('Your place in line').nextElementSibling?.textContent)
    expect(place).toBeGreaterThan(1)
    const ahead = place - 1
    expect(screen.getByText('Ahead of you').nextElementSibling?.textContent).toBe(ahead === 1 ? '1 athlete' : `${String(ahead)} athletes`)
    expect(screen.getByText('Estimated wait').nextElementSibling?.textContent).toMatch(/^(About \d+ minutes?|A minute or less)$/)
    // Said once, then not again every second.
    expect(document.querySelector('[aria-live]')?.textContent).toBe(`Your place in line: ${String(place)}.`)
  })

  it('says the place is kept only once the athlete has joined: not while the room counts down', { timeout: 20_000 }, async () => {
    const kept = /Your place is kept/
    open(`/race/${String(RACE)}/queue`, '/race/:id/queue', <WaitingRoomPage />)
    await heading('The waiting room is not open yet')
    expect(screen.queryByText(kept)).not.toBeInTheDocument()

    moveClockTo(ROOM_OPENS)
    await heading('You are in the waiting room')
    expect(screen.getByText(kept)).toHaveTextContent('Your place is kept on our side: refreshing this page or opening it in another tab does not change it.')
  })

  it('a session that ends before the athlete joined promises no place', { timeout: 20_000 }, async () => {
    controls.fault('queue.status', { kind: 'expiredToken' })
    open(`/race/${String(RACE)}/queue`, '/race/:id/queue', <WaitingRoomPage />)
    await heading('Your session has ended')
    expect(screen.getByText('Log in again to enter the waiting room.')).toBeInTheDocument()
    expect(screen.queryByText(/place is kept|it is kept/)).not.toBeInTheDocument()
  })

  it('a session that ends once the athlete is in the room says the place is kept', { timeout: 20_000 }, async () => {
    moveClockTo(ROOM_OPENS)
    open(`/race/${String(RACE)}/queue`, '/race/:id/queue', <WaitingRoomPage />)
    await heading('You are in the waiting room')
    controls.fault('queue.status', { kind: 'expiredToken' })
    moveClockTo(ROOM_OPENS + MINUTE_MS)
    await heading('Your session has ended')
    expect(screen.getByText('Log in again to see your place: it is kept while you do.')).toBeInTheDocument()
  })

  it('names the ticket one way: the draw shows the same ticket as the room card, with its number', { timeout: 20_000 }, async () => {
    moveClockTo(ROOM_OPENS)
    open(`/race/${String(RACE)}/queue`, '/race/:id/queue', <WaitingRoomPage />)
    await heading('You are in the waiting room')
    const code = /Your ticket: (Q-260-\d+)/.exec(screen.getByRole('region', { name: 'You are in the waiting room' }).textContent)?.[1]
    await vi.waitFor(() => expect(screen.getByText('Your ticket').nextElementSibling).toHaveTextContent(`${String(code)}, number 1`), { timeout: 5_000 })
    expect(screen.queryByText(/ticket number/)).not.toBeInTheDocument()
  })

  it("shows the commitment to the draw's seed while in the room, and the seed, the ticket's place and how to check once drawn", { timeout: 20_000 }, async () => {
    moveClockTo(ROOM_OPENS)
    open(`/race/${String(RACE)}/queue`, '/race/:id/queue', <WaitingRoomPage />)
    await heading('You are in the waiting room')
    const draw = await screen.findByRole('region', { name: 'A draw anyone can check' })
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent
    expect(value('Commitment (SHA-256 of the seed)')).toBe(RUSH_DRAW_COMMITMENT)
    expect(value('Seed')).toBe('Published when registration opens.')
    expect(value('Your ticket')).toMatch(/^Q-260-\d+, number 1$/)
    expect(document.body.textContent).not.toContain(RUSH_DRAW_SEED)
    expect(screen.queryByRole('button', { name: 'Download your ticket (JSON)' })).toBeNull()

    moveClockTo(REGISTRATION_OPENS)
    await vi.waitFor(() => expect(value('Seed')).toBe(RUSH_DRAW_SEED), { timeout: 5_000 })
    expect(value('Commitment (SHA-256 of the seed)')).toBe(RUSH_DRAW_COMMITMENT)
    expect(value('Your place in the draw')).toBe('3 of 26')
    expect(screen.getByRole('button', { name: 'Download your ticket (JSON)' })).toBeInTheDocument()
    expect(draw.querySelector('pre')?.textContent).toBe(`npm run lottery:verify -- room-${String(RACE)}.json`)
  })
})

describe('the draw on the room page before joining', () => {
  it('shows the commitment while the room counts down, from the draw published to anyone, then the ticket\'s own once joined', { timeout: 20_000 }, async () => {
    open(`/race/${String(RACE)}/queue`, '/race/:id/queue', <WaitingRoomPage />)
    await heading('The waiting room is not open yet')
    const draw = await screen.findByRole('region', { name: 'A draw anyone can check' }, { timeout: 5_000 })
    const value = (label: string) => screen.queryByText(label)?.nextElementSibling?.textContent
    expect(value('Commitment (SHA-256 of the seed)')).toBe(RUSH_DRAW_COMMITMENT)
    expect(value('Seed')).toBe('Published when registration opens.')
    // No ticket yet: no ticket number, no way to check before the seed is out.
    expect(value('Your ticket')).toBeUndefined()
    expect(draw.querySelector('pre')).toBeNull()
    expect(document.body.textContent).not.toContain(RUSH_DRAW_SEED)

    moveClockTo(ROOM_OPENS)
    await heading('You are in the waiting room')
    await vi.waitFor(() => expect(value('Your ticket')).toMatch(/^Q-260-\d+, number 1$/), { timeout: 5_000 })
    expect(value('Commitment (SHA-256 of the seed)')).toBe(RUSH_DRAW_COMMITMENT)
  })

  it('shows the seed to an athlete the room turned away once registration opens: the published draw is read again', { timeout: 20_000 }, async () => {
    const revisione = PERSONAS.find((persona) => persona.key === 'revisione')!
    const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: revisione.mail, password: revisione.password } })
    if (!signedIn.ok) throw new Error('sign-in failed')
    configureApiClient({ getToken: () => signedIn.data.access_token })
    moveClockTo(ROOM_OPENS)
    open(`/race/${String(RACE)}/queue`, '/race/:id/queue', <WaitingRoomPage />)
    await heading('You cannot join the line')
    const value = (label: string) => screen.queryByText(label)?.nextElementSibling?.textContent
    await vi.waitFor(() => expect(value('Seed')).toBe('Published when registration opens.'), { timeout: 5_000 })

    moveClockTo(REGISTRATION_OPENS)
    await vi.waitFor(() => expect(value('Seed')).toBe(RUSH_DRAW_SEED), { timeout: 5_000 })
    expect(value('Commitment (SHA-256 of the seed)')).toBe(RUSH_DRAW_COMMITMENT)
    // The seeded rush's 26 drawn without completo, who did not join here.
    expect(value('Tickets drawn')).toBe('25')
  })

  it('shows a drawn room to someone without a ticket: the seed, how many tickets were drawn and how to check the draw', () => {
    render(
      <I18nProvider i18n={i18n}>
        <RoomDrawCheck ticket={undefined} published={{ gara_id: RACE, impegno: RUSH_DRAW_COMMITMENT, seme: RUSH_DRAW_SEED, biglietti: 26 }} />
      </I18nProvider>,
    )
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent
    expect(value('Seed')).toBe(RUSH_DRAW_SEED)
    expect(value('Tickets drawn')).toBe('26')
    expect(screen.queryByText('Your ticket')).toBeNull()
    expect(screen.getByRole('button', { name: 'Download the draw (JSON)' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'A draw anyone can check' }).querySelector('pre')?.textContent).toBe(`npm run lottery:verify -- room-${String(RACE)}-draw.json`)
  })
})

describe("the wizard's banner of the place held", () => {
  it('says until when the place is held, warns at two minutes, and once it ran out says so with the way back, unless the wizard does', { timeout: 20_000 }, async () => {
    moveClockTo(ROOM_OPENS)
    const room = open(`/race/${String(RACE)}/queue`, '/race/:id/queue', <WaitingRoomPage />)
    await heading('You are in the waiting room')
    moveClockTo(REGISTRATION_OPENS + 2 * MINUTE_MS)
    await vi.waitFor(() => expect(room.at(-1)).toBe(`/race/${String(RACE)}/subscribe`), { timeout: 5_000 })
    cleanup()

    const race = { id: RACE, apertura_iscrizioni: new Date(REGISTRATION_OPENS).toISOString(), sala_attesa: { apre: new Date(ROOM_OPENS).toISOString(), ammissioni_al_minuto: 4, ammissione_s: 300, posto_s: 600 } }
    open(`/race/${String(RACE)}/subscribe`, '/race/:id/subscribe', <HoldBanner race={race} />)
    const banner = await screen.findByRole('region', { name: 'Your held place' }, { timeout: 5_000 })
    expect(banner.textContent).toMatch(/^Place held for you until 11:\d\d CET: \d+:\d\d left$/)

    moveClockTo(controls.now() + 8 * MINUTE_MS + 10_000)
    await vi.waitFor(() => expect(banner.textContent).toContain('Complete your enrolment now'))
    expect(document.querySelector('[aria-live]')?.textContent).toBe('Two minutes left to complete your enrolment.')

    moveClockTo(controls.now() + 2 * MINUTE_MS)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The time to complete your enrolment ran out')
    expect(screen.getByRole('link', { name: 'Back to the waiting room' }).getAttribute('href')).toBe(`/race/${String(RACE)}/queue`)

    // Where the wizard says it (it stops at the lapse, decision 065), the banner keeps silent: said once.
    render(<WizardSayingTheLapse />)
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })
})

function WizardSayingTheLapse() {
  useWizardSaysLapse(RACE, true)
  return null
}
