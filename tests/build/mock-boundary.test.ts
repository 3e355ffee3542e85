// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = process.cwd()
const mocksDir = join(root, 'mocks')
const devDir = join(root, 'src', 'dev')

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

interface Import {
  target: string
  dynamic: boolean
  typeOnly: boolean
}

const IMPORT =
  /\b(import|export)(\s+type)?\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm

/** The relative imports in a file's text (static, side-effect, re-exports, dynamic), as absolute paths. */
function importsIn(file: string, text: string): Import[] {
  const found: Import[] = []
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4] ?? match[5]!
    if (!specifier.startsWith('.')) continue
    found.push({ target: resolve(dirname(file), specifier), dynamic: match[4] !== undefined, typeOnly: match[2] !== undefined })
  }
  return found
}

const importsOf = (file: string) => importsIn(file, readFileSync(file, 'utf8'))

const inside = (path: string, dir: string) => path === dir || path.startsWith(dir + sep)
const importersOf = (dir: string) =>
  sourceFiles(join(root, 'src'))
    .filter((file) => importsOf(file).some((imported) => inside(imported.target, dir)))
    .map((file) => relative(root, file).split(sep).join('/'))

describe('the simulated backend stays out of the app', () => {
  it('is imported only by src/main.tsx and the mock-only UI in src/dev, so a production build can leave it out', () => {
    const importers = importersOf(mocksDir)
    expect(importers.filter((file) => file !== 'src/main.tsx' && !file.startsWith('src/dev/'))).toEqual([])
    // The mock gate itself is found: straight to mocks/, or through src/dev.
    expect([...importers, ...importersOf(devDir)]).toContain('src/main.tsx')
  })

  it('keeps src/dev (QA panel, mailbox, simulated checkout) reachable only from src/main.tsx (and its own files)', () => {
    expect(importersOf(devDir).filter((file) => file !== 'src/main.tsx' && !file.startsWith('src/dev/'))).toEqual([])
  })

  it('has src/main.tsx load mocks/ and src/dev by dynamic import only, behind the mock gate', () => {
    const main = join(root, 'src', 'main.tsx')
    const statics = importsOf(main).filter(
      (imported) => !imported.dynamic && !imported.typeOnly && (inside(imported.target, mocksDir) || inside(imported.target, devDir)),
    )
    expect(statics.map((imported) => relative(root, imported.target))).toEqual([])
  })

  it('reads static, type-only, side-effect, re-exported and dynamic imports', () => {
    const probe = join(root, 'src', 'probe.ts')
    const text = [
      "import { a } from '../mocks/db'",
      "import type { B } from '../mocks/browser'",
      "import '../mocks/side-effect'",
      'const c = await import(\'./dev/panel\')',
      "export { d } from './lib/x'",
      "import { e } from 'react'",
    ].join('\n')
    expect(importsIn(probe, text).map((imported) => ({ ...imported, target: relative(root, imported.target).split(sep).join('/') }))).toEqual([
      { target: 'mocks/db', dynamic: false, typeOnly: false },
      { target: 'mocks/browser', dynamic: false, typeOnly: true },
      { target: 'mocks/side-effect', dynamic: false, typeOnly: false },
      { target: 'src/dev/panel', dynamic: true, typeOnly: false },
      { target: 'src/lib/x', dynamic: false, typeOnly: false },
    ])
  })
})
