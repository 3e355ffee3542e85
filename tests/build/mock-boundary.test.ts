// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = process.cwd()

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the simulated backend stays out of the app', () => {
  it('only src/main.tsx imports mocks/, so a production build can leave it out', () => {
    const importers = sourceFiles(join(root, 'src'))
      .filter((file) => /from\s+['"][./]*\/?mocks\/|import\(\s*['"][./]*mocks\//.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
    expect(importers).toEqual(['src/main.tsx'])
  })
})
