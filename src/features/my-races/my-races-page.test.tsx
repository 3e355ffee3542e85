import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as places from '../../../contracts/places.contract'
import { controls } from '../../../mocks/node'
import { SEED_TOKENS } from '../../../mocks/seed/tokens'
import { cardAwaitingConfirmation } from '../../../mocks/test-api'
import { signInAs } from '../../../tests/setup/athlete-hooks'
import { createQueryClient } from '../../app/app'
import { callApi } from '../../lib/api-client'
import { formatMoney, formatRaceTime } from '../../lib/format'
import { activateLocale, i18n } from '../../lib/i18n'
import { SessionContext, type SessionView } from '../../lib/session'
import { paths } from '../../lib/paths'
import { ensureTemporal } from '../../lib/temporal'
import MyRacesPage from './my-races-page'

/**
 * `/me/races` against the simulated backend: a place waiting for payment says by when, beside the
 * link that resumes it (issue 20 point 4); once that time has passed, it says so instead.
 */

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
afterEach(cleanup)

const session: SessionView = {
  status: 'loggedIn',
  logout: () => {},
  signIn: () => {},
  signInWith: async () => {},
  denyAccess: () => {},
  askToLogIn: () => {},
  confirmationLink: null,
  profileUnavailable: null,
}

function openPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider i18n={i18n}>
        <SessionContext.Provider value={session}>
          <main>
            <MyRacesPage />
          </main>
        </SessionContext.Provider>
      </I18nProvider>
    </QueryClientProvider>,
  )
}

const card = async (name: string) => screen.findByRole('article', { name }, { timeout: 5_000 })

/** The deadline beside "Pay for your place", as read: "Deadline: <time>". */
const deadlineIn = (place: ReturnType<typeof within>) =>
  place.queryByText((_: string, element: Element | null) => element?.tagName === 'SPAN' && (element.textContent ?? '').startsWith('Deadline: '))

