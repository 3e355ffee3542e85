/**
 * A rule of docs/security.md and decisions 037/038 broken on purpose, for the conformance kit's
 * own tests only (scripts/conformance): the kit must fail on exactly the check named after it. A
 * breaker stands between the HTTP server and the handlers (`respond`), as a careless backend
 * would: it changes the request before the handlers read it, their answer after, or the data they
 * answer from. Only `startMockServer({ broken })` in Node installs one: neither `npm run
 * mock:server`, nor a QA or production build, has a way to.
 */
export type Respond = (request: Request) => Promise<Response | undefined>

export type Breaker = (respond: Respond) => Respond

/** The operation path below the origin a request is for (`/api/v1/vdatrailers/...`). */
export const pathOf = (request: Request) => new URL(request.url).pathname

/** A JSON answer like the handlers', with `status`. */
export const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
