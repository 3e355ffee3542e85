import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { controls } from '../../../mocks/node'
import { signInAs } from '../../../tests/setup/athlete-hooks'
import { createQueryClient } from '../../app/app'
import { formatRaceTime } from '../../lib/format'
import { activateLocale, i18n } from '../../lib/i18n'
import { SessionContext, type SessionView } from '../../lib/session'
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
  it("a place with the organiser's payment link open: its expiry, beside the link that resumes the place", async () => {
    await signInAs('pax')
    openPage()
    const place = within(await card('Tor des Pettorale 330 2026'))
    expect(place.getByRole('link', { name: 'Pay for your place' }).getAttribute('href')).toBe('/race/201/subscribe')
    const deadline = deadlineIn(place)
    expect(deadline?.textContent).toBe(`Deadline: ${formatRaceTime('en', '2026-03-09T22:59:00.000Z')}`)
    expect(deadline?.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-09T22:59:00.000Z')
  })

  it('a place without a link: the registration closing', async () => {
    await signInAs('completo')
    openPage()
    const place = within(await card('Alte Vie di Cogne 52K 2026'))
    expect(place.getByRole('link', { name: 'Pay for your place' })).toBeTruthy()
    expect(deadlineIn(place)?.textContent).toBe(`Deadline: ${formatRaceTime('en', '2026-06-30T21:59:00Z')}`)
  })

  it('a paid place shows no deadline', async () => {
    await signInAs('completo')
    openPage()
    const paid = within(await card('Sentiero dei Larici 25K 2026'))
    expect(deadlineIn(paid)).toBeNull()
    expect(paid.getByText('All set: nothing is due for this race.')).toBeTruthy()
  })

  it('once the deadline has passed, before the race: said, and no way to pay left', async () => {
    // Registration for the 52K closed on 30 June at 23:59 in Rome; the race starts on 11 July.
    controls.setNow('2026-07-05T12:00:00+02:00')
    await signInAs('completo')
    openPage()
    const place = within(await card('Alte Vie di Cogne 52K 2026'))
    expect(place.getByText(`The deadline passed on ${formatRaceTime('en', '2026-06-30T21:59:00Z')}: this place can no longer be completed.`)).toBeTruthy()
    expect(place.queryByRole('link', { name: 'Pay for your place' })).toBeNull()
    expect(place.queryByRole('link', { name: "Sign the race's waiver" })).toBeNull()
  })
})
