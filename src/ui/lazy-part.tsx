import { useLingui } from '@lingui/react/macro'
import { Component, lazy, type ComponentType, type ReactNode } from 'react'
import { MINUTE_MS } from '../../contracts/time'
import { now } from '../lib/clock'
import { Button } from './button'
import styles from './state.module.css'

const RELOADED_KEY = 'pettorale.reloadedForChunk'
/** However many parts fail, the page reloads for a new deploy at most this often: never a loop. */
const RELOAD_AT_MOST_EVERY_MS = 10 * MINUTE_MS

/** Parts whose download failed, each with the way to try it afresh. */
const failedParts = new Set<() => void>()

/**
 * A part of the page loaded on first use. React's `lazy` keeps a failed download's rejection for
 * ever; here a retry from the part's boundary starts a fresh download, so it works once the network
 * is back. `preload` starts the download early, e.g. on hover.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const attempt = (): Promise<{ default: ComponentType<P> }> =>
    load().then(
      (module) => module,
      (error: unknown) => {
        failedParts.add(() => (current = lazy(attempt)))
        reloadForNewDeploy()
        throw error
      },
    )
  let current = lazy(attempt)
  function Part(props: P) {
    const Loaded = current
    return <Loaded {...props} />
  }
  Part.preload = () => void load().catch(() => {})
  return Part
}

/**
 * Online and still failing, a chunk is most likely gone because a new version was deployed under
 * new file names: load the new version, once in ten minutes at most. Offline, or after that
 * reload, the part says it could not load and offers a retry.
 */
export function reloadForNewDeploy() {
  const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0)
  if (!navigator.onLine || now() - last < RELOAD_AT_MOST_EVERY_MS) return
  sessionStorage.setItem(RELOADED_KEY, String(now()))
  window.location.reload()
}

function retryFailedParts() {
  for (const retry of failedParts) retry()
  failedParts.clear()
}

interface BoundaryProps {
  children: ReactNode
  /** What failed, said to the athlete: "This page could not load." */
  message: string
  /** Shown as a floating alert (for a part that has no place in the page, like a dialog). */
  floating?: boolean
  onDismiss?: () => void
}

/** Keeps a failed part from emptying the page: it says what failed and offers a working retry. */
export class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <PartFailed
        message={this.props.message}
        floating={this.props.floating}
        onRetry={() => {
          retryFailedParts()
          this.setState({ failed: false })
        }}
        onDismiss={
          this.props.onDismiss &&
          (() => {
            retryFailedParts()
            this.setState({ failed: false })
            this.props.onDismiss?.()
          })
        }
      />
    )
  }
}

function PartFailed(props: { message: string; floating?: boolean; onRetry: () => void; onDismiss?: () => void }) {
  const { t } = useLingui()
  return (
    <div className={`${styles.box} ${styles.error} ${props.floating ? styles.floating : ''}`} role="alert">
      <p>{props.message}</p>
      <p>{t`Check your connection, then try again.`}</p>
      <p className={styles.actions}>
        <Button onClick={props.onRetry}>{t`Try again`}</Button>
        {props.onDismiss ? (
          <Button variant="secondary" onClick={props.onDismiss}>
            {t`Close`}
          </Button>
        ) : null}
      </p>
    </div>
  )
}
