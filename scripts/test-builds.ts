import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

/**
 * The three production builds the suite tests, made once per `npm test` (scripts/test.ts) into one
 * folder, `PETTORALE_TEST_BUILDS`, that every test reading a build takes from:
 * - `mock`: the portal with its simulated backend in the browser (Playwright's production-build
 *   project, served by vite preview);
 * - `real`: the portal for a real backend (VITE_API_MOCK=false): the unit test that no mock code
 *   ships, and the e2e behind the real host and of the first paint;
 * - `qa`: the portal on the shared mock server (VITE_API_MOCK=server), Playwright's shared-backend project.
 * Run alone (`npx playwright test`, `npx vitest run`), without the variable, each builds its own as before.
 */
export const TEST_BUILDS_ENV = 'PETTORALE_TEST_BUILDS'
export type TestBuild = 'mock' | 'real' | 'qa'

const MODES: Record<TestBuild, string | undefined> = { mock: undefined, real: 'false', qa: 'server' }

/** The folder of a build made by this run's `npm test`, or undefined when the tests run alone. */
export function sharedBuild(kind: TestBuild): string | undefined {
  const root = process.env[TEST_BUILDS_ENV]
  return root ? join(root, kind) : undefined
}

/** Builds one of the three into `outDir`, its API mode set for the build only. */
export async function buildFor(kind: TestBuild, outDir: string): Promise<void> {
  const before = process.env.VITE_API_MOCK
  const mode = MODES[kind]
  if (mode === undefined) delete process.env.VITE_API_MOCK
  else process.env.VITE_API_MOCK = mode
  try {
    await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } })
  } finally {
    if (before === undefined) delete process.env.VITE_API_MOCK
    else process.env.VITE_API_MOCK = before
  }
}

/**
 * The build for a real backend in a new temporary folder, whose path it returns (the caller removes
 * it): a copy of this run's shared build, or one built now when the tests run alone. A copy, because
 * the caller may add to it (the real host's compressed files).
 */
export async function realBuildCopy(prefix: string): Promise<string> {
  const dist = mkdtempSync(join(tmpdir(), prefix))
  const shared = sharedBuild('real')
  if (shared) cpSync(shared, dist, { recursive: true })
  else await buildFor('real', dist)
  return dist
}

/** `tsx scripts/test-builds.ts <folder>`: the three builds into `<folder>/{mock,real,qa}`. */
async function main(): Promise<void> {
  const root = resolve(process.argv[2] ?? 'dist-test')
  for (const kind of Object.keys(MODES) as TestBuild[]) await buildFor(kind, join(root, kind))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
