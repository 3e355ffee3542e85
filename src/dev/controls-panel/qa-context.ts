import type { QueryClient } from '@tanstack/react-query'
import { createContext, use } from 'react'
import type { QaApi } from '../../../mocks/qa-api'

/** What the panel works with, given once where it is mounted. */
export interface QaPanelOptions {
  qa: QaApi
  /** The portal's cache: what depends on the clock or on the data is read again after a change. */
  appQueryClient: QueryClient
  /** The mailbox page, when the page has one (the in-page backend; not over HTTP). */
  mailboxPath: string | null
}

export const QaPanelContext = createContext<QaPanelOptions | null>(null)

export function useQaPanel(): QaPanelOptions {
  const options = use(QaPanelContext)
  if (!options) throw new Error('useQaPanel outside QaPanelContext')
  return options
}

/** The panel's own reads, one root so a change from anywhere reads them all again. */
export const qaKeys = {
  root: ['qa'] as const,
  state: ['qa', 'state'] as const,
  personas: ['qa', 'personas'] as const,
  clockPresets: ['qa', 'clockPresets'] as const,
  races: ['qa', 'races'] as const,
  pending: ['qa', 'pending'] as const,
  mailbox: ['qa', 'mailbox'] as const,
  requests: ['qa', 'requests'] as const,
}
