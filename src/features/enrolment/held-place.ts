import { errorCodeOf, toApiError } from '../../../contracts/api-error'
import * as queue from '../../../contracts/queue.contract'
import { callApi, expectOk } from '../../lib/api-client'
import { now } from '../../lib/clock'

/**
 * Whether the athlete holds a live place from the race's waiting room: a held place not run out, or
 * one whose payment was authorised in time (it no longer runs out). No ticket (404) holds nothing.
 */
export async function holdsPlace(raceId: number): Promise<boolean> {
  try {
    // Read afresh, past the cache: a held place may have run out since the room read it.
    const ticket = await expectOk(callApi(queue.status, { params: { id: raceId } }))
    return ticket.stato === 'posto' && ticket.posto !== undefined && (ticket.posto.in_pagamento || Date.parse(ticket.posto.scade) > now())
  } catch (error) {
    if (errorCodeOf<typeof queue.status>(toApiError(error)) === 'not_in_queue') return false
    throw error
  }
}
