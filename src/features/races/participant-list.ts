/**
 * The subscribers list and the ranking are read, checked and indexed in a worker
 * (participant-list.worker.ts): 20,000 rows parsed, validated by their contract, given their search
 * keys and put in order would be one task of well over 50 ms on a phone, the page frozen while it
 * runs. What the worker sends back crosses in small messages, so the page also takes them in slices.
 * This file is the protocol both sides share, and the work on the rows: pure, no React, no worker.
 */
import type { ApiError } from '../../../contracts/api-error'
import type { ranking, RankingRow, SubscriberRow, subscribers } from '../../../contracts/races.contract'
import { byBib, indexRows, rankingFacets, sortRanking, subscriberFacets, type Indexed, type RankingFacets, type SubscriberFacets } from './participant-filters'

export type ParticipantListName = 'subscribers' | 'ranking'

/** The operation that reads each list: its name is the list's cache key and names its failures. */
export const LIST_OPERATIONS = { subscribers: 'races.subscribers', ranking: 'races.ranking' } as const satisfies {
  subscribers: (typeof subscribers)['name']
  ranking: (typeof ranking)['name']
}

/** A list as the worker hands it over: its rows in order, and what they have to choose from. */
export interface PreparedList<R = unknown, F = unknown> {
  rows: R[]
  facets: F
}

/** Each list as the worker hands it over. */
export interface ParticipantLists {
  subscribers: PreparedList<Indexed<SubscriberRow>, SubscriberFacets>
  ranking: PreparedList<Indexed<RankingRow>, RankingFacets>
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

/** From the worker: the rows in order, a slice at a time, then `done` with the facets; or why the list could not be read. */
export type ListMessage<L extends PreparedList = PreparedList> =
  | { id: number; kind: 'rows'; rows: L['rows'] }
  | { id: number; kind: 'done'; facets: L['facets'] }
  | { id: number; kind: 'failed'; error: ApiError }

/**
 * Rows per message. Taking a message in is a task of its own on the page's thread, about as long
 * as the rows it carries take to copy: a thousand stay well under a few milliseconds.
 */
export const ROWS_PER_MESSAGE = 1000

/** The entrants by bib, the finishers by position (the order each page opens in), with their facets. */
export function prepareSubscribers(list: readonly SubscriberRow[]): ParticipantLists['subscribers'] {
  const rows = indexRows(list).sort(byBib)
  return { rows, facets: subscriberFacets(rows) }
}

export function prepareRanking(list: readonly RankingRow[]): ParticipantLists['ranking'] {
  const rows = sortRanking(indexRows(list))
  return { rows, facets: rankingFacets(rows) }
}

/** The messages that carry a list for request `id`: its rows in slices, in order, then the end with its facets. */
export function listMessages<L extends PreparedList>(id: number, list: L, perMessage: number = ROWS_PER_MESSAGE): ListMessage<L>[] {
  const messages: ListMessage<L>[] = []
  for (let start = 0; start < list.rows.length; start += perMessage) messages.push({ id, kind: 'rows', rows: list.rows.slice(start, start + perMessage) })
  messages.push({ id, kind: 'done', facets: list.facets })
  return messages
}

export type Collected<L extends PreparedList> = { kind: 'pending' } | { kind: 'done'; list: L } | { kind: 'failed'; error: ApiError }

/**
 * The page's side: gathers the messages of request `id` (others are ignored) until the list is
 * whole or has failed.
 */
export function listCollector<L extends PreparedList>(id: number): (message: ListMessage<L>) => Collected<L> {
  const rows: L['rows'] = []
  return (message) => {
    if (message.id !== id) return { kind: 'pending' }
    switch (message.kind) {
      case 'rows':
        for (const row of message.rows) rows.push(row)
        return { kind: 'pending' }
      case 'done':
        return { kind: 'done', list: { rows, facets: message.facets } as L }
      case 'failed':
        return { kind: 'failed', error: message.error }
    }
  }
}
