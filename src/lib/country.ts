import type { Locale } from '../../contracts/locale'

const ALPHA_2 = /^[A-Z]{2}$/
/** REGIONAL INDICATOR SYMBOL LETTER A; the 26 letters follow it in order. */
const REGIONAL_INDICATOR_A = 0x1f1e6

/**
 * The flag of an ISO 3166-1 alpha-2 code as an emoji: the code's two letters as regional indicator
 * symbols, which fonts draw as the flag. Decorative: whoever shows it hides it from assistive
 * technology and writes the country's name beside it. Anything but two letters gives ''.
 */
export function flagEmoji(code: string): string {
  const upper = code.toUpperCase()
  if (!ALPHA_2.test(upper)) return ''
  return String.fromCodePoint(...[...upper].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65))
}

// One DisplayNames per locale and one name per code: a list of 20,000 athletes names the same dozen
// countries over and over.
const displayNames = new Map<Locale, Intl.DisplayNames>()
const names = new Map<string, string>()

/** A country's name in the locale ('IT' -> 'Italy', 'Italia', 'イタリア'); the code itself when unknown. */
export function countryName(locale: Locale, code: string): string {
  const key = `${locale}|${code}`
  let name = names.get(key)
  if (name === undefined) {
    let display = displayNames.get(locale)
    if (!display) {
      display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
      displayNames.set(locale, display)
    }
    const upper = code.toUpperCase()
    name = ALPHA_2.test(upper) ? (display.of(upper) ?? upper) : code
    names.set(key, name)
  }
  return name
}
