import type { $ZodType } from 'zod/v4/core'
import * as z from 'zod/mini'
import type { ApiError } from '../../contracts/api-error'
import type { BodyOf, ErrorCodeOf, OperationShape, PathParamsOf, QueryOf, SuccessOf } from '../../contracts/operation'
import { SECOND_MS } from '../../contracts/time'
import { apiConfig } from './api-config'
import { ApiRequestError } from './api-request-error'

export type { ApiError }

export type ApiResult<T, O extends OperationShape = OperationShape> =
  | { ok: true; status: number; data: T }
  | { ok: false; error: ApiError<O> }

export type CallInput<O extends OperationShape> = (O extends { pathParams: $ZodType }
  ? { params: PathParamsOf<O> }
  : { params?: never }) &
  (O extends { query: $ZodType } ? { query: QueryOf<O> } : { query?: never }) &
  (O extends { body: { schema: $ZodType } } ? { body: BodyOf<O> } : { body?: never }) & {
    /** A Bearer other than the session's (the account-confirmation link carries its own). */
    token?: string
    signal?: AbortSignal
    /** Asks for the bytes sent as an upload goes (a progress bar); the call then goes over XHR. */
    onUploadProgress?: UploadProgress
  }

/** Bytes of the request body sent so far, of the total. */
export type UploadProgress = (sentBytes: number, totalBytes: number) => void

/**
 * The only place in the portal that calls `fetch` (but for src/first-paint.js's one early
 * request, which it takes over: `takeEarlyAnswer`) (or, for an upload whose progress is shown,
 * `XMLHttpRequest`: fetch cannot report bytes sent). Both carriers share the request built here and
 * the decoding of the answer, so an upload fails in the same typed ways as any other call.
 */
export async function callApi<O extends OperationShape>(
  operation: O,
  input: CallInput<O>,
): Promise<ApiResult<SuccessOf<O>, O>> {
  const name = operation.name
  const fail = (error: ApiError<O>): ApiResult<SuccessOf<O>, O> => ({ ok: false, error })

  const params = (input.params ?? {}) as Record<string, string | number>
  const url = buildUrl(operation, params, input.query as Record<string, unknown> | undefined)

  const headers = new Headers({ accept: 'application/json' })
  if (operation.auth === 'bearer') {
    const token = input.token ?? apiConfig().getToken()
    if (!token) return fail({ kind: 'unauthorized', operation: name })
    headers.set('authorization', `Bearer ${token}`)
  } else if (operation.auth === 'basic-client') {
    headers.set('authorization', `Basic ${btoa(`${apiConfig().clientId}:${apiConfig().clientSecret}`)}`)
  }

  let body: XMLHttpRequestBodyInit | undefined
  if (operation.body) {
    const checked = z.safeParse(operation.body.schema as z.ZodMiniType, input.body)
    if (!checked.success) {
      return fail(contractError(name, 'request', undefined, checked.error))
    }
    // The parsed body, not the given one: fields the contract does not name never leave the portal.
    body = encodeBody(operation.body.kind, checked.data, headers)
  }

  // No request waits for ever: a lost answer on a mountain network becomes a network error to retry.
  // Whole milliseconds: browsers round a fraction, Node refuses it (a script uploading through callApi).
  const timeout = AbortSignal.timeout(Math.ceil(apiConfig().timeoutMs + uploadSize(body) * apiConfig().uploadMsPerByte))
  const signal = input.signal ? eitherSignal(input.signal, timeout) : timeout
  const request: OutgoingRequest = { url, method: operation.method, headers, body, signal }

  let answer: RawAnswer
  try {
    answer = input.onUploadProgress ? await sendWithProgress(request, input.onUploadProgress) : await sendWithFetch(request)
  } catch (cause) {
    // The caller gave up (a screen left, an actor stopped): that is not an error to show.
    if (input.signal?.aborted) throw cause
    return fail(timeout.aborted ? { kind: 'network', operation: name, timedOut: true } : { kind: 'network', operation: name })
  }
  return decodeAnswer(operation, input, answer)
}

interface OutgoingRequest {
  url: URL
  method: string
  headers: Headers
  body: XMLHttpRequestBodyInit | undefined
  signal: AbortSignal
}

