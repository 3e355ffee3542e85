import { useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import type { Race } from '../../../contracts/races.contract'
import { viewOf, waitingRoomMachine, type AnnounceCode, type WaitingRoomSnapshot } from '../../../machines/opening/waiting-room.machine'
import { now } from '../../lib/clock'
import { useBoundActor } from '../../lib/use-bound-actor'
import { useServerFollowing } from '../../lib/use-server-following'
import { waitingRoomActors } from './waiting-room-binding'

/** A moment the machine said a screen reader should be told of, with what it was about then. */
export interface Announcement {
  code: AnnounceCode
  /** The place in line when it was said (for `position`). */
  position: number | null
  /** Counts the moments, so saying the same thing twice is heard twice. */
  count: number
}

export type RoomRace = Pick<Race, 'id' | 'apertura_iscrizioni'> & { sala_attesa: NonNullable<Race['sala_attesa']> }

export interface WaitingRoomReactions {
  /** The room page joins as soon as the room is open (the athlete came to it to queue). */
  autoJoin?: boolean
  /** This actor took the held place: the athlete goes to the wizard. */
  onAdmitted?: () => void
  /** A 401: the session's own handling asks the athlete to sign in. */
  onSessionExpired?: () => void
}

/**
 * The waiting-room machine bound to the portal for one race (the room page, and the wizard's
 * banner of the place held): what to show (`view`, the ticket's counts and deadlines, the current
 * second), what may be done now (`can`), one command per thing the athlete does, and the moments
 * to announce. Time and the connection reach the machine here only, by `useServerFollowing`.
 */
export function useWaitingRoom(race: RoomRace, reactions: WaitingRoomReactions = {}) {
  const queryClient = useQueryClient()
  const [input] = useState(() => ({
    raceId: race.id,
    now: now(),
    opensAt: Date.parse(race.apertura_iscrizioni),
    roomOpensAt: Date.parse(race.sala_attesa.apre),
    jitterSeed: crypto.getRandomValues(new Uint32Array(1))[0]!,
    autoJoin: reactions.autoJoin ?? false,
  }))
  const actor = useBoundActor(() => waitingRoomMachine.provide({ actors: waitingRoomActors(queryClient) }), input)
  const [announcement, setAnnouncement] = useState<Announcement | null>(null)
  const [rejoined, setRejoined] = useState(false)

  useServerFollowing(actor)

  const { onAdmitted, onSessionExpired } = reactions
  useEffect(() => {
    const subscriptions = [
      actor.on('admitted', () => onAdmitted?.()),
      actor.on('sessionExpired', () => onSessionExpired?.()),
      actor.on('rejoined', () => setRejoined(true)),
      actor.on('announce', ({ code }) => {
        const position = actor.getSnapshot().context.ticket?.position ?? null
        setAnnouncement((previous) => ({ code, position, count: (previous?.count ?? 0) + 1 }))
      }),
    ]
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  }, [actor, onAdmitted, onSessionExpired])

  const view = useSelector(actor, viewOf)
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const can = useSelector(actor, canOf, (a, b) => a.join === b.join && a.leave === b.leave && a.retry === b.retry)

  return {
    view,
    ticket: context.ticket,
    endReason: context.endReason,
    refusal: context.refusal,
    /** Why a call is being retried (`offline`, `busy`, `trouble`); null once answered. */
    failure: context.failure,
    /** The machine's clock: the countdowns count from it, so they agree with its deadlines. */
    now: context.now,
    opensAt: context.opensAt,
    roomOpensAt: context.roomOpensAt,
    announcement,
    /** The join found the athlete's ticket from before (a reload, another tab): "your place is kept". */
    rejoined,
    can,
    join: () => actor.send({ type: 'queue.join' }),
    leave: () => actor.send({ type: 'queue.leave' }),
    retry: () => actor.send({ type: 'queue.retry' }),
  }
}

export type WaitingRoom = ReturnType<typeof useWaitingRoom>

function canOf(snapshot: WaitingRoomSnapshot) {
  return {
    join: snapshot.can({ type: 'queue.join' }),
    leave: snapshot.can({ type: 'queue.leave' }),
    retry: snapshot.can({ type: 'queue.retry' }),
  }
}
