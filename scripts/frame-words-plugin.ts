import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'
import { isLocale, LOCALES, type Locale } from '../contracts/locale.ts'
import { localeHtmlName } from './host-locale.ts'
import { readPo } from './po.ts'

/** A locale's main catalog: English source → its translation ('' when not translated yet). */
export type FrameCatalog = ReadonlyMap<string, string>

export function frameCatalog(locale: Locale, root = process.cwd()): FrameCatalog {
  return new Map(readPo(resolve(root, 'locales', locale, 'messages.po')).map((entry) => [entry.msgid, entry.msgstr]))
}

const HTML_LANG = /<html lang="([a-z]+)"/

/**
 * index.html in one locale: `<html lang>`, the language switcher's option, and each
 * `<!--frame-words:English source-->` as the catalog's words, the very message the page renders
 * (an untranslated one falls back to the English source, as Lingui does).
 */
export function frameHtml(html: string, locale: Locale, catalog: FrameCatalog): string {
  if (!HTML_LANG.test(html)) throw new Error('index.html: no <html lang="…"> to set')
  const option = `<option lang="${locale}">`
  if (!html.includes(option)) throw new Error(`index.html: no language option ${option}`)
  return html
    .replace(HTML_LANG, `<html lang="${locale}"`)
    .replace(option, `<option lang="${locale}" selected>`)
    .replace(/<!--frame-words:(.+?)-->/g, (_, source: string) => {
      const translation = catalog.get(source)
      if (translation === undefined) throw new Error(`index.html frame words not in the ${locale} catalog: ${source}`)
      const tokens = compileMessageOrThrow(translation || source)
      if (!tokens.every((token) => typeof token === 'string')) throw new Error(`index.html frame words must be plain text: ${source}`)
      return tokens.join('').replace(/&/g, '&amp;').replace(/</g, '&lt;')
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
