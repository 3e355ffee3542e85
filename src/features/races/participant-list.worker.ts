/**
 * Reads a participant list off the page's thread (participant-list.ts says why): the API client
 * asks for it and checks it against its contract here, the rows get their search keys and their
 * order, and go back to the page in slices.
 */
import { ranking, subscribers } from '../../../contracts/races.contract'
import { callApi } from '../../lib/api-client'
import { configureApiClient } from '../../lib/api-config'
import { LIST_OPERATIONS, listMessages, prepareRanking, prepareSubscribers, type ListMessage, type ListRequest } from './participant-list'

/** The worker's global scope, as much of it as this file uses (the project's types are the page's). */
interface WorkerScope {
  addEventListener: (type: 'message', listener: (event: MessageEvent<ListRequest>) => void) => void
  postMessage: (message: ListMessage) => void
}
const scope = self as unknown as WorkerScope

async function read({ id, list, raceId }: ListRequest): Promise<ListMessage[]> {
  const input = { params: { id: raceId } }
  if (list === 'subscribers') {
    const answer = await callApi(subscribers, input)
    return answer.ok ? listMessages(id, prepareSubscribers(answer.data.iscritti)) : [{ id, kind: 'failed', error: answer.error }]
  }
  const answer = await callApi(ranking, input)
  return answer.ok ? listMessages(id, prepareRanking(answer.data.classifica)) : [{ id, kind: 'failed', error: answer.error }]
}

scope.addEventListener('message', ({ data: request }) => {
  configureApiClient({ baseUrl: request.baseUrl, timeoutMs: request.timeoutMs })
  void read(request)
    // The client turns every failure into a result; anything else is the list not read, for the page to ask again.
    .catch((): ListMessage[] => [{ id: request.id, kind: 'failed', error: { kind: 'network', operation: LIST_OPERATIONS[request.list] } }])
    .then((messages) => {
      for (const message of messages) scope.postMessage(message)
    })
})
