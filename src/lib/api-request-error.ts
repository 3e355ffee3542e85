import type { ApiError } from '../../contracts/api-error'
import type { OperationShape } from '../../contracts/operation'

/** Thrown by `expectOk`, so TanStack Query sees failed reads as errors while keeping the kind. */
export class ApiRequestError<O extends OperationShape = OperationShape> extends Error {
  constructor(readonly error: ApiError<O>) {
    super(`${error.operation}: ${error.kind}`)
    this.name = 'ApiRequestError'
  }
}
