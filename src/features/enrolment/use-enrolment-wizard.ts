import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { fromPromise, type Snapshot } from 'xstate'
import type { ApiError } from '../../../contracts/api-error'
import * as liberatoria from '../../../contracts/liberatoria.contract'
import * as payments from '../../../contracts/payments.contract'
import type { RaceDetail } from '../../../contracts/races.contract'
import * as subscriptions from '../../../contracts/subscriptions.contract'
import { enrolmentGate, type GateResult } from '../../../machines/enrolment/eligibility'
import {
  enrolmentMachine,
  type EnrolmentEvent,
  type EnrolRequest,
  type SignRequest,
  type StartedPayment,
  type StartPaymentRequest,
  type Step,
} from '../../../machines/enrolment/enrolment.machine'
import { toCents } from '../../../machines/enrolment/price'
import { registrationDisplay } from '../../../machines/rules/registration-display'
import { callApi } from '../../lib/api-client'
import { ApiRequestError } from '../../lib/api-request-error'
import { athleteQueries } from '../../lib/athlete-queries'
import { now } from '../../lib/clock'
import { calendarDayInRome } from '../../lib/format'
import { raceQueries } from '../../lib/race-queries'
import { leaveForTrustedAddress } from '../../lib/safe-navigation'
import { notify } from '../../ui/notifications'
import { dropWizard, keepWizard, keptWizard, registrationPhase } from './wizard-storage'

/** What a step of the wizard shows: one of the machine's steps, or a state between them. */
export type WizardView =
  | { kind: 'checking' }
  | { kind: 'checkFailed' }
  | { kind: 'refused' }
  | { kind: 'step'; step: Step; busy: 'enrolling' | 'signing' | 'startingPayment' | null; disclaimerOpen: boolean }
  | { kind: 'redirecting' }
  | { kind: 'confirming' }
  | { kind: 'paid' }
  | { kind: 'applied' }

/** Steps that wait for the athlete, where a restored wizard may check the gate again. */
const RESUMABLE_STEPS = ['dataCheck', 'extraFields', 'rules', 'refund', 'gps', 'summary', 'disclaimer', 'payment'] as const

const asApiError = (cause: unknown) => (cause instanceof ApiRequestError ? cause.error : cause)

