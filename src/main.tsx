import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { startSession, takeLandingToken } from './app/session-service'
import { configureApiClient } from './lib/api-client'
import { setClockSource } from './lib/clock'
import { activateLocale, initialLocale } from './lib/i18n'
import { ensureTemporal } from './lib/temporal'
import './ui/global.css'

const apiBaseUrl = import.meta.env.VITE_API_BASE_URL ?? ''

async function boot() {
  // Before anything else: a token in the address bar must not linger there.
  const landing = takeLandingToken(window.location, window.history)
  await ensureTemporal()
  configureApiClient({
    baseUrl: apiBaseUrl,
    clientId: import.meta.env.VITE_OAUTH_CLIENT_ID ?? 'pettorale-portal',
    clientSecret: import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? '',
  })
  if (import.meta.env.VITE_API_MOCK !== 'false') {
    // The only door to the simulated backend: a production build with VITE_API_MOCK=false drops it.
    const { startMockBackend } = await import('../mocks/browser')
    const mock = await startMockBackend(apiBaseUrl)
    setClockSource(mock.now)
    mock.subscribe(() => setClockSource(mock.now))
  }
  await activateLocale(initialLocale())
  const services = startSession(landing)
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  )
}

void boot()
