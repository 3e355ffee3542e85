import { Plural, useLingui } from '@lingui/react/macro'
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query'
import { Suspense, useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react'
import { lazyPart } from '../../ui/lazy-part'
import { Loading } from '../../ui/state'
import { readPanelState, writePanelState, type PanelState, type QaTab } from './panel-state'
import { qaKeys, QaPanelContext, useQaPanel, type QaPanelOptions } from './qa-context'
import styles from './qa-controls.module.css'

const Panel = lazyPart(() => import('./panel'))

/** How many faults and latencies are in force: 0 when none, or while the state loads. */
function useActiveFaultCount(): number {
  const { qa } = useQaPanel()
  const state = useQuery({ queryKey: qaKeys.state, queryFn: () => qa.state() })
  if (!state.data) return 0
  return Object.keys(state.data.faults).length + Object.keys(state.data.latencyMs).length
}

/** Alt+Shift+Q by the key's place, not its character: on a Mac, Alt turns Q into another letter. */
const isShortcut = (event: KeyboardEvent) => event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyQ'

/**
 * The QA controls' toggle, always in a corner of the page (on a phone, in a bar of its own that the
 * page keeps clear: qa-controls.module.css), with the panel behind it. The panel's code loads when
 * it first opens; the open panel and its tab are kept across reloads.
 */
export function QaControls() {
  const { t } = useLingui()
  const [state, setState] = useState<PanelState>(() => readPanelState(localStorage))
  // Focus moves into the panel when QA opens it, not when a reload finds it open.
  const [focusOnOpen, setFocusOnOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const faults = useActiveFaultCount()

  const change = useCallback((next: PanelState) => {
    writePanelState(localStorage, next)
    setState(next)
  }, [])
  const open = useCallback(() => {
    setFocusOnOpen(true)
    change({ ...state, open: true })
  }, [change, state])
  const close = useCallback(() => {
    change({ ...state, open: false })
    toggle.current?.focus()
  }, [change, state])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return
      event.preventDefault()
      if (state.open) close()
      else open()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [state.open, open, close])

  return (
    // A landmark of its own, so the page's content and the QA tools are told apart.
    <aside
      aria-label={t`QA tools`}
      className={styles.tools}
      // Not the portal's page: an open dialog of the portal (Radix, listening on the document)
      // would take a press here for one outside it and close, and a scroll for one of the page it
      // holds still. Keyboard focus stays in that dialog; Alt+Shift+Q works all the same.
      onPointerDown={keepFromPortal}
      onWheel={keepFromPortal}
      onTouchMove={keepFromPortal}
    >
      <button
        ref={toggle}
        type="button"
        className={styles.toggle}
        aria-expanded={state.open}
        aria-controls={state.open ? PANEL_ID : undefined}
        aria-keyshortcuts="Alt+Shift+Q"
        onClick={state.open ? close : open}
      >
        {/* Small in the corner, whole for assistive technology. */}
        <span aria-hidden="true">QA</span>
        <span className="visually-hidden">{t`QA controls`}</span>
        {faults > 0 ? (
          <span className={styles.badge}>
            {' '}
            <Plural value={faults} one="# fault" other="# faults" />
          </span>
        ) : null}
      </button>
      {state.open ? (
        <Suspense
          fallback={
            <div className={styles.loading}>
              <Loading />
            </div>
          }
        >
          <Panel
            id={PANEL_ID}
            tab={state.tab}
            focusOnMount={focusOnOpen}
            onTab={(tab: QaTab) => change({ ...state, tab })}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </aside>
  )
}

const PANEL_ID = 'pettorale-qa-panel'

const keepFromPortal = (event: SyntheticEvent) => event.stopPropagation()

/** The toggle and panel with what they read: the QA API, the portal's cache, the panel's own cache. */
export function QaControlsRoot({ options, panelQueryClient }: { options: QaPanelOptions; panelQueryClient: QueryClient }) {
  return (
    <QaPanelContext value={options}>
      <QueryClientProvider client={panelQueryClient}>
        <QaControls />
      </QueryClientProvider>
    </QaPanelContext>
  )
}
