import { readFileSync } from 'node:fs'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOCALES, type Locale } from '../../contracts/locale'
import * as races from '../../contracts/races.contract'
import { server, TEST_API_BASE } from '../../mocks/node'
import '../../tests/setup/mock-backend'
import { calendarDayInRome } from '../../contracts/time'
import { SEED_RACE_IDS } from '../../mocks/seed/races'
import { completedYears } from '../../machines/rules/race-day'
import { frameCatalog, frameHtml, frameValues } from '../../scripts/frame-words-plugin'
import { raceAnswerElement, raceAnswerPath, raceOfPage } from '../../scripts/host-race-answer'
import { routes } from '../app/routes'
import { FOUNDED_ON } from '../features/company/founded'
import { callApi } from './api-client'
import { formatDate, RACE_ZONE } from './format'
import { activateLocale, i18n, LOCALE_NAMES, LOCALE_STORAGE_KEY } from './i18n'

/** index.html's inline script, run as the browser runs it before painting the body. */
const script = readFileSync('src/first-paint.js', 'utf8')

/** index.html as the host serves it in `locale` (the build's copy for that locale, built `builtAt`), its body in the document. */
function serveFrame(locale: Locale, builtAt = Date.now()) {
  const html = frameHtml(readFileSync('index.html', 'utf8'), locale, frameCatalog(locale), frameValues(locale, builtAt))
  document.documentElement.lang = locale
  // The frame; not the app's module script that follows it.
  document.body.innerHTML = /<div id="root">[\s\S]*<\/div>(?=\s*<script)/.exec(html)![0]
}

/** Opens `path` with the HTML in `locale` and the athlete's stored choice, as the browser runs the script before painting. */
function openAt(path: string, locale: Locale, stored: string | null, builtAt?: number) {
  window.history.replaceState(null, '', path)
  serveFrame(locale, builtAt)
  if (stored === null) localStorage.removeItem(LOCALE_STORAGE_KEY)
  else localStorage.setItem(LOCALE_STORAGE_KEY, stored)
  root.removeAttribute('data-frame-words')
  root.removeAttribute('data-frame-lang')
  new Function(script)()
  const shown = (selector: string) => [...document.querySelectorAll(`.boot-words ${selector}`)].map((element) => element.textContent)
  return { words: root.getAttribute('data-frame-words'), lang: root.getAttribute('data-frame-lang'), h1: shown('h1'), p: shown('p') }
}

/** A message as the app renders it in `locale`. */
async function rendered(locale: Locale, source: string, values?: Record<string, unknown>): Promise<string> {
  await activateLocale(locale)
  return i18n._(generateMessageId(source), values)
}

const root = document.documentElement

afterEach(() => {
  localStorage.clear()
  root.lang = 'it'
})

