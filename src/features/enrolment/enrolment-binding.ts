import type { QueryClient } from '@tanstack/react-query'
import * as liberatoria from '../../../contracts/liberatoria.contract'
import type { Locale } from '../../../contracts/locale'
import * as payments from '../../../contracts/payments.contract'
import * as subscriptions from '../../../contracts/subscriptions.contract'
import { enrolmentGate } from '../../../machines/enrolment/eligibility'
import type {
  EnrolmentEmitted,
  EnrolRequest,
  GateOutcome,
  SignRequest,
  StartedPayment,
  StartPaymentRequest,
} from '../../../machines/enrolment/enrolment.machine'
import type { PricedRace } from '../../../machines/enrolment/price'
import { linkReading, paymentWaitMachine, type PaymentReading, type PaymentWaitEmitted } from '../../../machines/enrolment/payment-wait.machine'
import { fromApiCall } from '../../lib/api-actor'
import { callApi, expectOk } from '../../lib/api-client'
import { athleteKeys, athleteQueries, subscriptionFor, type AddressedSex } from '../../lib/athlete-queries'
import { now } from '../../lib/clock'
import { calendarDayInRome } from '../../lib/format'
import { raceKeys, raceQueries } from '../../lib/race-queries'
import type { NoticeCode } from '../../lib/notices'
import { enrolmentQueries } from './enrolment-queries'
import { sha256Hex } from '../../../contracts/sha256'

/**
 * The two halves of binding the wizard's machines to the portal, as plain functions: the actors
 * over the API client and the query cache, and what each emitted event does to the cache, the
 * notices and the navigation. The hook only wires them; the machines decide.
 */


const tariffOf = ({ prezzo, supplemento_rimborso, noleggio_gps }: PricedRace): PricedRace => ({ prezzo, supplemento_rimborso, noleggio_gps })

/** The status of a payment, read into the query cache, so the screens and the wait share one answer. */
export function paymentWaitActors(queryClient: QueryClient) {
  return {
    readStatus: fromApiCall<PaymentReading, { paymentId: string }>(async ({ input }) => {
      const status = await queryClient.fetchQuery({ ...enrolmentQueries.payment(input.paymentId), staleTime: 0 })
      return status.stato
    }),
  }
}

/**
 * The status of an organiser's link, read by its code (anonymous) into the query cache, where
 * `/payment/by-link` reads what it shows: the same wait, for a link (decision 026).
 */
export function paymentLinkWaitActors(queryClient: QueryClient) {
  return {
    readStatus: fromApiCall<PaymentReading, { paymentId: string }>(async ({ input }) =>
      linkReading(await queryClient.fetchQuery({ ...enrolmentQueries.paymentByLink(input.paymentId), staleTime: 0 })),
    ),
  }
}

