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
 * The pages an athlete is brought back to, after signing in from the drawer or after completing
 * the profile: a race's pages, their own, and the organiser's (contacts, about us). Not the home
 * page, where the spec's own choice applies, nor the pages a link lands on (a confirmation, a
 * reset, a payment's return, registering): they have done their work, and their tokens must not
 * travel on in an address.
 */
export function isPageToComeBackTo(path: string): boolean {
  return /^\/(?:(?:race|me)\/|(?:contacts|company)(?:[?#]|$))/.test(path) && isInternalPath(path)
}

/**
 * Where an athlete whose profile is incomplete is sent instead of `deniedPath` (spec section 2):
 * their profile, carrying the page they asked for (`?return=`) so that once it is complete they go
 * on to it (the enrolment wizard resumes at its step).
 */
export function profileInsteadOf(deniedPath: string): string {
  if (!isPageToComeBackTo(deniedPath)) return '/me'
  return `/me?return=${encodeURIComponent(deniedPath)}`
}
