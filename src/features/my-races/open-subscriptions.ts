import type { Subscription } from '../../../contracts/athlete.contract'
import type { Race } from '../../../contracts/races.contract'
import { openEnrolment, placeDeadline } from '../../../machines/enrolment/eligibility'
import { isApplication } from '../../../machines/rules/lottery'
import { isLinkOpen } from '../../../machines/rules/payment-link'

/**
 * What an open subscription waits for: the choices of the wizard (a possible subscription nothing
 * was chosen for yet), the waiver, the payment, or the lottery's draw (nothing to do but wait).
 */
export type OpenStep = 'choices' | 'disclaimer' | 'payment' | 'draw'

export interface OpenSubscription {
  subscription: Subscription
  race: Race | null
  step: OpenStep
  /** When it can no longer be completed (`placeDeadline`): the open payment link's expiry or registration closing, the earlier. */
  deadline: string | null
  /** The deadline has passed: the place can no longer be taken from here. */
  lapsed: boolean
}

/**
 * The athlete's subscriptions still to complete: the possible ones (`iscrizioni_possibili`) and the
 * unpaid ones of the history, once each, the nearest deadline first (the lapsed last).
 */
export function openSubscriptions(
  possible: readonly Subscription[],
  history: readonly Subscription[],
  races: readonly Race[],
  now: number,
): OpenSubscription[] {
  const byRace = new Map<number, Subscription>()
  for (const subscription of [...history, ...possible]) {
    if (!subscription.pagato) byRace.set(subscription.project_id, subscription)
  }
  const raceById = new Map(races.map((race) => [race.id, race]))
  const open = [...byRace.values()].map((subscription): OpenSubscription => {
    const race = raceById.get(subscription.project_id) ?? null
    const deadline = placeDeadline(subscription, race, now)
    return {
      subscription,
      race,
      step: stepOf(subscription, race),
      deadline,
      lapsed: isLapsed(deadline, now),
    }
  })
  const order = (entry: OpenSubscription) => (entry.deadline === null ? Number.POSITIVE_INFINITY : Date.parse(entry.deadline))
  return open.sort((a, b) => Number(a.lapsed) - Number(b.lapsed) || order(a) - order(b))
}

/** The deadline has passed: the place can no longer be taken from here. */
export function isLapsed(deadline: string | null, now: number): boolean {
  return deadline !== null && !isLinkOpen(deadline, now)
}

/** What the place needs next, as the wizard resumes it (a waiver revised since is signed again). */
function stepOf(subscription: Subscription, race: Race | null): OpenStep {
  if (isApplication(subscription)) return 'draw'
  return openEnrolment(subscription, race)?.step ?? 'choices'
}
