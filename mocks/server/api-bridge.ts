import type { IncomingMessage, ServerResponse } from 'node:http'
import { getResponse, type HttpHandler } from 'msw'
import { PROVIDER_ROUTE_PREFIX } from '../provider-http'
import { QA_ROUTE_PREFIX } from '../qa-http'
import type { Respond } from './broken/breaker'
import { problemAnswer, readBody, RequestProblem, send } from './exchange'

/**
 * The API behind the socket: a request turned into a fetch `Request` and answered by the same MSW
 * handlers the page and the unit tests use (`getResponse`), with the 404, 405 and `OPTIONS` answers
 * a real host gives from the contracts' paths and methods.
 */

/**
 * Paths that belong to the API (and to the simulated storage bucket, and the QA and provider routes
 * whether or not they are served): never the single-page app.
 */
export function isApiPath(pathname: string): boolean {
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/mock-storage/') ||
    pathname.startsWith(QA_ROUTE_PREFIX) ||
    pathname.startsWith(PROVIDER_ROUTE_PREFIX)
  )
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

export type ApiBridge = ReturnType<typeof createApiBridge>

/** The API of `handlers`, whose paths are written on `origin` (the server's own URL). */
export function createApiBridge(handlers: HttpHandler[], origin: string, breakRules: (respond: Respond) => Respond = (respond) => respond) {
  const routes = routesOf(handlers, origin)

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

  /** The handlers' answer to a request made here, as a browser on the portal would make it. */
  const respond = breakRules((request: Request): Promise<Response | undefined> =>
    getResponse(handlersFor(new URL(request.url).pathname, request.method), request),
  )

  async function answer(message: IncomingMessage, res: ServerResponse, method: string, target: URL): Promise<void> {
    // The methods of every operation whose path pattern matches.
    const methods = new Set(routesAt(target.pathname).flatMap((route) => route.handlers.map(methodOf)))
    if (methods.size === 0) return send(message, res, problemAnswer(404, 'not_found', `No operation at ${target.pathname}.`))
    const allow = allowOf(methods)
    if (method === 'OPTIONS') return send(message, res, { status: 204, headers: { allow, 'cache-control': 'no-store' } })
    const asked = method === 'HEAD' ? 'GET' : method
    if (!methods.has(asked)) {
      return send(message, res, problemAnswer(405, 'method_not_allowed', `${method} is not one of ${allow}.`, { allow }))
    }

    const body = await readBody(message)
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
    const response = await respond(request)
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

  return { answer, respond }
}
