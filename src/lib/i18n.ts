import { i18n, type I18n, type Messages } from '@lingui/core'
import { isLocale, LOCALES, type Locale } from '../../contracts/locale'

export const DEFAULT_LOCALE: Locale = 'it'
export const LOCALE_STORAGE_KEY = 'pettorale.locale'
/** The cookie of the same name lasts a year; each start writes it again. */
const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

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

/**
 * The locale the athlete chose before, else the page's (the host serves the HTML in the athlete's
 * language, decision 040: the app starts in the words its first paint showed), else the default.
 */
export function initialLocale(): CatalogLocale {
  const raw = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY)
  if (import.meta.env.DEV && raw === PSEUDO) return PSEUDO
  if (isLocale(raw)) return raw
  const page = globalThis.document?.documentElement.lang
  return isLocale(page) ? page : DEFAULT_LOCALE
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

export type CatalogLoaders = Partial<Record<CatalogLocale, () => Promise<{ messages: Record<string, unknown> }>>>

/**
 * A part of the portal whose words are a catalog of their own, downloaded with the part's screens:
 * the waiting room (decision 037), what follows an enrolment (decision 038). Its loaders are in
 * src/lib/catalogs, exported by the part's module (`withCatalog`), so the first page carries none.
 */
export interface PartCatalog {
  name: string
  loaders: CatalogLoaders
}
/** The parts shown so far, by name: a locale activated later brings their words too. */
const partsShown = new Map<string, CatalogLoaders>()

function partCatalogOf(loaders: CatalogLoaders, locale: CatalogLocale) {
  return (loaders[locale] ?? loaders[DEFAULT_LOCALE]!)()
}

/**
 * A locale's compiled messages (the default's for one without a catalog), with the QA tools' in mock
 * mode and those of the parts shown so far.
 */
export async function catalogOf(locale: CatalogLocale): Promise<Messages> {
  const load = catalogs[locale] ?? catalogs[DEFAULT_LOCALE]!
  const [main, dev, ...parts] = await Promise.all([load(), devCatalogOf(locale), ...[...partsShown.values()].map((loaders) => partCatalogOf(loaders, locale))])
  return Object.assign({}, main.messages, dev?.messages, ...parts.map((part) => part.messages)) as Messages
}

/** Adds a part's words to the active locale (and to every locale activated after). */
export async function loadPartCatalog(part: PartCatalog): Promise<void> {
  partsShown.set(part.name, part.loaders)
  const locale = (i18n.locale || DEFAULT_LOCALE) as CatalogLocale
  const { messages } = await partCatalogOf(part.loaders, locale)
  i18n.load(locale, messages as Messages)
}

/**
 * A part's module once its words are in too: its screens wait for them as they wait for their code
 * (`lazyPart(() => withCatalog(import(...)))`). The part names its catalog (its `catalog` export), so
 * the first page carries neither the part's catalog loaders nor a second download to list.
 */
export async function withCatalog<M extends { catalog: PartCatalog }>(module: Promise<M>): Promise<M> {
  const loaded = await module
  await loadPartCatalog(loaded.catalog)
  return loaded
}

export async function activateLocale(locale: CatalogLocale): Promise<void> {
  const messages = await catalogOf(locale)
  i18n.loadAndActivate({ locale, messages })
  document.documentElement.lang = locale
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale)
  // The same choice for the host, which picks the HTML of the next visit by it (decision 040).
  document.cookie = `${LOCALE_STORAGE_KEY}=${locale}; Path=/; Max-Age=${String(LOCALE_COOKIE_MAX_AGE_S)}; SameSite=Lax`
}

/** The portal's locale an `I18n` is in (the app's own by default); the default one before any is active. */
export function activeLocale(of: I18n = i18n): Locale {
  return isLocale(of.locale) ? of.locale : DEFAULT_LOCALE
}

export { i18n }
