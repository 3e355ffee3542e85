import { setupWorker } from 'msw/browser'
import { CONTROLS_STORAGE_KEY, createControls, createDataControls } from './controls'
import { createHandlers } from './handlers'
import { createProvider } from './provider'
import { createPersistentDb, webStorageChangeStore } from './persistence'
import { createLocalQaApi } from './qa-local'
import { createRequestLog } from './qa-request-log'
import { createSeed, PERSONAS, SEED_NOW_MS } from './seed'

/**
 * Starts the simulated backend in the page: the service worker intercepts the portal's calls and
 * the handlers answer them from the seed plus the changes kept in localStorage (decision 007), so
 * an enrolment survives F5 and every tab sees the same data; so do the controls (clock, faults).
 * Returns the controls (the portal's clock module reads the mock clock) and `qa`, the QA panel's API.
 */
export async function startMockBackend(apiBaseUrl: string) {
  const controls = createControls(SEED_NOW_MS)
  const database = createPersistentDb({ store: webStorageChangeStore(localStorage), seed: createSeed })
  await database.boot()

  // Another tab wrote some records or the controls: take them, so sessions, enrolments, the clock
  // and the faults agree.
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== localStorage) return
    if (event.key === CONTROLS_STORAGE_KEY) controls.takeRemote(event.newValue)
    // A cleared storage (`key` null) is both: the controls back to the seed's, the data too.
    if (event.key === null) controls.takeRemote(null)
    if (event.key !== CONTROLS_STORAGE_KEY) void database.takeRemote(event.key, event.oldValue, event.newValue)
  })

  const baseUrl = new URL(apiBaseUrl || '/', window.location.origin).href.replace(/\/$/, '')
  // The portal is this page: social sign-in returns and payment redirects are built on its origin.
  const portalOrigin = window.location.origin
  const requestLog = createRequestLog()
  const worker = setupWorker(...createHandlers({ baseUrl, portalOrigin, controls, onResolved: database.persist, requestLog }))
  answerUntilThePageIsGone()
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true })

  const data = createDataControls(database.persist, controls.now)
  const provider = createProvider(controls.now, database.persist)
  const qa = createLocalQaApi({ controls, data, provider, database, requestLog })
  const api = {
    ...controls,
    ...data,
    /** The simulated payment provider, for the mock-only checkout page. */
    provider,
    personas: PERSONAS,
    /** Back to the seed: data (in every tab), clock, faults, request log. Reload the page afterwards. */
    resetAll: qa.reset,
    /** The QA panel's export (a database file's text): what the data is now, as QA and tests read it. */
    exportDatabase: qa.exportDatabase,
  }
  Object.assign(window, { pettoraleMock: api })
  return { ...api, qa }
}

/**
 * MSW tells its worker a page is closing at `beforeunload`, and from then the worker lets that
 * page's calls through to the static server, which answers an API address with index.html (or a
 * 404). But a page keeps running until the next one arrives: a query it refetched meanwhile (a
 * clock just moved, a save just invalidated it) got that answer and logged a broken contract.
 * Stopping MSW's listener (added after this one, in `worker.start`) keeps the page mocked to its
 * end. The worker is then never told a page closed, so it stays registered for the address and
 * lets through the calls of any page that did not start the mock, as it does for files. The
 * portal sets no `beforeunload` handler of its own, which this would also stop.
 */
function answerUntilThePageIsGone() {
  window.addEventListener('beforeunload', (event) => event.stopImmediatePropagation(), { capture: true })
}

/** What `window.pettoraleMock` offers: the controls (clock, faults, data), the personas and `resetAll`. */
export type MockApi = Omit<Awaited<ReturnType<typeof startMockBackend>>, 'qa'>
