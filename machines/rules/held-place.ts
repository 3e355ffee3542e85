import type { QueueTicket } from '../../contracts/queue.contract'
import type { WaitEntry } from '../../contracts/wait-list.contract'

/**
 * A place kept for one athlete for a while: held from a race's waiting room (decision 037) or
 * offered from its wait list (decision 038). Whether it is still the athlete's is written here
 * once; the room and wait-list machines, the wizard's gate and the offer's banner read it, and the
 * simulated backend's own readings are bound to it by mocks/live-rules.test.ts. Instants are epoch
 * milliseconds, as the portal's clock gives them.
 */

/** A held place: until when, and whether a payment of it was authorised in time. */
export interface Hold {
  endsAt: number
  paying: boolean
}

/** The place a ticket holds (`posto`), if it holds one. */
export function holdOf(ticket: Pick<QueueTicket, 'stato' | 'posto'>): Hold | null {
  if (ticket.stato !== 'posto' || ticket.posto === undefined) return null
  return { endsAt: Temporal.Instant.from(ticket.posto.scade).epochMilliseconds, paying: ticket.posto.in_pagamento }
}

/**
 * The held place is still the athlete's at `nowMs`: before its deadline, or whenever once a payment
 * of it was authorised in time (the provider confirms it seconds later; the athlete is never
 * charged for a place released meanwhile).
 */
export function isHoldLive(hold: Hold, nowMs: number): boolean {
  return hold.paying || nowMs < hold.endsAt
}

/** The deadline of the place a wait-list entry is offered (`offerta`), if it is offered one. */
export function offerEndsAt(entry: Pick<WaitEntry, 'stato' | 'offerta_scade'>): number | null {
  if (entry.stato !== 'offerta' || entry.offerta_scade === undefined) return null
  return Temporal.Instant.from(entry.offerta_scade).epochMilliseconds
}

/**
 * The offer may still be taken at `nowMs`: its deadline is ahead. Past it, an offer the server
 * still shows is one being paid (a card authorised in time), which the athlete cannot start again.
 */
export function isOfferLive(endsAt: number, nowMs: number): boolean {
  return nowMs < endsAt
}

/**
 * A place kept for the athlete while they enrol (the wizard's gate reads it): held from the race's
 * waiting room, or offered from its wait list. Once it lapses the wizard stops (issue 42).
 */
export type KeptPlace = { kind: 'hold'; hold: Hold } | { kind: 'offer'; endsAt: number }

/** The kept place is still the athlete's at `nowMs`, by the rule of its kind. */
export function isKeptPlaceLive(place: KeptPlace, nowMs: number): boolean {
  return place.kind === 'hold' ? isHoldLive(place.hold, nowMs) : isOfferLive(place.endsAt, nowMs)
}
