import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import { createElement } from 'react'
import { startMockBackend } from '../../mocks/browser'
import { CHECKOUT_PATH } from '../../mocks/provider-pages'
import type { AppExtensions } from '../app/app'
import { setClockSource } from '../lib/clock'
import { lazyPart } from '../ui/lazy-part'
import { mountQaPanel } from './controls-panel/mount'
import { startFlows } from './flows/flows-tool'

/** Where the mailbox of the simulated e-mails is. */
const MAILBOX_PATH = '/mailbox'

const MailboxPage = lazyPart(() => import('./mailbox-page'))
const CheckoutPage = lazyPart(() => import('./checkout-page'))

/**
 * What src/main.tsx's mock gate loads, and all it loads (decision 008): the simulated backend, the
 * portal's clock set to the mock's, the QA controls (after the portal's first render), the
 * inspector that feeds the Flows page (decision 034; set before the portal starts its first actor)
 * and the mock-only screens with their footer links.
 */
export async function startSimulatedBackend(apiBaseUrl: string, queryClient: QueryClient): Promise<AppExtensions> {
  const mock = await startMockBackend(apiBaseUrl)
  setClockSource(mock.now)
  mock.subscribe(() => setClockSource(mock.now))
  mountQaPanel({ qa: mock.qa, appQueryClient: queryClient, mailboxPath: MAILBOX_PATH })
  const flows = startFlows(window.location.search)
  return {
    tools: [
      { path: MAILBOX_PATH, Component: MailboxPage },
      { path: CHECKOUT_PATH, Component: () => createElement(CheckoutPage, { provider: mock.provider }) },
      flows.tool,
    ],
    footerLinks: [{ href: MAILBOX_PATH, label: msg`Mailbox (simulated e-mails)` }, flows.footerLink],
  }
}
