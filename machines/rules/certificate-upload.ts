import type { Profile } from '../../contracts/athlete.contract'
import { certificateStatus, renewalStatus, type CertificateFields, type CertificateState } from './certificate-status'

// The certificate page's rules about an upload (decision 029), apart from the status the enrolment
// gate reads, so the wizard does not download them.

/**
 * The state the certificate page waits on after an upload: a renewal in review is awaited as a
 * certificate in revision, though the valid one still counts (decision 029).
 */
export function awaitedState(fields: CertificateFields & Pick<Profile, 'certificato_rinnovo'>, today: string): CertificateState {
  const { state } = certificateStatus(fields, today)
  return renewalStatus(fields, today)?.state === 'in_revision' ? 'in_revision' : state
}

/**
 * Days before the valid certificate's expiry to upload its replacement on a backend with one
 * certificate: the review is by hand, and about a week is what it is assumed to take (decision 029).
 */
export const REPLACEMENT_MARGIN_DAYS = 7

/** What an upload does to the certificate held now, said before the athlete uploads (decision 029). */
export type UploadEffect =
  /** Nothing valid to lose: the upload is the certificate, in review. */
  | { kind: 'first' }
  /** The valid one keeps counting until `validUntil` or until staff accept the new one. */
  | { kind: 'renewal'; validUntil: string }
  /**
   * One certificate: the new one replaces the valid one at once and enrolment waits for its review.
   * `waitUntil`: a later day to upload on and stay covered meanwhile, `null` when that day has come.
   */
  | { kind: 'replaces'; validUntil: string; waitUntil: string | null }

export function uploadEffect(fields: CertificateFields & Pick<Profile, 'certificato_rinnovo'>, today: string): UploadEffect {
  const { state, expiresOn } = certificateStatus(fields, today)
  if (state !== 'valid' || expiresOn === null) return { kind: 'first' }
  if (renewalStatus(fields, today) !== undefined) return { kind: 'renewal', validUntil: expiresOn }
  const waitUntil = addDays(expiresOn, -REPLACEMENT_MARGIN_DAYS)
  return { kind: 'replaces', validUntil: expiresOn, waitUntil: waitUntil > today ? waitUntil : null }
}

/** A calendar day `days` later (or earlier), `YYYY-MM-DD`: the arithmetic is on the date alone. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}
