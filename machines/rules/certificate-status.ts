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
