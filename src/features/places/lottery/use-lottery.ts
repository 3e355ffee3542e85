import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { toApiError } from '../../../../contracts/api-error'
import type { MyApplication } from '../../../../contracts/lottery.contract'
import { SECOND_MS } from '../../../../contracts/time'
import { lotteryMachine, readOf, viewOf, type LotteryAnnouncement, type LotteryReading } from '../../../../machines/places/lottery.machine'
import { now, subscribeClock } from '../../../lib/clock'
import { inspection } from '../../../lib/inspection'
import { lotteryKeys, lotteryQueries } from '../../../lib/lottery-queries'
import { waitListKeys } from '../../../lib/wait-list-queries'

/** A moment to tell a screen reader; `count` makes a repeat heard again. */
export interface Announcement {
  code: LotteryAnnouncement
  count: number
}

/**
 * The lottery machine bound to one athlete's application: the application and its link are read
 * through the query cache and told to the machine as they arrive; the machine says when to read
 * again (the draw due, the deadline passed). Time reaches it here only: once a second while mounted
 * and when the clock is moved (decision 003).
 */
export function useLotteryApplication(raceId: number, drawAt: number, application: MyApplication) {
  const queryClient = useQueryClient()
  const [input] = useState(() => ({ drawAt, now: now() }))
  const actor = useActorRef(lotteryMachine, { input, ...inspection() })
  const [announcement, setAnnouncement] = useState<Announcement | null>(null)
  const link = useQuery({ ...lotteryQueries.link(application.link ?? ''), enabled: application.link !== undefined })
  const linkState = linkStateOf(application, link.data?.stato, link.error)

  useEffect(() => {
    if (linkState !== undefined) actor.send({ type: 'lottery.read', ...readOf(application, linkState) })
  }, [actor, application, linkState])

  useEffect(() => {
    const tick = () => actor.send({ type: 'clock.tick', now: now() })
    const interval = setInterval(tick, SECOND_MS)
    const unsubscribe = subscribeClock(tick)
    return () => {
      clearInterval(interval)
      unsubscribe()
    }
  }, [actor])

  useEffect(() => {
    const subscriptions = [
      actor.on('reread', () => {
        void queryClient.invalidateQueries({ queryKey: lotteryKeys.root })
        void queryClient.invalidateQueries({ queryKey: lotteryKeys.link })
        void queryClient.invalidateQueries({ queryKey: waitListKeys.root })
      }),
      actor.on('announce', ({ code }) => setAnnouncement((previous) => ({ code, count: (previous?.count ?? 0) + 1 }))),
    ]
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  }, [actor, queryClient])

  return { ...useSelector(actor, viewOf), now: useSelector(actor, (snapshot) => snapshot.context.now), announcement }
}

/**
 * What became of a drawn application's link, from its read: paid, lapsed (410, or ended unpaid),
 * open; `null` without a link; `undefined` while it is being read.
 */
function linkStateOf(application: MyApplication, stato: string | undefined, error: unknown): LotteryReading['link'] | undefined {
  if (application.link === undefined) return null
  if (error) {
    const failure = toApiError(error)
    return failure.kind === 'http' && failure.status === 410 ? 'lapsed' : undefined
  }
  if (stato === undefined) return undefined
  if (stato === 'success') return 'paid'
  return stato === 'pending' ? 'open' : 'lapsed'
}
