import type { PartCatalog } from '../i18n'

/** What follows an enrolment's words, one chunk per locale (src/lib/i18n.ts `withCatalog`). */
const catalog: PartCatalog = {
  name: 'places',
  loaders: {
    it: () => import('../../../locales/it/places.po'),
    en: () => import('../../../locales/en/places.po'),
    es: () => import('../../../locales/es/places.po'),
    fr: () => import('../../../locales/fr/places.po'),
    zh: () => import('../../../locales/zh/places.po'),
    ja: () => import('../../../locales/ja/places.po'),
    ko: () => import('../../../locales/ko/places.po'),
    ...(import.meta.env.DEV ? { pseudo: () => import('../../../locales/pseudo/places.po') } : {}),
  },
}
export default catalog
