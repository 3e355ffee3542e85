import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '../../contracts/locale'
import { activateLocale, i18n, loadPartCatalog } from './i18n'
import queueCatalog from './catalogs/queue'

/** A compiled message: text, `[name]` placeholders and `[name, 'plural', { one: ..., other: ... }]` nodes. */
type Node = string | [string, ...unknown[]]

interface PluralMessage {
  id: string
  argument: string
  categories: string[]
}

const DAY = 'day'

/** The messages of the active catalog with a plural in them (days, hours, minutes, points, participants...). */
function pluralMessages(messages: Record<string, unknown>): PluralMessage[] {
  const found: PluralMessage[] = []
  const visit = (id: string, node: unknown) => {
    if (!Array.isArray(node)) return
    if (typeof node[0] === 'string' && node[1] === 'plural' && typeof node[2] === 'object' && node[2] !== null) {
      // `day`, the day of the month a date shows, picks an article, not a count (decision 032).
      if (node[0] !== DAY) found.push({ id, argument: node[0], categories: Object.keys(node[2]) })
      else for (const branch of Object.values(node[2] as Record<string, unknown>)) visit(id, branch)
      return
    }
    for (const child of node as Node[]) visit(id, child)
  }
  for (const [id, compiled] of Object.entries(messages)) visit(id, compiled)
  return found
}

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 20_000]
const digits = (text: string) => text.replace(/[^\d]/g, '')

async function catalog(locale: Locale) {
  await activateLocale(locale)
  // With the words of the parts that have a catalog of their own (the waiting room's).
  await loadPartCatalog(queueCatalog)
  return pluralMessages(i18n.messages as Record<string, unknown>)
}

describe('plural messages in every locale', () => {
  it('the English catalog has the plurals the portal counts with', async () => {
    const english = await catalog('en')
    // Days, hours and minutes to opening, hours left, points, participants...: at least these.
    expect(english.length).toBeGreaterThanOrEqual(6)
  })

  it.each(LOCALES)('%s: every plural has the forms its language needs and shows the number', async (locale) => {
    const messages = await catalog(locale)
    const rules = new Intl.PluralRules(locale)
    for (const message of messages) {
      expect(message.categories, message.id).toContain('other')
      for (const count of COUNTS) {
        const text = i18n._(message.id, { [message.argument]: count })
        expect(text, `${locale} ${message.id} with ${String(count)}`).not.toMatch(/[{}]|plural/)
        expect(digits(text), `${locale} ${message.id} with ${String(count)}: ${text}`).toContain(String(count))
        const category = rules.select(count)
        if (category !== 'other' && category !== 'many') {
          expect(message.categories, `${locale} needs "${category}" for ${String(count)} in ${message.id}`).toContain(category)
        }
      }
    }
  })

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s: plurals are translated, not English', async (locale) => {
    const english = new Map<string, string>()
    for (const message of await catalog('en')) english.set(message.id, i18n._(message.id, { [message.argument]: 2 }))
    for (const message of await catalog(locale)) {
      expect(i18n._(message.id, { [message.argument]: 2 }), `${locale} ${message.id}`).not.toBe(english.get(message.id))
    }
  })

  it('one and many read differently where the language distinguishes them (en, it, es, fr)', async () => {
    for (const locale of ['en', 'it', 'es', 'fr'] as const) {
      for (const message of await catalog(locale)) {
        const one = i18n._(message.id, { [message.argument]: 1 })
        const two = i18n._(message.id, { [message.argument]: 2 })
        expect(one.replace('1', '#'), `${locale} ${message.id}`).not.toBe(two.replace('2', '#'))
      }
    }
  })

  it('French counts zero in the singular, English in the plural', async () => {
    await activateLocale('fr')
    const fr = pluralMessages(i18n.messages as Record<string, unknown>)[0]!
    expect(i18n._(fr.id, { [fr.argument]: 0 }).replace('0', '#')).toBe(i18n._(fr.id, { [fr.argument]: 1 }).replace('1', '#'))
    await activateLocale('en')
    const en = pluralMessages(i18n.messages as Record<string, unknown>)[0]!
    expect(i18n._(en.id, { [en.argument]: 0 }).replace('0', '#')).toBe(i18n._(en.id, { [en.argument]: 2 }).replace('2', '#'))
  })

  it("Italian elides the article before a date on the 8th and the 11th, and only then", async () => {
    await activateLocale('it')
    const dayMessages = Object.entries(i18n.messages as Record<string, unknown>).filter(([, compiled]) => JSON.stringify(compiled).includes(`["${DAY}","plural"`))
    expect(dayMessages.length).toBeGreaterThanOrEqual(10)
    for (const [id, compiled] of dayMessages) {
      // Every argument a date, as its formatter writes it on that day.
      const names = [...new Set([...JSON.stringify(compiled).matchAll(/\["(\w+)"\]/g)].map((match) => match[1]!))]
      const on = (day: number) => i18n._(id, Object.fromEntries([...names.map((name) => [name, `${String(day)} ott 2026`]), [DAY, day]]))
      for (const day of [8, 11]) expect(on(day), `${id} on the ${String(day)}th`).not.toMatch(/\b(il|al|dal|del|nel) (8|11) ott/)
      for (const day of [9, 10]) expect(on(day), `${id} on the ${String(day)}th`).not.toMatch(/l'(9|10) ott/)
    }
  })
})
