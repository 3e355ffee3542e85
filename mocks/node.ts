import { setupServer } from 'msw/node'
import { createControls } from './controls'
import { loadDb } from './db'
import { createHandlers } from './handlers'
import { createRequestLog } from './qa-request-log'
import { createSeed, SEED_NOW_MS } from './seed'

/** Where the API lives in unit tests. */
export const TEST_API_BASE = 'http://api.pettorale.test'
/**
 * Where the portal lives in unit tests: the test page's own origin under happy-dom (as in the
 * browser), the API's in a Node environment.
 */
export const TEST_PORTAL_ORIGIN =
  typeof location !== 'undefined' && /^https?:/.test(location.origin) ? location.origin : TEST_API_BASE

export const controls = createControls(SEED_NOW_MS)
export const requestLog = createRequestLog()
export const server = setupServer(
  ...createHandlers({ baseUrl: TEST_API_BASE, portalOrigin: TEST_PORTAL_ORIGIN, controls, onResolved: () => {}, requestLog }),
)

/** Every test starts from the seed, at the seed's "now", with no faults and an empty request log. */
export async function resetMockBackend(): Promise<void> {
  controls.reset()
  requestLog.clear()
  await loadDb(createSeed())
}
