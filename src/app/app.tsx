import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { shouldRetryRead } from '../lib/api-query'
import { SECOND_MS } from '../../contracts/time'
import { Layout } from './layout'
import { AppRouter } from './router'
import { SessionProvider } from './session-provider'
import type { SessionServices } from './session-service'

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

export function App({ services, queryClient }: { services: SessionServices; queryClient: QueryClient }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider services={services}>
          <Layout>
            <AppRouter />
          </Layout>
        </SessionProvider>
      </QueryClientProvider>
    </I18nProvider>
  )
}