describe("the frame's words show in the language of the HTML the host chose, when it is the athlete's", () => {
  it('reads the same storage key as the app', () => {
    expect(script).toContain(`'${LOCALE_STORAGE_KEY}'`)
  })

  it("a first visit to the home page shows the header's and the page's words, in every locale, as the app renders them", async () => {
    for (const locale of LOCALES) {
      const frame = openAt('/', locale, null)
      expect(frame).toEqual({
        words: locale,
        lang: locale,
        h1: [await rendered(locale, 'Trail races')],
        p: [await rendered(locale, 'Mountain races for every runner, from your first trail to the 330 km.')],
      })
      expect(document.querySelector('.boot-button')?.textContent).toBe(await rendered(locale, 'Log in'))
    }
  })

  it('an athlete who chose the HTML\'s language sees them; one who chose another (before the host knew) sees none', () => {
    expect(openAt('/', 'ja', 'ja')).toMatchObject({ words: 'ja', lang: 'ja' })
    for (const other of ['it', 'en', 'pseudo', 'garbage']) expect(openAt('/', 'ja', other)).toMatchObject({ words: null, lang: null })
  })

  it("every other public page shows its own heading and lead, from its path's template, in the HTML's language", async () => {
    const pages: Array<[path: string, h1: string, p?: string]> = [
      ['/race/210/subscribers', 'Entry list'],
      ['/race/7/ranking', 'Race results'],
      ['/contacts', 'Contacts', 'Questions about a race, your enrolment or a payment? Write or call us.'],
      [
        '/register',
        'Create your account',
        'An account lets you enrol in races and keep your medical certificate in one place. After confirming your e-mail you complete your profile.',
      ],
    ]
    for (const locale of ['en', 'fr', 'ja'] as const) {
      for (const [path, h1, p] of pages) {
        expect(openAt(path, locale, null)).toEqual({
          words: locale,
          lang: locale,
          h1: [await rendered(locale, h1)],
          p: p ? [await rendered(locale, p)] : [],
        })
      }
    }
  })

  it("the company page's frame tells its story as the app does, its years counted as of today in Rome even from a build made years before", async () => {
    const years = completedYears(FOUNDED_ON, calendarDayInRome(Date.now()))
    const story = [
      'We are a non-profit outdoor sports club. It all began on {founded} with a race of a few dozen friends around the lakes above Cogne; today we organise trail races in the mountains of the Aosta Valley every season, from entry-level experience races to the 330 km flagship.',
      'Our races are run by volunteers, with the support of the local mountain communities, rescue services and mountain huts. Every euro of the entry fees goes back into the races: marking and clearing the paths, aid stations, safety on the course.',
      'Experience races are where most of our runners start. Completing the qualifying ones earns a PAX: the right to enter the 330 km directly, without its lottery.',
    ]
    for (const locale of ['en', 'fr', 'ja'] as const) {
      const founded = formatDate(locale, FOUNDED_ON)
      const lead = await rendered(locale, '{years, plural, one {Over # year of trail races in the Aosta Valley.} other {Over # years of trail races in the Aosta Valley.}}', { years })
      const paragraphs = [lead, ...(await Promise.all(story.map((source) => rendered(locale, source, { founded }))))]
      const links = `${await rendered(locale, 'See the races')}${await rendered(locale, 'Contact us')}`
      for (const builtAt of [Date.now(), Date.parse('2020-01-01T12:00:00Z')]) {
        expect(openAt('/company', locale, null, builtAt)).toEqual({ words: locale, lang: locale, h1: [await rendered(locale, 'About us')], p: [...paragraphs, links] })
      }
    }
    expect(years).toBeGreaterThan(12)
  })

  it("a page without words of its own shows the header's only; a race's page waits for the race's name", () => {
    expect(openAt('/me', 'en', null)).toMatchObject({ words: null, lang: 'en' })
    expect(openAt('/race/202', 'en', null)).toMatchObject({ words: null, lang: 'en' })
    expect(openAt('/contacts/more', 'en', null)).toMatchObject({ words: null, lang: 'en' })
  })

  it("the frame's language list is the switcher's, with the HTML's language chosen", () => {
    openAt('/', 'ko', null)
    const options = [...document.querySelectorAll<HTMLOptionElement>('.boot-language option')]
    expect(options.map((option) => [option.lang, option.textContent])).toEqual(LOCALES.map((locale) => [locale, LOCALE_NAMES[locale]]))
    expect(options.filter((option) => option.hasAttribute('selected')).map((option) => option.lang)).toEqual(['ko'])
  })

  it("each template's path is a route of the app, before any route that would take it", () => {
    const paths = [...document.querySelectorAll<HTMLTemplateElement>('.boot template[data-path]')].map((template) => template.dataset.path)
    expect(paths).toHaveLength(6)
    for (const path of paths) {
      const route = routes.find((candidate) => new RegExp(`^${candidate.path.replace(/:\w+/g, '[^/]+')}$`).test(path!.replace(/:\w+/g, '1')))
      expect(route?.path).toBe(path)
    }
  })
})

