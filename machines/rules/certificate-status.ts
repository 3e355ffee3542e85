import type { Profile } from '../../contracts/athlete.contract'

/** What the athlete's certificate allows, as screens and the enrolment gate read it. */
export type CertificateState = 'none' | 'in_revision' | 'valid' | 'not_valid' | 'expired'

export interface CertificateStatus {
  state: CertificateState
  /** The expiry date the athlete gave (`YYYY-MM-DD`, a day in Europe/Rome), when there is one. */
  expiresOn: string | null
}

/** The profile fields the status is read from: a plain object, so any caller can build one. */
export type CertificateFields = Partial<
  Pick<Profile, 'certificato_medico_file' | 'scadenza_certificato' | 'validazione_certificato' | 'certificato_valido'>
>

/**
 * The certificate's state on `today` (`YYYY-MM-DD` in Europe/Rome). The backend owns the review;
 * the expiry is ours to read: a certificate whose last valid day has passed is expired even while
 * the backend still says valid (decisions.md). A rejected one stays not valid: another is needed
 * either way, and "not valid" says why.
 */
export function certificateStatus(fields: CertificateFields, today: string): CertificateStatus {
  const expiresOn = fields.scadenza_certificato ?? null
  const review = fields.validazione_certificato ?? null
  const uploaded = Boolean(fields.certificato_medico_file) || review !== null
  if (!uploaded) return { state: 'none', expiresOn }
  if (review === 'non_valido') return { state: 'not_valid', expiresOn }
  // ISO calendar days compare as text; the expiry day itself still counts as valid.
  if (expiresOn !== null && expiresOn < today) return { state: 'expired', expiresOn }
  if (review === 'valido' || (review === null && fields.certificato_valido === true)) return { state: 'valid', expiresOn }
  return { state: 'in_revision', expiresOn }
}

/** A renewal uploaded while a certificate is valid, as the page and the gate read it (decision 029). */
export interface RenewalStatus {
  /** In review, or rejected (it then counts for nothing; another upload replaces it). */
  state: 'in_revision' | 'not_valid'
  expiresOn: string
}

/**
 * The renewal beside the current certificate: `undefined` when the backend does not send the field
 * (it keeps one certificate, and an upload replaces the valid one), `null` when there is none. A
 * renewal whose own expiry has passed is none.
 */
export function renewalStatus(fields: CertificateFields & Pick<Profile, 'certificato_rinnovo'>, today: string): RenewalStatus | null | undefined {
  const renewal = fields.certificato_rinnovo
  if (renewal === undefined) return undefined
  if (renewal === null || renewal.scadenza_certificato < today) return null
  return {
    state: renewal.validazione_certificato === 'non_valido' ? 'not_valid' : 'in_revision',
    expiresOn: renewal.scadenza_certificato,
  }
}

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
