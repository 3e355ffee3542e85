/**
 * The portal's locales; `it` is the default, `en` the fallback. Free of zod (its schema is
 * `LocaleSchema` in common.ts) so that code on the first page can read it without the contracts.
 */
export const LOCALES = ['it', 'en', 'es', 'fr', 'zh', 'ja', 'ko'] as const
export type Locale = (typeof LOCALES)[number]

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value)
}
