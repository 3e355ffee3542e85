import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'

/** Bytes a browser downloads for a file of the build, gzip at the default level, in KiB. */
export function gzipKiB(outDir: string, file: string): number {
  return gzipSync(readFileSync(join(outDir, file))).length / 1024
}

/**
 * The script index.html runs before the app, written into the page (src/first-paint.js, as the
 * build minified it): its gzip in bytes. It counts in the first page's JavaScript.
 */
export function pageScriptGzip(outDir: string): number {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/<script nonce="[^"]*">([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
  if (scripts.length !== 1) throw new Error(`index.html has ${String(scripts.length)} scripts of its own; the bench expects first-paint.js alone`)
  return gzipSync(scripts[0]!).length
}

/** A chunk and every chunk it imports statically, transitively: what loading it costs. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into
  into.add(key)
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into)
  return into
}

/** The JavaScript files of a set of manifest keys. */
export function scriptsOf(manifest: Manifest, keys: Iterable<string>): string[] {
  return [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'))
}

export function entryKey(manifest: Manifest): string {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)
  if (!entry) throw new Error('the build has no entry chunk')
  return entry[0]
}

/**
 * Each chunk loaded on demand (a route, the login drawer, the session runtime, a catalog) with what
 * it adds beyond the first page's JavaScript, split in two: its `own` files (itself, and what only it
 * loads), and the `shared` ones that other on-demand chunks load too (a library such as the forms
 * library or XState, a contract, another screen it is part of), which an athlete downloads once for
 * all of them. `sharedChunks` lists the shared files that are not screens of their own.
 */
export function lazyChunks(manifest: Manifest): Array<{ name: string; own: string[]; shared: string[] }> {
  const closures = lazyClosures(manifest)
  const users = usersOf(closures)
  const isOwn = (entry: string) => (key: string) => key === entry || (users.get(key) === 1 && !closures.has(key))
  return [...closures].map(([entry, keys]) => ({
    name: manifest[entry]!.name ?? entry,
    own: scriptsOf(manifest, keys.filter(isOwn(entry))),
    shared: scriptsOf(manifest, keys.filter((key) => !isOwn(entry)(key))),
  }))
}

/** The files more than one on-demand chunk loads and that are not loaded on demand themselves. */
export function sharedChunks(manifest: Manifest): Array<{ name: string; file: string; users: number }> {
  const closures = lazyClosures(manifest)
  return [...usersOf(closures)]
    .filter(([key, count]) => count > 1 && !closures.has(key) && manifest[key]!.file.endsWith('.js'))
    .map(([key, count]) => ({ name: manifest[key]!.name ?? key, file: manifest[key]!.file, users: count }))
}

/** Every dynamically imported chunk with the manifest keys it loads beyond the first page. */
function lazyClosures(manifest: Manifest): Map<string, string[]> {
  const initial = staticClosure(manifest, entryKey(manifest))
  const dynamic = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []))
  return new Map([...dynamic].map((key) => [key, [...staticClosure(manifest, key)].filter((k) => !initial.has(k))]))
}

function usersOf(closures: Map<string, string[]>): Map<string, number> {
  const users = new Map<string, number>()
  for (const keys of closures.values()) for (const key of keys) users.set(key, (users.get(key) ?? 0) + 1)
  return users
}

/**
 * Whether a built file is named after the simulated backend or a development tool. The name is read
 * without Vite's content hash, whose eight random letters spell "msw" now and then.
 */
export function namedAfterMock(file: string): boolean {
  return /mock|msw|pseudo/i.test(file.replace(/-[\w-]{8}(\.\w+)$/, '$1'))
}

/** Files of a production build that are, or carry, the simulated backend or development tools. */
export function mockFiles(outDir: string): string[] {
  const markers = ['pettoraleMock', 'setupWorker', 'pettorale.mock', '@pettorale.test', 'mock-storage', 'Pettorale-2026']
  const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(outDir.length + 1))
  return files.filter(
    (file) =>
      namedAfterMock(file) ||
      (/\.(js|html|css)$/.test(file) && markers.some((marker) => readFileSync(join(outDir, file), 'utf8').includes(marker))),
  )
}
