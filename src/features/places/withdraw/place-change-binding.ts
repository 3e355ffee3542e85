import type { QueryClient } from '@tanstack/react-query'
import * as places from '../../../../contracts/places.contract'
import type { ChangeAnswer, SubmitInput } from '../../../../machines/places/place-change.machine'
import { fromApiCall } from '../../../lib/api-actor'
import { callApi, expectOk } from '../../../lib/api-client'
import { placeChanged } from '../../../lib/places-queries'

/**
 * The place change's one call over the API client: a withdrawal with the refund shown, or a
 * deferral, each with its attempt's key. Once it went through, what the athlete's pages read of the
 * place (subscriptions, transactions, credits, the race's places) is read again.
 */
export function placeChangeActors(queryClient: QueryClient) {
  return {
    submitChange: fromApiCall<ChangeAnswer, SubmitInput>(async ({ input, signal }) => {
      const params = { id: input.raceId }
      const transactionId =
        input.kind === 'withdraw'
          ? (await expectOk(callApi(places.withdraw, { params, body: { rimborso_atteso: input.expected ?? 0, chiave: input.key }, signal }))).transazione.id
          : (await expectOk(callApi(places.defer, { params, body: { chiave: input.key }, signal })), null)
      await placeChanged(queryClient)
      return { transactionId }
    }),
  }
}
