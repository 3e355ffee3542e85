import { useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { placeChangeMachine, placeChangeView, type PlaceChangeInput } from '../../../../machines/places/place-change.machine'
import { useBoundActor } from '../../../lib/use-bound-actor'
import { randomId } from '../../../lib/random-id'
import { placeChangeActors } from './place-change-binding'

/**
 * The place-change machine bound to a page: what to show (`view`, the refund confirmed or changed,
 * the refusal, the failure), and one command per thing the athlete does. The confirmation makes the
 * attempt's idempotency key; a retry sends the same one (decision 038).
 */
export function usePlaceChange(input: PlaceChangeInput, onSessionExpired: () => void) {
  const queryClient = useQueryClient()
  const [initial] = useState(input)
  const actor = useBoundActor(() => placeChangeMachine.provide({ actors: placeChangeActors(queryClient) }), initial)
  const view = useSelector(actor, placeChangeView)
  const context = useSelector(actor, (snapshot) => snapshot.context)

  useEffect(() => {
    const subscription = actor.on('sessionExpired', onSessionExpired)
    return () => subscription.unsubscribe()
  }, [actor, onSessionExpired])

  return {
    view,
    /** The refund being confirmed: the page's, or the server's changed one. */
    expected: context.expected,
    changedQuote: context.changedQuote,
    refusal: context.refusal,
    failure: context.failure,
    transactionId: context.transactionId,
    start: () => actor.send({ type: 'change.start' }),
    cancel: () => actor.send({ type: 'change.cancel' }),
    confirm: () => actor.send({ type: 'change.confirm', key: randomId() }),
    retry: () => actor.send({ type: 'change.retry' }),
  }
}

export type PlaceChange = ReturnType<typeof usePlaceChange>
