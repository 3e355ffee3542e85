import type { QaPanelOptions } from './qa-context'

/** Once the portal has loaded and the browser is idle: the toggle never competes with the first paint. */
function whenIdleAfterLoad(run: () => void) {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(() => run()) : setTimeout(run))
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

/**
 * Puts the QA controls' toggle in the page, in a root of its own beside the portal's: its code
 * (and the panel's, on first open) loads after the portal's, so the portal's first JS is the same
 * with or without it.
 */
export function mountQaPanel(options: QaPanelOptions): void {
  // Offline (a test of a lost connection, say) its code cannot arrive: it is asked again once the
  // browser is back online, instead of failing the page with an uncaught error.
  const mount = () =>
    void import('./render').then(
      ({ renderQaPanel }) => renderQaPanel(options),
      () => window.addEventListener('online', mount, { once: true }),
    )
  whenIdleAfterLoad(mount)
}
