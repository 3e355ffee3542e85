/**
 * `npm run bench`: the performance budget of DESIGN.md section 9, measured as an athlete's phone
 * feels it. Builds the production bundle (VITE_API_MOCK=false), serves it as a production host
 * would with the API on the simulated backend (`startMockServer`), prints one figure a line with
 * its budget and pass/fail, and writes bench/results.json. Exits 1 when a line fails.
 * `npm run bench -- --only rush` (names of `MEASURES`, comma-separated) measures those alone, builds
 * only if one of them needs the build, and leaves bench/results.json as the last whole run wrote it.
 *
 * To add lines (a later screen): write a `Measure` — an async function of the `Bench` context that
 * returns `Line`s — and add it to `MEASURES` under a name. See README, "Performance bench".
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { build, type Manifest } from 'vite'
import { startMockServer } from '../../mocks/http-server'
import { entryKey, gzipKiB, lazyChunks, mockFiles, scriptsOf, sharedChunks, staticClosure } from './bundle'
import { lighthouseInstalled, lighthouseMedians, median } from './lighthouse'
import { openingRush } from './rush'
import { subscribersFilter } from './subscribers'
import { wizardMeasures } from './wizard'

export interface Line {
  name: string
  /** `null`: not measured on this machine (`note` says why); it neither passes nor fails. */
  value: number | null
  unit: string
  /** `null`: a figure printed to read beside the others, with no budget of its own. */
  budget: number | null
  /** Whether the figure must stay at most (`max`) or at least (`min`) the budget. */
  kind: 'max' | 'min'
  note?: string
}

export interface Bench {
  outDir: string
  manifest: Manifest
  /** The build and its API, served on a free port of 127.0.0.1. */
  url: string
  browser: Browser
  chromePath: string
  /** Lighthouse runs per page; the figures are medians. */
  runs: number
}

export type Measure = (bench: Bench) => Promise<Line[]>

const KIB = 'KiB'

/** Home route: the entry and every chunk it imports statically, which the home page's render waits for. */
const initialJavaScript: Measure = async ({ outDir, manifest }) => {
  // The plain scripts index.html runs before the app (public/first-paint.js) count too.
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const plain = [...html.matchAll(/<script src="\/([^"]+\.js)"/g)].map((match) => match[1]!)
  const files = [...plain, ...scriptsOf(manifest, staticClosure(manifest, entryKey(manifest)))]
  const total = files.reduce((sum, file) => sum + gzipKiB(outDir, file), 0)
  // DESIGN.md's 95 KiB, and half a KiB for the routes of what follows an enrolment (decision 038)
  // until issue 24 brings the first page to 85 KiB.
  return [{ name: 'home route initial JS (gzip)', value: total, unit: KIB, budget: 95.5, kind: 'max', note: `${String(files.length)} files` }]
}

/**
 * The enrolment wizard's route. Its budget (DESIGN.md section 9, 50 KiB) holds for everything opening
 * it downloads beyond the home page, the libraries it shares with other screens included; the waiver
 * dialog, loaded when the athlete asks to sign, is an on-demand part of its own (20 KiB) and what it
 * adds is printed beside.
 */
const WIZARD_ROUTE = 'subscribe-route'
const WIZARD_DIALOG = 'disclaimer-dialog'

/**
 * Every chunk loaded on demand: what it alone adds beyond the home page (routes <= 20 KiB, the wizard
 * 50), with the shared files it also needs in the note; then each shared file (a library several
 * screens load, downloaded once for all of them), within the routes' 20 KiB.
 */
const lazyJavaScript: Measure = async ({ outDir, manifest }) => {
  const size = (files: string[]) => files.reduce((sum, file) => sum + gzipKiB(outDir, file), 0)
  const chunks = lazyChunks(manifest)
  const screens = chunks.map(({ name, own, shared }) => ({
    name: `on demand: ${name} (gzip)`,
    value: size(own),
    unit: KIB,
    budget: 20,
    kind: 'max' as const,
    ...(shared.length ? { note: `+ ${size(shared).toFixed(1)} KiB shared with other screens, ${size([...own, ...shared]).toFixed(1)} KiB on a first visit` } : {}),
  }))
  const filesOf = (name: string) => chunks.filter((chunk) => chunk.name === name).flatMap(({ own, shared }) => [...own, ...shared])
  const route = new Set(filesOf(WIZARD_ROUTE))
  const dialog = filesOf(WIZARD_DIALOG).filter((file) => !route.has(file))
  const wizard = {
    name: 'the enrolment wizard on a first visit, with its libraries (gzip)',
    value: size([...route]),
    unit: KIB,
    // DESIGN.md's 50 KiB, 1 KiB for a race's waiting room on every step (decision 037), 1.5 KiB
    // for a place offered from a wait list and the calls the wizard now shares (decision 038).
    budget: 52.5,
    kind: 'max' as const,
    note: `${String(route.size)} files beyond the home page; the waiver dialog adds ${size(dialog).toFixed(1)} KiB when opened`,
  }
  const shared = sharedChunks(manifest).map(({ name, file, users }) => ({
    name: `shared by ${String(users)} screens: ${name} (gzip)`,
    value: gzipKiB(outDir, file),
    unit: KIB,
    budget: 20,
    kind: 'max' as const,
  }))
  return [...screens, wizard, ...shared]
}

