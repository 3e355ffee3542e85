import * as z from 'zod/mini'

/**
 * What the server's mock-only routes (`/__qa/`, `/__provider/`: qa-http.ts, provider-http.ts) share:
 * a request as the server hands it over, their answer, and the reading of a JSON body.
 */

/** A request of a mock-only route: the server has read its body as text. */
export interface MockRouteRequest {
  method: string
  pathname: string
  contentType: string | undefined
  body: string
}

/** What the server answers: a status and a JSON body (`allow` for a 405). */
export interface MockRouteAnswer {
  status: number
  body: unknown
  allow?: string
}

export const problemAnswer = (status: number, code: string, detail: string, allow?: string): MockRouteAnswer => ({
  status,
  body: { status, title: code, code, detail },
  ...(allow ? { allow } : {}),
})

/**
 * A JSON body read against the route's schema: 415 when it is not labelled JSON (a page of another
 * origin cannot post a form to a shared server without a CORS preflight, which the server never
 * grants), 400 when it is not JSON or breaks the schema (with the first issues).
 */
export function readJsonBody<T>(request: MockRouteRequest, schema: z.ZodMiniType<T>): { ok: true; value: T } | { ok: false; answer: MockRouteAnswer } {
  if (!/^application\/json\s*(;|$)/i.test(request.contentType ?? '')) {
    return { ok: false, answer: problemAnswer(415, 'unsupported_media_type', 'The body is JSON, labelled application/json.') }
  }
  let input: unknown
  try {
    input = JSON.parse(request.body)
  } catch {
    return { ok: false, answer: problemAnswer(400, 'invalid_request', 'The body is not JSON.') }
  }
  const parsed = z.safeParse(schema, input)
  if (parsed.success) return { ok: true, value: parsed.data }
  const issues = parsed.error.issues.slice(0, 10).map((issue) => ({ path: issue.path.map(String), message: issue.message }))
  const { body } = problemAnswer(400, 'invalid_request', 'The body does not fit the route.')
  return { ok: false, answer: { status: 400, body: { ...(body as object), issues } } }
}
