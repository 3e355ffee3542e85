import { queryOptions } from '@tanstack/react-query'
import type { OperationShape } from '../../contracts/operation'
import { ApiRequestError, callApi, expectOk, type CallInput } from './api-client'

/**
 * Query options for a read: the key derives from the operation's name and its input, so two
 * screens asking the same thing share one cache entry.
 */
export function apiQuery<O extends OperationShape>(operation: O, input: CallInput<O>) {
  return queryOptions({
    queryKey: [operation.name, input] as const,
    queryFn: ({ signal }) => expectOk(callApi(operation, { ...input, signal })),
  })
}

/** Reads retry only what may heal by itself: no answer, or a server error. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2 || !(error instanceof ApiRequestError)) return false
  const { error: cause } = error
  return cause.kind === 'network' || (cause.kind === 'http' && cause.status >= 500)
}
