import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'

/** Bytes a browser downloads for a file of the build, gzip at the default level, in KiB. */
export function gzipKiB(outDir: string, file: string): number {
  return gzipSync(readFileSync(join(outDir, file))).length / 1024
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
 * it adds beyond the first page's JavaScript: its own files, not the ones the home page already has.
 */
export function lazyChunks(manifest: Manifest): Array<{ name: string; files: string[] }> {
  const initial = staticClosure(manifest, entryKey(manifest))
  const dynamic = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []))
  return [...dynamic].map((key) => {
    const own = [...staticClosure(manifest, key)].filter((k) => !initial.has(k))
    return { name: manifest[key]!.name ?? key, files: scriptsOf(manifest, own) }
  })
}

/** Files of a production build that are, or carry, the simulated backend or development tools. */
export function mockFiles(outDir: string): string[] {
  const markers = ['pettoraleMock', 'setupWorker', 'pettorale.mock', '@pettorale.test', 'mock-storage', 'Pettorale-2026']
  const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(outDir.length + 1))
  return files.filter(
    (file) =>
      /mock|msw|pseudo/i.test(file) ||
      (/\.(js|html|css)$/.test(file) && markers.some((marker) => readFileSync(join(outDir, file), 'utf8').includes(marker))),
  )
}
