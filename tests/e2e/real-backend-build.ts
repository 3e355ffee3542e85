import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'

/**
 * The build for a real backend (VITE_API_MOCK=false) in a new temporary folder, whose path it
 * returns (the caller removes it): what a production host serves, for the tests of what only that
 * build does. Mock mode is restored for the rest of the worker.
 */
export async function buildForRealBackend(prefix: string): Promise<string> {
  const dist = mkdtempSync(join(tmpdir(), prefix))
  const simulated = process.env.VITE_API_MOCK
  process.env.VITE_API_MOCK = 'false'
  try {
    await build({ logLevel: 'silent', build: { outDir: dist, emptyOutDir: true } })
  } finally {
    if (simulated === undefined) delete process.env.VITE_API_MOCK
    else process.env.VITE_API_MOCK = simulated
  }
  return dist
}
