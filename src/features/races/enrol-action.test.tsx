import { I18nProvider } from '@lingui/react'
import { act, cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Profile, Subscription } from '../../../contracts/athlete.contract'
import type { QueueTicket } from '../../../contracts/queue.contract'
import type { Race } from '../../../contracts/races.contract'
import type { WaitEntry } from '../../../contracts/wait-list.contract'
import { calendarDayInRome, DAY_MS, HOUR_MS, MINUTE_MS } from '../../../contracts/time'
import { raceStanding, type RaceStanding } from '../../../machines/enrolment/standing'
import { makeIncompleteProfile, makeProfile } from '../../../machines/session/test-harness'
import { resetClockSource, setClockSource } from '../../lib/clock'
import { activateLocale, i18n } from '../../lib/i18n'
import { queueQueries } from '../../lib/queue-queries'
import { SessionContext, type SessionView } from '../../lib/session'
import { ensureTemporal } from '../../lib/temporal'
import { useNow } from '../../lib/use-now'
import { waitListQueries } from '../../lib/wait-list-queries'
import { EnrolAction } from './enrol-action'

/** Monday 2 March 2026, 09:00 in Rome: the seed's "now". */
const NOW = Date.parse('2026-03-02T08:00:00Z')

const race = {
  id: 202,
  edizione: 2026,
  data_evento: '2026-06-14T07:00:00Z',
  tempo_limite_ore: 7,
  apertura_iscrizioni: '2026-02-02T09:00:00Z',
  chiusura_iscrizioni: '2026-06-07T21:59:00Z',
  posti: 400,
  iscritti: 170,
  ammissione: 'diretta' as 'diretta' | 'lotteria',
  eta_minima: 18,
  lotteria: null as Race['lotteria'],
}
type TestRace = typeof race

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
afterEach(() => {
  cleanup()
  resetClockSource()
})

/** A signed-in athlete: complete profile, valid certificate, no PAX, unless overridden. */
const profile = (overrides: Partial<Profile> = {}) =>
  makeProfile({
    certificato_medico_file: 'cm.pdf',
    validazione_certificato: 'valido',
    certificato_valido: true,
    scadenza_certificato: '2027-01-31',
    data_nascita: '1990-05-04',
    ...overrides,
  })

/** The standing of a visitor (`athlete` null) or an athlete with the race at `now`, by the gate's rules. */
function standingOf(testRace: TestRace, now: number, athlete: { profile: Profile; subscription: Subscription | null } | null): RaceStanding {
  return raceStanding({ race: testRace, athlete, now, today: calendarDayInRome(now) })
}

/** The race with `overrides` at `now`, as a visitor sees it; `lottery`: a lottery race (a visitor would apply). */
function renderAction(overrides: Partial<TestRace>, now = NOW, lottery = false) {
  const testRace = { ...race, ...(lottery ? { ammissione: 'lotteria' as const } : {}), ...overrides }
  return renderStanding(testRace, now, standingOf(testRace, now, null))
}

function renderStanding(testRace: TestRace, now: number, standing: RaceStanding | null) {
  return render(
    <I18nProvider i18n={i18n}>
      <EnrolAction race={testRace} now={now} standing={standing} />
    </I18nProvider>,
  )
}

/** The race with `overrides` at the seed's now, for a signed-in athlete. */
function renderFor(athlete: { profile?: Profile; subscription?: Subscription | null }, overrides: Partial<TestRace> = {}, now = NOW) {
  const testRace = { ...race, ...overrides }
  return renderStanding(testRace, now, standingOf(testRace, now, { profile: athlete.profile ?? profile(), subscription: athlete.subscription ?? null }))
}

const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  project_id: 202,
  liberatoria: true,
  liberatoria_signed: '2026-02-20T18:58:00Z',
  pettorale: null,
  categoria: 'SF',
  pagato: false,
  opzione_rimborso: 'standard',
  noleggio_gps: false,
  totale: 45,
  ...overrides,
})

