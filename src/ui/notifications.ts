import { useSyncExternalStore } from 'react'
import type { NoticeCode } from '../lib/notices'

export interface ShownNotice {
  id: number
  code: NoticeCode
}

/** Notices stay until dismissed (no timer to race a screen reader); the newest three are kept. */
const MAX_SHOWN = 3
let shown: ShownNotice[] = []
let nextId = 1
const listeners = new Set<() => void>()

function publish(next: ShownNotice[]) {
  shown = next
  for (const listener of listeners) listener()
}

export function notify(code: NoticeCode): void {
  publish([{ id: nextId++, code }, ...shown.filter((notice) => notice.code !== code)].slice(0, MAX_SHOWN))
}

export function dismissNotice(id: number): void {
  publish(shown.filter((notice) => notice.id !== id))
}

export function useNotices(): ShownNotice[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => shown,
  )
}
