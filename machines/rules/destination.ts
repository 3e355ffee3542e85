import type { Profile } from '../../contracts/athlete.contract'
import { isProfileComplete } from './profile-completeness'

/**
 * A remembered destination is only ever a path inside the portal: never another origin, a
 * protocol-relative URL or a backslash trick.
 */
export function isInternalPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || /[\t\r\n]/.test(path)) return false
  // Whatever the URL parser makes of it must stay on this origin.
  const probe = 'http://portal.invalid'
  return new URL(path, probe).origin === probe
}

/** Where an athlete goes after signing in (spec section 2). */
export function destinationAfterLogin(remembered: string | null, profile: Profile): string {
  if (remembered && isInternalPath(remembered)) return remembered
  return isProfileComplete(profile) ? '/' : '/me'
}

/**
 * Where an athlete whose profile is incomplete is sent instead of `deniedPath` (spec section 2):
 * their profile, carrying the page they asked for (`?return=`) so that once it is complete they go
 * on to it (the enrolment wizard resumes at its step). Only a race's pages and the athlete's own
 * are carried: the pages a link lands on (a confirmation, a reset, a payment's return) have done
 * their work, and their tokens must not travel on in an address.
 */
export function profileInsteadOf(deniedPath: string): string {
  if (!/^\/(?:race|me)\//.test(deniedPath) || !isInternalPath(deniedPath)) return '/me'
  return `/me?return=${encodeURIComponent(deniedPath)}`
}
