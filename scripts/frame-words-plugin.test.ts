import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ResolvedConfig } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'
import { LOCALES } from '../contracts/locale'
import { frameCatalog, frameHtml, frameWords } from './frame-words-plugin'
import { localeHtmlName } from './host-locale'
import { CSP_NONCE_PLACEHOLDER } from './security-headers'

/** index.html as Vite leaves it in dist/ before this plugin: the nonce placeholder in its tags. */
const built = readFileSync('index.html', 'utf8').replace('<script data-inline="src/first-paint.js"></script>', `<script nonce="${CSP_NONCE_PLACEHOLDER}">/* first-paint.js */</script>`)
const sources = [...built.matchAll(/<!--frame-words:(.+?)-->/g)].map((match) => match[1]!)

describe("the frame's words, per locale, from the catalogs", () => {
  it.each(LOCALES)('%s: its <html lang>, its option chosen, each word the translation, the nonce placeholder kept', (locale) => {
    const catalog = frameCatalog(locale)
    const html = frameHtml(built, locale, catalog)
    expect(html).toContain(`<html lang="${locale}">`)
    expect(html).toContain(`<option lang="${locale}" selected>`)
    expect(html.match(/ selected>/g)).toHaveLength(1)
    expect(html).not.toContain('frame-words:')
    expect(html).toContain(`nonce="${CSP_NONCE_PLACEHOLDER}"`)
    expect(sources.length).toBeGreaterThanOrEqual(12)
    for (const source of sources) {
      const words = catalog.get(source)
      expect(words, `${locale}: ${source} translated`).toBeTruthy()
      // Words holding values are the next test's.
      if (!words!.includes('{')) expect(html).toContain(`>${words!.replace(/&/g, '&amp;')}<`)
    }
    expect(html).not.toMatch(/\{(years|founded|name)\b/)
  })

  it("holds the values the build knows: a date as the locale writes it, and a count of years first-paint.js keeps current", () => {
    const catalog = new Map([
      ['Since {founded}', 'Dal {founded}'],
      ['{years, plural, one {# year} other {# years}}', '{years, plural, one {# anno} other {# anni}}'],
    ])
    const page = '<html lang="it"><option lang="it"><p><!--frame-words:Since {founded}--></p><p><!--frame-words:{years, plural, one {# year} other {# years}}--></p>'
    const html = frameHtml(page, 'it', catalog, { founded: { text: '15 settembre 2007' }, years: { yearsSince: '2007-09-15', count: 19 } })
    expect(html).toContain('<p>Dal 15 settembre 2007</p><p><span data-years-since="2007-09-15">19</span> anni</p>')
    // A count in a form a later count leaves (one year): first-paint.js could not keep its words.
    expect(() => frameHtml(page, 'it', catalog, { founded: { text: '' }, years: { yearsSince: '2025-09-15', count: 1 } })).toThrow(/plural form later counts take/)
  })

  it("leaves the race's name to first-paint.js, where each language puts it", () => {
    const page = '<html lang="it"><option lang="it"><h1><!--frame-words:Enrol in {name}--></h1>'
    for (const [locale, words] of [['it', '<h1>Iscriviti alla gara <span class="boot-race-name"></span></h1>'], ['ja', '<h1><span class="boot-race-name"></span> にエントリー</h1>']] as const) {
      expect(frameHtml(page.replace('lang="it"><option lang="it"', `lang="${locale}"><option lang="${locale}"`), locale, frameCatalog(locale))).toContain(words)
    }
  })

  it('a word the catalog does not have fails the build; an untranslated one is the English source', () => {
    expect(() => frameHtml('<html lang="it"><option lang="fr"><h1><!--frame-words:No such message--></h1>', 'fr', frameCatalog('fr'))).toThrow(
      /not in the fr catalog: No such message/,
    )
    const untranslated = new Map([['Trail races', '']])
    expect(frameHtml('<html lang="it"><option lang="fr"><h1><!--frame-words:Trail races--></h1>', 'fr', untranslated)).toContain('<h1>Trail races</h1>')
    const withPlaceholder = new Map([['{count} races', '{count} gare']])
    expect(() => frameHtml('<html lang="it"><option lang="it"><!--frame-words:{count} races-->', 'it', withPlaceholder)).toThrow(/plain text or hold the frame's values/)
  })
})

describe('the build writes one HTML per locale beside index.html', () => {
  let dist = ''
  afterEach(() => rmSync(dist, { recursive: true, force: true }))

  it('index.<locale>.html for the 7 locales, and index.html stays the Italian one', () => {
    dist = mkdtempSync(join(tmpdir(), 'pettorale-frame-words-'))
    writeFileSync(join(dist, 'index.html'), built)
    const plugin = frameWords()
    const configResolved = plugin.configResolved as (config: ResolvedConfig) => void
    configResolved({ root: process.cwd(), command: 'build', build: { outDir: dist } } as ResolvedConfig)
    ;(plugin.writeBundle as () => void)()

    expect(readdirSync(dist).sort()).toEqual(['index.html', ...LOCALES.map(localeHtmlName)].sort())
    for (const locale of LOCALES) {
      expect(readFileSync(join(dist, localeHtmlName(locale)), 'utf8')).toBe(frameHtml(built, locale, frameCatalog(locale)))
    }
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe(readFileSync(join(dist, 'index.it.html'), 'utf8'))
    expect(readFileSync(join(dist, 'index.ja.html'), 'utf8')).toContain('<h1>トレイルレース</h1>')
  })
})
