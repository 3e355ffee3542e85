import type { QueryClient } from '@tanstack/react-query'
import * as queue from '../../../contracts/queue.contract'
import type { QueueTicket } from '../../../contracts/queue.contract'
import type { TicketAnswer } from '../../../machines/opening/waiting-room.machine'
import { fromApiCall } from '../../lib/api-actor'
import { callApi, expectOk } from '../../lib/api-client'
import { now } from '../../lib/clock'
import { queueQueries } from '../../lib/queue-queries'

/**
 * The waiting room's actors over the API client. Every answer is the athlete's ticket: it is put
 * in the query cache, where the race page and the wizard's gate read it, and handed to the machine
 * with the portal's clock at its arrival (decision 003). Reads are not retried here: the machine
 * decides when to ask again (the server's `riprova_tra_s`, `Retry-After`, its back-off).
 */
export function waitingRoomActors(queryClient: QueryClient) {
  const answered = (raceId: number, ticket: QueueTicket): TicketAnswer => {
    queryClient.setQueryData(queueQueries.status(raceId).queryKey, ticket)
    return { ticket, receivedAt: now() }
  }
  return {
    readTicket: fromApiCall<TicketAnswer, { raceId: number }>(async ({ input }) => ({
      ticket: await queryClient.fetchQuery({ ...queueQueries.status(input.raceId), staleTime: 0, retry: false }),
      receivedAt: now(),
    })),
    joinQueue: fromApiCall<TicketAnswer, { raceId: number }>(async ({ input, signal }) =>
      answered(input.raceId, await expectOk(callApi(queue.join, { params: { id: input.raceId }, signal }))),
    ),
    holdPlace: fromApiCall<TicketAnswer, { raceId: number; admission: string }>(async ({ input, signal }) =>
      answered(input.raceId, await expectOk(callApi(queue.hold, { params: { id: input.raceId }, body: { ammissione: input.admission }, signal }))),
    ),
    leaveQueue: fromApiCall<TicketAnswer, { raceId: number }>(async ({ input, signal }) =>
      answered(input.raceId, await expectOk(callApi(queue.leave, { params: { id: input.raceId }, signal }))),
    ),
  }
}
