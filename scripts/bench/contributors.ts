/**
 * What the first page's JavaScript is made of: each library (by package name) and each part of the
 * app's own code (by top folder) with its share of the home route's gzip bytes, so a later feature
 * knows what it must pay for. Informative lines (no budget); the budget is `initial-js`'s.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, minifySync, type Plugin } from 'vite'
import { entryKey, pageScriptGzip, scriptsOf, staticClosure } from './bundle'
import type { Line, Measure } from './types'

/** One module of a built chunk and its code as the bundler rendered it (before minifying). */
export interface RenderedModule {
  id: string
  code: string
}

/**
 * A contributor's share of the first page: `gzip` is its part of the files' real gzip bytes, or the
 * gzip of the script written into the page (`inPage`: src/first-paint.js).
 */
export interface Contribution {
  name: string
  modules: number
  gzip: number
  inPage?: true
}

/**
 * A module's contributor: an npm package by its name (the innermost `node_modules`), the app's code
 * by top folder (`src/features/<feature>`, `src/<folder>`, `contracts`, `machines`, `locales`), the
 * bundler's own helpers (virtual modules) as one.
 */
export function contributorOf(id: string, root: string): string {
  if (id.startsWith('\0')) return 'bundler runtime'
  const packagePath = id.split('/node_modules/').at(-1)!
  if (packagePath !== id) return /^(@[^/]+\/)?[^/]+/.exec(packagePath)![0]
  const parts = (id.startsWith(`${root}/`) ? id.slice(root.length + 1) : id).split('?')[0]!.split('/')
  if (parts[0] === 'src' && parts[1] === 'features' && parts.length > 3) return parts.slice(0, 3).join('/')
  if (parts[0] === 'src') return parts.slice(0, 2).join('/')
  return parts[0]!
}

/**
 * The gzip bytes a group of modules would cost on its own: its code minified as the build does
 * (local names mangled; nothing dropped, since the group exports nothing), then gzip.
 */
export function ownGzip(code: string): number {
  const { code: minified, errors } = minifySync('group.js', code, { module: true, compress: false, mangle: true })
  if (errors.length) throw new Error(`a contributor's code does not minify: ${errors.map((error) => error.message).join('; ')}`)
  return gzipSync(minified).length
}

/**
 * Each contributor's share of `actualGzip` (the first page's files, gzip as served): its code's gzip
 * on its own, scaled so the shares add up to the real figure (one file compresses a little better
 * than its parts apart, since gzip finds repeats across them). Largest first.
 */
export function attribute(modules: readonly RenderedModule[], actualGzip: number, root: string, size = ownGzip): Contribution[] {
  const groups = new Map<string, RenderedModule[]>()
  for (const module of modules) {
    if (!module.code) continue
    const name = contributorOf(module.id, root)
    groups.set(name, [...(groups.get(name) ?? []), module])
  }
  const apart = [...groups].map(([name, members]) => ({ name, modules: members.length, own: size(members.map((m) => m.code).join('\n')) }))
  const total = apart.reduce((sum, group) => sum + group.own, 0)
  return apart
    .map(({ name, modules: count, own }) => ({ name, modules: count, gzip: total === 0 ? 0 : (own * actualGzip) / total }))
    .sort((a, b) => b.gzip - a.gzip || a.name.localeCompare(b.name))
}

/** The `top` largest contributors as lines, the rest summed into one "other" line. */
export function contributionLines(contributions: readonly Contribution[], top = 12): Line[] {
  const line = (name: string, gzip: number, note: string): Line => ({ name: `first page: ${name} (gzip)`, value: gzip / 1024, unit: 'KiB', budget: null, kind: 'max', note })
  const METHOD = "its code minified and gzipped apart, scaled to the files' real gzip"
  const shown = contributions.slice(0, top).map(({ name, modules, gzip, inPage }) => line(name, gzip, inPage ? 'written into the page, its gzip' : `${String(modules)} module${modules === 1 ? '' : 's'}; ${METHOD}`))
  const rest = contributions.slice(top)
  if (rest.length === 0) return shown
  const others = rest.reduce((sum, contribution) => sum + contribution.gzip, 0)
  return [...shown, line('other', others, rest.map(({ name, gzip }) => `${name} ${(gzip / 1024).toFixed(1)}`).join(', '))]
}

/** The rendered modules of every chunk the build writes, by file name. */
function captureModules(into: Map<string, RenderedModule[]>): Plugin {
  return {
    name: 'pettorale:bench-contributors',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        into.set(chunk.fileName, Object.entries(chunk.modules).map(([id, module]) => ({ id, code: module.code ?? '' })))
      }
    },
  }
}

/**
 * The bench's build says which files the first page loads but not what is in them: the same
 * production build is made again (a few seconds) with a plugin that keeps each chunk's modules. Its
 * files must be the bench's, name for name (hashes of the same code). The script written into
 * index.html (src/first-paint.js) counts as one contributor.
 */
export const firstPageContributors: Measure = async ({ outDir, manifest }) => {
  const files = scriptsOf(manifest, staticClosure(manifest, entryKey(manifest)))
  const modules = new Map<string, RenderedModule[]>()
  const again = mkdtempSync(join(tmpdir(), 'pettorale-contributors-'))
  try {
    process.env.VITE_API_MOCK = 'false'
    await build({ logLevel: 'silent', build: { outDir: again, emptyOutDir: true }, plugins: [captureModules(modules)] })
  } finally {
    rmSync(again, { recursive: true, force: true })
  }
  const missing = files.filter((file) => !modules.has(file))
  if (missing.length) throw new Error(`the second build differs from the bench's: no ${missing.join(', ')}`)
  const gzipOf = (file: string) => gzipSync(readFileSync(join(outDir, file))).length
  const contributions = attribute(
    files.flatMap((file) => modules.get(file)!),
    files.reduce((sum, file) => sum + gzipOf(file), 0),
    process.cwd(),
  )
  const script = { name: 'first-paint.js', modules: 1, gzip: pageScriptGzip(outDir), inPage: true as const }
  return contributionLines([...contributions, script].sort((a, b) => b.gzip - a.gzip))
}
