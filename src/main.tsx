import { setNonce } from 'get-nonce'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createQueryClient } from './app/app'
import { takeLandingToken } from './app/landing'
import { initSessionStore } from './app/session-store'
import { configureApiClient } from './lib/api-client'
import { setClockSource } from './lib/clock'
import { activateLocale, initialLocale } from './lib/i18n'
import { ensureTemporal } from './lib/temporal'
import { SECOND_MS } from '../contracts/time'
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

/** After the first paint, when the main thread is free (Safari has no requestIdleCallback). */
function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2 * SECOND_MS })
  else setTimeout(run, 0)
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
  const session = initSessionStore(landing, queryClient)
  // A session to restore or a sign-in to complete starts the machine now; a visitor's page paints
  // first and loads it in the idle time after.
  if (session.loadNow) session.preload()
  else whenIdle(session.preload)
  createRoot(document.getElementById('root')!, {
    // A boundary caught it and the page says so: for developers a warning, not an error.
    onCaughtError: (error, info) => console.warn('[pettorale] a part of the page failed', error, info.componentStack),
  }).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  )
}

void boot()
