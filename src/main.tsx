import type { QueryClient } from '@tanstack/react-query'
import { setNonce } from 'get-nonce'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createQueryClient, type AppExtensions } from './app/app'
import { prefetchLandingData, takeLandingToken } from './app/landing'
import { preloadScreen } from './app/preload-on-intent'
import { routes } from './app/routes'
import { initSessionStore } from './app/session-store'
import { configureApiClient } from './lib/api-config'
import { activateLocale, initialLocale } from './lib/i18n'
import { ensureTemporal } from './lib/temporal'
import './ui/global.css'

const apiBaseUrl = import.meta.env.VITE_API_BASE_URL ?? ''

/**
 * The only door to the simulated backend and its QA tools (decision 008): a production build with
 * VITE_API_MOCK=false drops both. What they add to the portal (the mailbox) comes back from it.
 * VITE_API_MOCK=server is a QA build against a shared `npm run mock:server`: the QA controls over
 * HTTP, no backend in the page.
 */
async function startMock(queryClient: QueryClient): Promise<AppExtensions | undefined> {
  if (import.meta.env.VITE_API_MOCK === 'false') return undefined
  if (import.meta.env.VITE_API_MOCK === 'server') {
    const { startSharedBackendPanel } = await import('./dev/shared-backend-entry')
    return startSharedBackendPanel(apiBaseUrl, queryClient)
  }
  const { startSimulatedBackend } = await import('./dev/entry')
  return startSimulatedBackend(apiBaseUrl, queryClient)
}

/**
 * The page's CSP nonce, as the server wrote it into index.html. The dialogs' scroll lock injects
 * one `<style>`; with the nonce the policy admits it without allowing inline styles in general.
 */
function adoptCspNonce() {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce
  if (nonce) setNonce(nonce)
}

/**
 * At the athlete's first touch, key or pointer press anywhere: a visitor who only reads the race
 * list never pays for the session machine, and one who reaches for "Log in" has it loading before
 * the click lands.
 */
function onFirstInteraction(run: () => void) {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const
  const once = () => {
    for (const type of events) window.removeEventListener(type, once, true)
    run()
  }
  for (const type of events) window.addEventListener(type, once, { capture: true, passive: true })
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
  const queryClient = createQueryClient()
  const backendReady = startMock(queryClient)
  const temporalReady = ensureTemporal()
  const session = initSessionStore(landing, queryClient)
  // A session to restore or a sign-in to complete starts the machine as soon as there is a backend
  // to answer and Temporal to read dates with (the boot's own wait below reports either failing),
  // beside the catalog: the athlete's page waits for the profile it reads, and its request goes
  // out before the screen's many files take the connections. A visitor's page loads it when the
  // athlete first reaches for the page (or at once when something needs it: the drawer, the guard).
  if (session.loadNow) void Promise.all([backendReady, temporalReady]).then(session.preload, () => {})
  else onFirstInteraction(session.preload)
  // The landing screen's code downloads beside the catalog instead of after it, asked for in a task
  // of its own: its preload links cost milliseconds that would lengthen the entry's (TBT).
  setTimeout(() => preloadScreen(routes, window.location.pathname))
  // The landing page's data (the race list, a race) is asked for as soon as there is a backend to
  // answer (at once against a real one), while the catalog and Temporal download; its query finds it.
  void backendReady.then(() => prefetchLandingData(queryClient, window.location))
  // Independent downloads: the catalog, the simulated backend and (where missing) Temporal.
  const [, extensions] = await Promise.all([temporalReady, backendReady, activateLocale(initialLocale())])
  const root = createRoot(document.getElementById('root')!, {
    // A boundary caught it and the page says so: for developers a warning, not an error.
    onCaughtError: (error, info) => console.warn('[pettorale] a part of the page failed', error, info.componentStack),
  })
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a slow phone's main thread for the whole page; the frame stays on screen meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} extensions={extensions} />
      </StrictMode>,
    ),
  )
}

void boot()
