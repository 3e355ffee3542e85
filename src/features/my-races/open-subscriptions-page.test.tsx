import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SEED_TOKENS } from '../../../mocks/seed/tokens'
import { cardAwaitingConfirmation } from '../../../mocks/test-api'
import { signInAs } from '../../../tests/setup/athlete-hooks'
import { renderSignedInAt } from '../../../tests/setup/signed-in-screen'
import { activateLocale } from '../../lib/i18n'
import { ensureTemporal } from '../../lib/temporal'
import OpenSubscriptionsPage from './open-subscriptions-page'

/** `/me/open-subscriptions`, "Places awaiting payment", against the simulated backend, a seeded persona signed in. */

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
afterEach(cleanup)

function openPage() {
  return renderSignedInAt('/me/open-subscriptions', <OpenSubscriptionsPage />)
}

describe('places awaiting payment', () => {
  it("a place the organiser's link pays leads straight to the link's page, not to a card payment the server refuses (issue 42)", { timeout: 20_000 }, async () => {
    await signInAs('pax')
    openPage()
    const place = await screen.findByRole('article', { name: 'Tor des Pettorale 330 2026' }, { timeout: 10_000 })
    expect(within(place).getByText('Pay €950.00 for your place.')).toBeInTheDocument()
    expect(within(place).getByRole('link', { name: 'Pay €950.00' })).toHaveAttribute('href', `/payment/by-link?code=${SEED_TOKENS.paymentLinkPending}`)
  })

  it('a place without a link resumes in the wizard', { timeout: 20_000 }, async () => {
    await signInAs('completo')
    openPage()
    const place = await screen.findByRole('article', { name: 'Alte Vie di Cogne 52K 2026' }, { timeout: 10_000 })
    expect(within(place).getByRole('link', { name: 'Continue the enrolment' })).toHaveAttribute('href', '/race/203/subscribe')
  })

  it('a card payment the bank is confirming is waited for on its page, not offered to pay again (issue 42)', { timeout: 20_000 }, async () => {
    const paymentId = await cardAwaitingConfirmation()
    await signInAs('completo')
    openPage()
    const place = await screen.findByRole('article', { name: 'Alte Vie di Cogne 52K 2026' }, { timeout: 10_000 })
    expect(within(place).getByText('Your card payment is being confirmed by the bank: there is nothing more to pay.')).toBeInTheDocument()
    expect(within(place).getByRole('link', { name: 'See the payment' })).toHaveAttribute('href', `/payment?pagamento_id=${paymentId}`)
    expect(within(place).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument()
  })
})
