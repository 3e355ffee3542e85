import { existsSync, realpathSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { extname, isAbsolute, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import { getResponse, type HttpHandler } from 'msw'
import { MAX_UPLOAD_BYTES } from '../contracts/files.contract'
import type { Locale } from '../contracts/locale'
import { hostLocale, localeHtmlName } from '../scripts/host-locale'
import { RACE_ANSWER_MARKER, raceAnswerElement, raceAnswerPath, raceOfPage } from '../scripts/host-race-answer'
import { newNonce, securityHeaders, withNonce } from '../scripts/security-headers'
import { createControls, createDataControls, type Controls } from './controls'
import { loadDb } from './db'
import { problem } from './handler'
import { createHandlers } from './handlers'
import { createPersistentDb, memoryChangeStore } from './persistence'
import { createProvider } from './provider'
import { answerProviderRequest, PROVIDER_ROUTE_PREFIX } from './provider-http'
import type { QaApi } from './qa-api'
import { answerQaRequest, QA_ROUTE_PREFIX } from './qa-http'
import { createLocalQaApi } from './qa-local'
import { createRequestLog } from './qa-request-log'
import { createSeed, SEED_NOW_MS } from './seed'

/**
 * The simulated backend behind a real socket, serving the production build (dist/) beside it the
 * way a production host would (compression, cache headers, the security headers with a nonce per
 * page), so a build can be tried and measured end to end: `npm run build && npm run mock:server`.
 * No request can stop it: every one is answered (or, when its client has gone, dropped) inside a
 * catch. What it answers to bad input is listed in mocks/README.md.
 */

export const DEFAULT_PORT = 47615

/** The most a request body may hold: the largest upload plus room for its multipart framing. */
export const MAX_REQUEST_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024

/** Where the server reports: startup, and the requests the mock failed on (a bug in the mock). */
export interface MockServerLog {
  info: (...args: unknown[]) => void
  error: (...args: unknown[]) => void
}

export interface MockServerOptions {
  /** TCP port; 0 takes a free one. Default 47615. */
  port?: number
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string
  /** The build to serve. Default `dist/` in the working directory. */
  dist?: string
  /** The API's origin when a build calls another one than this server (CSP `connect-src`). */
  apiOrigin?: string
  /**
   * Where the portal is opened, when not at this server's own URL (a proxy in front, `localhost`
   * rather than 127.0.0.1): social sign-in returns and payment redirects are built on it.
   */
  portalOrigin?: string
  /** Default `console`. */
  log?: MockServerLog
  /** Compress the build's files in the background at start, so no first request waits. Default true. */
  precompress?: boolean
  /**
   * Started for QA: the mock-only route `/__qa/...` drives this server's backend (clock, faults,
   * staff review, export and import: qa-http.ts), and `/__provider/...` is its simulated provider's
   * checkout (provider-http.ts), for a team sharing one simulated backend. Without it every path of
   * either is a 404 like any unknown one. A team's private network only (decision 035). Default false.
   */
  qa?: boolean
}

export interface MockServer {
  /** `http://host:port`, no trailing slash: the API base and the portal's origin. */
  url: string
  /** The clock, latency and faults of this server's simulated backend. */
  controls: Controls
  /** The QA API of this server's backend, when started for QA. */
  qa: QaApi | null
  server: Server
  close: () => Promise<void>
}

/** Content types of the build's files. Anything else is served as bytes. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
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

/** Already compressed formats are sent as they are. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.svg', '.ico'])

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

/**
 * Paths that belong to the API (and to the simulated storage bucket, and the QA and provider routes
 * whether or not they are served): never the single-page app.
 */
function isApiPath(pathname: string): boolean {
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/mock-storage/') ||
    pathname.startsWith(QA_ROUTE_PREFIX) ||
    pathname.startsWith(PROVIDER_ROUTE_PREFIX)
  )
}

/** A request the server refuses with a problem body. */
class RequestProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${String(status)} ${code}: ${detail}`)
  }
}

/** The client went away before its request was complete: nobody to answer. */
class ClientGone extends Error {}

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

function compress(body: Buffer, encoding: Exclude<Encoding, 'identity'>, thorough: boolean): Promise<Buffer> {
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

function createFileCache() {
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

/** Every API route the handlers answer (path pattern below the origin) and its handlers, one per method. */
interface Route {
  pattern: RegExp
  handlers: HttpHandler[]
}

function routesOf(handlers: HttpHandler[], origin: string): Route[] {
  const byPath = new Map<string, HttpHandler[]>()
  for (const handler of handlers) {
    const { method, path } = handler.info
    if (typeof path !== 'string' || typeof method !== 'string' || !path.startsWith(origin)) continue
    const pathname = path.slice(origin.length)
    byPath.set(pathname, [...(byPath.get(pathname) ?? []), handler])
  }
  return [...byPath].map(([pathname, handlers]) => ({
    pattern: new RegExp(
      `^${pathname
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}$`,
    ),
    handlers,
  }))
}

function methodOf(handler: HttpHandler): string {
  return String(handler.info.method).toUpperCase()
}

function allowOf(methods: Iterable<string>): string {
  const all = new Set(methods)
  if (all.has('GET')) all.add('HEAD')
  all.add('OPTIONS')
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
  return [...all].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(', ')
}

/** The request announces a body (a length above zero, or a chunked one). */
function announcesBody(message: IncomingMessage): boolean {
  const length = message.headers['content-length']
  return (length !== undefined && length !== '0') || message.headers['transfer-encoding'] !== undefined
}

/**
 * The request body, read while it streams in and refused (413) once it passes `limit`: never more
 * than that is held in memory. A client that goes away mid-body rejects with `ClientGone`.
 */
function readBody(message: IncomingMessage, limit: number): Promise<Buffer> {
  const announced = Number(message.headers['content-length'])
  if (Number.isFinite(announced) && announced > limit) {
    return Promise.reject(new RequestProblem(413, 'payload_too_large', `The body is over ${String(limit)} bytes.`))
  }
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const done = () => {
      message.off('data', onData)
      message.off('end', onEnd)
      message.off('error', onError)
      message.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        done()
        message.pause()
        reject(new RequestProblem(413, 'payload_too_large', `The body is over ${String(limit)} bytes.`))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      done()
      resolveBody(Buffer.concat(chunks, size))
    }
    const onError = () => {
      done()
      reject(new ClientGone())
    }
    const onClose = () => {
      if (message.complete) return
      done()
      reject(new ClientGone())
    }
    message.on('data', onData)
    message.on('end', onEnd)
    message.on('error', onError)
    message.on('close', onClose)
  })
}

/** Headers of the incoming message for a fetch `Request`, without the hop-by-hop ones. */
function requestHeaders(message: IncomingMessage): Headers {
  const skip = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'expect'])
  const headers = new Headers()
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined || skip.has(name)) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return headers
}

function isClientGone(message: IncomingMessage, res: ServerResponse, error: unknown): boolean {
  if (error instanceof ClientGone) return true
  const code = (error as { code?: unknown } | null)?.code
  return res.destroyed || (message.destroyed && !message.complete) || code === 'ECONNRESET' || code === 'EPIPE'
}

interface Answer {
  status: number
  headers: Record<string, string>
  body?: Buffer | string
}

/** How long, and how much, a refused body is still read and dropped before the connection closes. */
const LINGER_MS = 5_000
const LINGER_BYTES = 4 * MAX_REQUEST_BODY_BYTES

/**
 * The answer went out before the request's body was read (refused, or too large): drop what the
 * client still sends, then close the connection. Closing at once, with unread bytes waiting,
 * would reset the connection, and the client would lose the answer; a client that sends on for
 * longer than LINGER_MS or past LINGER_BYTES is cut off. Nothing of it is kept.
 */
function dropRestOfBody(message: IncomingMessage): void {
  const socket = message.socket
  let dropped = 0
  const cut = () => {
    clearTimeout(timer)
    socket.destroy()
  }
  const timer = setTimeout(cut, LINGER_MS)
  timer.unref()
  message.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > LINGER_BYTES) cut()
  })
  message.on('end', () => {
    clearTimeout(timer)
    socket.end()
  })
  message.on('error', cut)
  message.resume()
}

function send(message: IncomingMessage, res: ServerResponse, answer: Answer): void {
  if (res.headersSent || res.destroyed) return
  if (announcesBody(message) && !message.complete) dropRestOfBody(message)
  const body = answer.body === undefined ? undefined : Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body)
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff', ...answer.headers }
  if (body !== undefined) headers['content-length'] = String(body.length)
  res.writeHead(answer.status, headers)
  // HEAD: the same headers, no body.
  res.end(message.method === 'HEAD' ? undefined : body)
}

function problemAnswer(status: number, code: string, detail: string, headers: Record<string, string> = {}): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(problem(status, code, detail)),
  }
}

function textAnswer(status: number, text: string, headers: Record<string, string> = {}): Answer {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers }, body: text }
}

/** The request target as a URL on this server: only its path and query count. */
function targetOf(raw: string | undefined, origin: string): URL {
  const parsed = new URL(raw ?? '/', origin)
  return new URL(`${parsed.pathname}${parsed.search}`, origin)
}

/** Starts the simulated backend and the build's server; resolves once it listens. */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const log = options.log ?? console
  const dist = resolve(options.dist ?? join(process.cwd(), 'dist'))
  const controls = createControls(SEED_NOW_MS)
  const requestLog = createRequestLog()
  // In QA mode the data is kept as a change set over the seed, like the browser's, so it can be
  // exported and imported; otherwise nothing is noted (the opening-rush bench writes thousands).
  const database = options.qa ? createPersistentDb({ store: memoryChangeStore(), seed: createSeed }) : null
  if (database) await database.boot()
  else await loadDb(createSeed())
  const persist = database?.persist ?? (() => {})
  const provider = database ? createProvider(controls.now, persist) : null
  const qa = database && provider
    ? createLocalQaApi({ controls, data: createDataControls(persist, controls.now), provider, database, requestLog })
    : null
  // Moves on every change of the QA state, so the panels sharing this server poll one number.
  let qaVersion = 0
  qa?.subscribe(() => void qaVersion++)
  const cache = createFileCache()

  let origin = ''
  let handlers: HttpHandler[] = []
  let routes: Route[] = []

  function routesAt(pathname: string): Route[] {
    return routes.filter((route) => route.pattern.test(pathname))
  }

  /**
   * The handlers that can answer `method` at `pathname`, in their order. MSW alone would match
   * every handler's path and read the request's cookies once per handler: with the whole list,
   * that was a fifth of the server's time under the bench's opening rush.
   */
  function handlersFor(pathname: string, method: string): HttpHandler[] {
    const candidates = new Set(routesAt(pathname).flatMap((route) => route.handlers))
    return handlers.filter((handler) => candidates.has(handler) && methodOf(handler) === method)
  }

  /** A request of a mock-only JSON route (QA, provider), answered by `route` from its method, path and body. */
  async function answerMockRoute(
    message: IncomingMessage,
    res: ServerResponse,
    method: string,
    target: URL,
    route: (request: { method: string; pathname: string; contentType: string | undefined; body: string }) => Promise<{ status: number; body: unknown; allow?: string }>,
  ): Promise<void> {
    const body = await readBody(message, MAX_REQUEST_BODY_BYTES)
    const answer = await route({ method, pathname: target.pathname, contentType: message.headers['content-type'], body: body.toString('utf8') })
    send(message, res, {
      status: answer.status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...(answer.allow ? { allow: answer.allow } : {}) },
      body: JSON.stringify(answer.body),
    })
  }

  async function answerApi(message: IncomingMessage, res: ServerResponse, method: string, target: URL): Promise<void> {
    if (target.pathname.startsWith(QA_ROUTE_PREFIX) && qa) {
      return answerMockRoute(message, res, method, target, (request) => answerQaRequest(qa, () => qaVersion, request))
    }
    if (target.pathname.startsWith(PROVIDER_ROUTE_PREFIX) && provider) {
      return answerMockRoute(message, res, method, target, (request) => answerProviderRequest(provider, request))
    }
    // The methods of every operation whose path pattern matches.
    const methods = new Set(routesAt(target.pathname).flatMap((route) => route.handlers.map(methodOf)))
    if (methods.size === 0) return send(message, res, problemAnswer(404, 'not_found', `No operation at ${target.pathname}.`))
    const allow = allowOf(methods)
    if (method === 'OPTIONS') return send(message, res, { status: 204, headers: { allow, 'cache-control': 'no-store' } })
    const asked = method === 'HEAD' ? 'GET' : method
    if (!methods.has(asked)) {
      return send(message, res, problemAnswer(405, 'method_not_allowed', `${method} is not one of ${allow}.`, { allow }))
    }

    const body = await readBody(message, MAX_REQUEST_BODY_BYTES)
    if (asked === 'GET' && body.length > 0) throw new RequestProblem(400, 'invalid_request', 'A GET or HEAD request carries no body.')
    let headers: Headers
    try {
      headers = requestHeaders(message)
    } catch {
      throw new RequestProblem(400, 'invalid_request', 'A header cannot be read.')
    }
    const request = new Request(new URL(`${target.pathname}${target.search}`, origin), {
      method: asked,
      headers,
      body: body.length > 0 ? new Uint8Array(body) : undefined,
    })
    const response = await getResponse(handlersFor(target.pathname, asked), request)
    if (!response) return send(message, res, problemAnswer(404, 'not_found', `No operation at ${target.pathname}.`))
    // An injected network fault: the connection drops without an answer.
    if (response.type === 'error') {
      res.destroy()
      return
    }
    const payload = Buffer.from(await response.arrayBuffer())
    send(message, res, {
      status: response.status,
      headers: { 'cache-control': 'no-store', ...Object.fromEntries(response.headers) },
      body: payload,
    })
  }

  async function answerStatic(message: IncomingMessage, res: ServerResponse, method: string, target: URL): Promise<void> {
    const allow = STATIC_METHODS.join(', ')
    if (method === 'OPTIONS') return send(message, res, { status: 204, headers: { allow } })
    if (method !== 'GET' && method !== 'HEAD') return send(message, res, textAnswer(405, 'Method not allowed.\n', { allow }))
    if (announcesBody(message)) {
      const body = await readBody(message, MAX_REQUEST_BODY_BYTES)
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
    return serveFile(message, res, page, '/index.html', { language, raceAnswer: await raceAnswerOf(target.pathname, locale) })
  }

  /**
   * A race page's answer of the API, written into the page as nginx's SSI include writes it
   * (scripts/host-race-answer.ts): for the path as asked (nginx matches `$request_uri`, not
   * decoded), asked of the handlers as the browser would ask, so QA's faults and latency apply to
   * it too; empty when the backend refused or gave no answer.
   */
  async function raceAnswerOf(path: string, locale: Locale): Promise<string> {
    const race = raceOfPage(path)
    if (race === null) return ''
    const url = new URL(raceAnswerPath(race, locale), origin)
    const response = await getResponse(handlersFor(url.pathname, 'GET'), new Request(url))
    const answered = response !== undefined && response.type !== 'error' && response.ok
    return raceAnswerElement(locale, answered ? await response.text() : '')
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
        headers: { ...headers, ...securityHeaders(nonce, { apiOrigin: options.apiOrigin, portalOrigin: options.portalOrigin }), 'cache-control': REVALIDATE, ...chosen },
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

  async function answer(message: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (message.method ?? 'GET').toUpperCase()
    let target: URL
    try {
      target = targetOf(message.url, origin)
    } catch {
      throw new RequestProblem(400, 'invalid_request', 'The request target is not a valid URL.')
    }
    if (isApiPath(target.pathname)) return answerApi(message, res, method, target)
    return answerStatic(message, res, method, target)
  }

  function fail(message: IncomingMessage, res: ServerResponse, error: unknown): void {
    // Nobody is left to answer: drop the request quietly.
    if (isClientGone(message, res, error)) {
      res.destroy()
      return
    }
    const method = (message.method ?? 'GET').toUpperCase()
    if (error instanceof RequestProblem) {
      send(message, res, problemAnswer(error.status, error.code, error.detail))
      return
    }
    log.error(`[pettorale mock] ${method} ${message.url ?? ''} failed: a bug in the simulated backend`, error)
    if (res.headersSent) {
      res.destroy()
      return
    }
    send(message, res, problemAnswer(500, 'internal_error', 'The simulated backend failed on this request; its log says why.'))
  }

  const server = createServer((message, res) => {
    answer(message, res).catch((error: unknown) => {
      try {
        fail(message, res, error)
      } catch (failure) {
        log.error('[pettorale mock] could not answer a failed request', failure)
        res.destroy()
      }
    })
  })
  // A request Node cannot even parse (a broken request line or header, headers too large, too
  // slow): answered on the socket itself, since there is no request object, then closed.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const [status, reason, code, detail] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'header_too_large', 'The request headers are too large.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'request_timeout', 'The request did not arrive in time.']
          : [400, 'Bad Request', 'invalid_request', 'The request cannot be parsed as HTTP.']
    const body = JSON.stringify(problem(status, code, detail))
    socket.end(
      `HTTP/1.1 ${String(status)} ${reason}\r\ncontent-type: application/json\r\nx-content-type-options: nosniff\r\n` +
        `content-length: ${String(Buffer.byteLength(body))}\r\nconnection: close\r\n\r\n${body}`,
    )
  })

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? DEFAULT_PORT, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  // Trouble with the listening socket itself (out of file descriptors): report it, stay up.
  server.on('error', (error) => log.error('[pettorale mock] server error', error))
  const { address, port } = server.address() as AddressInfo
  const reachable = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address
  origin = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${String(port)}`
  handlers = createHandlers({ baseUrl: origin, portalOrigin: options.portalOrigin, controls, onResolved: persist, requestLog })
  routes = routesOf(handlers, origin)

  if (options.precompress ?? true) void precompress(dist, cache).catch(() => {})

  return {
    url: origin,
    controls,
    qa,
    server,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose())
        server.closeAllConnections()
      }),
  }
}

