import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { createQueryClient } from '../../src/app/app'
import { i18n } from '../../src/lib/i18n'
import { SessionContext } from '../../src/lib/session'
import { sessionView } from './athlete-hooks'

/**
 * A screen as a signed-in athlete opens it at `path` (its `<Route>`s inside `screen`), with the app's
 * query cache, the catalogs and the router around it, against the simulated backend. Apart from
 * athlete-hooks.tsx, so a hook's test does not import the app.
 */
export function renderSignedInAt(path: string, screen: ReactNode) {
  const { hook } = memoryLocation({ path })
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider i18n={i18n}>
        <SessionContext.Provider value={sessionView('loggedIn')}>
          <Router hook={hook}>
            <main>{screen}</main>
          </Router>
        </SessionContext.Provider>
      </I18nProvider>
    </QueryClientProvider>,
  )
}
