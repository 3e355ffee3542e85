import type { ErrorCodeOf, OperationShape } from './operation'

/**
 * What can go wrong with a call, as the rest of the portal sees it. It lives beside the contracts
 * so machines can type their `onError` and map it with one tested function.
 * - `network`: no answer (offline, dropped connection, CORS, timeout);
 * - `unauthorized`: 401, or a Bearer call made without a token;
 * - `http`: any other status outside 2xx; `code` is the contract's error code when the body names
 *   one the operation declares, else `null`;
 * - `contract`: the request or the answer does not match the contract (a bug on one side);
 * - `fault`: the page's own code failed around the call (a bug, or a browser that refused what the
 *   page asked of it): no answer from the server is involved, so none is blamed.
 */
export type ApiError<O extends OperationShape = OperationShape> =
  | { kind: 'network'; operation: string; timedOut?: true }
  | { kind: 'unauthorized'; operation: string }
  | {
      kind: 'http'
      operation: string
      status: number
      code: ErrorCodeOf<O> | null
      body: unknown
      /** The server's `Retry-After` (429, 503), in seconds. */
      retryAfterS?: number
    }
  | { kind: 'contract'; operation: string; direction: 'request' | 'response'; status?: number; detail: string }
  | { kind: 'fault'; operation: string; detail: string }

const KINDS: ReadonlySet<unknown> = new Set(['network', 'unauthorized', 'http', 'contract', 'fault'])

/**
 * Actors throw the `ApiError` itself; a machine's failure mapping narrows what it caught, naming
 * the operation whose error codes it reads (`isApiError<typeof token>(error)`).
 */
export function isApiError<O extends OperationShape = OperationShape>(value: unknown): value is ApiError<O> {
  return typeof value === 'object' && value !== null && KINDS.has((value as { kind?: unknown }).kind) && 'operation' in value
}

/**
 * Whatever a call's promise rejected with, as an `ApiError`: the client's own error, or the one the
 * query layer wraps (`{ error }`), as it is; anything else was thrown by the page itself, a `fault`,
 * so no screen meets a failure it cannot name and none blames the server for it.
 */
export function toApiError(value: unknown): ApiError {
  if (isApiError(value)) return value
  if (typeof value === 'object' && value !== null && 'error' in value && isApiError(value.error)) return value.error
  const detail = value instanceof Error ? value.message : String(value)
  return { kind: 'fault', operation: 'unknown', detail }
}

/**
 * The contract's error code an answer carried, typed by the operations that may have sent it
 * (`errorCodeOf<typeof start>(error)`): the client only ever sets a code the operation declares.
 */
export function errorCodeOf<O extends OperationShape>(error: ApiError): ErrorCodeOf<O> | null {
  return error.kind === 'http' ? (error.code as ErrorCodeOf<O> | null) : null
}
