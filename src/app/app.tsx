import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { shouldRetryRead } from '../lib/api-query'
import { SECOND_MS } from '../../contracts/time'
import { Layout, type FooterLink } from './layout'
import { AppRouter, type ToolRoute } from './router'
import { LoginDrawerContext, SessionContext } from '../lib/session'
import { useSessionViews } from './session-store'

/** One cache for the page: the session's actors and the screens read the same entries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryRead, staleTime: 30 * SECOND_MS, refetchOnWindowFocus: false },
      // Writes never retry by themselves: the athlete decides, and payments carry an idempotency key.
      mutations: { retry: false },
    },
  })
}

/** What the mock gate adds to the portal in mock mode (decision 008); a production build has none. */
export interface AppExtensions {
  tools: readonly ToolRoute[]
  footerLinks: readonly FooterLink[]
}

export function App({ queryClient, extensions }: { queryClient: QueryClient; extensions?: AppExtensions }) {
  const views = useSessionViews()
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionContext value={views.session}>
          <LoginDrawerContext value={views.drawer}>
            <Layout footerLinks={extensions?.footerLinks}>
              <AppRouter tools={extensions?.tools} />
            </Layout>
          </LoginDrawerContext>
        </SessionContext>
      </QueryClientProvider>
    </I18nProvider>
  )
}
