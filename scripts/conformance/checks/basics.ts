/**
 * What any backend must answer before its rules are looked at: every read the portal makes, in its
 * contract (`reads`); sign-in, tokens and OAuth's errors (`auth`); request bodies refused by their
 * label (`requests`). None needs the staging hooks: they change nothing a later check reads.
 */
import * as athlete from '../../../contracts/athlete.contract'
import * as auth from '../../../contracts/auth.contract'
import { MAX_JSON_BODY_BYTES } from '../../../contracts/common'
import * as experience from '../../../contracts/experience.contract'
import * as places from '../../../contracts/places.contract'
import * as races from '../../../contracts/races.contract'
import * as transactions from '../../../contracts/transactions.contract'
import * as waitList from '../../../contracts/wait-list.contract'
import { describeError, type Backend } from '../backend'
import { expectRule, type Group } from '../kit'

/** A read that may be refused with a status its contract declares (a race with no results yet), never answered outside it. */
async function readsInContract(backend: Backend, calls: ReadonlyArray<() => ReturnType<Backend['call']>>): Promise<void> {
  for (const call of calls) {
    const result = await call()
    if (!result.ok) expectRule(result.error.kind === 'http', `a read answered ${describeError(result.error)}`)
  }
}

const TOKEN_PATH = auth.token.path
const OAUTH_ERRORS = new Set(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'])

/** A raw password grant, as a client other than the portal might send it. */
function grant(backend: Backend, fields: Record<string, string>, authorization: string | null) {
  return backend.raw(TOKEN_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    body: new URLSearchParams(fields).toString(),
  })
}

/** The answer is OAuth's error (RFC 6749 5.2): `status`, JSON with `error` one of OAuth's codes, and this one. */
function expectOAuthError(answer: Awaited<ReturnType<Backend['raw']>>, status: number, error: string, asked: string): void {
  const body = answer.json as { error?: unknown } | null
  expectRule(answer.status === status && body?.error === error, `${asked} answered ${String(answer.status)} ${answer.text.slice(0, 200)}, where OAuth's rule is ${String(status)} {"error":"${error}"}`)
  expectRule(OAUTH_ERRORS.has(error) && (answer.headers.get('content-type') ?? '').startsWith('application/json'), `${asked}: the error is not JSON`)
}

