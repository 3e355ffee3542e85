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

/**
 * Mock mode only: the QA tools' words (src/dev), a catalog of their own so a production build's
 * catalogs carry none of them. A build with VITE_API_MOCK=false drops this with its imports.
 */
function devCatalogOf(locale: CatalogLocale): Promise<{ messages: Record<string, unknown> }> | undefined {
  if (import.meta.env.VITE_API_MOCK === 'false') return undefined
  const devCatalogs: Partial<Record<CatalogLocale, () => Promise<{ messages: Record<string, unknown> }>>> = {
    it: () => import('../../locales/it/dev.po'),
    en: () => import('../../locales/en/dev.po'),
    es: () => import('../../locales/es/dev.po'),
    fr: () => import('../../locales/fr/dev.po'),
    zh: () => import('../../locales/zh/dev.po'),
    ja: () => import('../../locales/ja/dev.po'),
    ko: () => import('../../locales/ko/dev.po'),
    ...(import.meta.env.DEV ? { [PSEUDO]: () => import('../../locales/pseudo/dev.po') } : {}),
  }
  return (devCatalogs[locale] ?? devCatalogs[DEFAULT_LOCALE]!)()
}

/** A locale's compiled messages (the default's for one without a catalog), with the QA tools' in mock mode. */
export async function catalogOf(locale: CatalogLocale): Promise<Messages> {
  const load = catalogs[locale] ?? catalogs[DEFAULT_LOCALE]!
  const [main, dev] = await Promise.all([load(), devCatalogOf(locale)])
  return { ...main.messages, ...dev?.messages } as Messages
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
