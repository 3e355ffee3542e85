import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLocale, i18n, initialLocale, loadPartCatalog, LOCALE_STORAGE_KEY } from './i18n'
import queueCatalog from './catalogs/queue'

// A message of the waiting room's own catalog (locales/*/queue.po), by its id: a macro here would
// put it in the portal's catalog too.
const ROOM = generateMessageId('Your place in line')

describe("a part's own catalog", () => {
  it('is not in a locale until the part is shown, then comes with every locale activated after', async () => {
    await activateLocale('it')
    expect(i18n.messages[ROOM]).toBeUndefined()

    await loadPartCatalog(queueCatalog)
    expect(i18n._(ROOM)).toBe('Il tuo posto in fila')

    await activateLocale('fr')
    expect(i18n._(ROOM)).toBe('Votre place dans la file')
  })
})

describe('the language the app starts in (decision 040)', () => {
  afterEach(() => {
    localStorage.clear()
    document.documentElement.lang = 'it'
  })

  it("is the athlete's choice, else the page's the host chose, else Italian", () => {
    document.documentElement.lang = 'ja'
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr')
    expect(initialLocale()).toBe('fr')
    localStorage.removeItem(LOCALE_STORAGE_KEY)
    expect(initialLocale()).toBe('ja')
    localStorage.setItem(LOCALE_STORAGE_KEY, 'klingon')
    expect(initialLocale()).toBe('ja')
    document.documentElement.lang = 'de'
    expect(initialLocale()).toBe('it')
  })

  it('is kept in a cookie of the same name for the host, on every change and start', async () => {
    await activateLocale('ko')
    expect(document.cookie).toContain(`${LOCALE_STORAGE_KEY}=ko`)
    await activateLocale('en')
    expect(document.cookie).toContain(`${LOCALE_STORAGE_KEY}=en`)
    expect(document.cookie).not.toContain(`${LOCALE_STORAGE_KEY}=ko`)
  })
})
