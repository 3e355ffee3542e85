/**
 * The disclaimer comparison of decisions.md: Unicode NFC, trimmed, inner white space collapsed,
 * case-insensitive. Anything else is 'incorrect'.
 */
export function normaliseDisclaimer(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase()
}

export function disclaimerMatches(typed: string, shown: string): boolean {
  return normaliseDisclaimer(typed) === normaliseDisclaimer(shown)
}
