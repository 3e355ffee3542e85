import { setupWorker } from 'msw/browser'
import { createControls } from './controls'
import { dumpDb, loadDb, type DbSnapshot } from './db'
import { createHandlers } from './handlers'
import { createSeed, PERSONAS, SEED_NOW_MS } from './seed'

const DB_KEY = 'pettorale.mock.db.v1'

/**
 * Starts the simulated backend in the page: the service worker intercepts the portal's calls and
 * the handlers answer them from a database kept in localStorage, so an enrolment survives F5 and
 * every tab sees the same data. Returns the mock clock for the portal's clock module.
 */
export async function startMockBackend(apiBaseUrl: string) {
  const controls = createControls(SEED_NOW_MS)
  const stored = localStorage.getItem(DB_KEY)
  await loadDb(stored ? (JSON.parse(stored) as DbSnapshot) : createSeed())
  const persist = () => localStorage.setItem(DB_KEY, JSON.stringify(dumpDb()))
  if (!stored) persist()

  // Another tab wrote the database: take its version, so sessions and enrolments agree.
  window.addEventListener('storage', (event) => {
    if (event.key === DB_KEY && event.newValue) void loadDb(JSON.parse(event.newValue) as DbSnapshot)
  })

  const baseUrl = new URL(apiBaseUrl || '/', window.location.origin).href.replace(/\/$/, '')
  const worker = setupWorker(...createHandlers({ baseUrl, controls, onWrite: persist }))
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true })

  const api = {
    ...controls,
    personas: PERSONAS,
    /** Back to the seed: data, clock, faults. Reload the page afterwards. */
    async resetAll() {
      controls.reset()
      await loadDb(createSeed())
      persist()
    },
  }
  Object.assign(window, { pettoraleMock: api })
  return api
}