async function callOrThrow<T>(result: Promise<{ ok: true; data: T } | { ok: false; error: ApiError }>): Promise<T> {
  const answer = await result
  if (!answer.ok) throw answer.error
  return answer.data
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * The enrolment machine bound to the API client and the query cache, for the wizard's screens:
 * a narrow view (`view`, `context`, `can`) and the events the screens may send. The snapshot is
 * kept per athlete and race (wizard-storage.ts) on every change, so a reload resumes where it was.
 */
export function useEnrolmentWizard(race: RaceDetail, athleteId: number | null) {
  const queryClient = useQueryClient()
  const phase = registrationPhase(registrationDisplay(race, now()))
  const [restored] = useState<Snapshot<unknown> | null>(() => (athleteId === null ? null : keptWizard(athleteId, race.id, phase)))

  const actor = useActorRef(
    enrolmentMachine.provide({
      actors: {
        checkEligibility: fromPromise<GateResult, { raceId: number }>(async ({ input }) => {
          try {
            const fresh = await queryClient.fetchQuery({ ...raceQueries.get(input.raceId), staleTime: 0 })
            const today = calendarDayInRome(now())
            let athlete = null
            if (athleteId !== null) {
              const [me, history] = await Promise.all([
                queryClient.fetchQuery(athleteQueries.me()),
                queryClient.fetchQuery({ ...athleteQueries.subscriptions(athleteId, today), staleTime: 0 }),
              ])
              const profile = me.profilo[0]!
              athlete = { profile, subscription: history.iscrizioni.find((s) => s.project_id === input.raceId) ?? null }
            }
            return enrolmentGate({ race: fresh, athlete, now: now(), today }, (r) => calendarDayInRome(r.data_evento))
          } catch (cause) {
            throw asApiError(cause)
          }
        }),
        enrol: fromPromise<void, EnrolRequest>(async ({ input: { raceId, choices }, signal }) => {
          if (choices.refund === null || choices.gps === null) throw new Error('enrol: a choice is missing')
          await callOrThrow(
            callApi(subscriptions.create, {
              body: { project_id: raceId, opzione_rimborso: choices.refund, noleggio_gps: choices.gps, campi: choices.extra },
              signal,
            }),
          )
          void queryClient.invalidateQueries({ queryKey: athleteQueries.me().queryKey })
        }),
        signWaiver: fromPromise<void, SignRequest>(async ({ input: { raceId, waiver }, signal }) => {
          const sha256 = await sha256Hex(waiver.testo)
          await callOrThrow(
            callApi(liberatoria.sign, {
              body: { project_id: raceId, versione: waiver.versione, lingua: waiver.lingua, sha256 },
              signal,
            }),
          )
        }),
        startPayment: fromPromise<StartedPayment, StartPaymentRequest>(async ({ input }) => {
          // Never aborted: an answer that arrives must not be lost, its key makes asking again safe.
          const data = await callOrThrow(
            callApi(payments.start, {
              body: {
                project_id: input.raceId,
                opzione_rimborso: input.refund,
                noleggio_gps: input.gps,
                totale_atteso: input.expectedTotal,
                idempotency_key: input.key,
              },
            }),
          )
          if (toCents(data.totale) !== toCents(input.expectedTotal)) {
            const mismatch: ApiError = { kind: 'http', operation: payments.start.name, status: 409, code: 'total_mismatch', body: null }
            throw mismatch
          }
          return { paymentId: data.pagamento_id, redirectUrl: data.redirect_url }
        }),
        checkPayment: fromPromise(async ({ input, signal }: { input: { paymentId: string }; signal: AbortSignal }) => {
          const data = await callOrThrow(callApi(payments.status, { params: { id: input.paymentId }, signal }))
          return data.stato
        }),
      },
    }),
    {
      input: { raceId: race.id, athleteId: athleteId ?? 0 },
      ...(restored ? { snapshot: restored as never } : {}),
    },
  )

  // Every change is kept, so a reload or a trip to the profile resumes here.
  useEffect(() => {
    if (athleteId === null) return
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') dropWizard(athleteId, race.id)
      else keepWizard(athleteId, race.id, phase, actor.getPersistedSnapshot())
    })
    return () => subscription.unsubscribe()
  }, [actor, athleteId, race.id, phase])

  useEffect(() => {
    const subscriptions = [
      actor.on('redirect', ({ url }) => {
        if (leaveForTrustedAddress(url)) return
        notify('unsafe_redirect')
        actor.send({ type: 'payment.redirectRefused' })
      }),
      // Spec section 4: once the waiver is signed the race list is read again.
      actor.on('waiverSigned', () => void queryClient.invalidateQueries({ queryKey: ['races'] })),
      actor.on('paid', () => {
        notify('payment_successful')
        void queryClient.invalidateQueries({ queryKey: ['races'] })
        void queryClient.invalidateQueries({ queryKey: ['athlete'] })
      }),
      actor.on('applied', () => void queryClient.invalidateQueries({ queryKey: ['athlete'] })),
    ]
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  }, [actor, queryClient])

  // Back from the provider's checkout (or a reload while there): where does the payment stand?
  // Back at a step after a while (a reload, a trip to the profile): the gate is passed again, as
  // what it read may have changed (a PAX earned, a race sold out); the step and choices are kept.
  useEffect(() => {
    if (!restored) return
    const snapshot = actor.getSnapshot()
    if (snapshot.matches({ wizard: 'redirecting' })) actor.send({ type: 'payment.returned' })
    else if (RESUMABLE_STEPS.some((step) => snapshot.matches({ wizard: step }))) actor.send({ type: 'wizard.recheck' })
  }, [actor, restored])

  const view = useSelector(actor, (snapshot): WizardView => {
    if (snapshot.matches('checking')) return { kind: 'checking' }
    if (snapshot.matches('checkFailed')) return { kind: 'checkFailed' }
    if (snapshot.matches('refused')) return { kind: 'refused' }
    if (snapshot.matches('paid')) return { kind: 'paid' }
    if (snapshot.matches('applied')) return { kind: 'applied' }
    const inner = (snapshot.value as { wizard: string }).wizard
    if (inner === 'redirecting') return { kind: 'redirecting' }
    if (inner === 'confirming' || inner === 'waitingForProvider') return { kind: 'confirming' }
    return stepView(inner)
  }, sameView)
  const context = useSelector(actor, (snapshot) => snapshot.context)

  return {
    view,
    context,
    send: (event: EnrolmentEvent) => actor.send(event),
    /** Pay with the total on screen: a new attempt gets a new key, a retried one keeps its own. */
    pay: (expectedTotal: number) => actor.send({ type: 'payment.pay', key: crypto.randomUUID(), expectedTotal }),
  }
}

function stepView(inner: string): WizardView {
  switch (inner) {
    case 'enrolling':
      return { kind: 'step', step: 'summary', busy: 'enrolling', disclaimerOpen: false }
    case 'disclaimer':
      return { kind: 'step', step: 'summary', busy: null, disclaimerOpen: true }
    case 'signing':
      return { kind: 'step', step: 'summary', busy: 'signing', disclaimerOpen: true }
    case 'startingPayment':
      return { kind: 'step', step: 'payment', busy: 'startingPayment', disclaimerOpen: false }
    default:
      return { kind: 'step', step: inner as Step, busy: null, disclaimerOpen: false }
  }
}

function sameView(a: WizardView, b: WizardView): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

export type EnrolmentWizard = ReturnType<typeof useEnrolmentWizard>
