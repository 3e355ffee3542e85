import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createContext, use } from 'react'
import { qaKeys, useQaPanel } from './qa-context'

/** What the panel says after an action: done (a status) or failed (an alert). */
export interface PanelMessage {
  tone: 'done' | 'failed'
  text: string
}

export const PanelMessageContext = createContext<(message: PanelMessage) => void>(() => {})

interface QaActionOptions<A, R> {
  /** Whether the portal's screens must read again: the clock or the data changed. */
  touchesPortal: boolean
  /** What the panel says once it is done. */
  done: (result: R, args: A) => string
}

/**
 * One QA action: sent once, the panel's reads refreshed after it (and the portal's when it moved
 * the clock or changed data, so registration states and countdowns change at once), and its
 * outcome said in the panel.
 */
export function useQaAction<A, R>(action: (args: A) => Promise<R>, options: QaActionOptions<A, R>) {
  const { appQueryClient } = useQaPanel()
  const panelClient = useQueryClient()
  const say = use(PanelMessageContext)
  const { t } = useLingui()
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: (result, args) => {
      // A review or a settled payment leaves its list with the button that did it: the keyboard's
      // focus goes back to the tab rather than out of the panel (where Escape no longer closes it).
      const button = document.activeElement
      const tab = button?.closest<HTMLElement>('[role="tabpanel"]')
      // Watched from now: the panel's list may render without the button before the portal's
      // queries have all been read again.
      if (tab && button) keepFocusInPanel(tab, button)
      say({ tone: 'done', text: options.done(result, args) })
      // Read again without holding the action: it is done, and the next click must not be taken
      // for a second one of this action while every screen of the portal reads again (on a busy
      // machine, "Opening" right after "2 hours before opening" was dropped that way).
      void panelClient.invalidateQueries({ queryKey: qaKeys.root })
      if (options.touchesPortal) void appQueryClient.invalidateQueries()
    },
    onError: (error) => {
      const detail = error instanceof Error ? error.message : String(error)
      say({ tone: 'failed', text: t`The simulated backend did not do it: ${detail}` })
    },
  })
  // A second click while the first runs does nothing; the button stays enabled, since a disabled
  // one would drop the keyboard's focus out of the panel.
  const mutate = (args: A) => {
    if (!mutation.isPending) mutation.mutate(args)
  }
  return { ...mutation, mutate }
}

/** How long after an action its button may still leave the page (a busy page reads and renders late). */
const BUTTON_GONE_WITHIN_MS = 10_000

/**
 * When the action's button leaves the page with its item (the lists render the new data a task or
 * more after the cache has it), the keyboard's focus goes back to the tab, not out of the panel.
 */
function keepFocusInPanel(tab: HTMLElement, button: Element) {
  const refocus = () => {
    if (button.isConnected) return false
    const focused = document.activeElement
    if (tab.isConnected && (focused === document.body || focused === button)) tab.focus()
    return true
  }
  if (refocus()) return
  const watch = new MutationObserver(() => refocus() && watch.disconnect())
  watch.observe(tab, { childList: true, subtree: true })
  setTimeout(() => watch.disconnect(), BUTTON_GONE_WITHIN_MS)
}
