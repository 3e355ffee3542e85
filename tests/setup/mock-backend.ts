import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { configureApiClient } from '../../src/lib/api-config'
import { resetMockBackend, server, TEST_API_BASE } from '../../mocks/node'

/**
 * Import in a test file that talks to the simulated backend: the API client points at it, every
 * request must have a handler, and every test starts from the seed.
 */
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
  configureApiClient({ baseUrl: TEST_API_BASE, clientId: 'pettorale-portal', clientSecret: 'test' })
})
beforeEach(async () => {
  await resetMockBackend()
})
afterEach(() => {
  server.resetHandlers()
})
afterAll(() => {
  server.close()
})
