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
 * ever; here a retry from the part's boundary starts a fresh download (`loadChunk` below makes it
 * one the browser really sends), so it works once the network is back. `preload` starts the
 * download early, e.g. on hover.
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
 * Online and still failing (`loadChunk` has already asked again under a fresh address), a chunk is
 * most likely gone because a new version was deployed under new file names, or the page's module
 * map keeps a failure that only a reload clears: load the page again, once in ten minutes at most.
 * Offline, or after that reload, the part says it could not load and offers a retry.
 */
export function reloadForNewDeploy() {
  const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0)
  if (!navigator.onLine || now() - last < RELOAD_AT_MOST_EVERY_MS) return
  sessionStorage.setItem(RELOADED_KEY, String(now()))
  window.location.reload()
}

/** A chunk's compiled `import()`: `(url) => import(url('./x-hash.js'))`, the address being loadChunk's choice. */
type ChunkImport<T> = (url: (specifier: string) => string) => Promise<T>

/** Parts' stylesheets, loading or loaded, by address. */
const stylesheets = new Map<string, Promise<unknown>>()
/** Chunks whose first download failed, each with the address it is asked for since. */
const retried = new Map<string, string>()
let retries = 0

/**
 * How the build's code arrives: every dynamic `import()` of the build comes here, in place of
 * Vite's preload helper (vite.config.ts, `retryableChunks`, compiles `import('./x')` to
 * `loadChunk((url) => import(url('./x-hash.js')), deps)`). Chromium keeps a module whose download
 * failed failed for the page's life (its module map), and with it every module that imports it:
 * asked again the same way once back online, it fails at once without a request. So:
 * - offline, a part's modules are not preloaded: only its own file is asked for and fails, its
 *   imports are never asked, so nothing they share with other parts is kept failed;
 * - a chunk whose download failed is asked again, online, under an address the page has not seen
 *   (the same file: a `#retry-n` fragment never reaches the server), and from then on under that one,
 *   so the page keeps a single instance of the module;
 * - a stylesheet that failed leaves the page and is forgotten, so the next attempt asks for it again.
 * An error that comes out of here online means the retry failed too: the caller decides what to do
 * (`reloadForNewDeploy`), so Vite's `vite:preloadError` event is not sent.
 */
export function loadChunk<T>(load: ChunkImport<T>, deps?: string[], importerUrl?: string): Promise<T> {
  // Each link's address read once a call: a link's `href` is resolved anew at each read, and a
  // screen's dozens of files checked against dozens of links cost a slow phone tens of milliseconds.
  const linked = new Set<string>()
  // The build writes the first page's stylesheet into index.html, its address in `data-href`.
  const sheets = new Set([...document.querySelectorAll<HTMLStyleElement>('style[data-href]')].map((style) => new URL(style.dataset.href!, location.href).href))
  for (const link of document.getElementsByTagName('link')) {
    const { href } = link
    linked.add(href)
    if (link.rel === 'stylesheet') sheets.add(href)
  }
  const styles: Promise<unknown>[] = []
  for (const dep of deps ?? []) {
    // Vite's dependency paths: from the base, or from the importing chunk with a relative base.
    const href = new URL(importerUrl ? dep : import.meta.env.BASE_URL + dep, importerUrl ?? location.href).href
    if (href.endsWith('.css')) {
      let sheet = stylesheets.get(href)
      if (!sheet) {
        // index.html's own stylesheet is there from the start.
        if (sheets.has(href)) continue
        const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', crossOrigin: '', href })
        sheet = new Promise((resolve, reject) => {
          link.onload = resolve
          link.onerror = () => {
            link.remove()
            stylesheets.delete(href)
            reject(new Error(`Unable to preload CSS for ${href}`))
          }
        })
        stylesheets.set(href, sheet)
        document.head.append(link)
      }
      styles.push(sheet)
    } else if (navigator.onLine && !linked.has(href)) {
      document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }))
    }
  }
  // The part shows with its styles or not at all.
  return Promise.all(styles).then(() => importChunk(load))
}

function importChunk<T>(load: ChunkImport<T>): Promise<T> {
  let specifier = ''
  let asked = ''
  return load((chunk) => (asked = retried.get((specifier = chunk)) ?? chunk)).catch((error: unknown) => {
    if (!navigator.onLine) throw error
    // Another attempt may have picked the new address meanwhile: the same one, the same instance.
    let url = retried.get(specifier)
    if (url === undefined || url === asked) retried.set(specifier, (url = `${specifier}#retry-${String(++retries)}`))
    return load(() => url)
  })
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
