import { I18nProvider } from '@lingui/react'
import { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { i18n } from '../../lib/i18n'
import { QaControlsRoot } from './qa-controls'
import type { QaApi } from '../../../mocks/qa-api'
import { qaKeys, type QaPanelOptions } from './qa-context'

/** The portal's language must be in before the panel's words are. */
function whenLocaleActive(): Promise<void> {
  if (i18n.locale) return Promise.resolve()
  return new Promise((resolve) => {
    const off = i18n.on('change', () => {
      off()
      resolve()
    })
  })
}

/**
 * The panel's own cache: its reads are not the portal's (the portal's cache is cleared at sign-out),
 * never retried (a failed control says so at once), and read again after a change made anywhere
 * (this tab, another, another QA engineer on a shared server).
 */
export function createPanelQueryClient(qa: QaApi): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } })
  qa.subscribe(() => void client.invalidateQueries({ queryKey: qaKeys.root }))
  return client
}

export async function renderQaPanel(options: QaPanelOptions): Promise<void> {
  await whenLocaleActive()
  const container = document.createElement('div')
  document.body.append(container)
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QaControlsRoot options={options} panelQueryClient={createPanelQueryClient(options.qa)} />
      </I18nProvider>
    </StrictMode>,
  )
}
