import { describe, expect, it } from 'vitest'
import { isApiError, toApiError, type ApiError } from './api-error'

const refused: ApiError = { kind: 'http', operation: 'liberatoria.sign', status: 422, code: null, body: { error: 'x' } }

describe('whatever a call rejected with, as an ApiError', () => {
  it("keeps the client's own error and the one the query layer wraps as they are", () => {
    expect(toApiError(refused)).toBe(refused)
    expect(toApiError({ error: refused })).toBe(refused)
  })

  it('names anything else a fault in the page, keeping what it said, and never an answer from the server', () => {
    expect(toApiError(new DOMException('The operation failed for an operation-specific reason', 'OperationError'))).toEqual({
      kind: 'fault',
      operation: 'unknown',
      detail: 'The operation failed for an operation-specific reason',
    })
    for (const thrown of [undefined, null, 'Failed to fetch', 42, { kind: 'network' }, { error: 'timeout' }]) {
      const error = toApiError(thrown)
      expect(error.kind).toBe('fault')
      expect(isApiError(error)).toBe(true)
    }
  })
})