function expectNoEnrolment() {
  expect(screen.queryByRole('link')).toBeNull()
  expect(screen.queryByRole('button')).toBeNull()
}

describe('the enrol action follows the registration state', () => {
  it("before the opening: a disabled button that says when registration opens, in the race's zone and in the locale's", () => {
    renderAction({ apertura_iscrizioni: '2026-03-16T09:00:00Z', iscritti: 0 })
    expect(screen.getByRole('button', { name: 'Registration opens on 16 Mar 2026, 10:00 CET (your time: 09:00 United Kingdom Time)' })).toBeDisabled()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })

  it('before the opening, for an athlete who would apply to the lottery: lottery applications open then', () => {
    renderAction({ apertura_iscrizioni: '2026-03-02T17:00:00Z' }, NOW, true)
    expect((screen.getByRole('button', { name: 'Lottery applications open on 2 Mar 2026, 18:00 CET (your time: 17:00 United Kingdom Time)' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
  })

  it('while open: "Enrol" leads to the subscription, with the places left and the closing time, in the race\'s zone', () => {
    const { container } = renderAction({})
    expect(screen.getByRole('link', { name: 'Enrol' })).toHaveAttribute('href', '/race/202/subscribe')
    expect(container).toHaveTextContent('230 places left.')
    expect(container).toHaveTextContent('Registration closes on 7 Jun 2026, 23:59 CEST.')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('in its last hours: still "Enrol", with the closing time in the race\'s zone', () => {
    const { container } = renderAction({ chiusura_iscrizioni: new Date(NOW + 5 * HOUR_MS).toISOString(), iscritti: 399 })
    expect(screen.getByRole('link', { name: 'Enrol' })).toHaveAttribute('href', '/race/202/subscribe')
    expect(container).toHaveTextContent('1 place left. Registration closes on 2 Mar 2026, 14:00 CET.')
  })

  it('open, for an athlete who would apply to the lottery (no PAX): "Apply for the lottery", to the same subscription', () => {
    const { container } = renderAction({ id: 201 }, NOW, true)
    expect(screen.getByRole('link', { name: 'Apply for the lottery' })).toHaveAttribute('href', '/race/201/subscribe')
    expect(screen.queryByRole('link', { name: 'Enrol' })).not.toBeInTheDocument()
    expect(container.textContent).toContain('PAX holders enrol directly')
  })

  it('sold out: no action, and why', () => {
    const { container } = renderAction({ iscritti: 400 })
    expectNoEnrolment()
    expect(container.textContent).toBe('Sold out: all the places are taken, so you cannot enrol.')
  })

  it('closed before the race: no action, and since when', () => {
    const { container } = renderAction({ chiusura_iscrizioni: '2026-03-01T22:59:00Z' })
    expectNoEnrolment()
    expect(container.textContent).toBe('Registration closed on 1 Mar 2026, 23:59 CET: you can no longer enrol.')
  })

  it('during the race: no action, it is under way', () => {
    const { container } = renderAction({ data_evento: new Date(NOW - 30 * MINUTE_MS).toISOString() })
    expectNoEnrolment()
    expect(container.textContent).toBe('The race is under way: registration is closed.')
  })

  it('after the race: no action, the edition has been run', () => {
    const { container } = renderAction({}, Date.parse(race.data_evento) + 8 * HOUR_MS)
    expectNoEnrolment()
    expect(container.textContent).toBe('This edition has already taken place: registration is closed.')
  })
})

describe("the opening in a locale whose zone is Rome's", () => {
  afterEach(async () => {
    await activateLocale('en')
  })

  it('Italian: the race\'s time alone, with no "your time"', async () => {
    await activateLocale('it')
    renderAction({ apertura_iscrizioni: '2026-03-16T09:00:00Z', iscritti: 0 })
    expect(screen.getByRole('button').textContent).toMatch(/16 mar 2026, 10:00 CET$/)
  })
})

describe('the enrol action moves with the clock', () => {
  function Live({ opensAt }: { opensAt: number }) {
    const now = useNow()
    const testRace = { ...race, apertura_iscrizioni: new Date(opensAt).toISOString() }
    return <EnrolAction race={testRace} now={now} standing={standingOf(testRace, now, { profile: profile(), subscription: null })} />
  }

  it('turns the disabled button into "Enrol" when the opening time passes', () => {
    let clock = NOW
    setClockSource(() => clock)
    const opensAt = NOW + 2 * HOUR_MS
    render(
      <I18nProvider i18n={i18n}>
        <Live opensAt={opensAt} />
      </I18nProvider>,
    )
    expect(screen.getByRole('button', { name: /^Registration opens on/ })).toBeInTheDocument()
    act(() => {
      clock = opensAt + MINUTE_MS
      setClockSource(() => clock)
    })
    expect(screen.getByRole('link', { name: 'Enrol' })).toBeInTheDocument()
    act(() => {
      clock = Date.parse(race.chiusura_iscrizioni) + DAY_MS
      setClockSource(() => clock)
    })
    expectNoEnrolment()
  })
})

describe("signed in, the action says the athlete's standing before any click", () => {
  it('enrolled: the bib, and the way to the enrolment; no enrol button', () => {
    const { container } = renderFor({ subscription: subscription({ pagato: true, pettorale: 57 }) })
    expect(container.textContent).toContain('You are enrolled: bib 57')
    expect(screen.getByRole('link', { name: 'See my enrolment' }).getAttribute('href')).toBe('/race/202/subscribed')
    expect(screen.queryByRole('link', { name: 'Enrol' })).toBeNull()
  })

  it('enrolled in a race whose registration has closed: still the enrolment, not the closing', () => {
    const { container } = renderFor({ subscription: subscription({ pagato: true, pettorale: 57 }) }, {}, Date.parse(race.chiusura_iscrizioni) + DAY_MS)
    expect(container.textContent).toContain('You are enrolled: bib 57')
    expect(container.textContent).not.toContain('Registration closed')
  })

  it('enrolled with no bib yet: says it comes later', () => {
    renderFor({ subscription: subscription({ pagato: true, pettorale: null }) })
    expect(screen.getByText('You are enrolled: your bib number will be assigned later.')).toBeInTheDocument()
  })

  it("a place to pay: waiting for payment, the deadline in the race's zone, and Pay resumes the wizard", () => {
    const { container } = renderFor({ subscription: subscription() })
    expect(container.textContent).toContain('Your place is waiting for payment')
    expect(container.textContent).toContain('Pay by 7 Jun 2026, 23:59 CEST, or the place goes to someone else.')
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe(race.chiusura_iscrizioni)
    expect(screen.getByRole('link', { name: 'Pay for your place' }).getAttribute('href')).toBe('/race/202/subscribe')
    expect(screen.queryByRole('link', { name: 'Enrol' })).toBeNull()
  })

  it("a place to pay by the organiser's link: its expiry is the deadline, and the e-mail is named", () => {
    const { container } = renderFor({ subscription: subscription({ scadenza_pagamento: '2026-03-09T22:59:00Z' }) })
    expect(container.textContent).toContain('Pay by 9 Mar 2026, 23:59 CET, or the place goes to someone else.')
    expect(container.textContent).toContain('The organiser has sent you a payment link for it by e-mail.')
    expect(screen.getByRole('link', { name: 'Pay for your place' }).getAttribute('href')).toBe('/race/202/subscribe')
  })

  it("a PAX holder's place in a lottery race: to pay, entered directly, not an application", () => {
    const { container } = renderFor(
      { profile: profile({ pax: true }), subscription: subscription({ project_id: 201, scadenza_pagamento: '2026-03-09T22:59:00Z' }) },
      { id: 201, ammissione: 'lotteria' },
    )
    expect(container.textContent).toContain('Your place is waiting for payment')
    expect(container.textContent).toContain('Your PAX gives you direct entry: no lottery draw for you.')
    expect(screen.getByRole('link', { name: 'Pay for your place' }).getAttribute('href')).toBe('/race/201/subscribe')
    expect(screen.queryByRole('link', { name: 'Apply for the lottery' })).toBeNull()
  })

  it('a place with nothing chosen yet, or the waiver to sign: the step it needs', () => {
    renderFor({ subscription: subscription({ opzione_rimborso: null, liberatoria: false, liberatoria_signed: null, totale: null }) })
    expect(screen.getByRole('link', { name: 'Continue the enrolment' }).getAttribute('href')).toBe('/race/202/subscribe')
    cleanup()
    renderFor({ subscription: subscription({ liberatoria: false, liberatoria_signed: null }) })
    expect(screen.getByRole('link', { name: 'Sign the waiver' })).toBeInTheDocument()
  })

  describe('a lottery application is no enrolment (issue 42)', () => {
    const lotteria = { chiude: '2026-03-31T16:00:00Z', estrazione: '2026-04-02T10:00:00Z', posti: 280, pagamento_ore: 240, regola: 'raddoppio' as const }
    const application = subscription({ domanda_lotteria: true, liberatoria: true })

    it('before the draw: applied to the draw, not enrolled, when it is drawn, and how it is paid if drawn', () => {
      const { container } = renderFor({ subscription: application }, { id: 201, ammissione: 'lotteria', lotteria })
      expect(screen.getByText('You have applied to the lottery draw: you are not enrolled yet.')).toBeInTheDocument()
      expect(container).toHaveTextContent('The draw is on 2 Apr 2026, 12:00 CEST.')
      expect(container.querySelector('time')).toHaveAttribute('datetime', lotteria.estrazione)
      expect(container).toHaveTextContent('You pay only if you are drawn')
      expect(container).not.toHaveTextContent(/enrolled:|bib/)
      expect(screen.getByRole('link', { name: 'Go to my races' })).toHaveAttribute('href', '/me/races')
      expect(screen.queryByRole('link', { name: 'Apply for the lottery' })).toBeNull()
    })

    it('once the draw was due: when it was held, and where its outcome is read', () => {
      const { container } = renderFor({ subscription: application }, { id: 201, ammissione: 'lotteria', lotteria }, Date.parse(lotteria.estrazione))
      expect(container).toHaveTextContent('The draw was held on 2 Apr 2026, 12:00 CEST: My races says whether you were drawn.')
      expect(container).not.toHaveTextContent('The draw is on')
    })

    it('a race that publishes no lottery rule: applied, paid only if drawn', () => {
      const { container } = renderFor({ subscription: application }, { id: 201, ammissione: 'lotteria' })
      expect(screen.getByText('You have applied to the lottery draw: you are not enrolled yet.')).toBeInTheDocument()
      expect(container).toHaveTextContent('You pay only if you are drawn')
      expect(container.querySelector('time')).toBeNull()
    })
  })

  describe('a paid place the athlete left: what became of it, no bib, no way to the enrolment (issue 42)', () => {
    const paid = subscription({ pagato: true, pettorale: 141 })

    it.each([
      ['ritirata', 'You withdrew from this race: you no longer have a place in it.', 'My races shows what was refunded to you.'],
      ['ceduta', 'You passed your place on to another athlete: you no longer have a place in this race.', 'My races shows what was refunded to you.'],
      ['rinviata', 'You deferred your place to the 2027 edition: you have no place in this one.', 'My races shows your credit for that edition.'],
    ] as const)('%s: says so, and where the money went', (stato, what, where) => {
      const { container } = renderFor({ subscription: { ...paid, stato } }, {}, Date.parse(race.chiusura_iscrizioni) + DAY_MS)
      expect(screen.getByText(what)).toBeInTheDocument()
      expect(screen.getByText(where)).toBeInTheDocument()
      expect(container).not.toHaveTextContent(/141|enrolled|waiting for payment/)
      expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Go to my races', '/me/races']])
    })

    it('with registration open and nothing in the way, a new place may be taken', () => {
      renderFor({ subscription: { ...paid, stato: 'ritirata' } })
      expect(screen.getByText('You withdrew from this race: you no longer have a place in it.')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Enrol' })).toHaveAttribute('href', '/race/202/subscribe')
      expect(screen.queryByRole('link', { name: /Continue the enrolment|See my enrolment/ })).toBeNull()
    })

    it('with the gate in the way, no new place is offered', () => {
      renderFor({ subscription: { ...paid, stato: 'ritirata' }, profile: profile({ scadenza_certificato: '2026-02-14' }) })
      expect(screen.getByText('You withdrew from this race: you no longer have a place in it.')).toBeInTheDocument()
      expect(screen.queryByRole('link', { name: 'Enrol' })).toBeNull()
    })
  })

  it('a PAX holder on a lottery race: direct entry with the PAX, not the lottery', () => {
    const { container } = renderFor({ profile: profile({ pax: true }) }, { id: 201, ammissione: 'lotteria' })
    expect(screen.getByRole('link', { name: 'Enrol (direct entry with your PAX)' }).getAttribute('href')).toBe('/race/201/subscribe')
    expect(screen.queryByRole('link', { name: 'Apply for the lottery' })).toBeNull()
    expect(container.textContent).toContain('Your PAX gives you direct entry')
  })

  it('no PAX on a lottery race: apply for the lottery', () => {
    renderFor({}, { id: 201, ammissione: 'lotteria' })
    expect(screen.getByRole('link', { name: 'Apply for the lottery' })).toBeInTheDocument()
  })

  it.each([
    [
      { scadenza_certificato: '2026-02-14' },
      'Your medical certificate expired on 14 Feb 2026. Race day is 14 Jun 2026: the certificate must still be valid then. Upload a certificate that is valid until race day or later.',
      'Upload a new certificate',
      '/me/medical-certificate',
    ],
    [
      { validazione_certificato: 'in_revisione' as const, certificato_valido: null },
      'Your medical certificate is being reviewed. You can enrol as soon as it is accepted; we will not need anything else from you.',
      'See my certificate',
      '/me/medical-certificate',
    ],
    [
      { certificato_medico_file: null, validazione_certificato: null, certificato_valido: null, scadenza_certificato: null },
      'You have not uploaded a medical certificate: it is needed to race.',
      'Upload my medical certificate',
      '/me/medical-certificate',
    ],
    [
      { data_nascita: '2010-01-01' },
      'This race is open to athletes who are at least 18 on race day. Your birth date in your profile says you are younger.',
      'See other races',
      '/',
    ],
  ])('blocked by %j: the reason and the way forward, in the gate\'s words, and no enrol button', (overrides, reason, way, href) => {
    const { container } = renderFor({ profile: profile(overrides) })
    expect(container.textContent).toContain('You cannot enrol now')
    expect(screen.getByText(reason)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: way }).getAttribute('href')).toBe(href)
    expect(screen.queryByRole('link', { name: 'Enrol' })).toBeNull()
  })

  it('blocked by an incomplete profile: how many details are missing, and the profile, back to the wizard after', () => {
    renderFor({ profile: makeIncompleteProfile({ certificato_medico_file: 'cm.pdf', validazione_certificato: 'valido', certificato_valido: true, scadenza_certificato: '2027-01-31' }) })
    expect(screen.getByText(/^Your profile is missing \d+ details? the organiser needs\.$/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Complete my profile' }).getAttribute('href')).toBe(`/me?return=${encodeURIComponent('/race/202/subscribe')}`)
  })

  it('blocked on a lottery race without a PAX: "You cannot apply now"', () => {
    const { container } = renderFor({ profile: profile({ scadenza_certificato: '2026-02-14' }) }, { id: 201, ammissione: 'lotteria' })
    expect(container.textContent).toContain('You cannot apply now')
  })

  it('registration not open yet: the opening, whatever would block the athlete later', () => {
    renderFor({ profile: profile({ scadenza_certificato: '2026-02-14' }) }, { apertura_iscrizioni: '2026-03-16T09:00:00Z', iscritti: 0 })
    expect((screen.getByRole('button', { name: /^Registration opens on/ }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByText(/medical certificate/)).toBeNull()
  })

  it("while the athlete's data loads: a loading state, and no action that could be wrong", () => {
    renderStanding(race, NOW, null)
    expect(screen.getByRole('status').textContent).toBe('Checking your enrolment…')
    expectNoEnrolment()
  })
})

describe('a race that opens through its waiting room (issue 22)', () => {
  // Registration at 11:00 Rome today, the room from 10:30; the seed's now is 09:00.
  const roomRace = {
    ...race,
    apertura_iscrizioni: '2026-03-02T10:00:00Z',
    iscritti: 0,
    sala_attesa: { apre: '2026-03-02T09:30:00Z', ammissioni_al_minuto: 4, ammissione_s: 300, posto_s: 600 },
  }
  const signedIn = (status: SessionView['status']): SessionView => ({
    status,
    logout: vi.fn(),
    signIn: vi.fn(),
    signInWith: vi.fn(),
    denyAccess: vi.fn(),
    askToLogIn: vi.fn(),
    confirmationLink: null,
    profileUnavailable: null,
  })

  /** The action at `now`, with the athlete's ticket as the cache holds it (none: a visitor). */
  function renderRoom(now: number, ticket: QueueTicket | null) {
    setClockSource(() => now)
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
    if (ticket) queryClient.setQueryData(queueQueries.status(roomRace.id).queryKey, ticket)
    const athlete = ticket ? { profile: profile(), subscription: null } : null
    return render(
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={signedIn(ticket ? 'loggedIn' : 'loggedOut')}>
          <I18nProvider i18n={i18n}>
            <EnrolAction race={roomRace} now={now} standing={raceStanding({ race: roomRace, athlete, now, today: calendarDayInRome(now) })} />
          </I18nProvider>
        </SessionContext.Provider>
      </QueryClientProvider>,
    )
  }

  it('before the room opens: a countdown to it and to registration, and no way in yet', () => {
    renderRoom(NOW, null)
    expect(screen.getByText('The waiting room opens on 2 Mar 2026, 10:30 CET (your time: 09:30 United Kingdom Time)')).toBeInTheDocument()
    expect(screen.getByText('Registration opens on 2 Mar 2026, 11:00 CET (your time: 10:00 United Kingdom Time)')).toBeInTheDocument()
    expect(screen.getAllByRole('timer').map((timer) => timer.textContent)).toEqual(['1:30:00', '2:00:00'])
    expect(screen.queryByRole('link', { name: 'Enter the waiting room' })).toBeNull()
    expect(screen.getByText(/refreshing or another tab does not change your place/)).toBeInTheDocument()
  })

  it('once the room is open: the way in, with the countdown to registration left', () => {
    renderRoom(Date.parse('2026-03-02T09:45:00Z'), null)
    expect(screen.getByRole('link', { name: 'Enter the waiting room' }).getAttribute('href')).toBe('/race/202/queue')
    expect(screen.getAllByRole('timer').map((timer) => timer.textContent)).toEqual(['15:00'])
  })

  const held: QueueTicket = {
    biglietto: 'Q-202-1',
    gara_id: 202,
    stato: 'posto',
    entrato: '2026-03-02T09:31:00Z',
    sorteggiato: true,
    posto: { scade: '2026-03-02T10:12:00Z', in_pagamento: false },
    riprova_tra_s: 30,
  }

  it('an athlete holding a place: back to the wizard, with the deadline in the race zone', () => {
    renderRoom(Date.parse('2026-03-02T10:02:00Z'), held)
    expect(screen.getByRole('link', { name: 'Continue your enrolment' }).getAttribute('href')).toBe('/race/202/subscribe')
    expect(screen.getByText(/^Place held for you until/).textContent).toBe('Place held for you until 2 Mar 2026, 11:12 CET.')
  })

  it('a held place past its deadline, as the ticket last read it: no way back to the wizard', () => {
    renderRoom(Date.parse('2026-03-02T10:12:01Z'), held)
    expect(screen.queryByRole('link', { name: 'Continue your enrolment' })).toBeNull()
  })

  it('an athlete in line: back to the room', () => {
    const waiting: QueueTicket = { biglietto: 'Q-202-2', gara_id: 202, stato: 'in_coda', entrato: '2026-03-02T09:31:00Z', sorteggiato: true, posizione: 3, davanti: 2 }
    renderRoom(Date.parse('2026-03-02T10:02:00Z'), waiting)
    expect(screen.getByRole('link', { name: 'Back to the waiting room' }).getAttribute('href')).toBe('/race/202/queue')
  })
})

describe('a sold-out race with a wait list (issue 23)', () => {
  const fullRace = { ...race, id: 206, iscritti: 400, lista_attesa: { offerta_ore: 48 } }
  const session = (status: SessionView['status']): SessionView => ({
    status,
    logout: vi.fn(),
    signIn: vi.fn(),
    signInWith: vi.fn(),
    denyAccess: vi.fn(),
    askToLogIn: vi.fn(),
    confirmationLink: null,
    profileUnavailable: null,
  })

  /** The action with the athlete's entry as the cache holds it (none: a visitor). */
  function renderList(entry: WaitEntry | null) {
    setClockSource(() => NOW)
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
    if (entry) queryClient.setQueryData(waitListQueries.status(fullRace.id).queryKey, entry)
    const athlete = entry ? { profile: profile(), subscription: null } : null
    return render(
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={session(entry ? 'loggedIn' : 'loggedOut')}>
          <I18nProvider i18n={i18n}>
            <EnrolAction race={fullRace} now={NOW} standing={raceStanding({ race: fullRace, athlete, now: NOW, today: calendarDayInRome(NOW) })} />
          </I18nProvider>
        </SessionContext.Provider>
      </QueryClientProvider>,
    )
  }

  it('offers the wait list instead of a dead end: sold out, how the list works, and no enrol action', () => {
    renderList(null)
    expect(screen.getByText('Sold out')).toBeInTheDocument()
    expect(screen.getByText('If a place comes back, the first on the list is offered it.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Join the wait list' })).toHaveAttribute('href', '/race/206/wait-list')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.queryByText(/you cannot enrol/)).not.toBeInTheDocument()
  })

  it("shows a listed athlete's place in line", () => {
    renderList({ gara_id: 206, stato: 'in_attesa', entrato: '2026-03-01T10:00:00Z', origine: 'lista', posizione: 3, davanti: 2 })
    expect(screen.getByText('On the wait list: 3rd')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the wait list' }).getAttribute('href')).toBe('/race/206/wait-list')
  })

  it('takes an athlete offered a place to the wizard, with the deadline in the race zone', () => {
    renderList({ gara_id: 206, stato: 'offerta', entrato: '2026-03-01T10:00:00Z', origine: 'lista', offerta_scade: '2026-03-04T08:00:00Z' })
    expect(screen.getByRole('link', { name: 'Enrol now' }).getAttribute('href')).toBe('/race/206/subscribe')
    expect(screen.getByText(/^Place offered to you until/).textContent).toBe('Place offered to you until 4 Mar 2026, 09:00 CET.')
  })

  it('an offer past its deadline, as the entry last read it: no way to the wizard', () => {
    renderList({ gara_id: 206, stato: 'offerta', entrato: '2026-03-01T10:00:00Z', origine: 'lista', offerta_scade: new Date(NOW - 1_000).toISOString() })
    expect(screen.queryByRole('link', { name: 'Enrol now' })).toBeNull()
  })

  it('joins again from the race page once an offer lapsed', () => {
    renderList({ gara_id: 206, stato: 'scaduta', entrato: '2026-03-01T10:00:00Z', origine: 'lista' })
    expect(screen.getByRole('link', { name: 'Join the wait list' })).toBeInTheDocument()
  })
})
