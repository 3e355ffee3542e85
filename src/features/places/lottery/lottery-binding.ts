import { QueryObserver, type QueryClient, type QueryKey, type QueryObserverOptions, type QueryObserverResult } from '@tanstack/react-query'
import { fromCallback } from 'xstate'
import type { WatchEvent, WatcherCommand, WatchInput } from '../../../../machines/places/lottery.machine'
import { now } from '../../../lib/clock'
import { lotteryKeys, lotteryQueries } from '../../../lib/lottery-queries'
import { waitListKeys, waitListQueries } from '../../../lib/wait-list-queries'

/**
 * The lottery machine's one actor over the query cache, where the page, My races and the race page
 * read the same answers: it follows the athlete's application (`lottery.mine`), the drawn
 * application's payment link (`payments.byLink`) and, not drawn, the wait list's entry, and tells
 * the machine each new answer or failure as it lands in the cache, whoever asked for it (the page,
 * QA's panel, a refocused window). Told `refresh`, it reads the three again. The moment an answer
 * lands is the portal's clock (decision 003): the machine compares it with the server's deadline.
 */
export function lotteryActors(queryClient: QueryClient) {
  return {
    watchApplication: fromCallback<WatcherCommand, WatchInput>(({ input, sendBack, receive }) => {
      const tell = (event: WatchEvent) => sendBack(event)
      let link: { code: string; stop: () => void } | null = null
      let entry: (() => void) | null = null

      const followLink = (code: string | undefined) => {
        if (link?.code === code) return
        link?.stop()
        link = null
        if (code === undefined) return
        const stop = follow(queryClient, lotteryQueries.link(code), {
          data: (status) => tell({ type: 'link.read', stato: status.stato, receivedAt: now() }),
          error: (error) => tell({ type: 'link.failed', error }),
        })
        link = { code, stop }
      }
      // Only the place in line is read of the entry: without it, the page says the line without a number.
      const followEntry = (follows: boolean) => {
        if (follows === (entry !== null)) return
        entry?.()
        entry = null
        if (!follows) return
        entry = follow(queryClient, waitListQueries.status(input.raceId), { data: (found) => tell({ type: 'entry.read', position: found.posizione ?? null }) })
      }
      const stopApplication = follow(queryClient, lotteryQueries.mine(input.raceId), {
        data: (application) => {
          tell({ type: 'application.read', application })
          followLink(application.link)
          followEntry(application.esito === 'non_estratto')
        },
        error: (error) => tell({ type: 'application.failed', error }),
      })

      receive(() => {
        void queryClient.invalidateQueries({ queryKey: lotteryKeys.root })
        void queryClient.invalidateQueries({ queryKey: lotteryKeys.link })
        void queryClient.invalidateQueries({ queryKey: waitListKeys.root })
      })
      return () => {
        stopApplication()
        link?.stop()
        entry?.()
      }
    }),
  }
}

/**
 * Follows one query: each answer (or failure) once, when it lands in the cache, the one there
 * already included. Returns the unsubscription.
 */
function follow<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: QueryObserverOptions<TData, Error, TData, TData, TKey>,
  on: { data: (data: TData) => void; error?: (error: unknown) => void },
): () => void {
  const observer = new QueryObserver(queryClient, options)
  let dataAt = 0
  let errorAt = 0
  const take = (result: QueryObserverResult<TData>) => {
    if (result.isSuccess && result.dataUpdatedAt !== dataAt) {
      dataAt = result.dataUpdatedAt
      on.data(result.data)
    } else if (result.isError && result.errorUpdatedAt !== errorAt) {
      errorAt = result.errorUpdatedAt
      on.error?.(result.error)
    }
  }
  const unsubscribe = observer.subscribe(take)
  take(observer.getCurrentResult())
  return unsubscribe
}
