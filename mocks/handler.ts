import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import type { $ZodType } from 'zod/v4/core'
import * as z from 'zod/mini'
import type { Contract, OperationName, ResourceName } from '../contracts'
import { MAX_LISTED_ISSUES, type RequestIssue } from '../contracts/common'
import type { BodyOf, OperationShape, PathParamsOf, QueryOf, ResponseOf } from '../contracts/operation'
import type { Controls } from './controls'
import { lookupBy, type AthleteRecord, type SessionRecord } from './db'
import { settleDuePayments } from './provider'
import type { QaRequestLogEntry } from './qa-api'
import type { RequestLog } from './qa-request-log'
import { invalidRequestBody, readBody, requestIssue } from './request-body'

export interface MockContext {
  /** Base URL the handlers answer on (no trailing slash). */
  baseUrl: string
  /**
   * Origin the portal itself is served from, when it is not the base URL's (a cross-origin API
   * base): return addresses must be on it (social sign-in) and the payment's redirect is built on
   * it. Configuration (the page's own origin in the browser), never a request header.
   */
  portalOrigin?: string
  controls: Controls
  /**
   * Called after every resolver has run, whatever its method and answer (a GET may write too:
   * logout revokes the token), so the browser can persist what changed.
   */
  onResolved: () => void
  /** Where every answered request is noted (the QA panel's log). */
  requestLog: RequestLog
}

type Reply<O extends OperationShape> = {
  [S in keyof O['responses'] & number]: { status: S; body: ResponseOf<O, S> }
}[keyof O['responses'] & number]

interface ResolverInput<O extends OperationShape> {
  params: PathParamsOf<O>
  query: QueryOf<O>
  body: BodyOf<O>
  request: Request
  /** The signed-in athlete and session, for `bearer` operations. */
  athlete: AthleteRecord
  session: SessionRecord
  bearer: string | null
  now: number
}

export interface HandlerOptions {
  /** URL pattern when the operation's path is not below the API base (signed storage URLs). */
  pattern?: string
  /** The operation's Bearer is not a session token (account confirmation uses the e-mailed one). */
  bearerIsMailToken?: boolean
}

/** What a resolver does with a request: answers one of the statuses the contract names. */
export type Resolver<O extends OperationShape> = (input: ResolverInput<O>) => Reply<O> | Promise<Reply<O>>

/** The handler of one operation: its resolver, with options when it needs any. */
export type HandlerOf<O extends OperationShape> = Resolver<O> | { resolve: Resolver<O>; options: HandlerOptions }

/** The handlers of one resource: one per operation of its contract module, under the same key. */
export type ResourceHandlers<R extends ResourceName> = {
  [K in keyof Contract[R]]: Contract[R][K] extends infer O extends OperationShape ? HandlerOf<O> : never
}

/**
 * The whole simulated backend, keyed by resource and operation like `contract`: an operation
 * without a handler is a type error.
 */
export type MockHandlers = { [R in ResourceName]: ResourceHandlers<R> }

/**
 * A problem body. The code stays a literal type, so a resolver answering a code its operation
 * does not declare in `errors` fails the typecheck against the response schema.
 */
export function problem<const C extends string>(status: number, code: C, detail?: string) {
  return { status, title: code as string, code, ...(detail ? { detail } : {}) }
}

/**
 * An OAuth error body (RFC 6749 section 5.2), codes kept as literal types like `problem()`'s;
 * `code` is our extension the portal reads before `error`.
 */
export function oauthError<const E extends string, const C extends string = never>(error: E, description?: string, code?: C) {
  return { error, ...(description ? { error_description: description } : {}), ...(code ? { code } : {}) }
}

/** The fixed OAuth client of the portal; the mock only checks that a Basic header is present. */
const BASIC_PREFIX = 'Basic '

const sessionByToken = lookupBy('sessions', (session) => session.token)
const athleteById = lookupBy('athletes', (athlete) => athlete.id)

