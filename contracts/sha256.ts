/**
 * SHA-256 of a text's UTF-8 bytes in lowercase hex, as the backend's checks publish it: the waiver's
 * evidence (decision 020) and the lottery's commitment (decision 038). Web Crypto, so the same in the
 * browser, in Node and in the scripts.
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
