import { i18n, type Messages } from '@lingui/core'
import { isLocale, LOCALES, type Locale } from '../../contracts/locale'

export const DEFAULT_LOCALE: Locale = 'it'
export const LOCALE_STORAGE_KEY = 'pettorale.locale'

/** Names of the locales in their own language, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  it: 'Italiano',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  zh: '中文',
  ja: '日本語',
  ko: '한국어',
}

export { LOCALES, type Locale }

/**
 * Development only: every message accented and lengthened, so text that skips the catalogs stands
 * out. Turn it on with `localStorage.setItem('pettorale.locale', 'pseudo')`.
 */
const PSEUDO = 'pseudo'
type CatalogLocale = Locale | typeof PSEUDO

/** The locale the athlete chose before, else the default (Italian). */
export function initialLocale(): CatalogLocale {
  const raw = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY)
  if (import.meta.env.DEV && raw === PSEUDO) return PSEUDO
  return isLocale(raw) ? raw : DEFAULT_LOCALE
}

// One chunk per catalog: only the active locale is downloaded.
const catalogs: Partial<Record<CatalogLocale, () => Promise<{ messages: Record<string, unknown> }>>> = {
  it: () => import('../../locales/it/messages.po'),
  en: () => import('../../locales/en/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
  zh: () => import('../../locales/zh/messages.po'),
  ja: () => import('../../locales/ja/messages.po'),
  ko: () => import('../../locales/ko/messages.po'),
  ...(import.meta.env.DEV ? { [PSEUDO]: () => import('../../locales/pseudo/messages.po') } : {}),
}

/** A locale's compiled messages (the default's for one without a catalog). */
export async function catalogOf(locale: CatalogLocale): Promise<Messages> {
  const load = catalogs[locale] ?? catalogs[DEFAULT_LOCALE]!
  return (await load()).messages as Messages
}

export async function activateLocale(locale: CatalogLocale): Promise<void> {
  const messages = await catalogOf(locale)
  i18n.loadAndActivate({ locale, messages })
  document.documentElement.lang = locale
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale)
}

export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
}

export { i18n }
