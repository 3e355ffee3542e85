import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'it', 'es', 'fr', 'zh', 'ja', 'ko', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  // The QA tools' words (src/dev, mock mode only) have a catalog of their own: a production build's
  // catalog carries none of them (src/lib/i18n.ts adds it in mock mode). So do the waiting room's
  // (src/features/queue): only a race that opens through one needs them (decision 037); and those of
  // what an athlete does after enrolling (src/features/places: withdraw, transfer, wait list,
  // lottery; decision 038), which most visits never open; and the medical certificate page's
  // (src/features/certificate), which an athlete opens about once a year (decision 052).
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['<rootDir>/src/dev/**', '<rootDir>/src/features/queue/**', '<rootDir>/src/features/places/**', '<rootDir>/src/features/certificate/**'],
    },
    { path: '<rootDir>/locales/{locale}/dev', include: ['<rootDir>/src/dev'] },
    { path: '<rootDir>/locales/{locale}/queue', include: ['<rootDir>/src/features/queue'] },
    { path: '<rootDir>/locales/{locale}/places', include: ['<rootDir>/src/features/places'] },
    { path: '<rootDir>/locales/{locale}/certificate', include: ['<rootDir>/src/features/certificate'] },
  ],
  format: formatter({ lineNumbers: false }),
})