describe('my races: the deadline of a place waiting for payment', () => {
  it("a place with the organiser's payment link open: its expiry, beside the way to the link's page (issue 42)", async () => {
    await signInAs('pax')
    openPage()
    const place = within(await card('Tor des Pettorale 330 2026'))
    expect(place.getByRole('link', { name: 'Pay for your place' }).getAttribute('href')).toBe(paths.paymentLink(SEED_TOKENS.paymentLinkPending))
    const deadline = deadlineIn(place)
    expect(deadline?.textContent).toBe(`Deadline: ${formatRaceTime('en', '2026-03-09T22:59:00.000Z')}`)
    expect(deadline?.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-09T22:59:00.000Z')
  })

  it('a place without a link: the registration closing', async () => {
    await signInAs('completo')
    openPage()
    const place = within(await card('Alte Vie di Cogne 52K 2026'))
    expect(place.getByRole('link', { name: 'Pay for your place' })).toBeInTheDocument()
    expect(deadlineIn(place)?.textContent).toBe(`Deadline: ${formatRaceTime('en', '2026-06-30T21:59:00Z')}`)
  })

  it('a card payment the bank is confirming: the way to that payment, not to pay again (issue 42)', { timeout: 20_000 }, async () => {
    const paymentId = await cardAwaitingConfirmation()
    await signInAs('completo')
    openPage()
    const place = within(await card('Alte Vie di Cogne 52K 2026'))
    expect(place.getByRole('link', { name: 'Your card payment is being confirmed by the bank: see the payment' })).toHaveAttribute('href', paths.paymentStatus(paymentId))
    expect(place.queryByRole('link', { name: 'Pay for your place' })).toBeNull()
  })

  it('a paid place shows no deadline', async () => {
    await signInAs('completo')
    openPage()
    const paid = within(await card('Sentiero dei Larici 25K 2026'))
    expect(deadlineIn(paid)).toBeNull()
    expect(paid.getByText('All set: nothing is due for this race.')).toBeInTheDocument()
  })

  it('once the deadline has passed, before the race: said, and no way to pay left', async () => {
    // Registration for the 52K closed on 30 June at 23:59 in Rome; the race starts on 11 July.
    controls.setNow('2026-07-05T12:00:00+02:00')
    await signInAs('completo')
    openPage()
    const place = within(await card('Alte Vie di Cogne 52K 2026'))
    expect(place.getByText(`The deadline passed on ${formatRaceTime('en', '2026-06-30T21:59:00Z')}: this place can no longer be completed.`)).toBeInTheDocument()
    expect(place.queryByRole('link', { name: 'Pay for your place' })).toBeNull()
    expect(place.queryByRole('link', { name: "Sign the race's waiver" })).toBeNull()
  })
})

describe('my races: what a paid place may become (issue 23)', () => {
  it('a paid place offers to withdraw, pass it on and defer it, each to its page', async () => {
    await signInAs('completo')
    openPage()
    const paid = within(await card('Sentiero dei Larici 25K 2026'))
    expect(paid.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/me/races/202/withdraw')
    expect(paid.getByRole('link', { name: 'Pass my place on' }).getAttribute('href')).toBe('/me/races/202/transfer')
    expect(paid.getByRole('link', { name: 'Defer to next year' }).getAttribute('href')).toBe('/me/races/202/defer')
  })

  it('where the race allows neither, says so instead of a link', async () => {
    await signInAs('social')
    openPage()
    const paid = within(await card('Trail del Forte di Bard 30K 2026'))
    expect(paid.getByRole('link', { name: 'Withdraw' })).toBeInTheDocument()
    expect(paid.getByText('This race does not allow passing a place on.')).toBeInTheDocument()
    expect(paid.getByText('This race does not allow deferring a place to next year.')).toBeInTheDocument()
  })

  it('a withdrawn place shows its refund and receipt, and no more actions', async () => {
    await signInAs('completo')
    const withdrawn = await callApi(places.withdraw, { params: { id: 202 }, body: { rimborso_atteso: 22.5, chiave: 'my-races-1' } })
    expect(withdrawn.ok).toBe(true)
    openPage()
    const place = within(await card('Sentiero dei Larici 25K 2026'))
    expect(await place.findByText(`Withdrawn: ${formatMoney('en', 22.5)} refunded.`)).toBeInTheDocument()
    expect(place.getByRole('link', { name: 'Refund receipt' }).getAttribute('href')).toBe('/me/transactions/TX-2026-0002/receipt')
    expect(place.queryByRole('link', { name: 'Withdraw' })).toBeNull()
  })

  it('a withdrawn place leaves Upcoming for a group of its own, without the bib and the payment (issue 42)', async () => {
    await signInAs('completo')
    expect((await callApi(places.withdraw, { params: { id: 202 }, body: { rimborso_atteso: 22.5, chiave: 'my-races-3' } })).ok).toBe(true)
    openPage()
    const group = within(await screen.findByRole('region', { name: 'Withdrawn, passed on or deferred' }, { timeout: 5_000 }))
    const place = within(group.getByRole('article', { name: 'Sentiero dei Larici 25K 2026' }))
    expect(await place.findByText(`Withdrawn: ${formatMoney('en', 22.5)} refunded.`)).toBeInTheDocument()
    expect(place.queryByText('57')).toBeNull()
    expect(place.queryByText('Paid')).toBeNull()
    expect(place.queryByRole('button', { name: 'Add to calendar' })).toBeNull()
    const upcoming = within(screen.getByRole('region', { name: 'Upcoming' }))
    expect(upcoming.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'))).toEqual(['race-203'])
  })

  it('a deferred place shows its credit, listed under Credits', async () => {
    await signInAs('completo')
    expect((await callApi(places.defer, { params: { id: 202 }, body: { chiave: 'my-races-2' } })).ok).toBe(true)
    openPage()
    const place = within(await card('Sentiero dei Larici 25K 2026'))
    expect(await place.findByText(`Deferred: a credit of ${formatMoney('en', 30)} for the 2027 edition.`)).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Withdrawn, passed on or deferred' })).toContainElement(place.getByText(/^Deferred:/))
    const credits = within(screen.getByRole('region', { name: 'Credits' }))
    expect(credits.getByText('Sentiero dei Larici 25K 2027')).toBeInTheDocument()
    expect(credits.getByText(formatMoney('en', 30))).toBeInTheDocument()
  })
})
