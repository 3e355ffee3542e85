import { toApiError } from '../../contracts/api-error'
import type { NoticeCode } from './notices'

/**
 * The notice an athlete sees for a failed call that the screen has no more specific words for.
 * It takes whatever was thrown or caught (an `ApiError`, a failed query's error, a bug's `Error`),
 * so no screen can crash on a failure it did not expect.
 */
export function noticeForApiError(failure: unknown): NoticeCode {
  const error = toApiError(failure)
  switch (error.kind) {
    case 'network':
      return 'network_error'
    case 'unauthorized':
      return 'session_expired'
    case 'contract':
      return 'unexpected_answer'
    case 'fault':
      return 'page_fault'
    case 'http':
      if (error.status === 429) return 'too_many_requests'
      return error.status >= 500 ? 'server_error' : 'unexpected_answer'
  }
}
