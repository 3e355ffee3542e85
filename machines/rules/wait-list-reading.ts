import type { WaitEntryState } from '../../contracts/wait-list.contract'

/**
 * How often an athlete's wait-list entry is read again (decision 038). The contract gives no pace
 * for the list (it moves when a place comes back, hours apart): read it this often while waiting or
 * holding an offer, so a place offered or taken elsewhere shows within a minute. The wait-list page's
 * machine and the race page's action read at this one pace.
 */
export const READ_EVERY_S = 60

/** The entry may still change without the athlete doing anything: a place may be offered, taken or lapse. */
export function isEntryLive(state: WaitEntryState): boolean {
  return state === 'in_attesa' || state === 'offerta'
}
