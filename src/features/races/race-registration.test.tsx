import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { Route } from 'wouter'
import * as places from '../../../contracts/places.contract'
import { HOUR_MS, SECOND_MS } from '../../../contracts/time'
import * as waitList from '../../../contracts/wait-list.contract'
import { READ_EVERY_S } from '../../../machines/rules/wait-list-reading'
import { db } from '../../../mocks/db'
import { controls } from '../../../mocks/node'
import { quoteOf } from '../../../mocks/places'
import { freeOnePlace } from '../../../mocks/wait-list'
import { ATHLETE_IDS } from '../../../mocks/seed/personas'
import { SEED_RACE_IDS } from '../../../mocks/seed'
import { sessionView, signInAs } from '../../../tests/setup/athlete-hooks'
import { callApi, expectOk } from '../../lib/api-client'
import { athleteQueries } from '../../lib/athlete-queries'
import { setClockSource } from '../../lib/clock'
import { activateLocale, i18n } from '../../lib/i18n'
import { raceQueries } from '../../lib/race-queries'
import { SessionContext, type SessionView } from '../../lib/session'
import { ensureTemporal } from '../../lib/temporal'
import { RaceSections } from './race-cards'
import RacePage from './race-page'

/**
 * Issue 20, point 2, against the simulated backend from the seed: the race page's Registration card
 * and the race list's cards say where the signed-in persona stands before any click, as the wizard's
 * gate would (the words, the link and where it leads), and what a visitor may do.
 */

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
beforeEach(() => {
  setClockSource(controls.now)
})
afterEach(async () => {
  cleanup()
  await activateLocale('en')
})

const session = sessionView

function renderSignedIn(status: SessionView['status'], queryClient: QueryClient, children: ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session(status)}>
        <I18nProvider i18n={i18n}>
          <main>{children}</main>
        </I18nProvider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  )
}

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

/**
 * `/race/{id}` with `who` signed in (their profile read, as after logging in) or a visitor; answers
 * the page's Registration card once the race is in.
 */
async function openRace(id: number, who: Parameters<typeof signInAs>[0] | null, queryClient = newQueryClient()) {
  if (who) {
    await signInAs(who)
    await queryClient.fetchQuery(athleteQueries.me())
  }
  window.history.replaceState(null, '', `/race/${String(id)}`)
  renderSignedIn(who ? 'loggedIn' : 'loggedOut', queryClient, <Route path="/race/:id" component={RacePage} />)
  return screen.findByRole('region', { name: registrationName() }, { timeout: 5_000 })
}

const registrationName = () => (i18n.locale === 'it' ? 'Iscrizione' : 'Registration')

function registrationCard(): HTMLElement {
  return screen.getByRole('region', { name: registrationName() })
}

/** The card once it says `text`: the athlete's subscriptions come after the race. */
async function cardSaying(text: string | RegExp): Promise<HTMLElement> {
  await screen.findByText(text, {}, { timeout: 5_000 })
  return registrationCard()
}

