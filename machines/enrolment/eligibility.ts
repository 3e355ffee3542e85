import type { Profile, RefundOption, Subscription } from '../../contracts/athlete.contract'
import type { Race } from '../../contracts/races.contract'
import { certificateStatus, renewalStatus } from '../rules/certificate-status'
import { profileCompleteness, type CompletenessField } from '../rules/profile-completeness'
import { isLotteryEntry, isOldEnough } from '../rules/entry'
import { isApplication } from '../rules/lottery'
import { isLinkOpen, livePaymentLink } from '../rules/payment-link'
import { isActivePlace } from '../rules/place'
import { raceDay } from '../rules/race-day'
import { registrationDisplay } from '../rules/registration-display'

/**
 * Why an athlete cannot enrol now, each with what the screen needs to say it and offer a way
 * forward. Every reason that applies is returned, so the athlete sees all there is to do at once.
 */
export type GateRefusal =
  | { code: 'login_required' }
  | { code: 'profile_incomplete'; missing: CompletenessField[] }
  | { code: 'certificate_missing' }
  | { code: 'certificate_in_review' }
  | { code: 'certificate_not_valid' }
  /**
   * The certificate expires before race day; `expired`: it already has, so the words are in the past.
   * `renewalInReview`: a renewal valid on race day is in review (decision 029); once staff accept it,
   * the athlete can enrol.
   */
  | { code: 'certificate_expires_before_race'; expiresOn: string; expired?: true; renewalInReview?: true }
  | { code: 'under_minimum_age'; minimumAge: number }
  | { code: 'registration_not_open'; opensAt: string }
  | { code: 'registration_closed' }
  | { code: 'sold_out' }
  | { code: 'already_enrolled' }
  /**
   * The race opens through its waiting room (decision 037) and the athlete holds no live place from
   * it: the room's schedule, to count down to it and to registration, and the way in.
   */
  | { code: 'waiting_room'; roomOpensAt: string; opensAt: string }

export type RefusalCode = GateRefusal['code']

/** Direct entry, or an application to the flagship's lottery (no PAX). */
export type EntryMode = 'direct' | 'lottery'

/**
 * A subscription already made and not paid, as the server holds it: the choices and answers it was
 * made with, and what its waiver needs (the waiver while it is unsigned, or signed on a text the
 * organiser has revised since; then the payment). The machine decides where the wizard resumes
 * from it (`resumeOf`, decision 027).
 */
export interface OpenEnrolment {
  step: 'disclaimer' | 'payment'
  refund: RefundOption
  gps: boolean
  /** The answers to the race's questions it was made with; `null` when the server does not say. */
  answers: Record<string, string | boolean> | null
  /** Signed, on a text revised since: the signature must be given again before paying. */
  waiverRevised: boolean
  /** The code of the organiser's payment link open for the place: it is paid there (issue 42). */
  link?: string
}

export interface GateResult {
  refusals: GateRefusal[]
  entry: EntryMode
  open: OpenEnrolment | null
}

export type GateRace = Pick<
  Race,
  | 'data_evento'
  | 'tempo_limite_ore'
  | 'apertura_iscrizioni'
  | 'chiusura_iscrizioni'
  | 'posti'
  | 'iscritti'
  | 'ammissione'
  | 'eta_minima'
  | 'liberatoria_versione'
  | 'sala_attesa'
>

export interface GateInput {
  race: GateRace
  /** `null` for a visitor who is not signed in. */
  athlete: { profile: Profile; subscription: Subscription | null } | null
  now: number
  /** Today in Europe/Rome, `YYYY-MM-DD`. */
  today: string
  /**
   * A place kept for the athlete: held from the race's waiting room and not run out, or offered
   * from its wait list (issue 23) while the race is sold out.
   */
  heldPlace?: boolean
}

