import 'temporal-polyfill/global'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'
import { isLocale, LOCALES, type Locale } from '../contracts/locale.ts'
import { calendarDayInRome } from '../contracts/time.ts'
import { completedYears } from '../machines/rules/race-day.ts'
import { FOUNDED_ON } from '../src/features/company/founded.ts'
import { formatDate } from '../src/lib/format.ts'
import { localeHtmlName } from './host-locale.ts'
import { readPo } from './po.ts'

/** A locale's main catalog: English source → its translation ('' when not translated yet). */
export type FrameCatalog = ReadonlyMap<string, string>

export function frameCatalog(locale: Locale, root = process.cwd()): FrameCatalog {
  return new Map(readPo(resolve(root, 'locales', locale, 'messages.po')).map((entry) => [entry.msgid, entry.msgstr]))
}

const HTML_LANG = /<html lang="([a-z]+)"/

/**
 * A value the frame's words may hold: text the build knows in the locale (a date); a count of
 * whole years since a day, which the build writes as of its own day and src/first-paint.js keeps
 * current (`data-years-since`), so a page built before an anniversary still says the app's number;
 * or an empty element of a class that src/first-paint.js fills with what only the page's request
 * knows (the race's name, decisions 045 and 046).
 */
export type FrameValue = { text: string } | { yearsSince: string; count: number } | { filledBy: string }

/**
 * The values of the frame's words in `locale`, as of `now`: the company page's founding day and
 * years, the wizard's race.
 */
export function frameValues(locale: Locale, now = Date.now()): Record<string, FrameValue> {
  return {
    founded: { text: formatDate(locale, FOUNDED_ON) },
    years: { yearsSince: FOUNDED_ON, count: completedYears(FOUNDED_ON, calendarDayInRome(now)) },
    name: { filledBy: 'boot-race-name' },
  }
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

type Token = ReturnType<typeof compileMessageOrThrow>[number]

/** A compiled message as HTML: text, the values above, a plural of a count of years. */
function wordsHtml(tokens: readonly Token[], locale: Locale, values: Record<string, FrameValue>, source: string): string {
  return tokens
    .map((token) => {
      if (typeof token === 'string') return escapeText(token)
      const [name, format, branches] = token as [string, string?, Record<string, Token[]>?]
      const value = values[name]
      if (!format && value && 'text' in value) return escapeText(value.text)
      if (!format && value && 'filledBy' in value) return `<span class="${value.filledBy}"></span>`
      if (format === 'plural' && branches && value && 'yearsSince' in value) {
        // first-paint.js changes the number, not the words around it: a count that only grows must
        // already be in the form every later count takes ("other", from 2 in every locale here).
        const form = new Intl.PluralRules(locale).select(value.count)
        if (branches[`=${String(value.count)}`] || form !== 'other') throw new Error(`index.html frame words: ${String(value.count)} ${name} is not in the plural form later counts take: ${source}`)
        const count = `<span data-years-since="${value.yearsSince}">${new Intl.NumberFormat(locale).format(value.count)}</span>`
        return branches.other!.map((part) => (part === '#' ? count : wordsHtml([part], locale, values, source))).join('')
      }
      throw new Error(`index.html frame words must be plain text or hold the frame's values (${Object.keys(values).join(', ')}): ${source}`)
    })
    .join('')
}

/**
 * index.html in one locale: `<html lang>`, the language switcher's option, and each
 * `<!--frame-words:English source-->` as the catalog's words, the very message the page renders
 * (an untranslated one falls back to the English source, as Lingui does), with the values it holds.
 */
export function frameHtml(html: string, locale: Locale, catalog: FrameCatalog, values = frameValues(locale)): string {
  if (!HTML_LANG.test(html)) throw new Error('index.html: no <html lang="…"> to set')
  const option = `<option lang="${locale}">`
  if (!html.includes(option)) throw new Error(`index.html: no language option ${option}`)
  return html
    .replace(HTML_LANG, `<html lang="${locale}"`)
    .replace(option, `<option lang="${locale}" selected>`)
    .replace(/<!--frame-words:(.+?)-->/g, (_, source: string) => {
      const translation = catalog.get(source)
      if (translation === undefined) throw new Error(`index.html frame words not in the ${locale} catalog: ${source}`)
      return wordsHtml(compileMessageOrThrow(translation || source), locale, values, source)
    })
}

/**
 * The frame's words at build time: next to index.html (in its own language, Italian), one
 * `index.<locale>.html` per locale, each with its `<html lang>` and the frame's words from that
 * locale's catalog; the host picks one per request (scripts/host-locale.ts). The dev server serves
 * index.html in its own language.
 */
export function frameWords(): Plugin {
  let outDir = ''
  let building = false
  return {
    name: 'pettorale:frame-words',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      building = config.command === 'build'
    },
    transformIndexHtml(html) {
      // In a build the words go in once the page is final (writeBundle), one copy per locale.
      if (building) return html
      const locale = HTML_LANG.exec(html)?.[1]
      if (!isLocale(locale)) throw new Error('index.html: <html lang> is not one of the locales')
      return frameHtml(html, locale, frameCatalog(locale))
    },
    writeBundle() {
      const index = join(outDir, 'index.html')
      const html = readFileSync(index, 'utf8')
      const own = HTML_LANG.exec(html)?.[1]
      if (!isLocale(own)) throw new Error('index.html: <html lang> is not one of the locales')
      for (const locale of LOCALES) writeFileSync(join(outDir, localeHtmlName(locale)), frameHtml(html, locale, frameCatalog(locale)))
      writeFileSync(index, frameHtml(html, own, frameCatalog(own)))
    },
  }
}
