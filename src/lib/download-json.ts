/**
 * Offers `value` as a JSON file the browser saves under `name`: what a page publishes, kept as the
 * athlete saw it, for `npm run lottery:verify` (src/ui/verify-by-script.tsx).
 */
export function downloadJson(name: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 1)], { type: 'application/json' }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = name
  anchor.click()
  // Revoked after the click's task: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url))
}