describe("the race page knows who is looking (the seed's personas)", () => {
  it('completo, enrolled and paid in the Sentiero dei Larici 2026: the bib and the way to the enrolment, no enrol action', async () => {
    await openRace(SEED_RACE_IDS.open, 'completo')
    const card = await cardSaying('You are enrolled: bib 57')
    expect(within(card).getByRole('link', { name: 'See my enrolment' })).toHaveAttribute('href', '/race/202/subscribed')
    expect(within(card).queryByRole('link', { name: 'Enrol' })).not.toBeInTheDocument()
  })

  it('completo, with a place in the Alte Vie di Cogne 2026 not paid: its deadline, and the wizard to complete it', async () => {
    await openRace(203, 'completo')
    const card = await cardSaying('Your place is waiting for payment')
    expect(card).toHaveTextContent('Pay by 30 Jun 2026, 23:59 CEST, or the place goes to someone else.')
    expect(within(card).getByRole('link', { name: 'Continue the enrolment' })).toHaveAttribute('href', '/race/203/subscribe')
    expect(within(card).queryByRole('link', { name: 'Enrol' })).not.toBeInTheDocument()
  })

  it("pax, whose flagship place waits for payment by the organiser's link: direct entry, not the lottery", async () => {
    await openRace(SEED_RACE_IDS.flagship, 'pax')
    const card = await cardSaying('Your place is waiting for payment')
    expect(card).toHaveTextContent('Pay by 9 Mar 2026, 23:59 CET, or the place goes to someone else.')
    expect(
      within(card).getByText('Your PAX gives you direct entry: no lottery draw for you. The organiser has sent you a payment link for it by e-mail.'),
    ).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Pay for your place' })).toHaveAttribute('href', '/race/201/subscribe')
    expect(within(card).queryByRole('link', { name: 'Apply for the lottery' })).not.toBeInTheDocument()
    expect(card).not.toHaveTextContent('Places are drawn by lottery')
  })

  it('scaduto, whose certificate expired in February: the reason and the way forward, in the words of the gate', async () => {
    await openRace(SEED_RACE_IDS.open, 'scaduto')
    const card = await cardSaying('You cannot enrol now')
    expect(
      within(card).getByText(
        'Your medical certificate expired on 14 Feb 2026. Race day is 14 Jun 2026: the certificate must still be valid then. Upload a certificate that is valid until race day or later.',
      ),
    ).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Upload a new certificate' })).toHaveAttribute('href', '/me/medical-certificate')
    expect(within(card).queryByRole('link', { name: 'Enrol' })).not.toBeInTheDocument()
  })

  it('scaduto in Italian: an expiry already past is said in the past, with the day the certificate must still cover', async () => {
    await activateLocale('it')
    await openRace(SEED_RACE_IDS.open, 'scaduto')
    const card = await cardSaying('Non puoi iscriverti ora')
    expect(card).toHaveTextContent(
      'Il tuo certificato medico è scaduto in data 14 feb 2026. La gara si corre in data 14 giu 2026: quel giorno il certificato deve essere ancora valido.',
    )
  })

  it('revisione, whose certificate is being reviewed: says so, and where to see it', async () => {
    await openRace(SEED_RACE_IDS.open, 'revisione')
    const card = await cardSaying('You cannot enrol now')
    expect(card).toHaveTextContent('Your medical certificate is being reviewed. You can enrol as soon as it is accepted')
    expect(within(card).getByRole('link', { name: 'See my certificate' })).toHaveAttribute('href', '/me/medical-certificate')
    expect(within(card).queryByRole('link', { name: 'Enrol' })).not.toBeInTheDocument()
  })

  it("while the athlete's enrolments load, no action that could be wrong: then the enrolment", async () => {
    controls.hold('athlete.subscriptions')
    const card = await openRace(SEED_RACE_IDS.open, 'completo')
    expect(await within(card).findByRole('status')).toHaveTextContent('Checking your enrolment…')
    expect(within(card).queryByRole('link')).not.toBeInTheDocument()
    act(() => {
      controls.release('athlete.subscriptions')
    })
    await cardSaying('You are enrolled: bib 57')
    expect(within(card).queryByRole('status')).not.toBeInTheDocument()
  })

  it("signed out, the action is the registration's: the flagship's lottery", async () => {
    const card = await openRace(SEED_RACE_IDS.flagship, null)
    expect(await within(card).findByRole('link', { name: 'Apply for the lottery' })).toHaveAttribute('href', '/race/201/subscribe')
  })
})

describe("a visitor's Registration card follows the registration state, with the race page's badge and calendar", () => {
  it('to open in days: a disabled button with the opening time, the days to go, and a reminder to download', async () => {
    const card = await openRace(SEED_RACE_IDS.opening_days, null)
    expect(
      await within(card).findByRole('button', { name: 'Registration opens on 16 Mar 2026, 10:00 CET (your time: 09:00 United Kingdom Time)' }),
    ).toBeDisabled()
    expect(within(card).queryByRole('link', { name: 'Enrol' })).not.toBeInTheDocument()
    expect(screen.getByText('Registration opens in 14 days')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Remind me when registration opens' })).toBeEnabled()
  })

  it('to open in hours: the button turns into "Enrol", and the reminder goes, when the clock passes the opening', async () => {
    const card = await openRace(SEED_RACE_IDS.opening_hours, null)
    expect(
      await within(card).findByRole('button', { name: 'Registration opens on 2 Mar 2026, 18:00 CET (your time: 17:00 United Kingdom Time)' }),
    ).toBeDisabled()
    expect(within(card).getByRole('button', { name: 'Remind me when registration opens' })).toBeEnabled()
    act(() => {
      controls.advance(10 * HOUR_MS)
      setClockSource(controls.now)
    })
    expect(within(card).getByRole('link', { name: 'Enrol' })).toHaveAttribute('href', '/race/209/subscribe')
    expect(within(card).queryByRole('button', { name: /Registration opens on/ })).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Remind me when registration opens' })).not.toBeInTheDocument()
  })
})

describe('a sold-out race: the wait-list entry on the race page follows the list (issue 42)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('"On the wait list" turns into the offer, without a reload, when a place comes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const race = SEED_RACE_IDS.full
    await signInAs('completo')
    await expectOk(callApi(waitList.join, { params: { id: race } }))
    const card = await openRace(race, 'completo')
    expect(await within(card).findByText('On the wait list: 1st')).toBeInTheDocument()

    // Someone leaves the race: the list offers the place to the first in line, on the server.
    await freeOnePlace(db.races.findFirst((q) => q.where({ id: race }))!, controls.now())
    await act(() => vi.advanceTimersByTimeAsync(READ_EVERY_S * SECOND_MS))
    expect(await within(card).findByRole('link', { name: 'Enrol now' })).toHaveAttribute('href', `/race/${String(race)}/subscribe`)
    expect(within(card).queryByText('On the wait list: 1st')).not.toBeInTheDocument()
  })
})

