import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { noticeForApiError } from '../lib/api-error-notice'
import { NOTICES } from '../lib/notices'
import { Button } from './button'
import styles from './state.module.css'

export function Loading({ label }: { label?: string }) {
  const { t } = useLingui()
  return (
    <div className={styles.box} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <p>{label ?? t`Loading…`}</p>
    </div>
  )
}

/** A call that failed: what went wrong, and a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useLingui()
  return (
    <div className={`${styles.box} ${styles.error}`} role="alert">
      <p>{message}</p>
      <Button onClick={onRetry}>{t`Try again`}</Button>
    </div>
  )
}

/** A read as this state needs it: a TanStack `useQuery` result fits. */
export interface Read {
  isError: boolean
  error: unknown
  refetch: () => Promise<unknown>
}

/**
 * A screen's reads that failed: the first failure's notice, and a retry that reads again every
 * read that failed (the others are kept). Pass the screen's reads, one or several.
 */
export function QueryErrorState({ query }: { query: Read | readonly Read[] }) {
  const { i18n } = useLingui()
  const reads: readonly Read[] = Array.isArray(query) ? query : [query]
  const failed = reads.filter((read) => read.isError)
  return (
    <ErrorState
      message={i18n._(NOTICES[noticeForApiError(failed[0]?.error)].message)}
      onRetry={() => {
        for (const read of failed) void read.refetch()
      }}
    />
  )
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className={styles.box}>{children}</div>
}
