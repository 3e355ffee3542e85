import type { KeptChoice } from '../../../machines/certificate/certificate.machine'

/** A certificate choice not saved yet, with the file's content the machine does not hold. */
export interface CertificateDraft extends KeptChoice {
  content: File | null
}

/**
 * The file and expiry date a certificate form left behind without saving them (the session ended
 * mid-upload and the guard sent the athlete away, or they followed a link), so that the screen
 * brings them back. In memory only, never in storage: a medical document must not outlive the tab.
 * Only the athlete who chose them gets them back; whatever form leaves next replaces them.
 */
let kept: { athleteId: number; draft: CertificateDraft } | null = null

/** Left by the last form, or nothing (saved, empty): it replaces what was kept before. */
export function keepCertificateDraft(athleteId: number, draft: CertificateDraft | null): void {
  kept = draft ? { athleteId, draft } : null
}

/**
 * The athlete's kept choice. Reading leaves it in place (React may build a screen twice), the next
 * form to leave decides what stays.
 */
export function certificateDraftFor(athleteId: number): CertificateDraft | null {
  return kept?.athleteId === athleteId ? kept.draft : null
}
