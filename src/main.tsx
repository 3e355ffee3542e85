import { setNonce } from 'get-nonce'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createQueryClient } from './app/app'
import { startSession, takeLandingToken } from './app/session-service'
import { configureApiClient } from './lib/api-client'
import { setClockSource } from './lib/clock'
import { activateLocale, initialLocale } from './lib/i18n'
import { ensureTemporal } from './lib/temporal'
import './ui/global.css'

const apiBaseUrl = import.meta.env.VITE_API_BASE_URL ?? ''

/** The only door to the simulated backend: a production build with VITE_API_MOCK=false drops it. */
async function startMock(): Promise<void> {
  if (import.meta.env.VITE_API_MOCK === 'false') return
  const { startMockBackend } = await import('../mocks/browser')
  const mock = await startMockBackend(apiBaseUrl)
  setClockSource(mock.now)
  mock.subscribe(() => setClockSource(mock.now))
}

/**
 * The page's CSP nonce, as the server wrote it into index.html. The dialogs' scroll lock injects
 * one `<style>`; with the nonce the policy admits it without allowing inline styles in general.
 */
function adoptCspNonce() {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce
  if (nonce) setNonce(nonce)
}

async function boot() {
  // Before anything else: a token in the address bar must not linger there.
  const landing = takeLandingToken(window.location, window.history)
  adoptCspNonce()
  configureApiClient({
    baseUrl: apiBaseUrl,
    clientId: import.meta.env.VITE_OAUTH_CLIENT_ID ?? 'pettorale-portal',
    clientSecret: import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? '',
  })
  // Independent downloads: the catalog, the simulated backend and (where missing) Temporal.
  await Promise.all([ensureTemporal(), startMock(), activateLocale(initialLocale())])
  const queryClient = createQueryClient()
  const services = startSession(landing, queryClient)
  createRoot(document.getElementById('root')!, {
    // A boundary caught it and the page says so: for developers a warning, not an error.
    onCaughtError: (error, info) => console.warn('[pettorale] a part of the page failed', error, info.componentStack),
  }).render(
    <StrictMode>
      <App services={services} queryClient={queryClient} />
    </StrictMode>,
  )
}

void boot()
