import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
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

export function Empty({ children }: { children: ReactNode }) {
  return <div className={styles.box}>{children}</div>
}