const mockCode: Measure = async ({ outDir }) => {
  const files = mockFiles(outDir)
  return [{ name: 'mock and dev-only files in the production build', value: files.length, unit: 'files', budget: 0, kind: 'max', ...(files.length ? { note: files.join(', ') } : {}) }]
}

/** JS heap on the home page once the race list is in, after a forced garbage collection; median of 3. */
const homeHeap: Measure = async ({ browser, url }) => {
  const sizes: number[] = []
  for (let i = 0; i < 3; i += 1) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${url}/`)
    await page.locator('main h3').first().waitFor()
    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    sizes.push(usedSize / 1024 / 1024)
    await context.close()
  }
  return [{ name: 'JS heap on the home page after GC', value: median(sizes), unit: 'MB', budget: 6, kind: 'max' }]
}

/**
 * Lighthouse mobile, simulated throttling, on the home page and on a plain-HTML page of the same
 * text served the same way (what the network and the device allow at best); median of `runs`.
 */
const homeLighthouse: Measure = async ({ browser, url, outDir, chromePath, runs }) => {
  const lines = ['score', 'LCP', 'TBT', 'CLS', 'LCP app / plain page']
  if (!lighthouseInstalled()) {
    return lines.map((name) => ({ name: `home Lighthouse ${name}`, value: null, unit: '', budget: null, kind: 'max' as const, note: 'not measured: run `npm --prefix bench ci` first' }))
  }
  // The baseline: the home page's own text, once rendered, as a page without any script or style.
  const page = await browser.newPage()
  await page.goto(`${url}/`)
  await page.locator('main h3').first().waitFor()
  const text = await page.locator('body').innerText()
  await page.close()
  const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const paragraphs = text.split('\n').filter((line) => line.trim()).map((line) => `<p>${escape(line)}</p>`)
  writeFileSync(
    join(outDir, 'bench-baseline.html'),
    `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>pettorale</title></head><body>${paragraphs.join('')}</body></html>`,
  )
  const [app, plain] = await lighthouseMedians([`${url}/`, `${url}/bench-baseline.html`], runs, chromePath)
  return [
    { name: 'home Lighthouse performance score', value: app!.score, unit: '', budget: 100, kind: 'min' },
    { name: 'home LCP', value: app!.lcpMs, unit: 'ms', budget: 1500, kind: 'max', note: `plain page ${plain!.lcpMs.toFixed(0)} ms` },
    { name: 'home TBT', value: app!.tbtMs, unit: 'ms', budget: 60, kind: 'max', note: `plain page ${plain!.tbtMs.toFixed(0)} ms` },
    { name: 'home CLS', value: app!.cls, unit: '', budget: 0.02, kind: 'max', note: `plain page ${plain!.cls.toFixed(3)}` },
    { name: 'home LCP, app / plain page', value: app!.lcpMs / plain!.lcpMs, unit: '×', budget: null, kind: 'max', note: `plain page score ${String(plain!.score)}` },
  ]
}

/**
 * Lighthouse mobile on a race's details page (an open race, with its elevation profile), with the
 * home page's budget; median of `runs`.
 */
const raceLighthouse: Measure = async ({ url, chromePath, runs }) => {
  const lines = ['performance score', 'LCP', 'TBT', 'CLS']
  if (!lighthouseInstalled()) {
    return lines.map((name) => ({ name: `race page Lighthouse ${name}`, value: null, unit: '', budget: null, kind: 'max' as const, note: 'not measured: run `npm --prefix bench ci` first' }))
  }
  const [race] = await lighthouseMedians([`${url}/race/202`], runs, chromePath)
  return [
    { name: 'race page Lighthouse performance score', value: race!.score, unit: '', budget: 100, kind: 'min' },
    { name: 'race page LCP', value: race!.lcpMs, unit: 'ms', budget: 1500, kind: 'max' },
    { name: 'race page TBT', value: race!.tbtMs, unit: 'ms', budget: 60, kind: 'max' },
    { name: 'race page CLS', value: race!.cls, unit: '', budget: 0.02, kind: 'max' },
  ]
}

/**
 * In order, by the name `--only` picks; a later screen adds its measures here. A measure that
 * starts what it measures itself (the rush: a server of its own) is `standalone`: it needs neither
 * the build nor the browser.
 */
export const MEASURES: ReadonlyArray<{ name: string } & ({ measure: Measure } | { standalone: () => Promise<Line[]> })> = [
  { name: 'initial-js', measure: initialJavaScript },
  { name: 'lazy-js', measure: lazyJavaScript },
  { name: 'mock-code', measure: mockCode },
  { name: 'home-heap', measure: homeHeap },
  { name: 'home-lighthouse', measure: homeLighthouse },
  { name: 'race-lighthouse', measure: raceLighthouse },
  { name: 'subscribers', measure: subscribersFilter },
  { name: 'wizard', measure: wizardMeasures },
  { name: 'rush', standalone: openingRush },
]

/** The measures named after `--only` (`--only a,b` or `--only=a,b`), or all of them. */
function selected(args: readonly string[]): typeof MEASURES {
  const at = args.findIndex((arg) => arg === '--only' || arg.startsWith('--only='))
  if (at === -1) return MEASURES
  const names = (args[at]!.startsWith('--only=') ? args[at]!.slice('--only='.length) : (args[at + 1] ?? '')).split(',').filter(Boolean)
  const unknown = names.filter((name) => !MEASURES.some((entry) => entry.name === name))
  if (names.length === 0 || unknown.length) {
    throw new Error(`--only takes names of ${MEASURES.map((entry) => entry.name).join(', ')}${unknown.length ? `; not ${unknown.join(', ')}` : ''}`)
  }
  return MEASURES.filter((entry) => names.includes(entry.name))
}

function passes(line: Line): boolean | null {
  if (line.value === null || line.budget === null) return null
  return line.kind === 'max' ? line.value <= line.budget : line.value >= line.budget
}

function format(line: Line): string {
  const verdict = passes(line)
  const value = line.value === null ? 'not measured' : `${line.value.toFixed(line.unit === 'files' || line.unit === '' && Number.isInteger(line.value) ? 0 : line.value < 1 ? 3 : 1)} ${line.unit}`.trim()
  const budget = line.budget === null ? 'no budget' : `budget ${line.kind === 'max' ? '<=' : '>='} ${String(line.budget)} ${line.unit}`.trim()
  const mark = line.budget === null ? 'INFO' : verdict === null ? 'SKIP' : verdict ? 'PASS' : 'FAIL'
  return `${mark}  ${line.name}: ${value} (${budget})${line.note ? ` — ${line.note}` : ''}`
}

/** The production build served with its API, and a browser: made once, for the measures that need them. */
async function prepare(): Promise<{ bench: Bench; close: () => Promise<void> }> {
  const chromePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium'
  const runs = Number(process.env.BENCH_RUNS ?? 5)
  const outDir = mkdtempSync(join(tmpdir(), 'pettorale-bench-'))
  process.env.VITE_API_MOCK = 'false'
  await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } })
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  rmSync(join(outDir, '.vite'), { recursive: true, force: true })

  const server = await startMockServer({ port: 0, dist: outDir, log: { info: () => {}, error: console.error } })
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] })
  return {
    bench: { outDir, manifest, url: server.url, browser, chromePath, runs },
    close: async () => {
      await browser.close()
      await server.close()
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}

async function main() {
  const measures = selected(process.argv.slice(2))
  const prepared = measures.some((entry) => 'measure' in entry) ? await prepare() : null
  const lines: Line[] = []
  try {
    for (const entry of measures) {
      for (const line of 'measure' in entry ? await entry.measure(prepared!.bench) : await entry.standalone()) {
        lines.push(line)
        console.log(format(line))
      }
    }
  } finally {
    await prepared?.close()
  }
  if (measures === MEASURES) {
    mkdirSync('bench', { recursive: true })
    writeFileSync(
      'bench/results.json',
      `${JSON.stringify({ measuredAt: new Date().toISOString(), lighthouseRuns: prepared!.bench.runs, lines: lines.map((line) => ({ ...line, pass: passes(line) })) }, null, 2)}\n`,
    )
  }
  process.exitCode = lines.some((line) => passes(line) === false) ? 1 : 0
}

await main()
