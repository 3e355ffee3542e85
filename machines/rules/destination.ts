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
