import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import type { $ZodType } from 'zod/v4/core'
import * as z from 'zod/mini'
import type { Contract, ResourceName } from '../contracts'
import type { BodyOf, OperationShape, PathParamsOf, QueryOf, ResponseOf } from '../contracts/operation'
import type { Controls } from './controls'
import { db, type AthleteRecord, type SessionRecord } from './db'
import { settleDuePayments } from './provider'

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

/**
 * Binds a handler of the set to its operation: applies latency and faults from the controls, checks auth,
 * validates the request against the contract (400 problem on mismatch), and validates the
 * resolver's own answer against the schema of the status it returns.
 */
export function defineHandler<O extends OperationShape>(ctx: MockContext, operation: O, handler: HandlerOf<O>): HttpHandler {
  const { resolve, options } = typeof handler === 'function' ? { resolve: handler, options: {} as HandlerOptions } : handler
  const pattern = options.pattern ?? `${ctx.baseUrl}${operation.path}`
  const method = operation.method.toLowerCase() as Lowercase<O['method']>

  return http[method](pattern, async ({ request, params }) => {
    const latency = ctx.controls.latencyFor(operation.name)
    if (latency > 0) await delay(latency)

    const fault = ctx.controls.faultFor(operation.name)
    if (fault?.kind === 'network') return HttpResponse.error()
    if (fault?.kind === 'status') {
      const headers = new Headers()
      if (fault.retryAfterS !== undefined) headers.set('retry-after', String(fault.retryAfterS))
      return HttpResponse.json(problem(fault.status, 'injected_fault', operation.name), { status: fault.status, headers })
    }
    if (fault?.kind === 'malformed') return HttpResponse.json({ unexpected: true }, { status: 200 })

    const now = ctx.controls.now()
    // The provider's outcomes reach the backend on its own time, whoever asks next.
    await settleDuePayments(now)
    const authorization = request.headers.get('authorization')
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : null
    let session: SessionRecord | undefined
    let athlete: AthleteRecord | undefined
    if (operation.auth === 'basic-client' && !authorization?.startsWith(BASIC_PREFIX)) {
      return HttpResponse.json(oauthError('invalid_client'), { status: 401 })
    }
    if (operation.auth === 'bearer' && !options.bearerIsMailToken) {
      session = bearer ? db.sessions.findFirst((q) => q.where({ token: bearer })) : undefined
      athlete = session ? db.athletes.findFirst((q) => q.where({ id: session!.athlete_id })) : undefined
      if (!session || !athlete || session.expires_at <= now) {
        return HttpResponse.json(problem(401, 'unauthorized'), { status: 401 })
      }
    }

    const url = new URL(request.url)
    const parsed = {
      // A server-given URL is the whole request URL, not a route parameter.
      params: parse(operation.pathParams, operation.absoluteUrlParam ? { [operation.absoluteUrlParam]: request.url } : params),
      query: parse(operation.query, Object.fromEntries(url.searchParams)),
      body: operation.body ? await readBody(request, operation.body.kind, operation.body.schema) : { ok: true as const, value: undefined },
    }
    const issues = Object.entries(parsed).flatMap(([where, result]) =>
      result.ok ? [] : [{ where, issues: result.issues }],
    )
    if (issues.length > 0) {
      return HttpResponse.json({ ...problem(400, 'invalid_request'), issues }, { status: 400 })
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
    return HttpResponse.json(reply.body as never, { status: reply.status })
  })
}

type Parsed = { ok: true; value: unknown } | { ok: false; issues: unknown }

function parse(schema: $ZodType | undefined, input: unknown): Parsed {
  if (!schema) return { ok: true, value: undefined }
  const result = z.safeParse(schema as z.ZodMiniType, input)
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: z.treeifyError(result.error) }
}

function value(parsed: Parsed): never {
  return (parsed.ok ? parsed.value : undefined) as never
}

/** The origin the portal is served from (`portalOrigin`, else the base URL's). */
export function portalOriginOf(ctx: MockContext): string {
  return new URL(ctx.portalOrigin ?? ctx.baseUrl).origin
}

const bodyProblem = (message: string): Parsed => ({ ok: false, issues: { errors: [message] } })

/**
 * Reads and validates the body as its kind says. A body that cannot be read as that kind (JSON that
 * does not parse, a multipart operation sent with another content type or a broken multipart body)
 * is a request problem, answered 400 like a schema mismatch, never an exception in the mock.
 */
async function readBody(request: Request, kind: NonNullable<OperationShape['body']>['kind'], schema: $ZodType): Promise<Parsed> {
  let input: unknown
  try {
    switch (kind) {
      case 'json': {
        const text = await request.text()
        try {
          input = JSON.parse(text) as unknown
        } catch {
          return bodyProblem('the body is not JSON')
        }
        break
      }
      case 'form':
        input = Object.fromEntries(new URLSearchParams(await request.text()))
        break
      case 'multipart': {
        const type = request.headers.get('content-type')?.toLowerCase() ?? ''
        if (!type.startsWith('multipart/form-data')) return bodyProblem('the body must be multipart/form-data')
        input = Object.fromEntries((await request.formData()).entries())
        break
      }
      case 'binary':
        input = await request.blob()
        break
    }
  } catch {
    return bodyProblem(`the body cannot be read as ${kind}`)
  }
  return parse(schema, input)
}

/** A resolver's answer; keeps the status a literal so it is checked against the contract. */
export function reply<const S extends number, B>(status: S, body: B) {
  return { status, body }
}
