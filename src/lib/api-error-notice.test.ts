import { describe, expect, it } from 'vitest'
import type { ApiError } from '../../contracts/api-error'
import { ApiRequestError } from './api-request-error'
import { noticeForApiError } from './api-error-notice'

const http = (status: number): ApiError => ({ kind: 'http', operation: 'races.list', status, code: null, body: undefined })

describe('every failure is named for what it is', () => {
  it.each<[string, ApiError, string]>([
    ['no answer', { kind: 'network', operation: 'races.list' }, 'network_error'],
    ['no answer in time', { kind: 'network', operation: 'races.list', timedOut: true }, 'network_error'],
    ['a 500', http(500), 'server_error'],
    ['a 502', http(502), 'server_error'],
    ['a 503', http(503), 'server_error'],
    ['a 429', http(429), 'too_many_requests'],
    ['a 401', { kind: 'unauthorized', operation: 'athlete.me' }, 'session_expired'],
    ['a 404 the screen did not expect', http(404), 'unexpected_answer'],
    ['an answer outside the contract', { kind: 'contract', operation: 'races.list', direction: 'response', detail: '' }, 'unexpected_answer'],
    ['a fault in the page', { kind: 'fault', operation: 'waiver.sign', detail: 'digest failed' }, 'page_fault'],
  ])('%s is %s', (_label, error, notice) => {
    expect(noticeForApiError(error)).toBe(notice)
  })

  it("a failed query says what its ApiError says; anything else thrown is the page's fault, blamed on neither the network nor the server", () => {
    expect(noticeForApiError(new ApiRequestError({ kind: 'network', operation: 'races.list' }))).toBe('network_error')
    expect(noticeForApiError(new TypeError('x is undefined'))).toBe('page_fault')
  })

  it('answers for anything a screen may hold as a failure, so none can crash on one it did not expect', () => {
    for (const failure of [undefined, null, 'offline', 42, {}, new DOMException('The operation was aborted.', 'AbortError')]) {
      expect(noticeForApiError(failure)).toBe('page_fault')
    }
  })
})
