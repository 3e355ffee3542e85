import type { RaceRecord } from './db'
import { advanceLotteries, registerApplication } from './lottery'
import { advanceTransfers, transferPaid, transferReserved } from './transfer'
import { advanceWaitLists, offerNext, offerReserved, waitListPaid } from './wait-list'

// What happens to a place after its enrolment (issue 23, decision 038) is the work of three rule
// sets: transfers (transfer.ts), wait lists (wait-list.ts) and lotteries (lottery.ts), beside the
// withdrawals and deferrals of places.ts. They meet here, so that none imports another's insides:
// a place paid may complete a transfer or an offer; a place freed is offered to the next in line.
// Every function runs in the ledger's turn (provider.ts `withLedger`).

/** A place was paid (provider.ts, at settlement): it may be a transfer's or a wait-list offer's. */
export async function onPlacePaid(athleteId: number, race: RaceRecord, now: number): Promise<void> {
  await transferPaid(athleteId, race, now)
  await waitListPaid(athleteId, race, now)
}

/**
 * A place came back to a race (a withdrawal, a deferral, an offer or a lottery's payment link that
 * ran out): the race's wait list offers it to the first in line.
 */
export async function placeFreed(race: RaceRecord, now: number): Promise<void> {
  await offerNext(race, now)
}

/** Moves every timed rule to `now`: offers and transfers that ran out, draws due. */
export async function advancePlaces(now: number): Promise<void> {
  await advanceTransfers(now)
  await advanceWaitLists(now)
  await advanceLotteries(now)
}

/**
 * A place kept for this athlete though the race may look full: a transfer they accepted
 * (transfer.ts) or a wait-list offer still open (wait-list.ts). Enrolling and paying check it before
 * refusing `sold_out`.
 */
export function reservedPlaceOf(athleteId: number, race: RaceRecord, now: number): 'transfer' | 'offer' | null {
  if (transferReserved(athleteId, race, now)) return 'transfer'
  if (offerReserved(athleteId, race, now)) return 'offer'
  return null
}

/** An application to a lottery was made or changed (subscriptions.create): it is on the list once. */
export async function onApplication(athleteId: number, race: RaceRecord, now: number): Promise<void> {
  await registerApplication(athleteId, race, now)
}
