import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { OperationShape, SuccessOf } from '../../contracts/operation'
import type { CallInput } from './api-client'
import { ApiRequestError } from './api-request-error'

/**
 * An operation whose contract module is loaded on first use. Its name (the cache key) and whether it
 * carries the athlete's token are known at once; its schemas arrive with the first call, with the
 * client that checks them and zod. The first page's reads go through these (decision 022).
 */
export interface LazyOperation<O extends OperationShape> {
  name: O['name']
  auth: O['auth']
  load: () => Promise<O>
}

async function resolve<O extends OperationShape>(operation: O | LazyOperation<O>): Promise<O> {
  if (!('load' in operation)) return operation
  const loaded = await operation.load()
  if (loaded.name !== operation.name || loaded.auth !== operation.auth) {
    throw new Error(`${operation.name} (${operation.auth}) loaded ${loaded.name} (${loaded.auth})`)
  }
  return loaded
}

/** The client validates with zod: loaded with the first call, not with the first page. */
const client = () => import('./api-client')

/**
 * The cache key of an operation: `races.list` with its input becomes `['races', 'list', input]`, so
 * `['races']` reaches every race read and `['races', 'list']` every list.
 */
export function operationKey(operation: Pick<OperationShape, 'name'>): readonly [string, string] {
  const [resource = operation.name, verb = ''] = operation.name.split('.')
  return [resource, verb]
}

/**
 * Query options for a read; two screens asking the same thing share one cache entry. Reads made with
 * the athlete's token are marked `athlete`, so they leave the cache with the session.
 */
export function apiQuery<O extends OperationShape>(operation: O | LazyOperation<O>, input: CallInput<O>) {
  return queryOptions({
    queryKey: [...operationKey(operation), input] as const,
    queryFn: async ({ signal }) => {
      const [resolved, { callApi, expectOk }] = await Promise.all([resolve(operation), client()])
      return expectOk(callApi(resolved, { ...input, signal }))
    },
    meta: { athlete: operation.auth === 'bearer' },
  })
}

/**
 * Mutation options for a write. Writes never retry by themselves (the athlete decides; payments
 * carry an idempotency key). `onSuccess` gets the query client to update or invalidate the cache.
 */
export function apiMutation<O extends OperationShape, TVariables = CallInput<O>>(
  operation: O,
  options: {
    /** From what the screen holds to the call's input; the variables are the input by default. */
    toInput?: (variables: TVariables) => CallInput<O>
    onSuccess?: (queryClient: QueryClient, data: SuccessOf<O>, variables: TVariables) => unknown
  } = {},
) {
  const toInput = options.toInput ?? ((variables: TVariables) => variables as unknown as CallInput<O>)
  return mutationOptions<SuccessOf<O>, ApiRequestError<O>, TVariables>({
    mutationKey: operationKey(operation),
    mutationFn: async (variables) => {
      const { callApi, expectOk } = await client()
      return expectOk(callApi(operation, toInput(variables)))
    },
    retry: false,
    onSuccess: (data, variables, _result, context) => options.onSuccess?.(context.client, data, variables),
  })
}

/** Everything the server said about the signed-in athlete: it must not outlive the session. */
export function forgetAthleteQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.athlete === true })
  queryClient.getMutationCache().clear()
}

/** Reads retry only what may heal by itself: no answer, or a server error. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2 || !(error instanceof ApiRequestError)) return false
  const { error: cause } = error
  return cause.kind === 'network' || (cause.kind === 'http' && cause.status >= 500)
}
