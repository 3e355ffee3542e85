import { isActivePlace } from '../../../machines/rules/place'
import { useSubscriptionFor } from '../../lib/athlete-queries'

/** My paid enrolment in a race: its bib and category (each null until the organiser assigns it), or null. */
export interface PaidEnrolment {
  bib: number | null
  category: string | null
}

/**
 * The athlete's entry in a race, what the pages after a payment show: a place paid and still theirs
 * (the place's rule: one withdrawn, passed on or deferred since keeps its bib on record, and is no
 * entry). `null` while unknown, unpaid, left or absent; `raceId` may be unknown yet (a payment whose
 * status has not come back).
 */
export function usePaidEnrolment(raceId: number | undefined): PaidEnrolment | null {
  const { subscription } = useSubscriptionFor(raceId)
  return isActivePlace(subscription) ? { bib: subscription.pettorale, category: subscription.categoria } : null
}
