/**
 * Lighthouse through its Node API on one Chrome kept open for the whole bench: launching Chrome for
 * each run (the CLI) cost seconds a run, about a minute over the table's runs on this machine.
 * Each run gets an incognito context of its own, so no cookie or storage of one run reaches the next;
 * Lighthouse clears the HTTP cache itself before navigating.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Lighthouse is installed on its own (`npm --prefix bench ci`), with the Chrome launcher and Puppeteer it uses. */
const LIGHTHOUSE = join(process.cwd(), 'bench/node_modules/lighthouse/core/index.js')

export interface LighthouseFigures {
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
}

export interface LighthouseRun {
  /** Sent as the `pettorale.locale` cookie and `Accept-Language`, the way an athlete's browser chooses. */
  locale: string
  /** Script source run before the page's own in every document (a session in localStorage). */
  initScript?: string
}

export interface Lighthouse {
  run: (url: string, options: LighthouseRun) => Promise<LighthouseFigures>
  close: () => Promise<void>
}

/** The few calls of Puppeteer's and Lighthouse's APIs used here (their types live in bench/node_modules). */
interface PuppeteerPage {
  evaluateOnNewDocument: (source: string) => Promise<unknown>
}
interface PuppeteerBrowser {
  createBrowserContext: () => Promise<{ newPage: () => Promise<PuppeteerPage>; close: () => Promise<void> }>
  disconnect: () => Promise<void>
}
interface LighthouseResult {
  lhr: {
    runtimeError?: { code: string; message: string }
    categories: { performance: { score: number | null } }
    audits: Record<string, { numericValue?: number }>
  }
}
type LighthouseApi = (url: string, flags: Record<string, unknown>, config: undefined, page: PuppeteerPage) => Promise<LighthouseResult | undefined>

/**
 * The five metrics the performance score weighs, and no other audit: the score is the same (every
 * other audit of the category weighs 0), and Lighthouse skips the gatherers only other audits need
 * (the page's elements, and the back-forward cache test that navigates away and back: 0.5 s a run).
 * Not with `onlyCategories`, which Lighthouse adds to `onlyAudits` rather than narrows.
 */
const METRICS = ['first-contentful-paint', 'speed-index', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']

export function lighthouseInstalled(): boolean {
  return existsSync(LIGHTHOUSE)
}

/** Chrome started and Lighthouse loaded, or `null` when Lighthouse is not installed. */
export async function startLighthouse(chromePath: string): Promise<Lighthouse | null> {
  if (!lighthouseInstalled()) return null
  const from = createRequire(LIGHTHOUSE)
  const load = async (file: string) => ((await import(pathToFileURL(file).href)) as { default: unknown }).default
  const lighthouse = (await load(LIGHTHOUSE)) as LighthouseApi
  const puppeteer = (await load(from.resolve('puppeteer-core'))) as { connect: (options: object) => Promise<PuppeteerBrowser> }
  const launcher = (await import(pathToFileURL(from.resolve('chrome-launcher')).href)) as {
    launch: (options: object) => Promise<{ port: number; kill: () => void }>
  }
  const chrome = await launcher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'] })
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${String(chrome.port)}`, defaultViewport: null })

  /** Mobile, simulated throttling (Lighthouse's defaults), performance only. */
  async function measureOnce(url: string, { locale, initScript }: LighthouseRun): Promise<LighthouseFigures> {
    const context = await browser.createBrowserContext()
    try {
      const page = await context.newPage()
      if (initScript) await page.evaluateOnNewDocument(initScript)
      const result = await lighthouse(
        url,
        {
          onlyAudits: METRICS,
          disableFullPageScreenshot: true,
          // The page is new and blank already: no need to go through about:blank first.
          skipAboutBlank: true,
          logLevel: 'error',
          extraHeaders: { cookie: `pettorale.locale=${locale}`, 'accept-language': locale },
        },
        undefined,
        page,
      )
      const lhr = result?.lhr
      const { score } = lhr?.categories.performance ?? { score: null }
      if (!lhr || lhr.runtimeError || score === null) throw new Error(lhr?.runtimeError?.message ?? 'no result')
      const figure = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN
      return {
        score: Math.round(score * 100),
        lcpMs: figure('largest-contentful-paint'),
        tbtMs: figure('total-blocking-time'),
        cls: figure('cumulative-layout-shift'),
      }
    } finally {
      await context.close()
    }
  }

  return {
    // Lighthouse itself sometimes loses a trace (NO_NAVSTART), more often on a busy machine: such a
    // run is redone, four times at most.
    async run(url, options) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await measureOnce(url, options)
        } catch (error) {
          if (attempt === 5) throw error
          console.warn(`lighthouse run on ${url} failed (${String(error)}), again`)
        }
      }
    },
    async close() {
      await browser.disconnect()
      chrome.kill()
    },
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
