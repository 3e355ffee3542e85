import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { controls, TEST_PORTAL_ORIGIN } from '../../../mocks/node'
import { createProvider, SETTLE_DELAY_MS } from '../../../mocks/provider'
import { SEED_TOKENS } from '../../../mocks/seed'
import '../../../tests/setup/mock-backend'
import { createQueryClient } from '../../app/app'
import { resetClockSource, setClockSource } from '../../lib/clock'
import { activateLocale, i18n } from '../../lib/i18n'
import { ensureTemporal } from '../../lib/temporal'
import PaymentByLinkPage from './payment-by-link-page'

/**
 * `/payment/by-link` against the simulated backend, nobody signed in (decision 026): each state of
 * the organiser's link worded, the outcome in one live region, and the heading focused when the
 * outcome replaces the wait.
 */

const CODE = SEED_TOKENS.paymentLinkPending
const provider = () => createProvider(controls.now, () => undefined)

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  setClockSource(() => controls.now())
})
afterEach(() => {
  cleanup()
  resetClockSource()
})

function openPage(query: string) {
  window.history.replaceState(null, '', `/payment/by-link${query}`)
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider i18n={i18n}>
        <main>
          <PaymentByLinkPage />
        </main>
      </I18nProvider>
    </QueryClientProvider>,
  )
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5_000 })

describe('the payment link page', () => {
  it("an open link: what it asks for, by when, and the way to the provider's page", async () => {
    openPage(`?code=${CODE}`)
    await heading('Awaiting payment')
    expect(screen.getByText('Tor des Pettorale 330 2026')).toBeInTheDocument()
    expect(screen.getByRole('status').textContent).toBe('The organiser asks you to pay €950.00 for this race entry by 9 Mar 2026, 23:59 CET.')
    expect(screen.getByRole('link', { name: 'Pay €950.00' }).getAttribute('href')).toBe(`${TEST_PORTAL_ORIGIN}/checkout?link=${CODE}`)
  })

  it('back from the provider with a card that pays: confirming, then paid, in the same live region, the heading focused', async () => {
    await provider().payLink(CODE, 'authorised')
    openPage(`?code=${CODE}`)
    await heading('Confirming your payment')
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('We are waiting for the payment provider to confirm your payment. This usually takes a few seconds.')
    expect(screen.queryByRole('link', { name: /^Pay / })).toBeNull()

    act(() => controls.advance(SETTLE_DELAY_MS))
    const paid = await heading('Payment successful')
    expect(screen.getByRole('status')).toBe(status)
    expect(status.textContent).toMatch(/^We received your payment of €950\.00 on 2 Mar 2026, 08:00 GMT\. You are enrolled in the race\.$/)
    expect(document.activeElement).toBe(paid)
    expect(screen.getByRole('link', { name: 'Go to my races' })).toBeInTheDocument()
  })

  it('back from the provider with a declined card: declined, nothing charged, and the way to try again while the link is open', async () => {
    await provider().payLink(CODE, 'declined')
    openPage(`?code=${CODE}`)
    await heading('Confirming your payment')
    act(() => controls.advance(SETTLE_DELAY_MS))
    await heading('Payment declined')
    expect(screen.getByRole('status').textContent).toBe(
      'Your bank declined the card. You have not been charged. You can try again with another card until 9 Mar 2026, 23:59 CET.',
    )
    expect(screen.getByRole('link', { name: 'Try the payment again' }).getAttribute('href')).toBe(`${TEST_PORTAL_ORIGIN}/checkout?link=${CODE}`)
  })

  it("a card declined on the link says the bank's reason", async () => {
    await provider().payLink(CODE, 'declined', 'insufficient_funds')
    openPage(`?code=${CODE}`)
    await heading('Confirming your payment')
    act(() => controls.advance(SETTLE_DELAY_MS))
    await heading('Payment declined')
    expect(screen.getByRole('status').textContent).toMatch(/^Your bank declined the card: insufficient funds\. You have not been charged\./)
  })

  it('a lapsed link says the request has expired, with the way to the organiser', async () => {
    controls.setNow(Date.parse('2026-03-10T00:00:00+01:00'))
    openPage(`?code=${CODE}`)
    await heading('Request expired')
    expect(screen.getByRole('status').textContent).toBe('This payment link has expired and can no longer be used. Write to the organiser for a new one.')
    expect(screen.getByRole('link', { name: 'Contact the organiser' })).toBeInTheDocument()
  })

  it('an unknown link says no payment has it', async () => {
    openPage('?code=lnk-nobody-0000')
    await heading('Payment not found')
    expect(within(screen.getByRole('status')).getByText(/^No payment matches this link/)).toBeInTheDocument()
  })

  it('a paid link says the payment was received, how much and when, and leads to My races', async () => {
    openPage(`?code=${SEED_TOKENS.paymentLinkSuccess}`)
    await heading('Payment successful')
    expect(screen.getByText('Trail del Forte di Bard 30K 2026')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(/^We received your payment of €\d+\.\d{2} on \d+ \w+ 2026, \d\d:\d\d \w+\. You are enrolled in the race\.$/)
    expect(screen.getByRole('link', { name: 'Go to my races' })).toHaveAttribute('href', '/me/races')
    expect(screen.queryByRole('link', { name: /^Pay / })).toBeNull()
  })

  it('a link the organiser let expire (the server answers 410) says the request has expired, with the way to the organiser', async () => {
    openPage(`?code=${SEED_TOKENS.paymentLinkExpired}`)
    await heading('Request expired')
    expect(screen.getByRole('status')).toHaveTextContent('This payment link has expired and can no longer be used. Write to the organiser for a new one.')
    expect(screen.getByRole('link', { name: 'Contact the organiser' })).toHaveAttribute('href', '/contacts')
    expect(screen.queryByRole('link', { name: /^Pay / })).toBeNull()
  })

  it('an address without a code says to open the e-mail again', async () => {
    openPage('')
    await heading('Payment link status')
    expect(screen.getByText("This address has no payment link code. Open the link from the organiser's e-mail again.")).toBeInTheDocument()
  })
})
