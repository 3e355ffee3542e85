import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
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