describe("a race's page asks for the race before the app's code, and the app takes that answer", () => {
  function landOnRace(path: string, api: string | null) {
    window.history.replaceState(null, '', path)
    document.body.innerHTML = '<div class="boot-words" lang="it"><h1>Gare trail</h1><p>Corse in montagna</p></div>'
    root.removeAttribute('data-frame-words')
    if (api === null) root.removeAttribute('data-api')
    else root.setAttribute('data-api', api)
    new Function(script)()
  }

  afterEach(() => {
    root.removeAttribute('data-api')
    window.pettoraleEarlyAnswer = undefined
    document.head.querySelector('meta[name="pettorale-race-answer"]')?.remove()
  })

  /** The page as the host writes a race's answer into it (scripts/host-race-answer.ts): `body` as the API gave it. */
  function writtenByHost(locale: Locale, body: string) {
    document.head.insertAdjacentHTML('beforeend', raceAnswerElement(locale, body))
  }

  /** Every request the simulated backend receives while `run` runs. */
  async function requestsDuring(run: () => Promise<void>): Promise<string[]> {
    const asked: string[] = []
    const count = ({ request }: { request: Request }) => void asked.push(request.url)
    server.events.on('request:start', count)
    try {
      await run()
    } finally {
      server.events.removeListener('request:start', count)
    }
    return asked
  }

  it("shows the race's name and place in the frame, and the client asks the backend only once", async () => {
    const asked: string[] = []
    const count = ({ request }: { request: Request }) => void asked.push(request.url)
    server.events.on('request:start', count)
    try {
      landOnRace('/race/202', TEST_API_BASE)
      await vi.waitFor(() => expect(root.getAttribute('data-frame-words')).toBe('race'))
      expect(document.querySelector('.boot-words h1')?.textContent).toBe('Sentiero dei Larici 25K 2026')
      expect(document.querySelector('.boot-words p')?.textContent).toBe('La Thuile')

      const race = await callApi(races.get, { params: { id: 202 }, query: { lingua: 'it' } })
      expect(race.ok && race.data.nome).toBe('Sentiero dei Larici 25K')
      expect(asked).toEqual([`${TEST_API_BASE}/api/v1/vdatrailers/gare/202?lingua=it`])

      // Taken once: the next call for the same race asks again.
      await callApi(races.get, { params: { id: 202 }, query: { lingua: 'it' } })
      expect(asked).toHaveLength(2)
    } finally {
      server.events.removeListener('request:start', count)
    }
  })

  it("asks in the language the app will start in: the one chosen before, else the HTML's", () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}))
    try {
      for (const locale of LOCALES) {
        localStorage.setItem(LOCALE_STORAGE_KEY, locale)
        landOnRace('/race/202', TEST_API_BASE)
        expect(window.pettoraleEarlyAnswer?.url).toBe(`${TEST_API_BASE}/api/v1/vdatrailers/gare/202?lingua=${locale}`)
      }
      localStorage.removeItem(LOCALE_STORAGE_KEY)
      for (const locale of LOCALES) {
        root.lang = locale
        landOnRace('/race/202', TEST_API_BASE)
        expect(window.pettoraleEarlyAnswer?.url).toBe(`${TEST_API_BASE}/api/v1/vdatrailers/gare/202?lingua=${locale}`)
      }
    } finally {
      localStorage.removeItem(LOCALE_STORAGE_KEY)
      fetchSpy.mockRestore()
    }
  })

  it('an early request that failed is asked again by the client', async () => {
    const fetchOnce = vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'))
    landOnRace('/race/202', TEST_API_BASE)
    const race = await callApi(races.get, { params: { id: 202 }, query: { lingua: 'it' } })
    expect(race.ok).toBe(true)
    expect(fetchOnce).toHaveBeenCalledTimes(2)
    expect(root.hasAttribute('data-frame-words')).toBe(false)
  })

  it("on a race's lists, puts the race's name in the line under the page's heading, and shows that line only then", async () => {
    root.lang = 'it'
    root.removeAttribute('data-frame-race')
    for (const [path, heading] of [
      ['/race/202/subscribers', 'Elenco iscritti'],
      ['/race/202/ranking', 'Classifica'],
    ] as const) {
      window.history.replaceState(null, '', path)
      document.body.innerHTML =
        '<div class="boot"><div class="boot-words"><h1>Gare trail</h1></div>' +
        `<template data-path="${path.replace('202', ':id')}"><h1>${heading}</h1><div class="boot-race-links"><span class="boot-race-name"></span><span>Risultati</span></div></template></div>`
      root.setAttribute('data-api', TEST_API_BASE)
      new Function(script)()
      await vi.waitFor(() => expect(root.hasAttribute('data-frame-race')).toBe(true))
      expect(document.querySelector('.boot-words h1')?.textContent).toBe(heading)
      expect(document.querySelector('.boot-words .boot-race-name')?.textContent).toBe('Sentiero dei Larici 25K 2026')
      expect(window.pettoraleEarlyAnswer?.url).toBe(`${TEST_API_BASE}/api/v1/vdatrailers/gare/202?lingua=it`)
      root.removeAttribute('data-frame-race')
    }
  })

  it("in the wizard, names the race in the page's heading where the race alone decides the heading, and shows it only then", async () => {
    root.lang = 'ja'
    const wizardPage = (id: number) => {
      root.removeAttribute('data-frame-race')
      window.history.replaceState(null, '', `/race/${String(id)}/subscribe`)
      document.body.innerHTML =
        '<div class="boot"><div class="boot-words"><h1>トレイルレース</h1></div>' +
        '<template data-path="/race/:id/subscribe"><h1 class="boot-race-title"><span class="boot-race-name"></span> にエントリー</h1></template></div>'
      root.setAttribute('data-api', TEST_API_BASE)
      new Function(script)()
    }
    wizardPage(SEED_RACE_IDS.open)
    await vi.waitFor(() => expect(root.hasAttribute('data-frame-race')).toBe(true))
    expect(document.querySelector('.boot-words h1')?.textContent).toBe('Sentiero dei Larici 25K 2026 にエントリー')
    expect(window.pettoraleEarlyAnswer?.url).toBe(`${TEST_API_BASE}/api/v1/vdatrailers/gare/202?lingua=ja`)

    // The flagship's entrants apply to its lottery, or enter directly with a PAX: the app says which.
    // Once its race is in, the frame loads the app's code (its preloads first): the frame has had its say.
    root.dataset.preload = '/assets/app.js'
    try {
      wizardPage(SEED_RACE_IDS.flagship)
      const flagship = await window.pettoraleEarlyAnswer!.answer
      expect(((await flagship.clone().json()) as { ammissione: string }).ammissione).toBe('lotteria')
      await vi.waitFor(() => expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/app.js"]')).not.toBeNull())
      expect(root.hasAttribute('data-frame-race')).toBe(false)
      expect(document.querySelector('.boot-words .boot-race-name')?.textContent).toBe('')
    } finally {
      delete root.dataset.preload
      for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove()
    }
  })

  it('takes the race the host wrote into the page, paints its name with the page, and nobody asks for it again', async () => {
    const body = await (await fetch(`${TEST_API_BASE}${raceAnswerPath(202, 'it')}`)).text()
    writtenByHost('it', body)
    const asked = await requestsDuring(async () => {
      landOnRace('/race/202', TEST_API_BASE)
      await vi.waitFor(() => expect(root.getAttribute('data-frame-words')).toBe('race'))
      expect(document.querySelector('.boot-words h1')?.textContent).toBe('Sentiero dei Larici 25K 2026')
      const race = await callApi(races.get, { params: { id: 202 }, query: { lingua: 'it' } })
      expect(race.ok && race.data.nome).toBe('Sentiero dei Larici 25K')
    })
    expect(asked).toEqual([])
  })

  it('asks for the race when what the host wrote is in another language, is not a race, or is not JSON', async () => {
    const english = await (await fetch(`${TEST_API_BASE}${raceAnswerPath(202, 'en')}`)).text()
    const missing = await (await fetch(`${TEST_API_BASE}${raceAnswerPath(999_999, 'it')}`)).text()
    for (const [locale, body] of [
      ['en', english],
      ['it', missing],
      ['it', '<html>502 Bad Gateway</html>'],
    ] as const) {
      writtenByHost(locale, body)
      const asked = await requestsDuring(async () => {
        landOnRace('/race/202', TEST_API_BASE)
        await vi.waitFor(() => expect(root.getAttribute('data-frame-words')).toBe('race'))
        await callApi(races.get, { params: { id: 202 }, query: { lingua: 'it' } })
      })
      expect(asked, body).toEqual([`${TEST_API_BASE}${raceAnswerPath(202, 'it')}`])
      document.head.querySelector('meta[name="pettorale-race-answer"]')!.remove()
    }
  })

  it("asks early on exactly the pages whose race the hosts write into them", () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}))
    try {
      for (const path of ['/race/202', '/race/202/subscribers', '/race/202/ranking', '/race/202/subscribe', '/race/202/lottery', '/race/x', '/race/1234567890', '/race/202/']) {
        window.pettoraleEarlyAnswer = undefined
        landOnRace(path, TEST_API_BASE)
        expect(window.pettoraleEarlyAnswer !== undefined, path).toBe(raceOfPage(path) !== null)
      }
    } finally {
      fetchSpy.mockRestore()
    }
  })

  it('asks nothing early with the simulated backend, or on another page', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    landOnRace('/race/202', null)
    landOnRace('/race/202/lottery', TEST_API_BASE)
    landOnRace('/', TEST_API_BASE)
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(window.pettoraleEarlyAnswer).toBeUndefined()
  })
})

