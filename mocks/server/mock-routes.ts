import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MockRouteAnswer, MockRouteRequest } from '../mock-route'
import type { CheckoutProvider } from '../provider'
import { answerProviderRequest, PROVIDER_ROUTE_PREFIX } from '../provider-http'
import type { QaApi } from '../qa-api'
import { answerQaRequest, QA_ROUTE_PREFIX } from '../qa-http'
import { problemAnswer, readBody, send } from './exchange'
import { isOwnHost } from './own-hosts'

/**
 * The mock-only JSON routes of a server started for QA: `/__qa/` (qa-http.ts) drives its backend,
 * `/__provider/` (provider-http.ts) is its simulated provider's checkout (decision 035). Both are
 * answered only to a request addressed to one of the server's own names (own-hosts.ts, decision
 * 057); any other `Host` is 421, before the body is read or anything runs.
 */

interface MockRoutesOptions {
  qa: QaApi
  provider: CheckoutProvider
  /** The QA state's counter, which `GET /__qa/state` answers beside the state. */
  version: () => number
  /** What `Host` may say (`ownHosts`). */
  hosts: ReadonlySet<string>
}

export function createMockRoutes({ qa, provider, version, hosts }: MockRoutesOptions) {
  const routes: ReadonlyArray<readonly [prefix: string, answer: (request: MockRouteRequest) => Promise<MockRouteAnswer>]> = [
    [QA_ROUTE_PREFIX, (request) => answerQaRequest(qa, version, request)],
    [PROVIDER_ROUTE_PREFIX, (request) => answerProviderRequest(provider, request)],
  ]
  async function answer(
    route: (request: MockRouteRequest) => Promise<MockRouteAnswer>,
    message: IncomingMessage,
    res: ServerResponse,
    method: string,
    target: URL,
  ): Promise<void> {
    // 421, not 403: the request is not refused for who sent it; it reached a server that does not
    // answer for that name (RFC 9110, 15.5.20).
    if (!isOwnHost(message.headers.host, hosts)) {
      return send(message, res, problemAnswer(421, 'misdirected_request', 'This server answers its QA and provider routes only under its own names.'))
    }
    const body = await readBody(message)
    const answered = await route({ method, pathname: target.pathname, contentType: message.headers['content-type'], body: body.toString('utf8') })
    send(message, res, {
      status: answered.status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...(answered.allow ? { allow: answered.allow } : {}) },
      body: JSON.stringify(answered.body),
    })
  }

  return {
    /** The answer of the route `pathname` belongs to, or undefined for a path of neither. */
    at(pathname: string): ((message: IncomingMessage, res: ServerResponse, method: string, target: URL) => Promise<void>) | undefined {
      const route = routes.find(([prefix]) => pathname.startsWith(prefix))?.[1]
      return route && ((message, res, method, target) => answer(route, message, res, method, target))
    },
  }
}