const utf8 = new TextEncoder()

/**
 * A JSON answer as MSW's `HttpResponse.json` makes it, but measured with a TextEncoder: MSW measures
 * the text for its length with a `Blob`, which in Node cost a twentieth of the mock server's time
 * under the bench's opening rush, five times the encoder's.
 */
function json(body: unknown, { status, headers }: { status: number; headers?: Headers }): Response {
  const text = JSON.stringify(body)
  const sent = new Headers(headers)
  sent.set('content-type', 'application/json')
  sent.set('content-length', String(utf8.encode(text).byteLength))
  return new HttpResponse(text, { status, headers: sent })
}

/** The answer the backend gives a session token that has expired (or was never given). */
const expiredSession = () => json(problem(401, 'unauthorized'), { status: 401 })

/**
 * Binds a handler of the set to its operation: notes the request in the log, applies latency,
 * holds and faults from the controls, checks auth, reads the body as its kind says (415 for another content type, 413 over the size
 * limit: request-body.ts), validates the request against the contract (400 problem on mismatch,
 * listing the first few issues), and validates the resolver's own answer against the schema of the
 * status it returns.
 */
export function defineHandler<O extends OperationShape>(ctx: MockContext, operation: O, handler: HandlerOf<O>): HttpHandler {
  const { resolve, options } = typeof handler === 'function' ? { resolve: handler, options: {} as HandlerOptions } : handler
  const pattern = options.pattern ?? `${ctx.baseUrl}${operation.path}`
  const method = operation.method.toLowerCase() as Lowercase<O['method']>

  return http[method](pattern, async ({ request, params }) => {
    const started = performance.now()
    let applied: QaRequestLogEntry['fault'] = null
    // An exception is a bug in the mock: the server and MSW answer it 500.
    let status: number | null = 500
    try {
      const response = await answer(request, params, (kind) => void (applied = kind))
      status = response.type === 'error' ? null : response.status
      return response
    } finally {
      ctx.requestLog.add({
        operation: operation.name as OperationName,
        method: operation.method,
        path: new URL(request.url).pathname,
        status,
        durationMs: Math.round(performance.now() - started),
        fault: applied,
        at: new Date(ctx.controls.now()).toISOString(),
      })
    }
  })

  async function answer(
    request: Request,
    params: Record<string, string | readonly string[] | undefined>,
    noteFault: (kind: NonNullable<QaRequestLogEntry['fault']>) => void,
  ): Promise<Response> {
    const latency = ctx.controls.latencyFor(operation.name)
    if (latency > 0) {
      noteFault('latency')
      await delay(latency)
    }
    // A held operation waits here until the test (or QA) releases it; a fault still applies after.
    await ctx.controls.passHold(operation.name)

    const fault = ctx.controls.faultFor(operation.name)
    if (fault) noteFault(fault.kind)
    if (fault?.kind === 'network') return HttpResponse.error()
    if (fault?.kind === 'status') {
      const headers = new Headers()
      if (fault.retryAfterS !== undefined) headers.set('retry-after', String(fault.retryAfterS))
      // The code given is one the operation declares (the controls refuse any other): a real refusal's body.
      return json(problem(fault.status, fault.code ?? 'injected_fault', operation.name), { status: fault.status, headers })
    }
    if (fault?.kind === 'notJson') {
      return new HttpResponse('<!doctype html><title>502 Bad Gateway</title>', { status: 200, headers: { 'content-type': 'text/html' } })
    }
    if (fault?.kind === 'contract') return json({ unexpected: true }, { status: 200 })
    if (fault?.kind === 'expiredToken') return expiredSession()

    const now = ctx.controls.now()
    // The provider's outcomes reach the backend on its own time, whoever asks next.
    await settleDuePayments(now)
    const authorization = request.headers.get('authorization')
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : null
    let session: SessionRecord | undefined
    let athlete: AthleteRecord | undefined
    if (operation.auth === 'basic-client' && !authorization?.startsWith(BASIC_PREFIX)) {
      return json(oauthError('invalid_client'), { status: 401 })
    }
    if (operation.auth === 'bearer' && !options.bearerIsMailToken) {
      session = bearer ? sessionByToken(bearer) : undefined
      athlete = session ? athleteById(session.athlete_id) : undefined
      if (!session || !athlete || session.expires_at <= now) return expiredSession()
    }

    let body: Parsed = { ok: true, value: undefined }
    if (operation.body) {
      const read = await readBody(request, operation.body.kind)
      if (read.kind === 'refused') return json(problem(read.status, read.code, read.detail), { status: read.status })
      body =
        read.kind === 'read'
          ? parse(operation.body.schema, read.value)
          : { ok: false, issues: [{ path: [], code: read.code, message: read.message }], count: 1 }
    }
    const url = new URL(request.url)
    const parsed = {
      // A server-given URL is the whole request URL, not a route parameter.
      params: parse(operation.pathParams, operation.absoluteUrlParam ? { [operation.absoluteUrlParam]: request.url } : params),
      query: parse(operation.query, Object.fromEntries(url.searchParams)),
      body,
    }
    const failed = (Object.entries(parsed) as Array<[RequestIssue['where'], Parsed]>).flatMap(([where, result]) =>
      result.ok ? [] : [{ where, result }],
    )
    if (failed.length > 0) {
      // Only the first few issues are listed: a body with a hundred thousand wrong items gets a small answer.
      const listed = failed.flatMap(({ where, result }) => result.issues.map((issue) => requestIssue(where, issue)))
      const count = failed.reduce((sum, { result }) => sum + result.count, 0)
      const invalid = invalidRequestBody(listed, count)
      // The token endpoint speaks OAuth: a client reads its `error` (RFC 6749 section 5.2) first.
      return json(operation.auth === 'basic-client' ? { ...invalid, error: 'invalid_request' } : invalid, { status: 400 })
    }

    let reply: Reply<O>
    try {
      reply = await resolve({
        params: value(parsed.params),
        query: value(parsed.query),
        body: value(parsed.body),
        request,
        athlete: athlete!,
        session: session!,
        bearer,
        now,
      } as ResolverInput<O>)
    } finally {
      // Whatever the resolver changed is kept, even when it then failed.
      ctx.onResolved()
    }

    const schema = operation.responses[reply.status]
    const checked = schema ? z.safeParse(schema as z.ZodMiniType, reply.body) : null
    if (!checked?.success) {
      // A mock that breaks its own contract is a bug in the mock: fail loudly.
      throw new Error(`mock ${operation.name} answered ${String(reply.status)} outside its contract`)
    }
    return json(reply.body as never, { status: reply.status })
  }
}

/** A part of the request checked: its value, or its first issues (at most MAX_LISTED_ISSUES) and how many there were. */
type Parsed =
  | { ok: true; value: unknown }
  | { ok: false; issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; code: string; message: string }>; count: number }

function parse(schema: $ZodType | undefined, input: unknown): Parsed {
  if (!schema) return { ok: true, value: undefined }
  const result = z.safeParse(schema as z.ZodMiniType, input)
  if (result.success) return { ok: true, value: result.data }
  const { issues } = result.error
  return { ok: false, issues: issues.slice(0, MAX_LISTED_ISSUES), count: issues.length }
}

function value(parsed: Parsed): never {
  return (parsed.ok ? parsed.value : undefined) as never
}

/** The origin the portal is served from (`portalOrigin`, else the base URL's). */
export function portalOriginOf(ctx: MockContext): string {
  return new URL(ctx.portalOrigin ?? ctx.baseUrl).origin
}

/** A resolver's answer; keeps the status a literal so it is checked against the contract. */
export function reply<const S extends number, B>(status: S, body: B) {
  return { status, body }
}
