import { firstReleaseKept } from '../../../machines/enrolment/first-release-kept'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { HOUR_MS } from '../../../contracts/time'
import * as waitList from '../../../contracts/wait-list.contract'
import { db } from '../../../mocks/db'
import { controls } from '../../../mocks/node'
import { SEED_TOKENS } from '../../../mocks/seed/tokens'
import { freeOnePlace } from '../../../mocks/wait-list'
import { sessionView, signInAs } from '../../../tests/setup/athlete-hooks'
import { callApi, expectOk } from '../../lib/api-client'
import { setClockSource } from '../../lib/clock'
import { createQueryClient } from '../../app/app'
import { activateLocale, i18n } from '../../lib/i18n'
import { SessionContext } from '../../lib/session'
import { ensureTemporal } from '../../lib/temporal'
import { NotificationRegion } from '../../ui/notification-region'
import OfferBanner from './offer-banner'
import SubscribePage from './subscribe-page'

/**
 * `/race/{id}/subscribe` against the simulated backend, a seeded persona signed in: what the gate
 * says to each athlete it turns away, the flagship's two ways in (a lottery application, or direct
 * entry with a PAX), and a wizard kept by an older release. The journeys across pages (a profile to
 * complete first, a real page load reading what an older release kept) are in tests/e2e.
 */

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})
afterEach(() => {
  // Notices outlive a page, as in the portal: none carries over to the next test.
  act(() => {
    for (const dismiss of screen.queryAllByRole('button', { name: 'Dismiss' })) dismiss.click()
  })
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})

const session = sessionView('loggedIn')

/** The wizard, under `above` where the route puts a banner (src/app/subscribe-route.tsx). */
function openWizard(race: number, above: ReactNode = null) {
  const { hook } = memoryLocation({ path: `/race/${String(race)}/subscribe` })
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider i18n={i18n}>
        <SessionContext.Provider value={session}>
          <Router hook={hook}>
            <main>
              <Route path="/race/:id/subscribe">
                {above}
                <SubscribePage />
              </Route>
            </main>
            <NotificationRegion />
          </Router>
        </SessionContext.Provider>
      </I18nProvider>
    </QueryClientProvider>,
  )
}

const main = () => screen.getByRole('main')
const findStep = (name: string) => within(main()).findByRole('heading', { level: 2, name }, { timeout: 10_000 })
const next = () => within(main()).getByRole('button', { name: 'Next' })

describe('the gate turns an athlete away with the reason, in its words, and the way forward', () => {
  it.each<[string, Parameters<typeof signInAs>[0], number, string | RegExp, string, string]>([
    [
      'a certificate in review',
      'revisione',
      202,
      'Your medical certificate is being reviewed. You can enrol as soon as it is accepted; we will not need anything else from you.',
      'See my certificate',
      '/me/medical-certificate',
    ],
    [
      'an expired certificate',
      'scaduto',
      203,
      /^Your medical certificate expired on \d+ \w+ 2026\. Race day is \d+ \w+ 2026: the certificate must still be valid then\. Upload a certificate that is valid until race day or later\.$/,
      'Upload a new certificate',
      '/me/medical-certificate',
    ],
    [
      'a sold-out race, with the way to its wait list',
      'completo',
      206,
      'This race is sold out: every place is taken. Join its wait list: a place that comes back is offered to the next in line.',
      'Join the wait list',
      '/race/206/wait-list',
    ],
    ['already enrolled', 'completo', 202, 'You are already enrolled in this race.', 'Go to my races', '/me/races'],
  ])('%s', { timeout: 20_000 }, async (_, who, race, reason, way, href) => {
    await signInAs(who)
    openWizard(race)
    await findStep('You cannot enrol now')
    expect(within(main()).getByText(reason)).toBeInTheDocument()
    expect(within(main()).getByRole('link', { name: way })).toHaveAttribute('href', href)
    expect(within(main()).getByRole('link', { name: 'Back to the race' })).toHaveAttribute('href', `/race/${String(race)}`)
    // A refusal, not a step: nothing to go on with.
    expect(within(main()).queryByRole('button', { name: 'Next' })).toBeNull()
  })
})