describe("the app's first dates and prices do not wait for ICU's data (decision 047)", () => {
  const warmUp = readFileSync('public/intl-warm.js', 'utf8')

  afterEach(() => {
    vi.unstubAllGlobals()
    delete root.dataset.preload
    for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove()
  })

  /** Opens the home page in `locale` with `Worker` as given, and waits until the app's code is asked for. */
  async function openHome(locale: Locale, worker: unknown) {
    vi.stubGlobal('Worker', worker)
    root.dataset.preload = '/assets/app.js'
    openAt('/', locale, null)
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/app.js"]')).not.toBeNull())
  }

  it('starts the warm-up worker, named by the page’s language, when the app’s code is asked for', async () => {
    for (const locale of ['ja', 'en'] as const) {
      const started: unknown[][] = []
      await openHome(
        locale,
        class {
          constructor(...args: unknown[]) {
            started.push(args)
          }
        },
      )
      // (Scripts of the tests before may load their app's code meanwhile: each starts its own worker.)
      expect(started).toContainEqual(['/intl-warm.js', { name: locale }])
      for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove()
    }
  })

  it('still loads the app when the browser refuses the worker', async () => {
    await openHome('it', function refused() {
      throw new DOMException('refused by the policy', 'SecurityError')
    })
    expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/app.js"]')).not.toBeNull()
  })

  it('the worker makes a date, a price and a plural in every language, then ends itself', () => {
    for (const locale of LOCALES) {
      const close = vi.fn()
      const formats = vi.spyOn(Intl, 'DateTimeFormat')
      new Function('self', 'close', warmUp)({ name: locale }, close)
      expect(formats).toHaveBeenCalledWith(locale, expect.objectContaining({ timeZone: RACE_ZONE }))
      expect(close).toHaveBeenCalledOnce()
      formats.mockRestore()
    }
  })
})
