/**
 * Whether the portal may send the browser to `address`: an `https:` page, or a page of the portal
 * itself (the simulated provider and checkout come back to it). Never `javascript:`, `data:` or
 * anything else a tampered answer could carry.
 */
export function isTrustedAddress(address: string, portalOrigin: string): boolean {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return false
  }
  return url.protocol === 'https:' || url.origin === portalOrigin
}

/** Leaves the portal for a provider's page when the address is trusted; says whether it did. */
export function leaveForTrustedAddress(address: string): boolean {
  if (!isTrustedAddress(address, window.location.origin)) return false
  window.location.assign(address)
  return true
}
