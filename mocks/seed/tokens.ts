import { HOUR_MS } from '../../contracts/time'
import type { MailTokenRecord } from '../db'
import { ATHLETE_IDS } from './personas'
import { SEED_NOW_MS } from './time'

/**
 * Links an athlete would have received by e-mail, fixed so tests and QA can open them directly:
 * `/confirm-account?contact_id=7&token=...`, `/reset-email/...`, `/payment/by-link?code=...`.
 */
export const SEED_TOKENS = {
  confirmValid: 'cnf-valid-3f9a61d0c2e84b7fa51c09d6e38b2f47',
  confirmExpired: 'cnf-expired-8b14e7c95a2d4f06b3e9c17d60a5f2e8',
  resetValid: 'rst-valid-c47e02b9f8164ad5a3d6e81b2970fc35',
  resetExpired: 'rst-expired-51d8a3f6e0b74c29b8f4a7e13c6d9025',
  confirmContactId: ATHLETE_IDS.daConfermare,
  paymentLinkSuccess: 'lnk-success-9e27c4b1a6f34d80',
  paymentLinkExpired: 'lnk-expired-2b6f81d9c3e54a07',
  paymentLinkPending: 'lnk-pending-7a4c0e95f1d2463b',
} as const

export const MAIL_TOKENS: readonly MailTokenRecord[] = [
  { token: SEED_TOKENS.confirmValid, athlete_id: ATHLETE_IDS.daConfermare, kind: 'confirm', expires_at: SEED_NOW_MS + 24 * HOUR_MS, used: false },
  { token: SEED_TOKENS.confirmExpired, athlete_id: ATHLETE_IDS.daConfermare, kind: 'confirm', expires_at: SEED_NOW_MS - HOUR_MS, used: false },
  { token: SEED_TOKENS.resetValid, athlete_id: ATHLETE_IDS.completo, kind: 'reset', expires_at: SEED_NOW_MS + HOUR_MS, used: false },
  { token: SEED_TOKENS.resetExpired, athlete_id: ATHLETE_IDS.completo, kind: 'reset', expires_at: SEED_NOW_MS - 2 * HOUR_MS, used: false },
]