/** What either carrier received: the status, a header reader and the whole body as text. */
interface RawAnswer {
  status: number
  header: (name: string) => string | null
  text: string
}

async function sendWithFetch({ url, method, headers, body, signal }: OutgoingRequest): Promise<RawAnswer> {
  const send = () => fetch(url, { method, headers, body, signal })
  const early = method === 'GET' ? takeEarlyAnswer(url) : undefined
  // An early answer that never came is asked for again; one that comes late still obeys the signal.
  const response = await (early ? untilAborted(early.catch(send), signal) : send())
  // Read inside the carrier: a connection dropping while the body arrives is a lost answer too.
  const text = await response.text()
  return { status: response.status, header: (name) => response.headers.get(name), text }
}

/**
 * The answer src/first-paint.js asked for before the app's code loaded (the race of the page the
 * athlete landed on), when it is for this URL: taken once, so a later call asks the backend again.
 */
function takeEarlyAnswer(url: URL): Promise<Response> | undefined {
  const early = globalThis.window?.pettoraleEarlyAnswer
  if (early?.url !== url.href) return undefined
  window.pettoraleEarlyAnswer = undefined
  return early.answer
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted()
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })
    promise.then(resolve, reject)
  })
}

/** The same request over `XMLHttpRequest`, telling `onProgress` the bytes sent as they leave. */
function sendWithProgress(
  { url, method, headers, body, signal }: OutgoingRequest,
  onProgress: UploadProgress,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason)
      return
    }
    const xhr = new XMLHttpRequest()
    const size = uploadSize(body)
    // Settled once: a load or error event arriving after the caller gave up is ignored.
    let settled = false
    const finish = (settle: () => void) => {
      if (settled) return
      settled = true
      signal.removeEventListener('abort', stop)
      settle()
    }
    function stop() {
      finish(() => reject(signal.reason))
      xhr.abort()
    }
    xhr.open(method, url)
    headers.forEach((value, key) => xhr.setRequestHeader(key, value))
    xhr.upload.addEventListener('progress', (event) => {
      if (!settled) onProgress(event.loaded, event.lengthComputable ? event.total : size)
    })
    xhr.addEventListener('load', () =>
      finish(() => resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), text: xhr.responseText })),
    )
    xhr.addEventListener('error', () => finish(() => reject(new TypeError(`${method} ${url.href}: no answer`))))
    signal.addEventListener('abort', stop, { once: true })
    xhr.send(body ?? null)
  })
}

/** From what the server said to a typed result: one decoding for every carrier. */
function decodeAnswer<O extends OperationShape>(
  operation: O,
  input: CallInput<O>,
  answer: RawAnswer,
): ApiResult<SuccessOf<O>, O> {
  const name = operation.name
  const fail = (error: ApiError<O>): ApiResult<SuccessOf<O>, O> => ({ ok: false, error })
  if (answer.status === 401) {
    // Only a refusal of the session's own token ends the session; a link's token (account
    // confirmation) being refused says nothing about whoever is signed in.
    if (operation.auth === 'bearer' && input.token === undefined) apiConfig().onUnauthorized(name)
    return fail({ kind: 'unauthorized', operation: name })
  }

  const payload = parsePayload(answer.text)
  const schema = operation.responses[answer.status]
  if (answer.status < 200 || answer.status > 299) {
    const decoded = schema ? z.safeParse(schema as z.ZodMiniType, payload) : null
    const body: unknown = decoded?.success ? decoded.data : payload
    const retryAfterS = retryAfterSeconds(answer.header('retry-after'))
    return fail({
      kind: 'http',
      operation: name,
      status: answer.status,
      code: errorCode(operation, body),
      body,
      ...(retryAfterS === undefined ? {} : { retryAfterS }),
    })
  }
  if (!schema) {
    return fail({ kind: 'contract', operation: name, direction: 'response', status: answer.status, detail: 'status not in contract' })
  }
  const decoded = z.safeParse(schema as z.ZodMiniType, payload)
  if (!decoded.success) return fail(contractError(name, 'response', answer.status, decoded.error))
  return { ok: true, status: answer.status, data: decoded.data as SuccessOf<O> }
}

