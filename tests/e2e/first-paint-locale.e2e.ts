import { rmSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { Locale } from '../../contracts/locale'
import { startMockServer, type MockServer } from '../../mocks/http-server'
import { SEED_RACE_IDS } from '../../mocks/seed'
import { frameCatalog } from '../../scripts/frame-words-plugin'
import { realBuildCopy } from '../../scripts/test-builds'
import { expect, test } from './fixtures'

/**
 * Issue 24 point 1, decision 040: the host serves the HTML in the athlete's language, chosen by the
 * cookie the app wrote (a returning athlete) or the browser's Accept-Language (a new one). Before
 * the app's code runs, each public page's frame already shows the app's header and the page's
 * heading in that language; when React takes over the heading is the same, in the same place, and
 * nothing has shifted. The build for a real backend, served as production serves it.
 */

/** A public page, and the English source of its heading (none: a race's own name, in no language). */
const PAGES: Array<[path: string, heading: string | null]> = [
  ['/', 'Trail races'],
  [`/race/${String(SEED_RACE_IDS.open)}`, null],
  [`/race/${String(SEED_RACE_IDS.open)}/subscribers`, 'Entry list'],
  [`/race/${String(SEED_RACE_IDS.pastWithRanking)}/ranking`, 'Race results'],
  ['/company', 'About us'],
  ['/contacts', 'Contacts'],
  ['/register', 'Create your account'],
]

const ATHLETES: Array<{ locale: Locale; returning: boolean; width: number }> = [
  { locale: 'en', returning: true, width: 360 },
  { locale: 'en', returning: false, width: 1280 },
  { locale: 'ja', returning: true, width: 1280 },
  { locale: 'ja', returning: false, width: 360 },
  { locale: 'fr', returning: true, width: 360 },
  { locale: 'fr', returning: false, width: 1280 },
]

/**
 * Layout shifts (none made by input) that moved what the first paint showed: the frame, the app's
 * header or its heading. The page's own content arriving later is the bench's to measure.
 */
function watchShifts(page: Page) {
  return page.addInitScript(() => {
    const shifts: string[] = []
    Object.assign(window, { layoutShifts: shifts })
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> }
    const box = ({ x, y, width, height }: DOMRectReadOnly) => `${String(x)},${String(y)} ${String(width)}x${String(height)}`
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue
        for (const { node, previousRect, currentRect } of entry.sources) {
          const element = node instanceof Element ? node : node?.parentElement
          // Where and when it moved, so a shift seen once on a busy machine says what moved it.
          const how = `from ${box(previousRect)} to ${box(currentRect)} at ${String(Math.round(entry.startTime))} ms (root: ${String(document.getElementById('root')?.firstElementChild?.className)})`
          if (element?.closest('.boot, header, h1')) shifts.push(`${element.outerHTML.slice(0, 80)} by ${String(entry.value)} ${how}`)
        }
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** The words and boxes of the paragraphs `selector` finds, in order. */
function paragraphs(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((found) =>
    found.map((paragraph) => {
      const { x, y, width, height } = paragraph.getBoundingClientRect()
      return { words: paragraph.textContent, x, y, width, height }
    }),
  )
}

test.describe("the first paint in the athlete's language, on every public page", () => {
  test.describe.configure({ mode: 'serial' })
  let dist: string
  let server: MockServer

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    dist = await realBuildCopy('pettorale-first-paint-')
    server = await startMockServer({ port: 0, dist, log: { info: () => {}, error: console.error } })
  })

  test.afterAll(async () => {
    await server.close()
    rmSync(dist, { recursive: true, force: true })
  })

  for (const { locale, returning, width } of ATHLETES) {
    const who = returning ? `a returning athlete who chose ${locale} (cookie)` : `a new athlete whose browser asks for ${locale}`
    test(`${who}, at ${String(width)} px: the frame in their words, the same heading in the same place once React runs`, async ({ page, context }) => {
      test.setTimeout(150_000)
      await page.setViewportSize({ width, height: 800 })
      if (returning) {
        await context.addCookies([{ name: 'pettorale.locale', value: locale, url: server.url }])
        await page.addInitScript((chosen) => localStorage.setItem('pettorale.locale', chosen), locale)
      } else {
        await page.addInitScript(() => localStorage.removeItem('pettorale.locale'))
      }
      // The browser's languages, on the page's request (Chromium keeps its own on navigations):
      // Italian for the returning athlete, whose stored choice wins.
      const acceptLanguage = returning ? 'it-IT,it;q=0.9' : `de-CH, ${locale}-XX;q=0.8, it;q=0.5`
      await page.route(
        (url) => url.origin === server.url,
        (route) =>
          route.request().resourceType() === 'document'
            ? route.continue({ headers: { ...route.request().headers(), 'accept-language': acceptLanguage } })
            : route.fallback(),
      )
      await watchShifts(page)
      const catalog = frameCatalog(locale)
      const words = (source: string) => catalog.get(source)!

      for (const [path, heading] of PAGES) {
        // The app's code held back: what the athlete sees meanwhile is what the host sent.
        let release = () => {}
        const held = new Promise<void>((resolve) => (release = resolve))
        await page.route('**/assets/index-*.js', async (route) => {
          await held
          await route.continue()
        })
        // A new athlete stays new on every page: the cookie the app wrote on the last one is gone.
        if (!returning) await context.clearCookies()
        const response = await page.goto(`${server.url}${path}`)
        expect(response?.headers()['content-language']).toBe(locale)
        if (path === '/') expect(await response?.text()).toContain(`<h1>${words('Trail races')}</h1>`)

        const frame = page.locator('.boot-words h1')
        if (heading) await expect(frame).toHaveText(words(heading))
        else await expect(frame).toHaveText('Sentiero dei Larici 25K 2026')
        await expect(frame).toBeVisible()
        await expect(page.locator('.boot-button')).toHaveText(words('Log in'))
        await expect(page.locator('.boot-button')).toBeVisible()
        const frameHeading = await frame.boundingBox()
        const frameHeader = await page.locator('.boot-header').boundingBox()
        const frameParagraphs = await paragraphs(page, '.boot-words p')

        release()
        const title = page.getByRole('heading', { level: 1 })
        // A busy machine (the build's other suites) can take long to start the app: the wait is not the point.
        await expect(title).toHaveText((await frame.textContent())!, { timeout: 20_000 })
        await expect(page.locator('.boot')).toHaveCount(0)
        await expect(page.getByRole('banner').getByRole('button', { name: words('Log in') })).toBeVisible()
        expect(await page.getByRole('banner').boundingBox(), `${path}: the header's box`).toEqual(frameHeader)
        expect(await title.boundingBox(), `${path}: the heading's box`).toEqual(frameHeading)
        // The frame's paragraphs (a lead, the company's story) are the app's first ones, word for
        // word and box for box; a race's lead in the frame is its place, which the app follows
        // with the start's day on the same line.
        const appParagraphs = (await paragraphs(page, 'main p')).slice(0, frameParagraphs.length)
        if (heading) expect(appParagraphs, `${path}: the paragraphs`).toEqual(frameParagraphs)
        else {
          expect(appParagraphs.map(({ x, y }) => ({ x, y })), `${path}: the paragraphs' places`).toEqual(frameParagraphs.map(({ x, y }) => ({ x, y })))
          for (const [index, { words }] of frameParagraphs.entries()) expect(appParagraphs[index]!.words).toContain(words!)
        }
        expect(await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts), `${path}: layout shifts`).toEqual([])
        await page.unroute('**/assets/index-*.js')
      }
      // The app runs in the HTML's language, and keeps it for the host's next answer.
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByRole('banner').getByRole('combobox', { name: words('Language') })).toHaveValue(locale)
      expect((await context.cookies(server.url)).find((cookie) => cookie.name === 'pettorale.locale')?.value).toBe(locale)
    })
  }
})
