import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import * as subscriptions from '../../../contracts/subscriptions.contract'
import { HOUR_MS } from '../../../contracts/time'
import { db } from '../../../mocks/db'
import { drawLottery } from '../../../mocks/lottery'
import { controls } from '../../../mocks/node'
import { withLedger } from '../../../mocks/provider'
import { signInAs } from '../../../tests/setup/athlete-hooks'
import { createQueryClient } from '../../app/app'
import { callApi } from '../../lib/api-client'
import { formatRaceTime } from '../../lib/format'
import { activateLocale, i18n } from '../../lib/i18n'
import { athleteQueries } from '../../lib/athlete-queries'
import { lotteryQueries } from '../../lib/lottery-queries'
import { SessionContext, type SessionView } from '../../lib/session'
import { ensureTemporal } from '../../lib/temporal'
import MyLottery from './my-lottery'

/**
 * My races' lottery applications against the simulated backend (issue 23 point 4): the number and
 * tickets of completo's application to the flagship, waiting for the draw, then drawn with the
 * payment's deadline; a PAX holder's direct place in the same race is no application.
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

function open(client = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <SessionContext.Provider value={session}>
          <MyLottery />
        </SessionContext.Provider>
      </I18nProvider>
    </QueryClientProvider>,
  )
}

/** A paragraph by its whole text, a `<time>` inside it included. */
const paragraph = (text: string) => (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text

const apply = () =>
  callApi(subscriptions.create, { body: { project_id: 201, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Aosta', itra_id: '2701234' } } })

describe('my lottery applications', () => {
  it('shows the application waiting for the draw, then drawn with the deadline to pay', async () => {
    await signInAs('completo')
    expect((await apply()).ok).toBe(true)
    open()
    const card = within(await screen.findByRole('article', { name: 'Tor des Pettorale 330 2026' }, { timeout: 5_000 }))
    expect(card.getByText('Application number 1,501, 4 tickets.')).toBeInTheDocument()
    expect(card.getByText(paragraph(`Waiting for the draw on ${formatRaceTime('en', '2026-04-02T10:00:00.000Z')}.`))).toBeInTheDocument()
    expect(card.getByRole('link', { name: 'See the lottery' }).getAttribute('href')).toBe('/race/201/lottery')
    cleanup()

    const now = controls.now()
    await withLedger(() => drawLottery(db.races.findFirst((q) => q.where({ id: 201 }))!, now))
    open()
    const drawn = within(await screen.findByRole('article', { name: 'Tor des Pettorale 330 2026' }, { timeout: 5_000 }))
    expect(await drawn.findByText(paragraph(`Drawn: pay for your place by ${formatRaceTime('en', now + 240 * HOUR_MS)}.`))).toBeInTheDocument()
  })

  it('shows nothing for a place entered directly, without an application', async () => {
    await signInAs('pax')
    const client = createQueryClient()
    const { container } = open(client)
    // The PAX holder entered the flagship directly: once the profile is read, nothing is asked.
    await vi.waitFor(() => expect(client.getQueryState(athleteQueries.me().queryKey)?.status).toBe('success'), { timeout: 5_000 })
    expect(client.getQueryState(lotteryQueries.mine(201).queryKey)).toBeUndefined()
    expect(container.textContent).toBe('')
  })
})
