// @vitest-environment node
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { namedAfterMock } from '../../scripts/bench/bundle'
import { realBuildCopy, sharedBuild } from '../../scripts/test-builds'

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

describe('a production build against the real backend (VITE_API_MOCK=false)', () => {
  // The run's shared build under `npm test` (scripts/test-builds.ts), read as it is; run alone, one made here.
  let outDir = sharedBuild('real') ?? ''
  beforeAll(async () => {
    if (!outDir) outDir = await realBuildCopy('pettorale-real-build-')
  }, 120_000)
  afterAll(() => {
    if (!sharedBuild('real')) rmSync(outDir, { recursive: true, force: true })
  })

  it('ships no mock file: no service worker, nothing named after the mock', () => {
    const names = builtFiles(outDir).map((file) => relative(outDir, file))
    expect(names.filter(namedAfterMock)).toEqual([])
  })

  it('contains no mock code: no handlers, no seed, no service worker start, no personas', () => {
    const scripts = builtFiles(outDir).filter((file) => file.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(0)
    const text = scripts.map((file) => readFileSync(file, 'utf8')).join('\n')
    for (const marker of ['pettoraleMock', 'setupWorker', 'pettorale.mock.db', '@pettorale.test', 'mock-storage', 'Pettorale-2026']) {
      expect(text, `marker ${marker}`).not.toContain(marker)
    }
  })
})
