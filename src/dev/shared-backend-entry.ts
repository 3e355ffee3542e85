import type { QueryClient } from '@tanstack/react-query'
import { createHttpQaApi } from '../../mocks/qa-http-client'
import type { QaApi } from '../../mocks/qa-api'
import type { AppExtensions } from '../app/app'
import { setClockSource } from '../lib/clock'
import { mountQaPanel } from './controls-panel/mount'
import { startFlows } from './flows/flows-tool'

/** The portal's clock runs on from the shared server's as read, by this page's monotonic time since. */
async function followServerClock(qa: QaApi): Promise<void> {
  const { now } = await qa.state()
  const serverNow = Date.parse(now)
  const readAt = performance.now()
  setClockSource(() => serverNow + (performance.now() - readAt))
}

/**
 * What src/main.tsx's gate loads for a QA build against a shared `npm run mock:server` started for
 * QA (`VITE_API_MOCK=server`): no service worker and no in-page backend, the page talks to the
 * server; only the QA controls, over the server's QA route, the clock set to the server's, and the
 * Flows page with its inspector.
 * The mailbox and the simulated checkout are in-page screens, so this build has neither: QA reads
 * the e-mails in the panel and settles payments from its staff review.
 */
export async function startSharedBackendPanel(apiBaseUrl: string, queryClient: QueryClient): Promise<AppExtensions> {
  const qa = createHttpQaApi(apiBaseUrl || window.location.origin)
  // A server without its QA route leaves the real clock; the panel says the server did not answer.
  await followServerClock(qa).catch(() => {})
  qa.subscribe(() => void followServerClock(qa).catch(() => {}))
  mountQaPanel({ qa, appQueryClient: queryClient, mailboxPath: null })
  const flows = startFlows(window.location.search)
  return { tools: [flows.tool], footerLinks: [flows.footerLink] }
}
