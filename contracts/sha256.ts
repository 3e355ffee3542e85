import { hexOf } from './hex'

/**
 * SHA-256 of a text's UTF-8 bytes in lowercase hex, as the backend's checks publish it: the waiver's
 * evidence (decision 020) and the lottery's commitment (decision 038). Web Crypto, so the same in
 * the browser, in Node and in the scripts; a page outside a secure context has none, and there the
 * digest is computed in script (sha256-script.ts, decision 050).
 */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text)
  const digest = typeof crypto.subtle === 'object' ? new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)) : (await import('./sha256-script')).sha256(bytes)
  return hexOf(digest)
}