describe("the flagship (race 201), entered by lottery unless the athlete holds a PAX", () => {
  it('without a PAX: an application, said on the summary, signed and in, with no payment', { timeout: 30_000 }, async () => {
    const user = userEvent.setup()
    await signInAs('completo')
    openWizard(201)
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for Tor des Pettorale 330 2026' }, { timeout: 10_000 })).toBeInTheDocument()
    await findStep('Your data')
    await user.click(within(main()).getByLabelText('All my data is correct'))
    await user.click(next())
    await findStep('Race questions')
    await user.selectOptions(within(main()).getByLabelText('Shuttle bus to the start *'), 'Aosta')
    await user.type(within(main()).getByLabelText('ITRA runner id *'), '2701234')
    await user.click(next())
    await findStep('Rules')
    await user.click(within(main()).getByLabelText('I have read the race rules and I accept them'))
    await user.click(next())
    await findStep('Refund option')
    await user.click(within(main()).getByRole('radio', { name: /Standard/ }))
    await user.click(next())
    await findStep('GPS tracker')
    await user.click(within(main()).getByRole('radio', { name: 'No, thank you' }))
    await user.click(next())
    await findStep('Summary')
    expect(within(main()).getByText('This is a lottery application: you pay only if you are drawn, through a link we send you by e-mail.')).toBeInTheDocument()
    expect(within(main()).queryByRole('button', { name: 'Sign the waiver' })).toBeNull()

    await user.click(within(main()).getByRole('button', { name: 'Sign the waiver and apply' }))
    const dialog = await screen.findByRole('dialog', { name: 'Waiver of liability' }, { timeout: 10_000 })
    await user.type(within(dialog).getByLabelText('Your signature: the sentence above'), 'I accept the risks of mountain running')
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    const applied = await findStep('Your lottery application is in')
    expect(applied).toHaveFocus()
    expect(within(main()).queryByRole('heading', { level: 2, name: 'Payment' })).toBeNull()
  })

  it('with a PAX: direct entry, and the place already signed for resumes at the payment, focused', { timeout: 20_000 }, async () => {
    await signInAs('pax')
    openWizard(201)
    const payment = await findStep('Payment')
    expect(screen.getByRole('heading', { level: 1, name: 'Enrol in Tor des Pettorale 330 2026' })).toBeInTheDocument()
    expect(payment).toHaveFocus()
    expect(within(main()).queryByText(/lottery application/)).toBeNull()
  })

  it("with a PAX whose place the organiser's link pays: the payment leads to the link's page, no card payment is offered (issue 42)", { timeout: 20_000 }, async () => {
    await signInAs('pax')
    openWizard(201)
    await findStep('Payment')
    expect(within(main()).getByText('The organiser has sent you a payment link for this place: you pay through it, on its page.')).toBeInTheDocument()
    expect(within(main()).getByRole('link', { name: "Pay with the organiser's link" })).toHaveAttribute(
      'href',
      `/payment/by-link?code=${SEED_TOKENS.paymentLinkPending}`,
    )
    expect(within(main()).queryByRole('button', { name: /^Pay / })).toBeNull()
  })
})

describe("the refund step lists every tier of the race's schedule, as the race page does (issue 42)", () => {
  /** Trail del Forte di Bard 30K 2026: €35, 48 days away at the seed's "now"; its schedule has a tier from 7 to 29 days. */
  const RACE = 204

  it("gives each tier's amount with each option, today's marked", { timeout: 20_000 }, async () => {
    const user = userEvent.setup()
    await signInAs('completo')
    openWizard(RACE)
    await findStep('Your data')
    await user.click(within(main()).getByLabelText('All my data is correct'))
    await user.click(next())
    await findStep('Race questions')
    await user.selectOptions(within(main()).getByLabelText('Shuttle bus to the start *'), 'Aosta')
    await user.click(next())
    await findStep('Rules')
    await user.click(within(main()).getByLabelText('I have read the race rules and I accept them'))
    await user.click(next())
    await findStep('Refund option')

    const table = within(main()).getByRole('table', { name: 'What you get back if you withdraw' })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent))
    expect(rows).toEqual([
      ['30 days or more before the start (today)', '€17.50', '€35.00'],
      ['From 7 to 29 days before the start', '€7.00', '€28.00'],
      ['Less than 7 days before the start', '€0.00', '€17.50'],
    ])
    expect(within(table).getByRole('row', { current: 'date' })).toHaveTextContent(/^30 days or more before the start/)
  })
})

