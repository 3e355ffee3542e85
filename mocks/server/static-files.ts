import { existsSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, isAbsolute, join, relative, resolve } from 'node:path'
import type { Locale } from '../../contracts/locale'
import { hostLocale, localeHtmlName } from '../../scripts/host-locale'
import { RACE_ANSWER_MARKER } from '../../scripts/host-race-answer'
import { newNonce, securityHeaders, withNonce } from '../../scripts/security-headers'
import { COMPRESSIBLE, compress, createFileCache, negotiateEncoding, precompress } from './compression'
import { announcesBody, readBody, RequestProblem, send, textAnswer } from './exchange'

/**
 * The production build (dist/) served the way a production host serves it: the page in the
 * athlete's language with a nonce of its own and the security headers, cache headers by file,
 * the old portal's addresses moved, and nothing read outside dist/. deploy/'s nginx answers the
 * same (tests/e2e/production-bundle.e2e.ts compares the two).
 */

/** Content types of the build's files. Anything else is served as bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
}

/** Vite's content-hashed output (`assets/name-HASH.ext`): safe to cache for a year. */
const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{6,}\.[A-Za-z0-9]+$/

/** src/lib/paths.ts LEGACY_REDIRECTS (which mocks/ may not import): the query string is kept. */
const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  '/reset_password': '/reset-password',
  '/pay_status': '/payment',
  '/pay_status_link': '/payment/by-link',
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
const STATIC_METHODS = ['GET', 'HEAD', 'OPTIONS']

interface StaticFilesOptions {
  /** The build folder, absolute. */
  dist: string
  /** What the pages' CSP and cross-origin headers name (`MockServerOptions`). */
  apiOrigin: string | undefined
  portalOrigin: string | undefined
  /** The race answer a page at this path carries in this language (race-answer.ts). */
  raceAnswer: (path: string, locale: Locale) => Promise<string>
}

export function createStaticFiles({ dist, apiOrigin, portalOrigin, raceAnswer }: StaticFilesOptions) {
  const cache = createFileCache()

  async function answer(message: IncomingMessage, res: ServerResponse, method: string, target: URL): Promise<void> {
    const allow = STATIC_METHODS.join(', ')
    if (method === 'OPTIONS') return send(message, res, { status: 204, headers: { allow } })
    if (method !== 'GET' && method !== 'HEAD') return send(message, res, textAnswer(405, 'Method not allowed.\n', { allow }))
    if (announcesBody(message)) {
      const body = await readBody(message)
      if (body.length > 0) throw new RequestProblem(400, 'invalid_request', 'A GET or HEAD request carries no body.')
    }

    // The old portal's addresses, moved for good (deploy/'s nginx answers the same).
    const moved = LEGACY_REDIRECTS[target.pathname]
    if (moved) return send(message, res, { status: 301, headers: { location: `${moved}${target.search}` } })

    const index = join(dist, 'index.html')
    if (!existsSync(index)) {
      return send(message, res, textAnswer(503, `No build to serve in ${dist}: run \`npm run build\` first, then \`npm run mock:server\`.\n`))
    }
    // The page in the athlete's language (decision 040), where the build has a copy per locale.
    const locale = hostLocale(message.headers.cookie, message.headers['accept-language'])
    const localized = join(dist, localeHtmlName(locale))
    const [page, language] = existsSync(localized) ? [localized, locale] : [index, undefined]
    let path: string
    try {
      path = decodeURIComponent(target.pathname)
    } catch {
      return send(message, res, textAnswer(400, 'Bad request: the path is not valid percent-encoding.\n'))
    }
    const file = resolve(dist, `.${path}`)
    const inside = relative(dist, file)
    if (path.includes('\0') || inside.startsWith('..') || isAbsolute(inside)) {
      return send(message, res, textAnswer(400, 'Bad request: the path leaves the site.\n'))
    }

    // A file is itself, a missing file a 404; index.html and every other path are the page.
    if (path !== '/index.html') {
      const found = await stat(file).catch(() => null)
      if (found?.isFile()) return serveFile(message, res, file, target.pathname)
      if (extname(path) !== '') return send(message, res, textAnswer(404, 'Not found.\n'))
    }
    return serveFile(message, res, page, '/index.html', { language, raceAnswer: await raceAnswer(target.pathname, locale) })
  }

  /**
   * `spa`, for the single-page app's page: its language, chosen by the request's cookie and
   * Accept-Language (none where the build has no copy in it), and the race's answer it carries.
   */
  async function serveFile(
    message: IncomingMessage,
    res: ServerResponse,
    file: string,
    pathname: string,
    spa: { language: Locale | undefined; raceAnswer: string } = { language: undefined, raceAnswer: '' },
  ) {
    const { language } = spa
    const ext = extname(file).toLowerCase()
    const info = await stat(file)
    const entry = await cache.get(file, info.size, info.mtimeMs)
    const compressible = COMPRESSIBLE.has(ext)
    const encoding = compressible ? negotiateEncoding(message.headers['accept-encoding']) : 'identity'
    const headers: Record<string, string> = { 'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream' }
    if (compressible) headers.vary = 'accept-encoding'
    if (encoding !== 'identity') headers['content-encoding'] = encoding

    if (ext === '.html') {
      // A page: its own nonce, in the CSP header and in place of the placeholder Vite left in its tags.
      const nonce = newNonce()
      const html = Buffer.from(withNonce(entry.body.toString('utf8'), nonce).replace(RACE_ANSWER_MARKER, () => spa.raceAnswer))
      const body = encoding === 'identity' ? html : await compress(html, encoding, false)
      const chosen: Record<string, string> = language ? { 'content-language': language, vary: `${headers.vary}, cookie, accept-language` } : {}
      return send(message, res, {
        status: 200,
        headers: { ...headers, ...securityHeaders(nonce, { apiOrigin, portalOrigin }), 'cache-control': REVALIDATE, ...chosen },
        body,
      })
    }

    headers['cache-control'] = HASHED_ASSET.test(pathname) ? IMMUTABLE : REVALIDATE
    headers.etag = entry.etag
    const match = message.headers['if-none-match']
    if (match && match.split(',').some((tag) => tag.trim() === entry.etag || tag.trim() === '*')) {
      const { 'content-type': _type, 'content-encoding': _encoding, ...validators } = headers
      return send(message, res, { status: 304, headers: validators })
    }
    const body = encoding === 'identity' ? entry.body : await cache.encoded(entry, encoding)
    send(message, res, { status: 200, headers, body })
  }

  return {
    answer,
    /** Compresses the build in the background, so no first request waits; a failure costs only that head start. */
    precompress: () => void precompress(dist, cache).catch(() => {}),
  }
}
