import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import * as liberatoria from '../../../../contracts/liberatoria.contract'
import * as payments from '../../../../contracts/payments.contract'
import * as places from '../../../../contracts/places.contract'
import type { Transfer } from '../../../../contracts/places.contract'
import { toCents, toEuros } from '../../../../machines/enrolment/price'
import type { ShownWaiver } from '../../../../machines/enrolment/enrolment.machine'
import {
  transferGiveMachine,
  transferTakeMachine,
  type AcceptRequest,
  type OfferRequest,
  type TakePaymentRequest,
  type TakeSignRequest,
} from '../../../../machines/places/transfer.machine'
import { fromApiCall } from '../../../lib/api-actor'
import { callApi, expectOk } from '../../../lib/api-client'
import { athleteKeys } from '../../../lib/athlete-queries'
import { useBoundActor } from '../../../lib/use-bound-actor'
import { randomId } from '../../../lib/random-id'
import { raceKeys, raceQueries } from '../../../lib/race-queries'
import { leaveForTrustedAddress } from '../../../lib/safe-navigation'
import { transferQueries } from '../../../lib/transfer-queries'
import { notify } from '../../../ui/notifications'
import { sha256Hex } from '../../../../contracts/sha256'

/** What the recipient pays: the race's fee and the transfer fee, and the GPS rental when chosen. */
export function transferTotal(transfer: Pick<Transfer, 'prezzo' | 'tassa'>, gpsRental: number | null): number {
  return toEuros(toCents(transfer.prezzo) + toCents(transfer.tassa) + (gpsRental === null ? 0 : toCents(gpsRental)))
}


/** The giver's calls; each answer makes the athlete's places be read again (the subscription's `cessione`). */
function giveActors(queryClient: QueryClient, raceId: number) {
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

/**
 * The giver's machine bound to the portal for one place. A refusal or a place that changed reads
 * the athlete's places again, so the page shows what the server now says.
 */
export function useTransferGive(raceId: number, pending: boolean) {
  const queryClient = useQueryClient()
  const actor = useBoundActor(() => transferGiveMachine.provide({ actors: giveActors(queryClient, raceId) }), { pending })
  useEffect(() => {
    const changed = actor.on('changed', () => void queryClient.invalidateQueries({ queryKey: athleteKeys.root }))
    return () => changed.unsubscribe()
  }, [actor, queryClient])
  const snapshot = useSelector(actor, (state) => state)
  return {
    state: snapshot.value,
    context: snapshot.context,
    changeMail: (value: string) => actor.send({ type: 'mail.change', value }),
    submit: () => actor.send({ type: 'offer.submit', key: randomId() }),
    retry: () => actor.send({ type: 'offer.retry' }),
    cancel: () => actor.send({ type: 'offer.cancel' }),
  }
}

function takeActors(queryClient: QueryClient) {
  return {
    readOffer: fromApiCall<Transfer, { code: string }>(({ input }) => queryClient.fetchQuery({ ...transferQueries.get(input.code), retry: false })),
    accept: fromApiCall<void, AcceptRequest>(async ({ input }) => {
      const answer = await expectOk(callApi(places.acceptTransfer, { params: { codice: input.code }, body: { noleggio_gps: input.gps } }))
      queryClient.setQueryData(transferQueries.get(input.code).queryKey, answer.cessione)
      void queryClient.invalidateQueries({ queryKey: athleteKeys.root })
    }),
    signWaiver: fromApiCall<void, TakeSignRequest>(async ({ input: { raceId, waiver }, signal }) => {
      const sha256 = await sha256Hex(waiver.testo)
      await expectOk(callApi(liberatoria.sign, { body: { project_id: raceId, versione: waiver.versione, lingua: waiver.lingua, forma: waiver.forma, sha256 }, signal }))
    }),
    startPayment: fromApiCall<{ redirectUrl: string }, TakePaymentRequest>(async ({ input }) => {
      const transfer = queryClient.getQueryData(transferQueries.get(input.code).queryKey)
      const race = await queryClient.fetchQuery(raceQueries.get(input.raceId))
      if (!transfer) throw new Error('the offer is read before it is paid')
      // Never aborted: an answer that arrives must not be lost, its key makes asking again safe.
      const data = await expectOk(
        callApi(payments.start, {
          body: {
            project_id: input.raceId,
            opzione_rimborso: 'standard',
            noleggio_gps: input.gps,
            totale_atteso: transferTotal(transfer, input.gps ? race.noleggio_gps : null),
            idempotency_key: input.key,
          },
        }),
      )
      void queryClient.invalidateQueries({ queryKey: raceKeys.root })
      return { redirectUrl: data.redirect_url }
    }),
  }
}

/** The recipient's machine bound to the portal for one offer: the checkout it leads to, if trusted. */
export function useTransferTake(code: string) {
  const queryClient = useQueryClient()
  const [input] = useState(() => ({ code, key: randomId() }))
  const actor = useBoundActor(() => transferTakeMachine.provide({ actors: takeActors(queryClient) }), input)
  useEffect(() => {
    const redirect = actor.on('redirect', ({ url }) => {
      if (!leaveForTrustedAddress(url)) notify('unsafe_redirect')
    })
    return () => redirect.unsubscribe()
  }, [actor])
  const snapshot = useSelector(actor, (state) => state)
  return {
    state: snapshot.value,
    context: snapshot.context,
    retryRead: () => actor.send({ type: 'offer.retry' }),
    chooseGps: (rent: boolean) => actor.send({ type: 'gps.choose', rent }),
    accept: () => actor.send({ type: 'offer.accept' }),
    retryPayment: () => actor.send({ type: 'payment.retry' }),
    /** The waiver dialog's side (src/features/enrolment/disclaimer-dialog.tsx). */
    typeDisclaimer: (text: string) => actor.send({ type: 'disclaimer.type', text }),
    signDisclaimer: (waiver: ShownWaiver) => actor.send({ type: 'disclaimer.submit', waiver }),
    closeDisclaimer: () => actor.send({ type: 'disclaimer.close' }),
  }
}

export type TransferTake = ReturnType<typeof useTransferTake>
