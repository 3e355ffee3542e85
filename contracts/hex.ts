/** Bytes as lowercase hexadecimal, two digits each: digests, random ids and keys. */
export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
