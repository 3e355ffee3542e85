import { msg } from '@lingui/core/macro'
import { createElement } from 'react'
import { startMockBackend } from '../../mocks/browser'
import { CHECKOUT_PATH } from '../../mocks/provider-pages'
import type { AppExtensions } from '../app/app'
import { setClockSource } from '../lib/clock'
import { lazyPart } from '../ui/lazy-part'

/** Where the mailbox of the simulated e-mails is. */
const MAILBOX_PATH = '/mailbox'

const MailboxPage = lazyPart(() => import('./mailbox-page'))
const CheckoutPage = lazyPart(() => import('./checkout-page'))

/**
 * What src/main.tsx's mock gate loads, and all it loads (decision 008): the simulated backend, the
 * portal's clock set to the mock's, and the mock-only screens with their footer links.
 */
export async function startSimulatedBackend(apiBaseUrl: string): Promise<AppExtensions> {
  const mock = await startMockBackend(apiBaseUrl)
  setClockSource(mock.now)
  mock.subscribe(() => setClockSource(mock.now))
  return {
    tools: [
      { path: MAILBOX_PATH, Component: MailboxPage },
      { path: CHECKOUT_PATH, Component: () => createElement(CheckoutPage, { provider: mock.provider }) },
    ],
    footerLinks: [{ href: MAILBOX_PATH, label: msg`Mailbox (simulated e-mails)` }],
  }
}
