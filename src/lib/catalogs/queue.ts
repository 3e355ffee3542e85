import type { PartCatalog } from '../i18n'

/** The waiting room's words, one chunk per locale (src/lib/i18n.ts `withCatalog`). */
const catalog: PartCatalog = {
  name: 'queue',
  loaders: {
    it: () => import('../../../locales/it/queue.po'),
    en: () => import('../../../locales/en/queue.po'),
    es: () => import('../../../locales/es/queue.po'),
    fr: () => import('../../../locales/fr/queue.po'),
    zh: () => import('../../../locales/zh/queue.po'),
    ja: () => import('../../../locales/ja/queue.po'),
    ko: () => import('../../../locales/ko/queue.po'),
    ...(import.meta.env.DEV ? { pseudo: () => import('../../../locales/pseudo/queue.po') } : {}),
  },
}
export default catalog
