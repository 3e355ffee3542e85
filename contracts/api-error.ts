import type { ErrorCodeOf, OperationShape } from './operation'

/**
 * What can go wrong with a call, as the rest of the portal sees it. It lives beside the contracts
 * so machines can type their `onError` and map it with one tested function.
 * - `network`: no answer (offline, dropped connection, CORS, timeout);
 * - `unauthorized`: 401, or a Bearer call made without a token;
 * - `http`: any other status outside 2xx; `code` is the contract's error code when the body names
 *   one the operation declares, else `null`;
 * - `contract`: the request or the answer does not match the contract (a bug on one side).
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

const KINDS: ReadonlySet<unknown> = new Set(['network', 'unauthorized', 'http', 'contract'])

/**
 * Actors throw the `ApiError` itself; a machine's failure mapping narrows what it caught, naming
 * the operation whose error codes it reads (`isApiError<typeof token>(error)`).
 */
export function isApiError<O extends OperationShape = OperationShape>(value: unknown): value is ApiError<O> {
  return typeof value === 'object' && value !== null && KINDS.has((value as { kind?: unknown }).kind) && 'operation' in value
}