/** The race list's cards (the home page's), with `who` signed in (their profile read) or a visitor. */
async function openRaceList(who: Parameters<typeof signInAs>[0] | null) {
  const queryClient = newQueryClient()
  if (who) {
    await signInAs(who)
    await queryClient.fetchQuery(athleteQueries.me())
  }
  const { gare } = await queryClient.fetchQuery(raceQueries.list('all'))
  renderSignedIn(who ? 'loggedIn' : 'loggedOut', queryClient, <RaceSections races={gare} />)
}

function raceCard(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li')!
}

describe("the race list's cards know who is looking", () => {
  it("completo's cards: enrolled with the bib, a place to pay with its deadline, nothing on a race with nothing of theirs", async () => {
    await openRaceList('completo')
    expect(await within(raceCard('Sentiero dei Larici 25K 2026')).findByText('Enrolled · bib 57', {}, { timeout: 5_000 })).toBeInTheDocument()
    expect(within(raceCard('Alte Vie di Cogne 52K 2026')).getByText('Payment due by 30 Jun 2026, 23:59 CEST')).toBeInTheDocument()
    expect(within(raceCard('Tor des Pettorale 330 2026')).queryByText(/^(Enrolled|Payment due|Lottery application)/)).not.toBeInTheDocument()
  })

  it("pax's flagship card: the payment due by the organiser's link's expiry", async () => {
    await openRaceList('pax')
    expect(
      await within(raceCard('Tor des Pettorale 330 2026')).findByText('Payment due by 9 Mar 2026, 23:59 CET', {}, { timeout: 5_000 }),
    ).toBeInTheDocument()
  })

  it("a visitor's cards say nothing of anyone's standing", async () => {
    await openRaceList(null)
    expect(screen.getByRole('heading', { level: 3, name: 'Sentiero dei Larici 25K 2026' })).toBeInTheDocument()
    expect(screen.queryByText(/^(Enrolled|Payment due|Lottery application)/)).not.toBeInTheDocument()
  })
})

/**
 * Issue 42, point 1: `who` withdraws their paid place in race `raceId` over the API, as the withdraw
 * page does, for what the simulated backend's schedule gives back today.
 */
async function withdraw(who: keyof typeof ATHLETE_IDS & Parameters<typeof signInAs>[0], raceId: number) {
  await signInAs(who)
  const race = db.races.findFirst((q) => q.where({ id: raceId }))!
  const place = db.subscriptions.findFirst((q) => q.where({ athlete_id: ATHLETE_IDS[who], project_id: raceId }))!
  const body = { rimborso_atteso: quoteOf(race, place, controls.now()).totale, chiave: `race-page-${String(raceId)}` }
  expect((await callApi(places.withdraw, { params: { id: raceId }, body })).ok).toBe(true)
}

describe('a place the athlete left, on the race page and its card (issue 42)', () => {
  it('social withdrew from the Trail del Forte di Bard: said so, no bib, no way to the enrolment, no calendar', async () => {
    await withdraw('social', 204)
    await openRace(204, 'social')
    const card = await cardSaying('You withdrew from this race: you no longer have a place in it.')
    expect(card).toHaveTextContent('My races shows what was refunded to you.')
    expect(card).not.toHaveTextContent(/bib|121|You are enrolled/)
    expect(within(card).queryByRole('link', { name: 'See my enrolment' })).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Go to my races' })).toHaveAttribute('href', '/me/races')
  })

  it('completo deferred the Sentiero dei Larici: to which edition, and where the credit is', async () => {
    await signInAs('completo')
    expect((await callApi(places.defer, { params: { id: SEED_RACE_IDS.open }, body: { chiave: 'race-page-defer' } })).ok).toBe(true)
    await openRace(SEED_RACE_IDS.open, 'completo')
    const card = await cardSaying('You deferred your place to the 2027 edition: you have no place in this one.')
    expect(card).toHaveTextContent('My races shows your credit for that edition.')
    expect(card).not.toHaveTextContent(/bib 57|You are enrolled/)
    expect(within(card).queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument()
  })

  it("social's race list card: withdrawn, without the bib", async () => {
    await withdraw('social', 204)
    await openRaceList('social')
    const card = raceCard('Trail del Forte di Bard 30K 2026')
    expect(await within(card).findByText('Withdrawn', {}, { timeout: 5_000 })).toBeInTheDocument()
    expect(within(card).queryByText(/^Enrolled/)).not.toBeInTheDocument()
  })
})
