import { readdir, readFile, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'

/**
 * Compression of the build's files as a production host compresses them: the encoding a client
 * asks for, and each file compressed once at the highest level (until it changes on disk), so the
 * bench measures the build, not this server's compressor.
 */

/** Already compressed formats are sent as they are. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.svg', '.ico'])

type Encoding = 'br' | 'gzip' | 'identity'

/**
 * The encoding to answer in, from `accept-encoding`: brotli or gzip, whichever the client weighs
 * more (brotli on a tie), unless it refuses both (`q=0`).
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity'
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined)
    weights.set(name, q === undefined ? 1 : Number(q) || 0)
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0
  const br = weight('br')
  const gz = Math.max(weight('gzip'), weights.get('x-gzip') ?? 0)
  if (br > 0 && br >= gz) return 'br'
  if (gz > 0) return 'gzip'
  return 'identity'
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** `thorough` for a file kept in memory; a page (a fresh nonce each time) is compressed per answer, faster. */
export function compress(body: Buffer, encoding: Exclude<Encoding, 'identity'>, thorough: boolean): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: thorough ? 9 : 6 })
  return brotli(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_QUALITY]: thorough ? 11 : 5,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
}

/** A file of the build, read once, with its compressed forms made once (until the file changes). */
interface CachedFile {
  mtimeMs: number
  size: number
  body: Buffer
  etag: string
  compressed: Partial<Record<'br' | 'gzip', Promise<Buffer>>>
}

export type FileCache = ReturnType<typeof createFileCache>

export function createFileCache() {
  const files = new Map<string, CachedFile>()
  return {
    async get(path: string, size: number, mtimeMs: number): Promise<CachedFile> {
      const cached = files.get(path)
      if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached
      const entry: CachedFile = {
        mtimeMs,
        size,
        body: await readFile(path),
        etag: `W/"${size.toString(16)}-${Math.trunc(mtimeMs).toString(16)}"`,
        compressed: {},
      }
      files.set(path, entry)
      return entry
    },
    encoded(entry: CachedFile, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
      entry.compressed[encoding] ??= compress(entry.body, encoding, true)
      return entry.compressed[encoding]
    },
  }
}

/** Reads and compresses the build's compressible files, one at a time, before anyone asks. */
export async function precompress(dist: string, cache: FileCache): Promise<void> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name).toLowerCase()) || entry.name.endsWith('.html')) continue
    const file = join(entry.parentPath, entry.name)
    const info = await stat(file)
    const cached = await cache.get(file, info.size, info.mtimeMs)
    await cache.encoded(cached, 'br')
    await cache.encoded(cached, 'gzip')
  }
}
