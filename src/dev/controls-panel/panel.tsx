import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { ActivityTab } from './activity-tab'
import { ClockTab } from './clock-tab'
import { DataTab } from './data-tab'
import { FaultsTab } from './faults-tab'
import styles from './panel.module.css'
import { QA_TABS, type QaTab } from './panel-state'
import { PersonasTab } from './personas-tab'
import { PanelMessageContext, type PanelMessage } from './qa-actions'
import { RacesTab } from './races-tab'
import { ReviewTab } from './review-tab'

const TAB_LABELS: Record<QaTab, MessageDescriptor> = {
  personas: msg`Personas`,
  clock: msg`Clock`,
  races: msg`Races`,
  faults: msg`Faults`,
  review: msg`Staff review`,
  activity: msg`Mail and requests`,
  data: msg`Data`,
}

const TAB_CONTENT: Record<QaTab, () => ReactNode> = {
  personas: () => <PersonasTab />,
  clock: () => <ClockTab />,
  races: () => <RacesTab />,
  faults: () => <FaultsTab />,
  review: () => <ReviewTab />,
  activity: () => <ActivityTab />,
  data: () => <DataTab />,
}

interface PanelProps {
  id: string
  tab: QaTab
  /** Opened by QA (not found open after a reload): focus moves into it. */
  focusOnMount: boolean
  onTab: (tab: QaTab) => void
  onClose: () => void
}

/**
 * The QA controls: a side sheet beside the page, not over it, so QA can act in both. Escape closes
 * it (focus goes back to the toggle); its tabs follow the ARIA tabs pattern (arrows, Home, End).
 */
export default function Panel({ id, tab, focusOnMount, onTab, onClose }: PanelProps) {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const tabsId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const tabRefs = useRef(new Map<QaTab, HTMLButtonElement>())
  const [message, setMessage] = useState<PanelMessage | null>(null)

  useEffect(() => {
    if (focusOnMount) heading.current?.focus()
  }, [focusOnMount])

  const choose = (next: QaTab) => {
    setMessage(null)
    onTab(next)
    tabRefs.current.get(next)?.focus()
  }

  const onTabKey = (event: KeyboardEvent) => {
    const index = QA_TABS.indexOf(tab)
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: QA_TABS.length - 1 }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    choose(QA_TABS[(target + QA_TABS.length) % QA_TABS.length]!)
  }

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      className={styles.sheet}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.stopPropagation()
        onClose()
      }}
    >
      <header className={styles.header}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
          {t`QA controls`}
        </h2>
        <button type="button" className={styles.close} onClick={onClose}>
          {t`Close`}
        </button>
      </header>
      <div role="tablist" aria-label={t`QA controls`} className={styles.tabs} onKeyDown={onTabKey}>
        {QA_TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              if (element) tabRefs.current.set(name, element)
              else tabRefs.current.delete(name)
            }}
            type="button"
            role="tab"
            id={`${tabsId}-${name}`}
            aria-selected={name === tab}
            aria-controls={name === tab ? `${tabsId}-${name}-panel` : undefined}
            tabIndex={name === tab ? 0 : -1}
            className={styles.tab}
            onClick={() => choose(name)}
          >
            {i18n._(TAB_LABELS[name])}
          </button>
        ))}
      </div>
      <div role="status" className={styles.message}>
        {message?.tone === 'done' ? message.text : null}
      </div>
      <div role="alert" className={styles.message}>
        {message?.tone === 'failed' ? <p className={styles.failed}>{message.text}</p> : null}
      </div>
      <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`} tabIndex={0} className={styles.body}>
        <PanelMessageContext value={setMessage}>{TAB_CONTENT[tab]()}</PanelMessageContext>
      </div>
    </section>
  )
}
