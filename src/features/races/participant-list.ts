/**
 * The subscribers list and the ranking are read, checked and indexed in a worker
 * (participant-list.worker.ts): 20,000 rows parsed, validated by their contract, given their search
 * keys and put in order would be one task of well over 50 ms on a phone, the page frozen while it
 * runs. What the worker sends back crosses in small messages, so the page also takes them in slices.
 * This file is the protocol both sides share, and the work on the rows: pure, no React, no worker.
 */
import type { ApiError } from '../../../contracts/api-error'
import type { ranking, RankingRow, SubscriberRow, subscribers } from '../../../contracts/races.contract'
import { indexRows, sortRanking, type Indexed } from './participant-filters'

export type ParticipantListName = 'subscribers' | 'ranking'

/** The operation that reads each list: its name is the list's cache key and names its failures. */
export const LIST_OPERATIONS = { subscribers: 'races.subscribers', ranking: 'races.ranking' } as const satisfies {
  subscribers: (typeof subscribers)['name']
  ranking: (typeof ranking)['name']
}

/** The rows of each list as the worker hands them over. */
export interface ParticipantRows {
  subscribers: Indexed<SubscriberRow>
  ranking: Indexed<RankingRow>
}

/** To the worker: read one list. `id` tells its answer apart from those of other requests. */
export interface ListRequest {
  id: number
  list: ParticipantListName
  raceId: number
  /** The page's API client settings, which the worker's own copy of the client does not share. */
  baseUrl: string
  timeoutMs: number
}

/** From the worker: the rows in order, a slice at a time, then `done`; or why the list could not be read. */
export type ListMessage<R = unknown> =
  | { id: number; kind: 'rows'; rows: R[] }
  | { id: number; kind: 'done' }
  | { id: number; kind: 'failed'; error: ApiError }

/**
 * Rows per message. Taking a message in is a task of its own on the page's thread, about as long
 * as the rows it carries take to copy: a thousand stay well under a few milliseconds.
 */
export const ROWS_PER_MESSAGE = 1000

/** The entrants by bib, the finishers by position: the order each page opens in. */
export function prepareSubscribers(rows: readonly SubscriberRow[]): Indexed<SubscriberRow>[] {
  return indexRows(rows).sort((a, b) => a.row.pettorale - b.row.pettorale)
}

export function prepareRanking(rows: readonly RankingRow[]): Indexed<RankingRow>[] {
  return sortRanking(indexRows(rows))
}

/** The messages that carry `rows` for request `id`: slices in order, then the end. */
export function rowMessages<R>(id: number, rows: readonly R[], perMessage: number = ROWS_PER_MESSAGE): ListMessage<R>[] {
  const messages: ListMessage<R>[] = []
  for (let start = 0; start < rows.length; start += perMessage) messages.push({ id, kind: 'rows', rows: rows.slice(start, start + perMessage) })
  messages.push({ id, kind: 'done' })
  return messages
}

export type Collected<R> = { kind: 'pending' } | { kind: 'done'; rows: R[] } | { kind: 'failed'; error: ApiError }

/**
 * The page's side: gathers the messages of request `id` (others are ignored) until the list is
 * whole or has failed.
 */
export function listCollector<R>(id: number): (message: ListMessage<R>) => Collected<R> {
  const rows: R[] = []
  return (message) => {
    if (message.id !== id) return { kind: 'pending' }
    switch (message.kind) {
      case 'rows':
        for (const row of message.rows) rows.push(row)
        return { kind: 'pending' }
      case 'done':
        return { kind: 'done', rows }
      case 'failed':
        return { kind: 'failed', error: message.error }
    }
  }
}
