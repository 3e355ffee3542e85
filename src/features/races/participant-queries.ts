import { queryOptions } from '@tanstack/react-query'
import { apiConfig } from '../../lib/api-config'
import { operationKey } from '../../lib/api-query'
import { ApiRequestError } from '../../lib/api-request-error'
import {
  LIST_OPERATIONS,
  listCollector,
  type ListMessage,
  type ListRequest,
  type ParticipantListName,
  type ParticipantLists,
} from './participant-list'

/** One worker for the page's lifetime, started by the first list read. */
let worker: Worker | null = null
let lastRequest = 0

/** A list's rows, indexed and in their first order, and its facets, read by the worker; failures as the API client's. */
function readList<L extends ParticipantListName>(list: L, raceId: number, signal: AbortSignal): Promise<ParticipantLists[L]> {
  const reader = (worker ??= new Worker(new URL('./participant-list.worker.ts', import.meta.url), { type: 'module' }))
  const request: ListRequest = { id: (lastRequest += 1), list, raceId, baseUrl: apiConfig().baseUrl, timeoutMs: apiConfig().timeoutMs }
  const collect = listCollector<ParticipantLists[L]>(request.id)
  return new Promise((resolve, reject) => {
    const stop = () => {
      reader.removeEventListener('message', onMessage)
      reader.removeEventListener('error', onError)
      signal.removeEventListener('abort', onAbort)
    }
    function onMessage(event: MessageEvent<ListMessage<ParticipantLists[L]>>) {
      const state = collect(event.data)
      if (state.kind === 'pending') return
      stop()
      if (state.kind === 'done') resolve(state.list)
      else reject(new ApiRequestError(state.error))
    }
    // The worker's code did not load (a deploy replaced it, the connection dropped): the next read starts another.
    function onError() {
      stop()
      if (worker === reader) worker = null
      reject(new ApiRequestError({ kind: 'network', operation: LIST_OPERATIONS[list] }))
    }
    function onAbort() {
      stop()
      reject(signal.reason as Error)
    }
    reader.addEventListener('message', onMessage)
    reader.addEventListener('error', onError)
    signal.addEventListener('abort', onAbort, { once: true })
    reader.postMessage(request)
  })
}

/** Cached under the operations' own keys, so `raceKeys.root` reaches them as any race read. */
function listQuery<L extends ParticipantListName>(list: L, raceId: number) {
  return queryOptions({
    queryKey: [...operationKey({ name: LIST_OPERATIONS[list] }), { params: { id: raceId } }] as const,
    queryFn: ({ signal }) => readList(list, raceId, signal),
    meta: { athlete: false },
  })
}

export const participantQueries = {
  /** Everyone entered, by bib. */
  subscribers: (raceId: number) => listQuery('subscribers', raceId),
  /** The finishers, by position. */
  ranking: (raceId: number) => listQuery('ranking', raceId),
}