export const BASIC_GROUPS: readonly Group[] = [
  {
    name: 'reads',
    needsHooks: false,
    checks: [
      {
        id: 'reads.races',
        rule: "the race list, every race's page, its entry list and results answer in their contracts (docs/api/openapi.json)",
        run: async (backend) => {
          const { gare } = await backend.ok(races.list, { query: {} })
          expectRule(gare.length > 0, 'the race list is empty: the kit needs the seed (README, personas and races)')
          for (const race of gare) {
            const params = { id: race.id }
            await backend.ok(races.get, { params, query: {} })
            await readsInContract(backend, [() => backend.call(races.subscribers, { params }), () => backend.call(races.ranking, { params })])
          }
        },
      },
      {
        id: 'reads.unknown-race',
        rule: 'a race that does not exist is 404 race_not_found, not an empty page',
        run: async (backend) => {
          await backend.refused(races.get, { params: { id: 987654321 }, query: {} }, 404, 'race_not_found')
        },
      },
      {
        id: 'reads.athlete',
        rule: "each persona's profile, enrolments, transactions, experience races, wait lists and credits answer in their contracts",
        run: async (backend) => {
          for (const { key } of backend.accounts.filter((account) => account.password)) {
            const token = await backend.signIn(key)
            const me = await backend.ok(athlete.me, { token })
            await backend.ok(athlete.subscriptions, { token, query: { contact_id: me.profilo[0]!.id, from_date: '2000-01-01', to_date: '2100-12-31' } })
            await backend.ok(transactions.list, { token, query: {} })
            await backend.ok(experience.list, { token })
            await backend.ok(waitList.mine, { token })
            await backend.ok(places.credits, { token })
          }
        },
      },
    ],
  },
  {
    name: 'auth',
    needsHooks: false,
    checks: [
      {
        id: 'auth.oauth-errors',
        rule: "the token endpoint answers its errors in OAuth's words (RFC 6749 5.2; docs/security.md, OAuth errors)",
        run: async (backend) => {
          const account = backend.accounts.find((candidate) => candidate.password)!
          const client = `Basic ${btoa('pettorale-portal:')}`
          expectOAuthError(await grant(backend, { grant_type: 'password', username: account.mail, password: `${account.password}-not` }, client), 400, 'invalid_grant', 'a wrong password')
          expectOAuthError(await grant(backend, { grant_type: 'client_credentials' }, client), 400, 'unsupported_grant_type', 'another grant')
          expectOAuthError(await grant(backend, { grant_type: 'password', username: account.mail }, client), 400, 'invalid_request', 'a grant with no password')
          expectOAuthError(await grant(backend, { grant_type: 'password', username: account.mail, password: account.password }, null), 401, 'invalid_client', 'a grant with no client')
        },
      },
      {
        id: 'auth.bearer-required',
        rule: "an athlete's data needs a valid Bearer token: none, or one the backend did not issue, is 401",
        run: async (backend) => {
          const none = await backend.raw(athlete.me.path)
          expectRule(none.status === 401, `the profile without a token answered ${String(none.status)}`)
          await backend.refused(athlete.me, { token: 'not-a-token-the-backend-issued' }, 401)
        },
      },
      {
        id: 'auth.logout-revokes',
        rule: 'a token logged out is refused from then on (401)',
        run: async (backend) => {
          const key = backend.accounts.find((candidate) => candidate.password)!.key
          const token = await backend.signIn(key)
          await backend.ok(auth.logout, { token })
          await backend.refused(athlete.me, { token }, 401)
        },
      },
    ],
  },
  {
    name: 'requests',
    needsHooks: false,
    checks: [
      {
        id: 'requests.content-type',
        rule: 'a JSON body labelled otherwise (text/plain, a form) is 415, before it is read (docs/security.md, Request bodies)',
        run: async (backend) => {
          const token = await backend.signIn(backend.accounts.find((candidate) => candidate.password)!.key)
          const body = JSON.stringify({ redirect_uri: `${backend.base}/` })
          for (const label of ['text/plain', 'application/x-www-form-urlencoded']) {
            const answer = await backend.raw(auth.socialStart.path.replace(':provider', 'google'), {
              method: 'POST',
              headers: { 'content-type': label, authorization: `Bearer ${token}` },
              body,
            })
            expectRule(answer.status === 415, `a JSON body labelled ${label} answered ${String(answer.status)}, not 415`)
          }
        },
      },
      {
        id: 'requests.body-size',
        rule: `a JSON body over ${String(MAX_JSON_BODY_BYTES / 1024 / 1024)} MiB is 413 payload_too_large, however little it says (docs/security.md, Request bodies)`,
        run: async (backend) => {
          const token = await backend.signIn(backend.accounts.find((candidate) => candidate.password)!.key)
          // A valid request padded with white space: only its size is wrong.
          const padding = ' '.repeat(MAX_JSON_BODY_BYTES)
          const answer = await backend.raw(auth.socialStart.path.replace(':provider', 'google'), {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: `{"redirect_uri":${JSON.stringify(`${backend.base}/`)}${padding}}`,
          })
          const body = answer.json as { code?: unknown } | null
          expectRule(answer.status === 413 && body?.code === 'payload_too_large', `a body of ${String(MAX_JSON_BODY_BYTES + 64)} bytes answered ${String(answer.status)} ${answer.text.slice(0, 200)}, not 413 payload_too_large`)
        },
      },
      {
        id: 'requests.json-shape',
        rule: 'a JSON body outside its contract is 400 invalid_request listing the issues, small (docs/security.md, Request bodies)',
        run: async (backend) => {
          const token = await backend.signIn(backend.accounts.find((candidate) => candidate.password)!.key)
          const answer = await backend.raw(experience.report.path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ gara: 'x'.repeat(100_000), data: 'not a date', tempo_secondi: -1 }),
          })
          const body = answer.json as { code?: unknown; issues?: unknown } | null
          expectRule(answer.status === 400 && body?.code === 'invalid_request' && Array.isArray(body.issues), `a body outside its contract answered ${String(answer.status)} ${answer.text.slice(0, 200)}`)
          expectRule(answer.text.length < 4096, `the refusal is ${String(answer.text.length)} bytes: it repeats what was sent`)
        },
      },
    ],
  },
]
