import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const CLI = join(process.cwd(), 'bench/node_modules/lighthouse/cli/index.js')

export interface LighthouseFigures {
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
}

/** Lighthouse is installed on its own (`npm --prefix bench ci`); without it these lines are skipped. */
export function lighthouseInstalled(): boolean {
  return existsSync(CLI)
}

/** One Lighthouse run; Lighthouse itself sometimes loses a trace (NO_NAVSTART): such a run is redone, twice at most. */
async function once(url: string, chromePath: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measureOnce(url, chromePath)
    } catch (error) {
      if (attempt === 3) throw error
      console.warn(`lighthouse run on ${url} failed (${String((error as { stderr?: string }).stderr ?? error).trim()}), again`)
    }
  }
}

/** Mobile, simulated throttling (Lighthouse's defaults), performance only. */
async function measureOnce(url: string, chromePath: string): Promise<LighthouseFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'pettorale-lighthouse-'))
  const report = join(dir, 'report.json')
  try {
    await run(
      process.execPath,
      [
        CLI,
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, timeout: 120_000 },
    )
    const result = JSON.parse(readFileSync(report, 'utf8')) as {
      categories: { performance: { score: number } }
      audits: Record<string, { numericValue: number }>
    }
    return {
      score: Math.round(result.categories.performance.score * 100),
      lcpMs: result.audits['largest-contentful-paint']!.numericValue,
      tbtMs: result.audits['total-blocking-time']!.numericValue,
      cls: result.audits['cumulative-layout-shift']!.numericValue,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * Each page `runs` times, the pages taking turns so a slow moment of the machine falls on all of
 * them alike; the median of each figure per page.
 */
export async function lighthouseMedians(urls: string[], runs: number, chromePath: string): Promise<LighthouseFigures[]> {
  const samples: LighthouseFigures[][] = urls.map(() => [])
  for (let i = 0; i < runs; i += 1) {
    for (const [index, url] of urls.entries()) samples[index]!.push(await once(url, chromePath))
  }
  return samples.map((list) => ({
    score: median(list.map((s) => s.score)),
    lcpMs: median(list.map((s) => s.lcpMs)),
    tbtMs: median(list.map((s) => s.tbtMs)),
    cls: median(list.map((s) => s.cls)),
  }))
}
