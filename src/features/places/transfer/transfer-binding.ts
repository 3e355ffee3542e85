import type { QueryClient } from '@tanstack/react-query'
import * as liberatoria from '../../../../contracts/liberatoria.contract'
import * as payments from '../../../../contracts/payments.contract'
import * as places from '../../../../contracts/places.contract'
import type { Transfer } from '../../../../contracts/places.contract'
import { sha256Hex } from '../../../../contracts/sha256'
import type {
  AcceptRequest,
  Conditions,
  OfferReading,
  OfferRequest,
  PaymentStarted,
  TakePaymentRequest,
  TakeSignRequest,
} from '../../../../machines/places/transfer.machine'
import { fromApiCall } from '../../../lib/api-actor'
import { callApi, expectOk } from '../../../lib/api-client'
import { athleteKeys, athleteQueries, subscriptionFor } from '../../../lib/athlete-queries'
import { now } from '../../../lib/clock'
import { calendarDayInRome } from '../../../lib/format'
import { raceKeys, raceQueries } from '../../../lib/race-queries'
import { leaveForTrustedAddress } from '../../../lib/safe-navigation'
import { transferKeys, transferQueries } from '../../../lib/transfer-queries'

/**
 * The transfer machines' calls over the API client and the query cache. What the server says stays
 * in the cache (the offer, the race, the athlete's places, the waiver): the machines get the
 * figures and facts they decide on, never the records.
 */

/** The giver's calls; each answer makes the athlete's places be read again (the subscription's `cessione`). */
export function giveActors(queryClient: QueryClient, raceId: number) {
  const placesChanged = () => queryClient.invalidateQueries({ queryKey: athleteKeys.root })
  return {
    offer: fromApiCall<Transfer, OfferRequest>(async ({ input }) => {
      // Never aborted: an answer that arrives must not be lost, its key makes asking again safe.
      const transfer = await expectOk(callApi(places.offerTransfer, { params: { id: raceId }, body: { mail: input.mail, chiave: input.key } }))
      await placesChanged()
      return transfer
    }),
    cancel: fromApiCall<void, void>(async () => {
      await expectOk(callApi(places.cancelTransfer, { params: { id: raceId } }))
      await placesChanged()
    }),
  }
}

/** The signed-in athlete's profile, read from the cache (or the server when not cached). */
async function profileOf(queryClient: QueryClient) {
  const me = await queryClient.fetchQuery(athleteQueries.me())
  const profile = me.profilo[0]
  if (!profile) throw new Error('a transfer is taken by a signed-in athlete with a profile')
  return profile
}

/** The recipient's calls. */
export function takeActors(queryClient: QueryClient) {
  return {
    readOffer: fromApiCall<OfferReading, { code: string }>(async ({ input }) => {
      // Always the server's latest: the offer may have been taken, cancelled or repriced since.
      const transfer = await queryClient.fetchQuery({ ...transferQueries.get(input.code), staleTime: 0, retry: false })
      const at = now()
      const [race, profile] = await Promise.all([queryClient.fetchQuery(raceQueries.get(transfer.gara_id)), profileOf(queryClient)])
      const history = await queryClient.fetchQuery(athleteQueries.subscriptions(profile.id, calendarDayInRome(at)))
      return {
        state: transfer.stato,
        raceId: transfer.gara_id,
        lapsesAt: Date.parse(transfer.scade),
        readAt: at,
        prices: { fee: transfer.prezzo, transferFee: transfer.tassa, gpsRental: race.noleggio_gps },
        own: subscriptionFor(history.iscrizioni, transfer.gara_id),
      }
    }),
    accept: fromApiCall<void, AcceptRequest>(async ({ input }) => {
      const answer = await expectOk(callApi(places.acceptTransfer, { params: { codice: input.code }, body: { noleggio_gps: input.gps } }))
      queryClient.setQueryData(transferQueries.get(input.code).queryKey, answer.cessione)
      void queryClient.invalidateQueries({ queryKey: athleteKeys.root })
    }),
    readConditions: fromApiCall<Conditions, { raceId: number }>(async ({ input }) => {
      const [race, profile] = await Promise.all([queryClient.fetchQuery(raceQueries.get(input.raceId)), profileOf(queryClient)])
      return { race, profile, now: now() }
    }),
    signWaiver: fromApiCall<void, TakeSignRequest>(async ({ input: { raceId, waiver: shown }, signal }) => {
      const sha256 = await sha256Hex(shown.testo)
      await expectOk(callApi(liberatoria.sign, { body: { project_id: raceId, versione: shown.versione, lingua: shown.lingua, forma: shown.forma, sha256 }, signal }))
    }),
    // The signing dialog's waiver, in whatever language and form it shows, read afresh; a read
    // that fails leaves the dialog its error state with a retry.
    readWaiver: fromApiCall<void, { raceId: number }>(async ({ input }) => {
      await queryClient.refetchQueries({ queryKey: transferKeys.waiver(input.raceId) })
    }),
    startPayment: fromApiCall<PaymentStarted, TakePaymentRequest>(async ({ input }) => {
      // Never aborted: an answer that arrives must not be lost, its key makes asking again safe.
      const data = await expectOk(
        callApi(payments.start, {
          body: {
            project_id: input.raceId,
            opzione_rimborso: input.refundOption,
            noleggio_gps: input.gps,
            totale_atteso: input.expectedTotal,
            idempotency_key: input.key,
          },
        }),
      )
      void queryClient.invalidateQueries({ queryKey: raceKeys.root })
      return { redirectUrl: data.redirect_url }
    }),
    openCheckout: fromApiCall<boolean, { url: string }>(({ input }) => Promise.resolve(leaveForTrustedAddress(input.url))),
    decline: fromApiCall<void, { code: string }>(async ({ input }) => {
      // Never aborted: declining twice declines once, and an answer that arrives is the offer's state.
      const transfer = await expectOk(callApi(places.declineTransfer, { params: { codice: input.code } }))
      queryClient.setQueryData(transferQueries.get(input.code).queryKey, transfer)
    }),
  }
}
