import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Route } from 'wouter'
import { db } from '../../../../mocks/db'
import { controls } from '../../../../mocks/node'
import { sentMail } from '../../../../mocks/outbox'
import { createProvider, SETTLE_DELAY_MS } from '../../../../mocks/provider'
import { persona, post, signIn } from '../../../../mocks/test-api'
import { ATHLETE_IDS } from '../../../../mocks/seed/personas'
import { isActivePlace } from '../../../../mocks/records'
import { signInAs } from '../../../../tests/setup/athlete-hooks'
import { renderSignedInAt } from '../../../../tests/setup/signed-in-screen'
import { formatRaceTime } from '../../../lib/format'
import { activateLocale } from '../../../lib/i18n'
import { ensureTemporal } from '../../../lib/temporal'
import details from '../../../ui/definition-list.module.css'
import TransferOfferPage from './transfer-offer-page'
import TransferPage from './transfer-page'

/**
 * `/transfer/{code}`, the recipient's page, against the simulated backend (issue 42 point 12):
 * declining after a confirmation (the giver keeps the place and is told), the deadline in the
 * race's zone as every deadline, the receipt once the place is paid, and the facts of the offer and
 * of the giver's page set out as the portal's details.
 */

const RACE = 202

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})
afterEach(cleanup)

/** completo offers race 202 to pax; pax is the one signed in to the portal. */
async function offeredToPax(): Promise<{ code: string; scade: string; giverToken: string; token: string }> {
  const giverToken = await signIn('completo')
  const offered = await post(giverToken, `/api/v1/vdatrailers/iscrizione/${String(RACE)}/cessione`, { mail: persona('pax').mail, chiave: 'offer-1' })
  await signInAs('pax')
  return { code: String(offered.body.codice), scade: String(offered.body.scade), giverToken, token: await signIn('pax') }
}

function openOffer(code: string) {
  return openAt(`/transfer/${code}`)
}

function openAt(path: string) {
  return renderSignedInAt(
    path,
    <>
      <Route path="/transfer/:code">
        <TransferOfferPage />
      </Route>
      <Route path="/me/races/:id/transfer">
        <TransferPage />
      </Route>
    </>,
  )
}

const offerHeading = () => screen.findByRole('heading', { level: 2, name: /offers you their place$/ }, { timeout: 5_000 })
const giverPlace = () => db.subscriptions.findFirst((q) => q.where({ athlete_id: ATHLETE_IDS.completo, project_id: RACE }))

describe('the recipient declines', () => {
  it("after a confirmation: the offer ends, the place stays the giver's, and the giver is told", async () => {
    const user = userEvent.setup()
    const { code } = await offeredToPax()
    openOffer(code)
    await offerHeading()

    // Thinking again keeps the offer.
    await user.click(screen.getByRole('button', { name: 'Decline' }))
    const ask = screen.getByRole('dialog', { name: 'Decline this place?' })
    expect(ask).toHaveTextContent('The offer ends and the place stays with Chiara Jaccod, who will be told.')
    await user.click(within(ask).getByRole('button', { name: 'Keep the offer' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(db.transfers.findFirst((q) => q.where({ codice: code }))?.stato).toBe('offerta')

    await user.click(screen.getByRole('button', { name: 'Decline' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Decline this place?' })).getByRole('button', { name: 'Decline the place' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'You declined this offer' }, { timeout: 5_000 })).toBeInTheDocument()
    expect(screen.getByText('The place stays with the athlete who offered it, and they have been told. Nothing was charged.')).toBeInTheDocument()

    expect(db.transfers.findFirst((q) => q.where({ codice: code }))?.stato).toBe('rifiutata')
    expect(giverPlace()?.cessione).toBeNull()
    expect(isActivePlace(giverPlace())).toBe(true)
    expect(sentMail().filter((mail) => mail.kind === 'transfer_declined').map((mail) => mail.to)).toEqual([persona('completo').mail])
  })

  it('an offer declined already reads as declined', async () => {
    const { code, token } = await offeredToPax()
    await post(token, `/api/v1/vdatrailers/cessione/${code}/rifiuta`, {})
    openOffer(code)
    expect(await screen.findByRole('heading', { level: 2, name: 'You declined this offer' }, { timeout: 5_000 })).toBeInTheDocument()
  })
})

describe('the deadline and the receipt', () => {
  it("says the deadline in the race's zone, as every deadline of a race", async () => {
    const { code, scade } = await offeredToPax()
    openOffer(code)
    await offerHeading()
    const deadline = formatRaceTime('en', scade)
    expect(deadline).toMatch(/CES?T$/)
    expect(screen.getByText(/^Accept by /)).toHaveTextContent(`Accept by ${deadline}, then sign`)
  })

  it("the giver's page says the offer's deadline in the race's zone too", async () => {
    const { scade } = await offeredToPax()
    await signInAs('completo')
    openAt(`/me/races/${String(RACE)}/transfer`)
    const offered = await screen.findByText(/^Your place is offered to /, undefined, { timeout: 5_000 })
    expect(offered).toHaveTextContent(`Your place is offered to ${persona('pax').mail} until ${formatRaceTime('en', scade)}.`)
  })

  it('links the receipt once the place is paid', async () => {
    const { code, token } = await offeredToPax()
    await post(token, `/api/v1/vdatrailers/cessione/${code}/accetta`, { noleggio_gps: false })
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE })
    const started = await post(token, '/api/v1/vdatrailers/pagamenti', {
      project_id: RACE,
      opzione_rimborso: 'standard',
      noleggio_gps: false,
      totale_atteso: 55,
      idempotency_key: 'offer-page-payment',
    })
    await createProvider(controls.now, () => undefined).decide(String(started.body.pagamento_id), 'authorised')
    controls.setNow(controls.now() + SETTLE_DELAY_MS + 1)
    await signInAs('pax')
    openOffer(code)
    expect(await screen.findByRole('heading', { level: 2, name: 'The place is yours' }, { timeout: 5_000 })).toBeInTheDocument()
    const receipt = await screen.findByRole('link', { name: 'See the receipt' }, { timeout: 5_000 })
    expect(receipt).toHaveAttribute('href', `/me/transactions/TX-${String(started.body.pagamento_id)}/receipt`)
  })
})

describe('the facts of a place passed on', () => {
  // The portal's details grid (label over value, as many columns as fit), not the browser's bare,
  // indented list: what a withdrawal or a deferral shows.
  it("the recipient's offer sets out the race and the fees as the portal's details", async () => {
    const { code } = await offeredToPax()
    openOffer(code)
    await offerHeading()
    const facts = screen.getByText('Transfer fee').closest('dl')
    expect(facts).toHaveClass(details.grid!)
    expect(facts).toHaveTextContent('Race fee€45.00Transfer fee€10.00')
  })

  it("the giver's page sets out what the recipient pays and what comes back the same way", async () => {
    await signInAs('completo')
    openAt(`/me/races/${String(RACE)}/transfer`)
    const pays = await screen.findByText('The recipient pays', undefined, { timeout: 5_000 })
    expect(pays.closest('dl')).toHaveClass(details.grid!)
  })
})
