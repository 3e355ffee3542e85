import type { Profile, RefundOption, Subscription } from '../../contracts/athlete.contract'
import type { Race } from '../../contracts/races.contract'
import { certificateStatus } from '../rules/certificate-status'
import { profileCompleteness, type CompletenessField } from '../rules/profile-completeness'
import { isLotteryEntry, isOldEnough, raceDay } from '../rules/race-day'
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
  /** The certificate expires before race day (or has already expired). */
  | { code: 'certificate_expires_before_race'; expiresOn: string }
  | { code: 'under_minimum_age'; minimumAge: number }
  | { code: 'registration_not_open'; opensAt: string }
  | { code: 'registration_closed' }
  | { code: 'sold_out' }
  | { code: 'already_enrolled' }

export type RefusalCode = GateRefusal['code']

/** Direct entry, or an application to the flagship's lottery (no PAX). */
export type EntryMode = 'direct' | 'lottery'

/**
 * A subscription already made and not paid: the choices it was made with, and the step it needs
 * next (the waiver while it is unsigned, then the payment). The wizard resumes there.
 */
export interface OpenEnrolment {
  step: 'disclaimer' | 'payment'
  refund: RefundOption
  gps: boolean
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
>

export interface GateInput {
  race: GateRace
  /** `null` for a visitor who is not signed in. */
  athlete: { profile: Profile; subscription: Subscription | null } | null
  now: number
  /** Today in Europe/Rome, `YYYY-MM-DD`. */
  today: string
}

/** Everything that stands between the athlete and this race, and how they would enter it. */
export function enrolmentGate({ race, athlete, now, today }: GateInput): GateResult {
  const lottery = isLotteryEntry(race, athlete?.profile ?? null)
  const entry: EntryMode = lottery ? 'lottery' : 'direct'
  const refusals: GateRefusal[] = []

  const display = registrationDisplay(race, now)
  if (display.kind === 'opening') refusals.push({ code: 'registration_not_open', opensAt: race.apertura_iscrizioni })
  else if (display.kind === 'closed' || display.kind === 'live') refusals.push({ code: 'registration_closed' })
  // The lottery draws among applicants, whatever the places.
  else if (display.kind === 'full' && !lottery) refusals.push({ code: 'sold_out' })

  if (!athlete) return { refusals: [{ code: 'login_required' }, ...refusals], entry, open: null }
  const { profile, subscription } = athlete
  if (subscription?.pagato) refusals.unshift({ code: 'already_enrolled' })

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
      // ISO days compare as text; a certificate must still be valid on race day.
      if (certificate.expiresOn !== null && certificate.expiresOn < raceDay(race)) {
        refusals.push({ code: 'certificate_expires_before_race', expiresOn: certificate.expiresOn })
      }
      break
  }

  if (profile.data_nascita && !isOldEnough(profile.data_nascita, race)) {
    refusals.push({ code: 'under_minimum_age', minimumAge: race.eta_minima })
  }
  return { refusals, entry, open: openEnrolment(subscription) }
}

/** Where an unpaid subscription resumes; a lottery application waits for the draw instead. */
export function openEnrolment(subscription: Subscription | null): OpenEnrolment | null {
  if (!subscription || subscription.pagato || subscription.domanda_lotteria || subscription.opzione_rimborso === null) return null
  return {
    step: subscription.liberatoria ? 'payment' : 'disclaimer',
    refund: subscription.opzione_rimborso,
    gps: subscription.noleggio_gps,
  }
}
