/**
 * Lighthouse lines for every public page in three locales, and the enrolment wizard's first step
 * signed in (issue 24): mobile, simulated throttling, performance score 100, LCP within 1.2x of a
 * plain page of the same text measured in the same run, TBT <= 60 ms, CLS <= 0.02. One table.
 *
 * The plain page: the app page's visible text once it has settled (read in Playwright at
 * Lighthouse's mobile viewport, in the same locale), as HTML without any script or style, in the
 * build folder and served the same way: what the network and the device allow at best.
 * A locale is chosen as an athlete's browser does: the `pettorale.locale` cookie and `Accept-Language`.
 * How many runs a page gets: table.ts (`moreRuns`, `disagree`, `MEDIAN_RULE`).
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SEED_RACE_IDS } from '../../mocks/seed/races'
import type { LighthouseFigures } from './lighthouse'
import { disagree, moreRuns, pageLines } from './table'
import type { Bench, Line, Measure } from './types'
import { signedInScript, WIZARD_RACE } from './wizard'

export const PUBLIC_ROUTES: ReadonlyArray<readonly [name: string, path: string]> = [
  ['home', '/'],
  ['race', '/race/202'],
  ['subscribers', `/race/${String(SEED_RACE_IDS.crowd)}/subscribers`],
  ['ranking', `/race/${String(SEED_RACE_IDS.pastWithRanking)}/ranking`],
  ['company', '/company'],
  ['contacts', '/contacts'],
  ['registration', '/register'],
]
export const BENCH_LOCALES = ['it', 'en', 'ja'] as const
/** The wizard's row: one locale, the one its other lines (wizard.ts) are measured in. */
const WIZARD_LOCALE = 'en'

/** Lighthouse's default mobile screen (Moto G Power), so the plain page holds the rows the app showed. */
const MOBILE_VIEWPORT = { width: 412, height: 823 }

interface Target {
  row: string
  path: string
  locale: string
  initScript?: string
  /** The plain page's path on the server. */
  plain: string
  app: LighthouseFigures[]
  plainRuns: LighthouseFigures[]
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

/** Writes the plain page of `path` in `locale` into the build and returns its path on the server. */
async function writePlainPage({ browser, url, outDir }: Bench, path: string, locale: string, file: string, initScript?: string): Promise<string> {
  const context = await browser.newContext({ viewport: MOBILE_VIEWPORT, locale, extraHTTPHeaders: { 'accept-language': locale } })
  try {
    await context.addCookies([{ name: 'pettorale.locale', value: locale, url }])
    if (initScript) await context.addInitScript({ content: initScript })
    const page = await context.newPage()
    await page.goto(`${url}${path}`, { waitUntil: 'networkidle' })
    const text = await page.locator('body').innerText()
    const paragraphs = text.split('\n').filter((line) => line.trim()).map((line) => `<p>${escape(line)}</p>`)
    writeFileSync(
      join(outDir, file),
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>pettorale</title></head><body>${paragraphs.join('')}</body></html>`,
    )
    return `/${file}`
  } finally {
    await context.close()
  }
}

/**
 * Fonts the machine has for a locale's script (fontconfig). Without one, Chromium draws Japanese as
 * empty boxes of another size, and its rows would measure a page no Japanese reader sees (the
 * largest text, so the LCP element, is another one): `apt install fonts-noto-cjk`.
 */
function fontsFor(locale: string): number {
  try {
    return execFileSync('fc-list', [`:lang=${locale}`], { encoding: 'utf8' }).split('\n').filter(Boolean).length
  } catch {
    return 0
  }
}

/** Locales whose script a Latin font does not draw. */
const OWN_SCRIPT = new Set(['ja', 'zh', 'ko'])

const notMeasured = (row: string, note: string): Line => ({ name: `${row} Lighthouse`, value: null, unit: '', budget: null, kind: 'max', note, cell: { row, column: 'score' } })

export const publicPagesLighthouse: Measure = async (bench) => {
  const { lighthouse, url } = bench
  const rows = [...PUBLIC_ROUTES.flatMap(([name]) => BENCH_LOCALES.map((locale) => `${name} ${locale}`)), `wizard first step ${WIZARD_LOCALE}, signed in`]
  if (!lighthouse) return rows.map((row) => notMeasured(row, 'not measured: run `npm --prefix bench ci` first'))
  const unfonted = BENCH_LOCALES.filter((locale) => OWN_SCRIPT.has(locale) && fontsFor(locale) === 0)
  const fontLines = unfonted.map(
    (locale): Line => ({ name: `fonts for ${locale} on this machine`, value: 0, unit: 'fonts', budget: 1, kind: 'min', note: 'its rows are not measured: apt install fonts-noto-cjk' }),
  )
  const targets: Target[] = []
  for (const [name, path] of PUBLIC_ROUTES) {
    for (const locale of BENCH_LOCALES.filter((one) => !unfonted.includes(one))) {
      const plain = await writePlainPage(bench, path, locale, `bench-plain-${name}-${locale}.html`)
      targets.push({ row: `${name} ${locale}`, path, locale, plain, app: [], plainRuns: [] })
    }
  }
  const initScript = await signedInScript(bench, WIZARD_LOCALE)
  const wizardPath = `/race/${String(WIZARD_RACE)}/subscribe`
  const wizardPlain = await writePlainPage(bench, wizardPath, WIZARD_LOCALE, `bench-plain-wizard-${WIZARD_LOCALE}.html`, initScript)
  targets.push({ row: rows.at(-1)!, path: wizardPath, locale: WIZARD_LOCALE, initScript, plain: wizardPlain, app: [], plainRuns: [] })

  // A page and its plain page in turn, so a slow moment of the machine falls on both alike.
  const runOnce = async (target: Target, { app, plain }: { app: boolean; plain: boolean }) => {
    if (app) target.app.push(await lighthouse.run(`${url}${target.path}`, { locale: target.locale, ...(target.initScript ? { initScript: target.initScript } : {}) }))
    if (plain) target.plainRuns.push(await lighthouse.run(`${url}${target.plain}`, { locale: target.locale }))
  }
  for (const target of targets) await runOnce(target, { app: true, plain: true })
  const again = targets.map((target) => [target, moreRuns(target.app[0]!, target.plainRuns[0]!.lcpMs)] as const).filter(([, more]) => more.app)
  for (const [target, more] of again) await runOnce(target, more)
  for (const [target, more] of again) if (disagree(target.app, target.plainRuns)) await runOnce(target, more)
  const skipped = PUBLIC_ROUTES.flatMap(([name]) => unfonted.map((locale) => notMeasured(`${name} ${locale}`, `not measured: no ${locale} font`)))
  return [...fontLines, ...targets.flatMap((target) => pageLines(target.row, target.app, target.plainRuns)), ...skipped]
}
