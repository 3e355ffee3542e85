import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { describe, expect, it } from 'vitest'
import { activateLocale, i18n, loadPartCatalog } from './i18n'
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
