import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { shouldRetryRead } from '../lib/api-query'
import { Layout } from './layout'
import { AppRouter } from './router'
import { SessionProvider } from './session-provider'
import type { SessionServices } from './session-service'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetryRead, staleTime: 30_000, refetchOnWindowFocus: false },
    // Writes never retry by themselves: the athlete decides, and payments carry an idempotency key.
    mutations: { retry: false },
  },
})

export function App({ services }: { services: SessionServices }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider services={services}>
          <Layout drawer={services.drawer}>
            <AppRouter />
          </Layout>
        </SessionProvider>
      </QueryClientProvider>
    </I18nProvider>
  )
}
