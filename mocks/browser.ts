import { setupWorker } from 'msw/browser'
import { createControls, createDataControls } from './controls'
import { createHandlers } from './handlers'
import { createProvider } from './provider'
import { createPersistentDb, webStorageChangeStore } from './persistence'
import { createSeed, PERSONAS, SEED_NOW_MS } from './seed'

/**
 * Starts the simulated backend in the page: the service worker intercepts the portal's calls and
 * the handlers answer them from the seed plus the changes kept in localStorage (decision 007), so
 * an enrolment survives F5 and every tab sees the same data. Returns the mock clock for the
 * portal's clock module.
 */
export async function startMockBackend(apiBaseUrl: string) {
  const controls = createControls(SEED_NOW_MS)
  const database = createPersistentDb({ store: webStorageChangeStore(localStorage), seed: createSeed })
  await database.boot()

  // Another tab wrote some records: take them, so sessions and enrolments agree.
  window.addEventListener('storage', (event) => {
    if (event.storageArea === localStorage) void database.takeRemote(event.key, event.oldValue, event.newValue)
  })

  const baseUrl = new URL(apiBaseUrl || '/', window.location.origin).href.replace(/\/$/, '')
  // The portal is this page: social sign-in returns and payment redirects are built on its origin.
  const portalOrigin = window.location.origin
  const worker = setupWorker(...createHandlers({ baseUrl, portalOrigin, controls, onResolved: database.persist }))
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true })

  const api = {
    ...controls,
    ...createDataControls(database.persist, controls.now),
    /** The simulated payment provider, for the mock-only checkout page. */
    provider: createProvider(controls.now, database.persist),
    personas: PERSONAS,
    /** Back to the seed: data (in every tab), clock, faults. Reload the page afterwards. */
    async resetAll() {
      controls.reset()
      await database.reset()
    },
  }
  Object.assign(window, { pettoraleMock: api })
  return api
}

/** What `window.pettoraleMock` offers: the controls (clock, faults, data), the personas and `resetAll`. */
export type MockApi = Awaited<ReturnType<typeof startMockBackend>>
