import type { QaRequestLogEntry } from './qa-api'

/** How many answered requests the log keeps. */
export const REQUEST_LOG_SIZE = 100

/**
 * The last requests the backend answered, newest first, for the QA panel. Kept in memory only: a
 * request cannot outlive its page (or the server), so nothing of it is stored.
 */
export function createRequestLog() {
  let entries: QaRequestLogEntry[] = []
  let lastId = 0
  const listeners = new Set<() => void>()

  return {
    add(entry: Omit<QaRequestLogEntry, 'id'>): void {
      entries = [{ id: ++lastId, ...entry }, ...entries].slice(0, REQUEST_LOG_SIZE)
      for (const listener of listeners) listener()
    },
    entries: (): QaRequestLogEntry[] => entries.map((entry) => ({ ...entry })),
    clear(): void {
      entries = []
      for (const listener of listeners) listener()
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type RequestLog = ReturnType<typeof createRequestLog>