/** The enrolment machine's actors for this athlete (`null`: a visitor, whom the gate asks to log in). */
export function enrolmentActors(queryClient: QueryClient, athleteId: number | null) {
  return {
    checkEligibility: fromApiCall<GateOutcome, { raceId: number }>(async ({ input: { raceId } }) => {
      const today = calendarDayInRome(now())
      // The gate judges on a fresh read of the race (its places), asked beside the athlete's: one
      // round trip before the first step, not two.
      const fresh = queryClient.fetchQuery({ ...raceQueries.get(raceId), staleTime: 0 })
      if (athleteId === null) {
        const race = await fresh
        return { ...enrolmentGate({ race, athlete: null, now: now(), today }), questions: [], tariff: tariffOf(race) }
      }
      const [race, me, history, fields, keptPlace] = await Promise.all([
        fresh,
        queryClient.fetchQuery(athleteQueries.me()),
        queryClient.fetchQuery({ ...athleteQueries.subscriptions(athleteId, today), staleTime: 0 }),
        queryClient.fetchQuery({ ...enrolmentQueries.extraFields(raceId), staleTime: 0 }),
        // Only a race with a waiting room, or a sold-out one with a wait list, asks whether a place
        // is kept for the athlete, and only its wizard downloads the question.
        fresh.then((race) =>
          race.sala_attesa || (race.lista_attesa && race.iscritti >= race.posti) ? import('./held-place').then((held) => held.keptPlace(race)) : null,
        ),
      ])
      const athlete = { profile: me.profilo[0]!, subscription: subscriptionFor(history.iscrizioni, raceId) }
      const questions = fields.campi.map((field) => ({ name: field.nome, kind: field.tipo, required: field.obbligatorio }))
      const gate = enrolmentGate({ race, athlete, now: now(), today, heldPlace: keptPlace !== null })
      return { ...gate, questions, tariff: tariffOf(race), keptPlace }
    }),
    enrol: fromApiCall<void, EnrolRequest>(async ({ input: { raceId, choices }, signal }) => {
      if (choices.refund === null || choices.gps === null) throw new Error('enrol: a choice is missing')
      await expectOk(
        callApi(subscriptions.create, {
          body: { project_id: raceId, opzione_rimborso: choices.refund, noleggio_gps: choices.gps, campi: choices.extra },
          signal,
        }),
      )
    }),
    signWaiver: fromApiCall<void, SignRequest>(async ({ input: { raceId, waiver }, signal }) => {
      const sha256 = await sha256Hex(waiver.testo)
      await expectOk(
        callApi(liberatoria.sign, { body: { project_id: raceId, versione: waiver.versione, lingua: waiver.lingua, forma: waiver.forma, sha256 }, signal }),
      )
    }),
    startPayment: fromApiCall<StartedPayment, StartPaymentRequest>(async ({ input }) => {
      // Never aborted: an answer that arrives must not be lost, its key makes asking again safe.
      const data = await expectOk(
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
      return { paymentId: data.pagamento_id, redirectUrl: data.redirect_url, total: data.totale }
    }),
    readTariff: fromApiCall<PricedRace, { raceId: number }>(async ({ input }) =>
      tariffOf(await queryClient.fetchQuery({ ...raceQueries.get(input.raceId), staleTime: 0 })),
    ),
    paymentWait: paymentWaitMachine.provide({ actors: paymentWaitActors(queryClient) }),
  }
}

/** What the portal offers the reactions: the cache, the notices, the login drawer and the way out. */
export interface WizardSurroundings {
  queryClient: QueryClient
  raceId: number
  locale: Locale
  /** The athlete's grammatical form, for the waiver's text. */
  sex: AddressedSex
  notify: (code: NoticeCode) => void
  askToLogIn: () => void
  /** Goes to the provider's address when it is one the portal trusts; `false` when it is not. */
  leaveFor: (url: string) => boolean
  /** Tells the wizard the provider's address was refused. */
  redirectRefused: () => void
}

/** Once paid, wherever it was learnt: places, lists and the athlete's area are read again. */
export function afterPaid(queryClient: QueryClient, notify: (code: NoticeCode) => void): void {
  notify('payment_successful')
  void queryClient.invalidateQueries({ queryKey: raceKeys.root })
  void queryClient.invalidateQueries({ queryKey: athleteKeys.root })
}

export function reactToWizard(event: EnrolmentEmitted | PaymentWaitEmitted, around: WizardSurroundings): void {
  const { queryClient, raceId } = around
  switch (event.type) {
    case 'loginRequired':
      around.askToLogIn()
      return
    case 'keptDropped':
      around.notify('wizard_not_resumed')
      return
    case 'paymentInProgress':
      around.notify('payment_in_progress')
      return
    case 'questionsChanged':
      around.notify('race_questions_changed')
      return
    case 'enrolled':
      void queryClient.invalidateQueries({ queryKey: athleteQueries.me().queryKey })
      return
    case 'summaryReached':
      void queryClient.prefetchQuery(enrolmentQueries.waiver(raceId, around.locale, around.sex))
      return
    case 'waiverRevised':
      void queryClient.invalidateQueries({ queryKey: enrolmentQueries.waiver(raceId, around.locale, around.sex).queryKey })
      return
    // Spec section 4: once the waiver is signed the race list is read again.
    case 'waiverSigned':
      void queryClient.invalidateQueries({ queryKey: raceKeys.root })
      return
    case 'priceChanged':
      void queryClient.invalidateQueries({ queryKey: raceKeys.detail(raceId) })
      return
    case 'redirect':
      if (around.leaveFor(event.url)) return
      around.notify('unsafe_redirect')
      around.redirectRefused()
      return
    case 'paid':
      afterPaid(queryClient, around.notify)
      return
    case 'applied':
      void queryClient.invalidateQueries({ queryKey: athleteKeys.root })
      return
  }
}
