import { createControls, createDataControls } from '../controls'
import { loadDb } from '../db'
import { createPersistentDb, memoryChangeStore } from '../persistence'
import { createProvider } from '../provider'
import { createLocalQaApi } from '../qa-local'
import { createRequestLog } from '../qa-request-log'
import { createSeed, SEED_NOW_MS } from '../seed'

/**
 * The simulated backend behind the server's socket: the seed loaded, the controls and the request
 * log, and, started for QA, the provider and the QA API its mock-only routes answer from.
 */
export async function createServerBackend(forQa: boolean) {
  const controls = createControls(SEED_NOW_MS)
  const requestLog = createRequestLog()
  if (!forQa) {
    // Nothing is noted: the opening-rush bench writes thousands of records, and only QA exports.
    await loadDb(createSeed())
    return { controls, requestLog, persist: () => {}, qa: null }
  }
  // Kept as a change set over the seed, like the browser's, so it can be exported and imported.
  const database = createPersistentDb({ store: memoryChangeStore(), seed: createSeed })
  await database.boot()
  const provider = createProvider(controls.now, database.persist)
  const api = createLocalQaApi({ controls, data: createDataControls(database.persist, controls.now), provider, database, requestLog })
  // Moves on every change of the QA state, so the panels sharing this server poll one number.
  let version = 0
  api.subscribe(() => void version++)
  return { controls, requestLog, persist: database.persist, qa: { api, provider, version: () => version } }
}
