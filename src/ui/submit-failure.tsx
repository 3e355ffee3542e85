import { useLingui } from '@lingui/react/macro'
import type { ApiError } from '../../contracts/api-error'
import { noticeForApiError } from '../lib/api-error-notice'
import { NOTICES, type NoticeCode } from '../lib/notices'
import { Button } from './button'
import styles from './submit-failure.module.css'

/** A failure the same request may not meet a moment later: no answer, a failing or busy server. */
export function isRetryable(error: ApiError): boolean {
  return error.kind === 'network' || (error.kind === 'http' && (error.status >= 500 || error.status === 429))
}

/**
 * A form's call that failed for a reason the form cannot mend: said where the athlete is, with a
 * way to send the same values again when that may work. `code` names it when the screen has more specific words.
 */
export function SubmitFailure({ error, code, onRetry }: { error: ApiError; code?: NoticeCode; onRetry: () => void }) {
  const { t, i18n } = useLingui()
  return (
    <div role="alert" className={styles.alert}>
      <p>{i18n._(NOTICES[code ?? noticeForApiError(error)].message)}</p>
      {isRetryable(error) ? (
        <Button variant="secondary" onClick={onRetry}>
          {t`Try again`}
        </Button>
      ) : null}
    </div>
  )
}
