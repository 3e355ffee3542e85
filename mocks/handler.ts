import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import type { $ZodType } from 'zod/v4/core'
import * as z from 'zod/mini'
import type { BodyOf, OperationShape, PathParamsOf, QueryOf, ResponseOf } from '../contracts/operation'
import type { Controls } from './controls'
import { db, type AthleteRecord, type SessionRecord } from './db'

export interface MockContext {
  /** Base URL the handlers answer on (no trailing slash). */
  baseUrl: string
  controls: Controls
  /** Called after every successful write, so the browser can persist the database. */
  onWrite: () => void
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

interface HandlerOptions {
  /** URL pattern when the operation's path is not below the API base (signed storage URLs). */
  pattern?: string
  /** The operation's Bearer is not a session token (account confirmation uses the e-mailed one). */
  bearerIsMailToken?: boolean
}

export function problem(status: number, code: string, detail?: string) {
  return { status, title: code, code, ...(detail ? { detail } : {}) }
}

/** The fixed OAuth client of the portal; the mock only checks that a Basic header is present. */
const BASIC_PREFIX = 'Basic '

/**
 * Binds a resolver to an operation: applies latency and faults from the controls, checks auth,
 * validates the request against the contract (400 problem on mismatch), and validates the
 * resolver's own answer against the schema of the status it returns.
 */
export function defineHandler<O extends OperationShape>(
  ctx: MockContext,
  operation: O,
  resolve: (input: ResolverInput<O>) => Reply<O> | Promise<Reply<O>>,
  options: HandlerOptions = {},
): HttpHandler {
  const pattern = options.pattern ?? `${ctx.baseUrl}${operation.path}`
  const method = operation.method.toLowerCase() as Lowercase<O['method']>

  return http[method](pattern, async ({ request, params }) => {
    const latency = ctx.controls.latencyFor(operation.name)
    if (latency > 0) await delay(latency)

    const fault = ctx.controls.faultFor(operation.name)
    if (fault?.kind === 'network') return HttpResponse.error()
    if (fault?.kind === 'status') {
      return HttpResponse.json(problem(fault.status, 'injected_fault', operation.name), { status: fault.status })
    }
    if (fault?.kind === 'malformed') return HttpResponse.json({ unexpected: true }, { status: 200 })

    const now = ctx.controls.now()
    const authorization = request.headers.get('authorization')
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : null
    let session: SessionRecord | undefined
    let athlete: AthleteRecord | undefined
    if (operation.auth === 'basic-client' && !authorization?.startsWith(BASIC_PREFIX)) {
      return HttpResponse.json({ error: 'invalid_client' }, { status: 401 })
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
      body: operation.body ? parse(operation.body.schema, await readBody(request, operation.body.kind)) : { ok: true as const, value: undefined },
    }
    const issues = Object.entries(parsed).flatMap(([where, result]) =>
      result.ok ? [] : [{ where, issues: result.issues }],
    )
    if (issues.length > 0) {
      return HttpResponse.json({ ...problem(400, 'invalid_request'), issues }, { status: 400 })
    }

    const reply = await resolve({
      params: value(parsed.params),
      query: value(parsed.query),
      body: value(parsed.body),
      request,
      athlete: athlete!,
      session: session!,
      bearer,
      now,
    } as ResolverInput<O>)

    const schema = operation.responses[reply.status]
    const checked = schema ? z.safeParse(schema as z.ZodMiniType, reply.body) : null
    if (!checked?.success) {
      // A mock that breaks its own contract is a bug in the mock: fail loudly.
      throw new Error(`mock ${operation.name} answered ${String(reply.status)} outside its contract`)
    }
    if (operation.method !== 'GET' && reply.status < 300) ctx.onWrite()
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

async function readBody(request: Request, kind: NonNullable<OperationShape['body']>['kind']): Promise<unknown> {
  switch (kind) {
    case 'json':
      return request.json().catch(() => undefined)
    case 'form':
      return Object.fromEntries(new URLSearchParams(await request.text()))
    case 'multipart':
      return Object.fromEntries((await request.formData()).entries())
    case 'binary':
      return request.blob()
  }
}

/** A resolver's answer; keeps the status a literal so it is checked against the contract. */
export function reply<const S extends number, B>(status: S, body: B) {
  return { status, body }
}
