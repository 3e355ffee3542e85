import { useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import type { ShownWaiver } from '../../../../machines/enrolment/enrolment.machine'
import { giveView, takeTotal, takeView, transferGiveMachine, transferTakeMachine } from '../../../../machines/places/transfer.machine'
import { athleteKeys } from '../../../lib/athlete-queries'
import { randomId } from '../../../lib/random-id'
import { useBoundActor } from '../../../lib/use-bound-actor'
import { giveActors, takeActors } from './transfer-binding'

/**
 * The giver's machine bound to the portal for one place: what to show (`view`, the e-mail and its
 * problem, the refusal, the failure), what may be done, and one command per thing the athlete does.
 * A place that changed on the server is read again, so the page shows what the server now says.
 */
export function useTransferGive(raceId: number, pending: boolean) {
  const queryClient = useQueryClient()
  const [input] = useState(() => ({ pending }))
  const actor = useBoundActor(() => transferGiveMachine.provide({ actors: giveActors(queryClient, raceId) }), input)
  useEffect(() => {
    const changed = actor.on('changed', () => void queryClient.invalidateQueries({ queryKey: athleteKeys.root }))
    return () => changed.unsubscribe()
  }, [actor, queryClient])
  const view = useSelector(actor, giveView)
  const { mail, problem, refusal, failure } = useSelector(actor, (snapshot) => snapshot.context)
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'offer.cancel' }))
  return {
    view,
    mail,
    problem,
    refusal,
    /** The offer (view `failed`) or the cancellation (view `offered`) that got no usable answer. */
    failure,
    can: { cancel: canCancel },
    changeMail: (value: string) => actor.send({ type: 'mail.change', value }),
    submit: () => actor.send({ type: 'offer.submit', key: randomId() }),
    retry: () => actor.send({ type: 'offer.retry' }),
    cancel: () => actor.send({ type: 'offer.cancel' }),
  }
}

/**
 * The recipient's machine bound to the portal for one offer: the view, the total to pay (the
 * machine's, from the figures shown), the waiver's problem, the failure or the gate's refusals, and
 * one command per thing the athlete does. Accepting and trying a payment again make a key, which
 * the machine takes only for a new attempt; declining needs none (declining twice declines once).
 */
export function useTransferTake(code: string) {
  const queryClient = useQueryClient()
  const [input] = useState(() => ({ code }))
  const actor = useBoundActor(() => transferTakeMachine.provide({ actors: takeActors(queryClient) }), input)
  const view = useSelector(actor, takeView)
  const total = useSelector(actor, takeTotal)
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const can = {
    chooseGps: useSelector(actor, (snapshot) => snapshot.can({ type: 'gps.choose', rent: true })),
    accept: useSelector(actor, (snapshot) => snapshot.can({ type: 'offer.accept', key: '' })),
    closeWaiver: useSelector(actor, (snapshot) => snapshot.can({ type: 'disclaimer.close' })),
    decline: useSelector(actor, (snapshot) => snapshot.can({ type: 'decline.start' })),
  }
  return {
    view,
    raceId: context.terms?.raceId ?? null,
    gps: context.gps,
    total,
    totalChanged: context.totalChanged,
    disclaimerText: context.disclaimerText,
    waiverProblem: context.waiverProblem,
    problem: context.problem,
    refusals: context.refusals,
    can,
    retryRead: () => actor.send({ type: 'offer.retry' }),
    chooseGps: (rent: boolean) => actor.send({ type: 'gps.choose', rent }),
    accept: () => actor.send({ type: 'offer.accept', key: randomId() }),
    retryPayment: () => actor.send({ type: 'payment.retry', key: randomId() }),
    typeDisclaimer: (text: string) => actor.send({ type: 'disclaimer.type', text }),
    signDisclaimer: (waiver: ShownWaiver) => actor.send({ type: 'disclaimer.submit', waiver }),
    closeDisclaimer: () => actor.send({ type: 'disclaimer.close' }),
    startDecline: () => actor.send({ type: 'decline.start' }),
    cancelDecline: () => actor.send({ type: 'decline.cancel' }),
    confirmDecline: () => actor.send({ type: 'decline.confirm' }),
  }
}

export type TransferTake = ReturnType<typeof useTransferTake>
