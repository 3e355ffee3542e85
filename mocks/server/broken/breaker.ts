/**
 * A rule of docs/security.md and decisions 037/038 broken on purpose, for the conformance kit's
 * own tests only (scripts/conformance): the kit must fail on exactly the check named after it. A
 * breaker stands between the HTTP server and the handlers (`respond`), as a careless backend
 * would: it changes the request before the handlers read it, their answer after, or the data they
 * answer from. Only `startMockServer({ broken })` in Node installs one: neither `npm run
 * mock:server`, nor a QA or production build, has a way to.
 */
import { db } from '../../db'

export type Respond = (request: Request) => Promise<Response | undefined>

export type Breaker = (respond: Respond) => Respond

/** The operation path below the origin a request is for (`/api/v1/vdatrailers/...`). */
export const pathOf = (request: Request) => new URL(request.url).pathname

/** A JSON answer like the handlers', with `status`. */
export const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** Whether `request` is a call of `operation`: its method, and its path with each `:param` one segment. */
export function isCallOf(request: Request, operation: { method: string; path: string }): boolean {
  return request.method === operation.method && new RegExp(`^${operation.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(pathOf(request))
}

/** The request's body as JSON, read without using it up; null when it is none or not JSON. */
export async function jsonBodyOf(request: Request): Promise<unknown> {
  try {
    return (await request.clone().json()) as unknown
  } catch {
    return null
  }
}

/** `request` with another JSON body. */
export const withJsonBody = (request: Request, body: unknown) =>
  new Request(request.url, { method: request.method, headers: new Headers(request.headers), body: JSON.stringify(body) })

/** The athlete whose session the request's Bearer token is, as the handlers find it. */
export function athleteIdOf(request: Request): number | undefined {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '')
  return token ? db.sessions.findFirst((q) => q.where({ token }))?.athlete_id : undefined
}
