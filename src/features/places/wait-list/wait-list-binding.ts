import type { QueryClient } from '@tanstack/react-query'
import * as waitList from '../../../../contracts/wait-list.contract'
import type { WaitEntry } from '../../../../contracts/wait-list.contract'
import type { EntryAnswer } from '../../../../machines/places/wait-list.machine'
import { fromApiCall } from '../../../lib/api-actor'
import { callApi, expectOk } from '../../../lib/api-client'
import { now } from '../../../lib/clock'
import { waitListQueries } from '../../../lib/wait-list-queries'

/**
 * The wait list's actors over the API client. Every answer is the athlete's entry: it is put in the
 * query cache, where the race page, My races and the wizard read it, and handed to the machine with
 * the portal's clock at its arrival (decision 003). Reads are not retried here: the machine decides
 * when to ask again.
 */
export function waitListActors(queryClient: QueryClient) {
  const answered = (raceId: number, entry: WaitEntry): EntryAnswer => {
    queryClient.setQueryData(waitListQueries.status(raceId).queryKey, entry)
    // My races lists every entry: read again when next shown.
    void queryClient.invalidateQueries({ queryKey: waitListQueries.mine().queryKey })
    return { entry, receivedAt: now() }
  }
  return {
    readEntry: fromApiCall<EntryAnswer, { raceId: number }>(async ({ input }) => ({
      entry: await queryClient.fetchQuery({ ...waitListQueries.status(input.raceId), staleTime: 0, retry: false }),
      receivedAt: now(),
    })),
    joinList: fromApiCall<EntryAnswer, { raceId: number }>(async ({ input, signal }) =>
      answered(input.raceId, await expectOk(callApi(waitList.join, { params: { id: input.raceId }, signal }))),
    ),
    leaveList: fromApiCall<EntryAnswer, { raceId: number }>(async ({ input, signal }) =>
      answered(input.raceId, await expectOk(callApi(waitList.leave, { params: { id: input.raceId }, signal }))),
    ),
  }
}
