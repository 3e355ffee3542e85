import type { QueryClient } from '@tanstack/react-query'
import { createElement } from 'react'
import { createHttpCheckoutProvider } from '../../mocks/provider-http-client'
import { CHECKOUT_PATH } from '../../mocks/provider-pages'
import { createHttpQaApi } from '../../mocks/qa-http-client'
import type { QaApi } from '../../mocks/qa-api'
import type { AppExtensions } from '../app/app'
import { setClockSource } from '../lib/clock'
import { lazyPart } from '../ui/lazy-part'
import { mountQaPanel } from './controls-panel/mount'
import { startFlows } from './flows/flows-tool'

const CheckoutPage = lazyPart(() => import('./checkout-page'))

/** The portal's clock runs on from the shared server's as read, by this page's monotonic time since. */
async function followServerClock(qa: QaApi): Promise<void> {
  const { now } = await qa.state()
  const serverNow = Date.parse(now)
  const readAt = performance.now()
  // Whole milliseconds, as Date.now() gives: Temporal refuses the fraction performance.now() adds.
  setClockSource(() => serverNow + Math.floor(performance.now() - readAt))
}

/**
 * What src/main.tsx's gate loads for a QA build against a shared `npm run mock:server` started for
 * QA (`VITE_API_MOCK=server`): no service worker and no in-page backend, the page talks to the
 * server; only the QA controls, over the server's QA route, the clock set to the server's, the
 * simulated checkout on the server's provider (its `/__provider/` route), so an athlete can pay as
 * in the page's mock, and the Flows page with its inspector.
 * The mailbox page reads the page's own outbox, so this build has none: QA reads the e-mails in the
 * panel.
 */
export async function startSharedBackendPanel(apiBaseUrl: string, queryClient: QueryClient): Promise<AppExtensions> {
  const server = apiBaseUrl || window.location.origin
  const qa = createHttpQaApi(server)
  const provider = createHttpCheckoutProvider(server)
  // A server without its QA route leaves the real clock; the panel says the server did not answer.
  await followServerClock(qa).catch(() => {})
  qa.subscribe(() => void followServerClock(qa).catch(() => {}))
  mountQaPanel({ qa, appQueryClient: queryClient, mailboxPath: null })
  const flows = startFlows(window.location.search)
  return {
    tools: [{ path: CHECKOUT_PATH, Component: () => createElement(CheckoutPage, { provider }) }, flows.tool],
    footerLinks: [flows.footerLink],
  }
}
