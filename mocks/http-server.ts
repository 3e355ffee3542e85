import { realpathSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Controls } from './controls'
import { createHandlers } from './handlers'
import type { QaApi } from './qa-api'
import { QA_ROUTE_PREFIX } from './qa-http'
import { createApiBridge, isApiPath } from './server/api-bridge'
import { breakRules } from './server/broken-rules'
import { createServerBackend } from './server/backend'
import { answerEach, RequestProblem, targetOf } from './server/exchange'
import { createMockRoutes } from './server/mock-routes'
import { ownHosts } from './server/own-hosts'
import { raceAnswerOf } from './server/race-answer'
import { createStaticFiles } from './server/static-files'

/**
 * The simulated backend behind a real socket, serving the production build (dist/) beside it the
 * way a production host would (compression, cache headers, the security headers with a nonce per
 * page), so a build can be tried and measured end to end: `npm run build && npm run mock:server`.
 * No request can stop it: every one is answered (or, when its client has gone, dropped) inside a
 * catch. Its parts are in server/: the exchange of one request (exchange.ts), the build
 * (static-files.ts, compression.ts), the API (api-bridge.ts, race-answer.ts), the backend
 * (backend.ts) and, started for QA, the mock-only routes (mock-routes.ts, own-hosts.ts).
 */

export const DEFAULT_PORT = 47615

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
   * rather than 127.0.0.1): social sign-in returns and payment redirects are built on it, and in
   * QA mode its host is one of the names the mock-only routes answer under (decision 057).
   */
  portalOrigin?: string
  /** Default `console`. */
  log?: MockServerLog
  /** Compress the build's files in the background at start, so no first request waits. Default true. */
  precompress?: boolean
  /**
   * Started for QA: the mock-only route `/__qa/...` drives this server's backend (clock, faults,
   * staff review, export and import: qa-http.ts), and `/__provider/...` is its simulated provider's
   * checkout (provider-http.ts), for a team sharing one simulated backend; both only under the
   * server's own names (decision 057). Without it every path of either is a 404 like any unknown
   * one. A team's private network only (decision 035). Default false.
   */
  qa?: boolean
  /**
   * Rules of the backend broken on purpose (server/broken-rules.ts), by the conformance check
   * that must catch each: for the kit's own tests only, and set only here, never from the command
   * line or a build.
   */
  broken?: readonly string[]
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

/** Starts the simulated backend and the build's server; resolves once it listens. */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const log = options.log ?? console
  const { controls, requestLog, persist, qa } = await createServerBackend(options.qa ?? false)
  const server = createServer()
  const { address, port } = await listen(server, options.port ?? DEFAULT_PORT, options.host ?? '127.0.0.1')
  // Trouble with the listening socket itself (out of file descriptors): report it, stay up.
  server.on('error', (error) => log.error('[pettorale mock] server error', error))
  const reachable = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address
  const origin = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${String(port)}`

  // The handlers' paths are written on the server's address, known only now that it listens.
  const handlers = createHandlers({ baseUrl: origin, portalOrigin: options.portalOrigin, controls, onResolved: persist, requestLog })
  const api = createApiBridge(handlers, origin, (respond) => breakRules(respond, options.broken ?? []))
  const mockRoutes = qa && createMockRoutes({ qa: qa.api, provider: qa.provider, version: qa.version, hosts: ownHosts(address, port, options.portalOrigin) })
  const site = createStaticFiles({
    dist: resolve(options.dist ?? join(process.cwd(), 'dist')),
    apiOrigin: options.apiOrigin,
    portalOrigin: options.portalOrigin,
    raceAnswer: (path, locale) => raceAnswerOf(api, origin, path, locale),
  })

  async function answer(message: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (message.method ?? 'GET').toUpperCase()
    let target: URL
    try {
      target = targetOf(message.url, origin)
    } catch {
      throw new RequestProblem(400, 'invalid_request', 'The request target is not a valid URL.')
    }
    const mockRoute = mockRoutes?.at(target.pathname)
    if (mockRoute) return mockRoute(message, res, method, target)
    if (isApiPath(target.pathname)) return api.answer(message, res, method, target)
    return site.answer(message, res, method, target)
  }
  answerEach(server, answer, (...args) => log.error(...args))
  if (options.precompress ?? true) site.precompress()

  return {
    url: origin,
    controls,
    qa: qa?.api ?? null,
    server,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose())
        server.closeAllConnections()
      }),
  }
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolveListen(server.address() as AddressInfo)
    })
  })
}

/**
 * `npm run mock:server`: port from PETTORALE_MOCK_PORT (default 47615), the build in ./dist (or
 * PETTORALE_MOCK_DIST); for QA (the `/__qa/` and `/__provider/` routes) with `--qa` or
 * PETTORALE_MOCK_QA=1. It listens on 127.0.0.1 unless PETTORALE_MOCK_HOST names another interface:
 * sharing it with a team is a second choice made on purpose, on a private network (decision 035);
 * the address the team opens then goes in PETTORALE_MOCK_PORTAL_ORIGIN, for the payment redirects
 * and as a name the QA routes answer under (decision 057).
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
