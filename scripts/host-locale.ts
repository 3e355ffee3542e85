import { isLocale, type Locale } from '../contracts/locale.ts'

/** The athlete's stored choice, written by the app whenever the language changes (src/lib/i18n.ts). */
export const LOCALE_COOKIE = 'pettorale.locale'

/** The per-locale copy of index.html (vite.config.ts writes one per locale) the host serves. */
export function localeHtmlName(locale: Locale): string {
  return `index.${locale}.html`
}

/** The portal's default, served when neither the cookie nor the browser names one of the 7. */
const FALLBACK: Locale = 'it'

/**
 * Which per-locale HTML (`index.<locale>.html`) the host serves (decision 040): the
 * `pettorale.locale` cookie if it names one of the 7 locales; else the first range of
 * `Accept-Language`, in the order listed, whose primary subtag is one of them and whose q is not 0;
 * else Italian. deploy/'s nginx maps implement the same rule; the header-parity test compares them.
 */
export function hostLocale(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.split('=', 2).map((part) => part.trim())
    if (name === LOCALE_COOKIE && isLocale(value)) return value
  }
  for (const range of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...parameters] = range.split(';').map((part) => part.trim())
    const primary = tag.split('-', 1)[0]!.toLowerCase()
    if (!isLocale(primary)) continue
    const q = parameters.find((parameter) => /^q\s*=/i.test(parameter))
    if (q !== undefined && Number(q.replace(/^q\s*=\s*/i, '')) === 0) continue
    return primary
  }
  return FALLBACK
}