describe('a place offered from the wait list that lapses mid-wizard (issue 42)', () => {
  /** Skyrace della Becca 21K 2026: sold out, with a wait list that gives 48 hours to take a place. */
  const RACE = 206

  it('stops the wizard at once: no step goes on, the refusal says what happened and leads to the wait list', { timeout: 20_000 }, async () => {
    const user = userEvent.setup()
    await signInAs('completo')
    await expectOk(callApi(waitList.join, { params: { id: RACE } }))
    await freeOnePlace(db.races.findFirst((q) => q.where({ id: RACE }))!, controls.now())
    openWizard(RACE)
    await findStep('Your data')
    await user.click(within(main()).getByLabelText('All my data is correct'))

    // 49 hours on, the mock's clock moved as its controls move it: the portal is told at once.
    act(() => {
      controls.advance(49 * HOUR_MS)
      setClockSource(controls.now)
    })
    expect(await findStep('Your enrolment could not be completed')).toHaveFocus()
    expect(
      within(main()).getByText(
        'The deadline of the place offered to you from the wait list has passed, so it went to the next athlete in line. You have not been charged.',
      ),
    ).toBeInTheDocument()
    expect(within(main()).getByRole('link', { name: 'See the wait list' })).toHaveAttribute('href', `/race/${String(RACE)}/wait-list`)
    expect(within(main()).queryByRole('button', { name: 'Next' })).toBeNull()
  })

  it('says the lapse once: the offer banner above the wizard leaves it to the refusal', { timeout: 20_000 }, async () => {
    await signInAs('completo')
    await expectOk(callApi(waitList.join, { params: { id: RACE } }))
    await freeOnePlace(db.races.findFirst((q) => q.where({ id: RACE }))!, controls.now())
    openWizard(RACE, <OfferBanner raceId={RACE} />)
    await findStep('Your data')
    expect(await within(main()).findByRole('region', { name: 'The place offered to you' })).toBeInTheDocument()

    act(() => {
      controls.advance(49 * HOUR_MS)
      setClockSource(controls.now)
    })
    await findStep('Your enrolment could not be completed')
    const [alert, ...more] = within(main()).getAllByRole('alert')
    expect(more).toHaveLength(0)
    expect(alert).toHaveTextContent(/^The deadline of the place offered to you from the wait list has passed/)
    expect(within(main()).queryByRole('region', { name: 'The place offered to you' })).toBeNull()
  })
})

describe('a wizard kept by an older release opens at its first step, with a notice, not an error page', () => {
  /** Trail del Forte di Bard 30K 2026: open at the seed's "now", and completo has no enrolment in it. */
  const RACE = 204
  const NOTICE =
    'Your enrolment in progress could not be resumed after an update, so it starts again. Nothing you had already saved with the organiser is lost.'
  /** What the first releases kept at the GPS step, under their key: the interpreter's whole snapshot. */
  const rawSnapshot = (athleteId: number) => JSON.stringify(firstReleaseKept(RACE, athleteId))

  it.each<[string, (athleteId: number) => string]>([
    ['a raw XState snapshot of an older release', rawSnapshot],
    ['a snapshot at a step that no longer exists', (athleteId) => JSON.stringify(firstReleaseKept(RACE, athleteId, 'tracker'))],
    ['garbage', () => '{"phase":"open","snapshot":'],
  ])('%s', { timeout: 20_000 }, async (_, kept) => {
    const user = userEvent.setup()
    const { athleteId: id } = await signInAs('completo')
    const oldKey = `pettorale.enrolment.v1.${String(id)}.${String(RACE)}`
    localStorage.setItem(oldKey, kept(id))
    openWizard(RACE)

    await findStep('Your data')
    const notices = within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status')
    expect(within(notices).getByText(NOTICE)).toBeInTheDocument()
    expect(within(main()).getByLabelText('All my data is correct')).not.toBeChecked()
    // Dropped, not read again: it is said once.
    expect(localStorage.getItem(oldKey)).toBeNull()

    // The wizard works from there.
    await user.click(within(main()).getByLabelText('All my data is correct'))
    await user.click(next())
    expect(await findStep('Race questions')).toHaveFocus()
  })
})
