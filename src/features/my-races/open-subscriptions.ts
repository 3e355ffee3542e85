import type { Subscription } from '../../../contracts/athlete.contract'
import type { Race } from '../../../contracts/races.contract'
import { openEnrolment, placeDeadline } from '../../../machines/enrolment/eligibility'
import { isApplication } from '../../../machines/rules/lottery'
import { isLinkOpen, livePaymentLink } from '../../../machines/rules/payment-link'
import { paths } from '../../lib/paths'

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
  /** The code of the organiser's link open for the place: it is paid on the link's page (issue 42). */
  link: string | null
  /**
   * The id of a card payment of the place awaiting the provider's confirmation: it is waited for, not
   * paid again (`payPath`).
   */
  confirming: string | null
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
    const step = stepOf(subscription, race, now)
    const link = livePaymentLink(subscription, now)
    return {
      subscription,
      race,
      step,
      deadline,
      lapsed: isLapsed(deadline, now),
      link,
      confirming: step === 'payment' ? confirmingPayment(subscription, now) : null,
    }
  })
  const order = (entry: OpenSubscription) => (entry.deadline === null ? Number.POSITIVE_INFINITY : Date.parse(entry.deadline))
  return open.sort((a, b) => Number(a.lapsed) - Number(b.lapsed) || order(a) - order(b))
}

/** The card payment of the place the provider has authorised, unless the organiser's link is open (its page says so). */
export function confirmingPayment(subscription: Subscription, now: number): string | null {
  return livePaymentLink(subscription, now) === null ? (subscription.pagamento_in_corso ?? null) : null
}

/**
 * Where an unpaid place is paid: the page of the card payment being confirmed, the organiser's link's
 * page, or the wizard, which resumes the place (decision 027). Places awaiting payment and My races agree.
 */
export function payPath(subscription: Subscription, now: number): string {
  const confirming = confirmingPayment(subscription, now)
  if (confirming !== null) return paths.paymentStatus(confirming)
  const link = livePaymentLink(subscription, now)
  return link === null ? paths.subscribe(subscription.project_id) : paths.paymentLink(link)
}

/** The deadline has passed: the place can no longer be taken from here. */
export function isLapsed(deadline: string | null, now: number): boolean {
  return deadline !== null && !isLinkOpen(deadline, now)
}

/** What the place needs next, as the wizard resumes it (a waiver revised since is signed again). */
function stepOf(subscription: Subscription, race: Race | null, now: number): OpenStep {
  if (isApplication(subscription)) return 'draw'
  return openEnrolment(subscription, race, now)?.step ?? 'choices'
}
