import type { ApiError } from '../../contracts/api-error'
import { ApiRequestError } from './api-request-error'
import type { NoticeCode } from './notices'

/** The notice an athlete sees for a failed call that the screen has no more specific words for. */
export function noticeForApiError(error: ApiError): NoticeCode {
  switch (error.kind) {
    case 'network':
      return 'network_error'
    case 'unauthorized':
      return 'session_expired'
    case 'contract':
      return 'unexpected_answer'
    case 'http':
      if (error.status === 429) return 'too_many_requests'
      return error.status >= 500 ? 'server_error' : 'unexpected_answer'
  }
}

/** The same, for whatever a failed query threw. */
export function noticeForQueryError(error: unknown): NoticeCode {
  return error instanceof ApiRequestError ? noticeForApiError(error.error) : 'unexpected_answer'
}
