import type { Subscription } from '../../../contracts/athlete.contract'
import type { Race } from '../../../contracts/races.contract'
import { isWaiverSigned } from '../../../machines/enrolment/eligibility'
import type { CertificateStatus } from '../../../machines/rules/certificate-status'
import { isApplication } from '../../../machines/rules/lottery'
import { isHeldPlace } from '../../../machines/rules/place'
import { hasEnded } from '../../../machines/rules/race-day'

/** One of the athlete's enrolments with its race, when the race is known. */
export interface EnrolmentEntry {
  subscription: Subscription
  race: Race | null
}

/**
 * The athlete's enrolments: the places they hold, upcoming (soonest first; a race under way is still
 * upcoming) and past (latest first; one whose race is not in the list goes last); and apart, the
 * places they left (withdrawn, passed on, deferred: the place's rule), which are no entry any more,
 * in the same order: those of races to come first, then the others.
 */
export function groupEnrolments(subscriptions: readonly Subscription[], races: readonly Race[], now: number) {
  const byId = new Map(races.map((race) => [race.id, race]))
  const entries: EnrolmentEntry[] = subscriptions.map((subscription) => ({ subscription, race: byId.get(subscription.project_id) ?? null }))
  const start = (entry: EnrolmentEntry) => (entry.race ? Date.parse(entry.race.data_evento) : Number.NEGATIVE_INFINITY)
  const isUpcoming = (entry: EnrolmentEntry) => entry.race !== null && !hasEnded(entry.race, now)
  const upcomingOf = (list: EnrolmentEntry[]) => list.filter(isUpcoming).sort((a, b) => start(a) - start(b))
  const pastOf = (list: EnrolmentEntry[]) => list.filter((entry) => !isUpcoming(entry)).sort((a, b) => start(b) - start(a))
  const held = entries.filter((entry) => isHeldPlace(entry.subscription))
  const left = entries.filter((entry) => !isHeldPlace(entry.subscription))
  return { upcoming: upcomingOf(held), past: pastOf(held), left: [...upcomingOf(left), ...pastOf(left)] }
}

/** What an upcoming enrolment still needs from the athlete. */
export type DueItem = 'payment' | 'waiver' | 'certificate'

/**
 * Still due for an upcoming race: the waiver signed (an unpaid place's again, when the organiser
 * has revised the text signed: `race` names its current version), the payment (not for a lottery
 * application, paid only if drawn), and a certificate accepted and valid through race day
 * (`raceDay`, Rome).
 */
export function stillDue(
  subscription: Subscription,
  certificate: CertificateStatus,
  raceDay: string,
  race: Pick<Race, 'liberatoria_versione'> | null = null,
): DueItem[] {
  const due: DueItem[] = []
  // A paid place's signature is evidence that stays as it is, whatever the text became since.
  const signed = subscription.pagato ? subscription.liberatoria : isWaiverSigned(subscription, race)
  if (!signed) due.push('waiver')
  if (!subscription.pagato && !isApplication(subscription)) due.push('payment')
  const validOnRaceDay = certificate.state === 'valid' && (certificate.expiresOn === null || certificate.expiresOn >= raceDay)
  if (!validOnRaceDay) due.push('certificate')
  return due
}
