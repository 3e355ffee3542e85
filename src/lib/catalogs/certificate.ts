import type { PartCatalog } from '../i18n'

/** The medical certificate page's words, one chunk per locale (src/lib/i18n.ts `withCatalog`). */
const catalog: PartCatalog = {
  name: 'certificate',
  loaders: {
    it: () => import('../../../locales/it/certificate.po'),
    en: () => import('../../../locales/en/certificate.po'),
    es: () => import('../../../locales/es/certificate.po'),
    fr: () => import('../../../locales/fr/certificate.po'),
    zh: () => import('../../../locales/zh/certificate.po'),
    ja: () => import('../../../locales/ja/certificate.po'),
    ko: () => import('../../../locales/ko/certificate.po'),
    ...(import.meta.env.DEV ? { pseudo: () => import('../../../locales/pseudo/certificate.po') } : {}),
  },
}
export default catalog
