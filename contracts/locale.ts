import * as z from 'zod/mini'

/** The portal's locales; `it` is the default, `en` the fallback. */
export const LOCALES = ['it', 'en', 'es', 'fr', 'zh', 'ja', 'ko'] as const
export const LocaleSchema = z.enum(LOCALES)
export type Locale = z.infer<typeof LocaleSchema>
