import { isLocale, type Locale } from '../../contracts/locale'
import { DEFAULT_LOCALE, i18n, initialLocale } from './i18n'

/**
 * The language the backend's content (a race's texts and questions, transaction descriptions) is
 * asked in: the interface's (decision 030). Before the catalog is active, as when the landing
 * page's data is asked for, the one being activated.
 */
export function contentLanguage(): Locale {
  const locale = i18n.locale || initialLocale()
  return isLocale(locale) ? locale : DEFAULT_LOCALE
}
