import { errorCodeOf, toApiError } from '../../../contracts/api-error'
import * as queue from '../../../contracts/queue.contract'
import type { Race } from '../../../contracts/races.contract'
import * as waitList from '../../../contracts/wait-list.contract'
import { holdOf, isHoldLive, isOfferLive, offerEndsAt, type KeptPlace } from '../../../machines/rules/held-place'
import { callApi, expectOk } from '../../lib/api-client'
import { now } from '../../lib/clock'

/**
 * The live place the athlete holds from the race's waiting room: a held place not run out, or one
 * whose payment was authorised in time (it no longer runs out). No ticket (404) holds nothing.
 */
async function heldPlace(raceId: number): Promise<KeptPlace | null> {
  try {
    // Read afresh, past the cache: a held place may have run out since the room read it.
    const ticket = await expectOk(callApi(queue.status, { params: { id: raceId } }))
    const hold = holdOf(ticket)
    return hold !== null && isHoldLive(hold, now()) ? { kind: 'hold', hold } : null
  } catch (error) {
    if (errorCodeOf<typeof queue.status>(toApiError(error)) === 'not_in_queue') return null
    throw error
  }
}

/** The place the wait list offers the athlete now (issue 23): an offer whose deadline is ahead. */
async function offeredPlace(raceId: number): Promise<KeptPlace | null> {
  try {
    const entry = await expectOk(callApi(waitList.status, { params: { id: raceId } }))
    const endsAt = offerEndsAt(entry)
    return endsAt !== null && isOfferLive(endsAt, now()) ? { kind: 'offer', endsAt } : null
  } catch (error) {
    if (errorCodeOf<typeof waitList.status>(toApiError(error)) === 'not_listed') return null
    throw error
  }
}

/**
 * A place kept for the athlete though the race may look full: held from its waiting room, or
 * offered from its wait list once it is sold out, with its deadline, so the wizard stops when it
 * lapses. Only such races ask (each question is a request).
 */
export async function keptPlace(race: Pick<Race, 'id' | 'sala_attesa' | 'lista_attesa' | 'posti' | 'iscritti'>): Promise<KeptPlace | null> {
  const held = race.sala_attesa ? await heldPlace(race.id) : null
  if (held) return held
  return race.lista_attesa && race.iscritti >= race.posti ? offeredPlace(race.id) : null
}