/** Everything that stands between the athlete and this race, and how they would enter it. */
export function enrolmentGate({ race, athlete, now, today, heldPlace = false }: GateInput): GateResult {
  // A place kept for the athlete is entered directly: an offer from the wait list of a lottery
  // race goes to athletes its draw did not pick (decision 038).
  const lottery = !heldPlace && isLotteryEntry(race, athlete?.profile ?? null)
  const entry: EntryMode = lottery ? 'lottery' : 'direct'
  const refusals: GateRefusal[] = []

  const display = registrationDisplay(race, now)
  // A signed-in athlete is let in by the race's waiting room, which counts down to the opening too.
  const room = athlete && !isActivePlace(athlete.subscription) && !heldPlace ? race.sala_attesa : undefined
  if (room && (display.kind === 'opening' || display.kind === 'open' || display.kind === 'closing')) {
    refusals.push({ code: 'waiting_room', roomOpensAt: room.apre, opensAt: race.apertura_iscrizioni })
  } else if (display.kind === 'opening') refusals.push({ code: 'registration_not_open', opensAt: race.apertura_iscrizioni })
  // A place offered from a wait list may come after registration closed, until the start.
  else if ((display.kind === 'closed' && !heldPlace) || display.kind === 'live') refusals.push({ code: 'registration_closed' })
  // The lottery draws among applicants, whatever the places; a place kept for the athlete counts among them.
  else if (display.kind === 'full' && !lottery && !heldPlace) refusals.push({ code: 'sold_out' })

  if (!athlete) return { refusals: [{ code: 'login_required' }, ...refusals], entry, open: null }
  const { profile, subscription } = athlete
  // A place the athlete once had and left (withdrawn, passed on, deferred) does not stop a new one.
  if (isActivePlace(subscription)) refusals.unshift({ code: 'already_enrolled' })

  const { missing } = profileCompleteness(profile)
  if (missing.length > 0) refusals.push({ code: 'profile_incomplete', missing })

  const certificate = certificateStatus(profile, today)
  switch (certificate.state) {
    case 'none':
      refusals.push({ code: 'certificate_missing' })
      break
    case 'in_revision':
      refusals.push({ code: 'certificate_in_review' })
      break
    case 'not_valid':
      refusals.push({ code: 'certificate_not_valid' })
      break
    case 'expired':
    case 'valid':
      // ISO days compare as text; a certificate must still be valid on race day. A renewal in
      // review counts for nothing until accepted, but the refusal names it (decision 029).
      if (certificate.expiresOn !== null && certificate.expiresOn < raceDay(race)) {
        const renewal = renewalStatus(profile, today)
        const covers = renewal?.state === 'in_revision' && renewal.expiresOn >= raceDay(race)
        refusals.push({
          code: 'certificate_expires_before_race',
          expiresOn: certificate.expiresOn,
          ...(certificate.state === 'expired' ? { expired: true as const } : {}),
          ...(covers ? { renewalInReview: true as const } : {}),
        })
      }
      break
  }

  if (profile.data_nascita && !isOldEnough(profile.data_nascita, race)) {
    refusals.push({ code: 'under_minimum_age', minimumAge: race.eta_minima })
  }
  return { refusals, entry, open: openEnrolment(subscription, race, now) }
}

/**
 * Whether the subscription's waiver is signed on the race's current text. A signature whose version
 * is not known, or a race that does not name its waiver's version, counts as current: the payment
 * is then refused if it is not (`waiver_not_signed`), and the wizard asks for it there.
 */
export function isWaiverSigned(subscription: Subscription, race: Pick<GateRace, 'liberatoria_versione'> | null): boolean {
  if (!subscription.liberatoria) return false
  const signed = subscription.liberatoria_versione
  const current = race?.liberatoria_versione
  return signed == null || current === undefined || signed === current
}

/**
 * When an unpaid place can no longer be completed: registration's closing, or the organiser's
 * payment link's expiry when it comes first. A link past its expiry no longer holds the place to
 * itself (the wizard's payment replaces it), so registration's closing is then the deadline.
 * `null` when neither is known.
 */
export function placeDeadline(
  subscription: Pick<Subscription, 'scadenza_pagamento'>,
  race: Pick<Race, 'chiusura_iscrizioni'> | null,
  now: number,
): string | null {
  const link = subscription.scadenza_pagamento ?? null
  const openLink = link !== null && isLinkOpen(link, now) ? link : null
  const closes = race?.chiusura_iscrizioni ?? null
  if (openLink === null || closes === null) return openLink ?? closes
  return Date.parse(openLink) <= Date.parse(closes) ? openLink : closes
}

/**
 * An unpaid subscription made with its choices, to resume; a lottery application waits for the draw
 * instead, and a place nothing was chosen for yet starts the wizard afresh. `race` names the
 * waiver's current version, when known; at `now`, the organiser's link paying it is open or not.
 */
export function openEnrolment(
  subscription: Subscription | null,
  race: Pick<GateRace, 'liberatoria_versione'> | null,
  now: number,
): OpenEnrolment | null {
  if (!subscription || subscription.pagato || isApplication(subscription) || subscription.opzione_rimborso === null) return null
  const signed = isWaiverSigned(subscription, race)
  const link = livePaymentLink(subscription, now)
  return {
    step: signed ? 'payment' : 'disclaimer',
    refund: subscription.opzione_rimborso,
    gps: subscription.noleggio_gps,
    answers: subscription.campi === undefined ? null : { ...subscription.campi },
    waiverRevised: subscription.liberatoria && !signed,
    ...(link === null ? {} : { link }),
  }
}
