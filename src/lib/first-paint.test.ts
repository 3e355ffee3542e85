import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOCALES } from '../../contracts/locale'
import * as races from '../../contracts/races.contract'
import { server, TEST_API_BASE } from '../../mocks/node'
import '../../tests/setup/mock-backend'
import { callApi } from './api-client'
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY } from './i18n'

/** index.html's blocking script, run as the browser runs it before painting the body. */
const script = readFileSync('public/first-paint.js', 'utf8')

function openAt(path: string, stored: string | null): boolean {
  window.history.replaceState(null, '', path)
  if (stored === null) localStorage.removeItem(LOCALE_STORAGE_KEY)
  else localStorage.setItem(LOCALE_STORAGE_KEY, stored)
  document.documentElement.removeAttribute('data-frame-words')
  new Function(script)()
  return document.documentElement.getAttribute('data-frame-words') === 'it'
}

afterEach(() => localStorage.clear())

describe("the frame's Italian words show only when surely the athlete's language", () => {
  it('reads the same storage key and default as the app', () => {
    expect(script).toContain(`'${LOCALE_STORAGE_KEY}'`)
    expect(DEFAULT_LOCALE).toBe('it')
  })

  it('a first visit to the home page (Italian by default) shows them', () => {
    expect(openAt('/', null)).toBe(true)
  })

  it('an athlete who chose Italian sees them; one who chose another language does not', () => {
    expect(openAt('/', 'it')).toBe(true)
    for (const other of ['en', 'ja', 'pseudo', 'garbage']) expect(openAt('/', other)).toBe(false)
  })

  it('another page never shows the home page words', () => {
    expect(openAt('/contacts', null)).toBe(false)
    expect(openAt('/me', 'it')).toBe(false)
  })
})

describe("a race's page asks for the race before the app's code, and the app takes that answer", () => {
  const root = document.documentElement

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
  })

  it("shows the race's name and place in the frame, and the client asks the backend only once", async () => {
    const asked: string[] = []
    const count = ({ request }: { request: Request }) => void asked.push(request.url)
    server.events.on('request:start', count)
    try {
      landOnRace('/race/202', TEST_API_BASE)
      await vi.waitFor(() => expect(root.getAttribute('data-frame-words')).toBe('race'))
      expect(document.querySelector('.boot-words h1')?.textContent).toBe('Sentiero dei Larici 25K 2026')
      expect(document.querySelector('.boot-words p')?.textContent).toBe('La Thuile')
      expect(document.querySelector('.boot-words')?.hasAttribute('lang')).toBe(false)

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

  it('asks in the language chosen before, as the app will, and in Italian when none is', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}))
    try {
      for (const locale of LOCALES) {
        localStorage.setItem(LOCALE_STORAGE_KEY, locale)
        landOnRace('/race/202', TEST_API_BASE)
        expect(window.pettoraleEarlyAnswer?.url).toBe(`${TEST_API_BASE}/api/v1/vdatrailers/gare/202?lingua=${locale}`)
      }
      localStorage.removeItem(LOCALE_STORAGE_KEY)
      landOnRace('/race/202', TEST_API_BASE)
      expect(window.pettoraleEarlyAnswer?.url).toBe(`${TEST_API_BASE}/api/v1/vdatrailers/gare/202?lingua=it`)
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

  it('asks nothing early with the simulated backend, or on another page', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    landOnRace('/race/202', null)
    landOnRace('/race/202/subscribers', TEST_API_BASE)
    landOnRace('/', TEST_API_BASE)
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(window.pettoraleEarlyAnswer).toBeUndefined()
  })
})
