import { useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { viewOf, waitListMachine, type AnnounceCode, type WaitListSnapshot } from '../../../../machines/places/wait-list.machine'
import { now } from '../../../lib/clock'
import { useBoundActor } from '../../../lib/use-bound-actor'
import { useServerFollowing } from '../../../lib/use-server-following'
import { waitListActors } from './wait-list-binding'

/** A moment the machine said a screen reader should be told of; `count` makes a repeat heard again. */
export interface Announcement {
  code: AnnounceCode
  count: number
}

/**
 * The wait-list machine bound to the portal for one race: what to show, what may be done now, one
 * command per thing the athlete does, and the moments to announce. Time and the connection reach
 * the machine here only, by `useServerFollowing`.
 */
export function useWaitList(raceId: number, reactions: { onEnrol: () => void; onSessionExpired: () => void }) {
  const queryClient = useQueryClient()
  const [input] = useState(() => ({ raceId, now: now(), jitterSeed: crypto.getRandomValues(new Uint32Array(1))[0]! }))
  const actor = useBoundActor(() => waitListMachine.provide({ actors: waitListActors(queryClient) }), input)
  const [announcement, setAnnouncement] = useState<Announcement | null>(null)

  useServerFollowing(actor)

  const { onEnrol, onSessionExpired } = reactions
  useEffect(() => {
    const subscriptions = [
      actor.on('enrol', onEnrol),
      actor.on('sessionExpired', onSessionExpired),
      actor.on('announce', ({ code }) => setAnnouncement((previous) => ({ code, count: (previous?.count ?? 0) + 1 }))),
    ]
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  }, [actor, onEnrol, onSessionExpired])

  const view = useSelector(actor, viewOf)
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const can = useSelector(actor, canOf, (a, b) => a.join === b.join && a.leave === b.leave && a.enrol === b.enrol && a.retry === b.retry)

  return {
    view,
    entry: context.entry,
    refusal: context.refusal,
    failure: context.failure,
    /** The machine's clock: the countdown counts from it, so it agrees with the deadline. */
    now: context.now,
    announcement,
    can,
    join: () => actor.send({ type: 'waitList.join' }),
    leave: () => actor.send({ type: 'waitList.leave' }),
    enrol: () => actor.send({ type: 'waitList.enrol' }),
    retry: () => actor.send({ type: 'waitList.retry' }),
  }
}

export type WaitList = ReturnType<typeof useWaitList>

function canOf(snapshot: WaitListSnapshot) {
  return {
    join: snapshot.can({ type: 'waitList.join' }),
    leave: snapshot.can({ type: 'waitList.leave' }),
    enrol: snapshot.can({ type: 'waitList.enrol' }),
    retry: snapshot.can({ type: 'waitList.retry' }),
  }
}