/** For query functions: the data, or an `ApiRequestError` carrying the typed error. */
export async function expectOk<T, O extends OperationShape>(result: Promise<ApiResult<T, O>>): Promise<T> {
  const settled = await result
  if (!settled.ok) throw new ApiRequestError<O>(settled.error)
  return settled.data
}

/** The operation's declared error code a body carries: `code` of a problem, `error` of an OAuth answer. */
function errorCode<O extends OperationShape>(operation: O, body: unknown): ErrorCodeOf<O> | null {
  if (!operation.errors || typeof body !== 'object' || body === null) return null
  const { code, error } = body as { code?: unknown; error?: unknown }
  for (const candidate of [code, error]) {
    const known = z.safeParse(operation.errors as z.ZodMiniType, candidate)
    if (known.success) return known.data as ErrorCodeOf<O>
  }
  return null
}

function buildUrl(operation: OperationShape, params: Record<string, string | number>, query?: Record<string, unknown>) {
  const absolute = operation.absoluteUrlParam
  const url = absolute
    ? new URL(String(params[absolute]))
    : new URL(
        apiConfig().baseUrl +
          operation.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => encodeURIComponent(String(params[key]))),
        globalThis.location?.origin ?? 'http://localhost',
      )
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
  }
  return url
}

function encodeBody(kind: NonNullable<OperationShape['body']>['kind'], value: unknown, headers: Headers): XMLHttpRequestBodyInit {
  switch (kind) {
    case 'json':
      headers.set('content-type', 'application/json')
      return JSON.stringify(value)
    case 'form':
      headers.set('content-type', 'application/x-www-form-urlencoded')
      return new URLSearchParams(value as Record<string, string>).toString()
    case 'multipart': {
      const form = new FormData()
      for (const [key, part] of Object.entries(value as Record<string, string | Blob>)) form.append(key, part)
      return form
    }
    case 'binary': {
      const blob = value as Blob
      if (blob.type) headers.set('content-type', blob.type)
      return blob
    }
  }
}

/** Aborts when either does (`AbortSignal.any` where the browser has it: Safari 17.4, Firefox 124). */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if ('any' in AbortSignal) return AbortSignal.any([a, b])
  const both = new AbortController()
  for (const signal of [a, b]) {
    if (signal.aborted) both.abort(signal.reason)
    else signal.addEventListener('abort', () => both.abort(signal.reason), { once: true })
  }
  return both.signal
}

/** `Retry-After` as seconds from now: either a number of seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null, nowMs: number = Date.now()): number | undefined {
  if (!header) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim())
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / SECOND_MS))
}

function uploadSize(body: XMLHttpRequestBodyInit | undefined): number {
  if (body instanceof Blob) return body.size
  if (body instanceof FormData) {
    return [...body.values()].reduce((total, part) => total + (part instanceof Blob ? part.size : part.length), 0)
  }
  return 0
}

function parsePayload(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function contractError(operation: string, direction: 'request' | 'response', status: number | undefined, error: z.core.$ZodError): ApiError<never> {
  const detail = z.prettifyError(error)
  // For developers: the athlete sees a translated "unexpected answer" message instead.
  console.warn(`[pettorale] ${operation} ${direction} does not match its contract:\n${detail}`)
  return { kind: 'contract', operation, direction, status, detail }
}

/**
 * A data file the build ships beside the code (phone-number metadata, Italian municipalities),
 * decoded with its schema. Read through here so `fetch` keeps one caller; failures throw an
 * `ApiRequestError` (`network` or `contract`) for TanStack Query to retry or show.
 */
export async function loadStaticJson<T>(url: string, schema: z.ZodMiniType<T>): Promise<T> {
  const operation = `static ${url}`
  let payload: unknown
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(apiConfig().timeoutMs) })
    if (!response.ok) throw new Error(String(response.status))
    payload = await response.json()
  } catch {
    throw new ApiRequestError({ kind: 'network', operation })
  }
  const decoded = z.safeParse(schema, payload)
  if (!decoded.success) throw new ApiRequestError(contractError(operation, 'response', 200, decoded.error))
  return decoded.data
}