/** Reads and compresses the build's compressible files, one at a time, before anyone asks. */
async function precompress(dist: string, cache: ReturnType<typeof createFileCache>): Promise<void> {
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

/**
 * `npm run mock:server`: port from PETTORALE_MOCK_PORT (default 47615), the build in ./dist (or
 * PETTORALE_MOCK_DIST); for QA (the `/__qa/` and `/__provider/` routes) with `--qa` or
 * PETTORALE_MOCK_QA=1. It listens on 127.0.0.1 unless PETTORALE_MOCK_HOST names another interface:
 * sharing it with a team is a second choice made on purpose, on a private network (decision 035);
 * the address the team opens then goes in PETTORALE_MOCK_PORTAL_ORIGIN, for the payment redirects.
 */
function isEntryPoint(): boolean {
  const script = process.argv[1]
  if (!script) return false
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href
  } catch {
    return false
  }
}

if (isEntryPoint()) {
  // Node 20 has no Temporal, which the handlers' calendar rules and the QA clock presets use.
  if (!('Temporal' in globalThis)) await import('temporal-polyfill/global')
  const qa = process.argv.includes('--qa') || process.env.PETTORALE_MOCK_QA === '1'
  const running = await startMockServer({
    port: Number(process.env.PETTORALE_MOCK_PORT ?? DEFAULT_PORT),
    host: process.env.PETTORALE_MOCK_HOST,
    portalOrigin: process.env.PETTORALE_MOCK_PORTAL_ORIGIN,
    dist: process.env.PETTORALE_MOCK_DIST,
    qa,
  })
  console.info(`pettorale mock backend and its build on ${running.url}${qa ? `, QA route on ${running.url}${QA_ROUTE_PREFIX}` : ''}`)
}
