import type { PaymentVoidReason } from '../contracts/payments.contract'
import { db, type PaymentRecord, type RaceRecord } from './db'
import { reservedPlaceOf } from './place-events'
import { enrolmentGate, settlementOf } from './queue'
import { isActivePlace } from './records'
import { offerLapsed } from './wait-list'

// A place in a race, one rule on every path that sells it (issue 40): the wizard's direct entry, the
// organiser's payment link, the waiting room's held place, a wait-list offer, a transfer, a lottery
// draw's link. The count (`iscritti`) is the places paid plus the places a wait-list offer keeps; a
// waiting room's held and admitted places are its own count (queue.ts); a transfer's place is the
// giver's until the recipient has paid. A place is checked when an enrolment or a payment starts,
// and counted only when its payment settles, in the same turn of the ledger (provider.ts
// `withLedger`) as the check that it is still there: a payment that finds none is voided, named.

/** An organiser's link still open for the race's place: the place is promised to its athlete. */
function promisedByLink(payment: PaymentRecord, raceId: number, now: number): boolean {
  if (payment.project_id !== raceId || payment.link_code === null || payment.stato !== 'pending') return false
  return payment.esito === 'authorised' || payment.scade === null || payment.scade > now
}

/**
 * Places nobody has or is promised: not paid, not kept for a wait-list offer (both counted), not
 * promised by an organiser's link still open. A race with a waiting room sells only within its
 * held places, which the room counts against the same places (queue.ts `freePlaces`).
 */
export function placesLeft(race: RaceRecord, now: number): number {
  // A plain filter, as settleDue's (provider.ts): this runs at every start and settlement.
  const links = db.payments.all().filter((payment) => promisedByLink(payment, race.id, now)).length
  return race.posti - race.iscritti - links
}

/** What a place is taken on: kept for the athlete (a transfer accepted, an offer, a held place) or free. */
export type PlaceBasis = 'transfer' | 'offer' | 'held' | 'free'
export type PlaceRefusal = 'offer_expired' | 'queue_required' | 'hold_expired' | 'sold_out'

/**
 * Whether the athlete may enrol in (or start paying) a place of the race now, and on what. A place
 * kept for them is theirs whatever the count; a race with a waiting room is entered only within a
 * held place (decision 037); otherwise a place must be left. An offer that lapsed is said so.
 */
export function placeFor(athleteId: number, race: RaceRecord, now: number): { ok: true; basis: PlaceBasis } | { ok: false; code: PlaceRefusal } {
  const reserved = reservedPlaceOf(athleteId, race, now)
  if (reserved) return { ok: true, basis: reserved }
  const left = placesLeft(race, now)
  if (offerLapsed(athleteId, race) && left <= 0) return { ok: false, code: 'offer_expired' }
  const gate = enrolmentGate(athleteId, race, now)
  if (gate === 'queue_required' || gate === 'hold_expired') return { ok: false, code: gate }
  // Paid: the call's own checks answer (already enrolled, already paid).
  if (gate === 'held' || gate === 'paid') return { ok: true, basis: 'held' }
  return left > 0 ? { ok: true, basis: 'free' } : { ok: false, code: 'sold_out' }
}

/**
 * Whether an authorised payment takes its place as it settles, or why it is voided. Read in the
 * same step that counts the place: a transfer's or an offer's place is kept while it is live (and a
 * card authorised in time keeps it live); one started for a transfer or an offer that has lapsed
 * since takes nothing, whatever else is free; a held place must be the one being paid; an
 * organiser's link counted its place as promised, so only the race's size bounds it; anything else
 * needs a place nobody has or is promised.
 */
export function placeAtSettlement(payment: PaymentRecord, race: RaceRecord, now: number): { ok: true } | { ok: false; motivo: PaymentVoidReason } {
  const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: payment.athlete_id, project_id: race.id }))
  if (isActivePlace(subscription)) return { ok: false, motivo: 'already_paid' }
  if (reservedPlaceOf(payment.athlete_id, race, now)) return { ok: true }
  if (payment.per_cessione) return { ok: false, motivo: 'transfer_expired' }
  if (payment.per_offerta) return { ok: false, motivo: 'offer_expired' }
  if (payment.link_code !== null) return race.iscritti < race.posti ? { ok: true } : { ok: false, motivo: 'sold_out' }
  if (race.sala_attesa) return settlementOf(payment.athlete_id, race) === 'held' ? { ok: true } : { ok: false, motivo: 'hold_expired' }
  return placesLeft(race, now) > 0 ? { ok: true } : { ok: false, motivo: 'sold_out' }
}
