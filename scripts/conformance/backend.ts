/**
 * The backend under test as the kit's checks see it: the portal's own API client (src/lib/
 * api-client.ts, so every answer is decoded and checked against its contract exactly as the portal
 * will), a raw request for what the client never sends (a wrong content type, a bad client), the
 * personas' sign-in, and the staging hooks when the backend offers them.
 */
import * as auth from '../../contracts/auth.contract'
import type { OperationShape, SuccessOf } from '../../contracts/operation'
import { callApi, type ApiError, type ApiResult, type CallInput } from '../../src/lib/api-client'
import { configureApiClient } from '../../src/lib/api-config'
import type { QaApi } from '../../mocks/qa-api'
import { createHttpQaApi } from '../../mocks/qa-http-client'
import { QA_ROUTE_PREFIX } from '../../mocks/qa-http'
import { expectRule, RuleBroken } from './kit'

/** An account the kit signs in as: the seed's personas by default (README), or a staging backend's. */
export interface Account {
  key: string
  mail: string
  password: string
}

export interface RawAnswer {
  status: number
  headers: Headers
  text: string
  /** The body as JSON, or null when it is not. */
  json: unknown
}

export interface Backend {
  /** The API's origin, as `--api` gave it (no trailing slash). */
  base: string
  /** The staging hooks, or null when the backend has none. */
  hooks: QaApi | null
  accounts: readonly Account[]
  call: <O extends OperationShape>(operation: O, input: CallInput<O>) => Promise<ApiResult<SuccessOf<O>, O>>
  /** The call's data; a refusal or an answer outside the contract breaks the rule. */
  ok: <O extends OperationShape>(operation: O, input: CallInput<O>) => Promise<SuccessOf<O>>
  /** The call's error, which must be a refusal with `status` (and `code`, when given). */
  refused: <O extends OperationShape>(operation: O, input: CallInput<O>, status: number, code?: string) => Promise<ApiError<O>>
  raw: (path: string, init?: RequestInit) => Promise<RawAnswer>
  /** The account's access token from the password grant, as the portal asks for it. */
  signIn: (key: string) => Promise<string>
}

/** An error of a call in a sentence: what a failed check says it met. */
export function describeError<O extends OperationShape>(error: ApiError<O>): string {
  switch (error.kind) {
    case 'http':
      return `${String(error.status)}${error.code ? ` ${String(error.code)}` : ''} (${JSON.stringify(error.body)?.slice(0, 300) ?? 'no body'})`
    case 'contract':
      return `an answer${error.status ? ` (${String(error.status)})` : ''} outside its contract: ${error.detail.replace(/\n/g, ' ')}`
    case 'network':
      return error.timedOut ? 'no answer in time' : 'no answer (network)'
    case 'unauthorized':
      return '401: the token was refused'
    case 'fault':
      return `a fault of the kit: ${error.detail}`
  }
}

/** Whether `base` answers the staging hooks' state route. */
async function hasHooks(base: string): Promise<boolean> {
  try {
    const answer = await fetch(`${base}${QA_ROUTE_PREFIX}state`)
    const body = (await answer.json().catch(() => null)) as { version?: unknown } | null
    return answer.ok && typeof body?.version === 'number'
  } catch {
    return false
  }
}

export interface BackendOptions {
  api: string
  accounts: readonly Account[]
  clientId: string
  clientSecret: string
  /** Use the hooks if the backend has them (default); false checks it as one without. */
  hooks?: boolean
}

export async function connectBackend(options: BackendOptions): Promise<Backend> {
  const base = options.api.replace(/\/$/, '')
  configureApiClient({ baseUrl: base, clientId: options.clientId, clientSecret: options.clientSecret, getToken: () => null, timeoutMs: 30_000 })
  const hooks = options.hooks !== false && (await hasHooks(base)) ? createHttpQaApi(base) : null

  const call: Backend['call'] = async (operation, input) => {
    // The client tells a browser's console of an answer outside its contract; the kit's own line
    // says it, once, with the check it broke.
    const warn = console.warn
    console.warn = () => {}
    try {
      return await callApi(operation, input)
    } finally {
      console.warn = warn
    }
  }
  const ok: Backend['ok'] = async (operation, input) => {
    const result = await call(operation, input)
    expectRule(result.ok, `${operation.name} answered ${result.ok ? '' : describeError(result.error)}`)
    return result.data
  }
  const refused: Backend['refused'] = async (operation, input, status, code) => {
    const result = await call(operation, input)
    const wanted = `${String(status)}${code ? ` ${code}` : ''}`
    if (result.ok) throw new RuleBroken(`${operation.name} was accepted (${String(result.status)} ${JSON.stringify(result.data)?.slice(0, 200) ?? ''}) where the rule wants ${wanted}`)
    const error = result.error
    const status_ = error.kind === 'http' ? error.status : error.kind === 'unauthorized' ? 401 : null
    expectRule(status_ === status && (!code || (error.kind === 'http' && error.code === code)), `${operation.name} answered ${describeError(error)} where the rule wants ${wanted}`)
    return error
  }
  const raw: Backend['raw'] = async (path, init) => {
    const answer = await fetch(`${base}${path}`, init)
    const text = await answer.text()
    let json: unknown = null
    try {
      json = JSON.parse(text)
    } catch {
      // Not JSON: the check reads `text`.
    }
    return { status: answer.status, headers: answer.headers, text, json }
  }
  const signIn: Backend['signIn'] = async (key) => {
    const account = options.accounts.find((candidate) => candidate.key === key)
    if (!account) throw new Error(`no account "${key}" to sign in as`)
    const grant = await ok(auth.token, { body: { grant_type: 'password', username: account.mail, password: account.password } })
    return grant.access_token
  }
  return { base, hooks, accounts: options.accounts, call, ok, refused, raw, signIn }
}
