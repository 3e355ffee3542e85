import { useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import type { RefundOption } from '../../../contracts/athlete.contract'
import type { RaceDetail } from '../../../contracts/races.contract'
import {
  enrolmentMachine,
  keptProgressOf,
  screenOf,
  type ExtraAnswer,
  type ShownWaiver,
  type WizardScreen,
} from '../../../machines/enrolment/enrolment.machine'
import { registrationPhase } from '../../../machines/enrolment/kept-progress'
import { paymentWaitView, type PaymentWaitView } from '../../../machines/enrolment/payment-wait.machine'
import { priceBreakdown } from '../../../machines/enrolment/price'
import { registrationDisplay } from '../../../machines/rules/registration-display'
import { now } from '../../lib/clock'
import { activeLocale } from '../../lib/i18n'
import { useBoundActor } from '../../lib/use-bound-actor'
import { useServerFollowing, type FollowingEvent } from '../../lib/use-server-following'
import { randomId } from '../../lib/random-id'
import { leaveForTrustedAddress } from '../../lib/safe-navigation'
import { useAddressedSex } from '../../lib/athlete-queries'
import { useSession } from '../../lib/session'
import { notify } from '../../ui/notifications'
import { enrolmentActors, reactToWizard } from './enrolment-binding'
import { answersInThisTab, dropKeptWizard, keepWizard, keptWizard } from './wizard-storage'

/**
 * The enrolment machine bound to the portal, for the wizard's screens (the certificate's facade is
 * the model): what to show (`screen` and the athlete's choices, problems and price), what may be
 * done now (`can`), and one command per thing the athlete does. The machine decides; this wires
 * its actors and its emitted events (enrolment-binding.ts) and keeps its progress in the browser.
 */
export function useEnrolmentWizard(race: RaceDetail, athleteId: number | null) {
  const queryClient = useQueryClient()
  const { askToLogIn } = useSession()
  const sex = useAddressedSex()
  const [location] = useLocation()
  const [input] = useState(() => ({
    raceId: race.id,
    athleteId: athleteId ?? 0,
    phase: registrationPhase(registrationDisplay(race, now())),
    keySeed: randomId(),
    kept: athleteId === null ? undefined : keptWizard(athleteId, race.id),
    answers: athleteId === null ? undefined : answersInThisTab(athleteId, race.id),
  }))
  const actor = useBoundActor(() => enrolmentMachine.provide({ actors: enrolmentActors(queryClient, athleteId) }), input)

  // Every change is kept, so a reload or a trip to the profile resumes here; a visitor keeps nothing.
  useEffect(() => {
    if (athleteId === null) return
    const subscription = actor.subscribe((snapshot) => {
      const progress = keptProgressOf(snapshot)
      if (progress) keepWizard(progress, snapshot.context.choices.extra)
      else dropKeptWizard(athleteId, race.id)
    })
    return () => subscription.unsubscribe()
  }, [actor, athleteId, race.id])

  useEffect(() => {
    const subscription = actor.on('*', (event) =>
      reactToWizard(event, {
        queryClient,
        raceId: race.id,
        locale: activeLocale(),
        sex,
        notify,
        askToLogIn: () => askToLogIn(location),
        leaveFor: leaveForTrustedAddress,
        redirectRefused: () => actor.send({ type: 'payment.redirectRefused' }),
      }),
    )
    return () => subscription.unsubscribe()
  }, [actor, queryClient, race.id, sex, askToLogIn, location])

  // A place the race keeps for the athlete lapses on the portal's clock (decision 003): the machine
  // is told the time while it has one, and stops the wizard once it has gone to the next in line.
  const keepsPlace = useSelector(actor, (snapshot) => snapshot.context.keptPlace !== null)
  const clockFollower = useMemo(
    () => ({
      send: (event: FollowingEvent) => {
        if (keepsPlace && event.type === 'clock.tick') actor.send(event)
      },
    }),
    [actor, keepsPlace],
  )
  useServerFollowing(clockFollower)

  const screen = useSelector(actor, screenOf, sameScreen)
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const waitActor = useSelector(actor, (snapshot) => snapshot.children.paymentWait)
  const wait = useSelector(waitActor, (snapshot): PaymentWaitView | null => (snapshot ? paymentWaitView(snapshot) : null), sameWait)
  const can = useSelector(
    actor,
    (snapshot) => ({
      back: snapshot.can({ type: 'wizard.back' }),
      retry: snapshot.can({ type: 'wizard.retry' }),
      pay: snapshot.can({ type: 'payment.pay' }),
    }),
    (a, b) => a.back === b.back && a.retry === b.retry && a.pay === b.pay,
  )
  const send = actor.send.bind(actor)

  return {
    screen,
    raceId: race.id,
    entry: context.entry,
    refusals: context.refusals,
    lateRefusal: context.lateRefusal,
    choices: context.choices,
    problems: context.problems,
    failure: context.failure,
    disclaimerText: context.disclaimerText,
    /** The code of the organiser's link that pays the place: the payment is made on its page. */
    paymentLink: context.paymentLink,
    /** The breakdown the athlete agrees to pay, from the prices the gate read (null before). */
    price: context.tariff && priceBreakdown(context.tariff, context.choices),
    /** The wait for the provider, while the payment is being confirmed. */
    wait,
    can: { ...can, abandon: wait?.longWait === true },
    next: () => send({ type: 'wizard.next' }),
    back: () => send({ type: 'wizard.back' }),
    retry: () => send({ type: 'wizard.retry' }),
    confirmData: (confirmed: boolean) => send({ type: 'data.confirm', confirmed }),
    answer: (name: string, value: ExtraAnswer) => send({ type: 'extra.answer', name, value }),
    acceptRules: (accepted: boolean) => send({ type: 'rules.accept', accepted }),
    chooseRefund: (option: RefundOption) => send({ type: 'refund.choose', option }),
    chooseGps: (rent: boolean) => send({ type: 'gps.choose', rent }),
    confirmSummary: () => send({ type: 'summary.confirm' }),
    typeDisclaimer: (text: string) => send({ type: 'disclaimer.type', text }),
    signDisclaimer: (waiver: ShownWaiver) => send({ type: 'disclaimer.submit', waiver }),
    closeDisclaimer: () => send({ type: 'disclaimer.close' }),
    pay: () => send({ type: 'payment.pay' }),
    abandonPayment: () => send({ type: 'payment.abandon' }),
  }
}

export type EnrolmentWizard = ReturnType<typeof useEnrolmentWizard>

function sameScreen(a: WizardScreen, b: WizardScreen): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function sameWait(a: PaymentWaitView | null, b: PaymentWaitView | null): boolean {
  return a === b || (a !== null && b !== null && a.kind === b.kind && a.longWait === b.longWait && a.failure === b.failure)
}
