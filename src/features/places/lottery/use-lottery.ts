import { useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { deadlineOf, lotteryMachine, positionOf, viewOf, type LotteryAnnouncement } from '../../../../machines/places/lottery.machine'
import { now } from '../../../lib/clock'
import { useBoundActor } from '../../../lib/use-bound-actor'
import { useServerFollowing } from '../../../lib/use-server-following'
import { lotteryActors } from './lottery-binding'

/** A moment to tell a screen reader; `count` makes a repeat heard again. */
export interface Announcement {
  code: LotteryAnnouncement
  count: number
}

/**
 * The lottery machine bound to the signed-in athlete's application to one race: what to show
 * (`view`, the instant counted down to, the place in line, the failure), what may be done now, the
 * one command (try again), and the moments to announce. The application's figures (number,
 * tickets) are the query cache's, read by the page. Time and the connection reach the machine as
 * they reach every following machine (useServerFollowing, decision 003).
 */
export function useLottery(raceId: number, drawAt: number, onSessionExpired: () => void) {
  const queryClient = useQueryClient()
  const [input] = useState(() => ({ raceId, drawAt, now: now(), jitterSeed: crypto.getRandomValues(new Uint32Array(1))[0]! }))
  const actor = useBoundActor(() => lotteryMachine.provide({ actors: lotteryActors(queryClient) }), input)
  const [announcement, setAnnouncement] = useState<Announcement | null>(null)

  useServerFollowing(actor)

  useEffect(() => {
    const subscriptions = [
      actor.on('sessionExpired', onSessionExpired),
      actor.on('announce', ({ code }) => setAnnouncement((previous) => ({ code, count: (previous?.count ?? 0) + 1 }))),
    ]
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  }, [actor, onSessionExpired])

  return {
    view: useSelector(actor, viewOf),
    /** The draw (applied) or the payment's deadline (drawn); `null` otherwise. */
    deadline: useSelector(actor, deadlineOf),
    /** Not drawn: the place in the wait list's line, once read. */
    position: useSelector(actor, positionOf),
    failure: useSelector(actor, (snapshot) => snapshot.context.failure),
    /** The machine's clock: the countdown counts from it, so it agrees with the view. */
    now: useSelector(actor, (snapshot) => snapshot.context.now),
    announcement,
    can: { retry: useSelector(actor, (snapshot) => snapshot.can({ type: 'lottery.retry' })) },
    retry: () => actor.send({ type: 'lottery.retry' }),
  }
}

export type LotteryApplication = ReturnType<typeof useLottery>
