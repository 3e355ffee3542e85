// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { LighthouseFigures } from './lighthouse'
import { disagree, formatLine, formatTable, medianFigures, moreRuns, pageLines, passes, unsettled } from './table'
import type { Line } from './types'

const run = (figures: Partial<LighthouseFigures> = {}): LighthouseFigures => ({ score: 100, lcpMs: 900, tbtMs: 10, cls: 0, ...figures })
const plain = (lcpMs: number, tbtMs = 0): LighthouseFigures => ({ score: 100, lcpMs, tbtMs, cls: 0 })
const cell = (lines: Line[], column: string) => lines.find((line) => line.cell?.column === column)!

describe('the bench: verdicts', () => {
  it('passes a figure on its side of the budget, the budget itself included', () => {
    const line: Line = { name: 'TBT', value: 60, unit: 'ms', budget: 60, kind: 'max' }
    expect(passes(line)).toBe(true)
    expect(passes({ ...line, value: 60.5 })).toBe(false)
    expect(passes({ ...line, kind: 'min', value: 99, budget: 100 })).toBe(false)
    expect(passes({ ...line, value: null })).toBeNull()
    expect(passes({ ...line, budget: null })).toBeNull()
  })

  it('prints a line with its verdict, budget and note', () => {
    expect(formatLine({ name: 'home route initial JS (gzip)', value: 84.96, unit: 'KiB', budget: 85, kind: 'max', note: '2 files' })).toBe(
      'PASS  home route initial JS (gzip): 85.0 KiB (budget <= 85 KiB) — 2 files',
    )
    expect(formatLine({ name: 'x', value: null, unit: '', budget: null, kind: 'max' })).toBe('INFO  x: not measured (no budget)')
    expect(formatLine({ name: 'rush: the measure stopped', value: 1, unit: 'errors', budget: 0, kind: 'max', note: 'Error: port in use' })).toBe(
      'FAIL  rush: the measure stopped: 1 errors (budget <= 0 errors) — Error: port in use',
    )
  })
})

describe('the bench: how many Lighthouse runs a page gets', () => {
  it('settles a figure on one run only when it passes far under its budget', () => {
    expect(unsettled(29, 60, 0.5)).toBe(false)
    expect(unsettled(31, 60, 0.5)).toBe(true)
    expect(unsettled(89, 60, 0.5)).toBe(true)
    expect(unsettled(400, 60, 0.5)).toBe(true)
  })

  it('trusts one run that passes far from every budget, and runs again one near any or failing any', () => {
    const again = { app: true, plain: false }
    const once = { app: false, plain: false }
    expect(moreRuns(run(), 1000)).toEqual(once)
    expect(moreRuns(run({ score: 99 }), 1000)).toEqual(again)
    expect(moreRuns(run({ score: 85 }), 1000)).toEqual(again)
    expect(moreRuns(run({ tbtMs: 45 }), 1000)).toEqual(again)
    expect(moreRuns(run({ tbtMs: 25 }), 1000)).toEqual(once)
    expect(moreRuns(run({ tbtMs: 130 }), 1000)).toEqual(again)
    expect(moreRuns(run({ cls: 0.015 }), 1000)).toEqual(again)
    expect(moreRuns(run({ cls: 0.05 }), 1000)).toEqual(again)
  })

  it('runs the plain page again too when the LCP ratio came near its budget or failed it', () => {
    // 1.0x and 1.4x the plain page are within a fifth of 1.2x; 0.9x is a pass far from it; 3x fails.
    expect(moreRuns(run({ lcpMs: 1000 }), 1000)).toEqual({ app: true, plain: true })
    expect(moreRuns(run({ lcpMs: 1400 }), 1000)).toEqual({ app: true, plain: true })
    expect(moreRuns(run({ lcpMs: 900 }), 1000)).toEqual({ app: false, plain: false })
    expect(moreRuns(run({ lcpMs: 3000 }), 1000)).toEqual({ app: true, plain: true })
  })

  it('runs a page a third time only when its first two runs disagree on a verdict', () => {
    // Both fail TBT, both score under 100: the third run could not change either verdict.
    expect(disagree([run({ tbtMs: 70, score: 99 }), run({ tbtMs: 240, score: 97 })], [plain(1000)])).toBe(false)
    expect(disagree([run({ tbtMs: 50 }), run({ tbtMs: 70 })], [plain(1000)])).toBe(true)
    expect(disagree([run({ score: 100 }), run({ score: 99 })], [plain(1000)])).toBe(true)
    expect(disagree([run({ cls: 0.01 }), run({ cls: 0.03 })], [plain(1000)])).toBe(true)
  })

  it('judges each run’s LCP ratio against the plain page run beside it, or the one plain run', () => {
    // 1150/1000 and 1150/900: the second run is over 1.2x its own plain page.
    expect(disagree([run({ lcpMs: 1150 }), run({ lcpMs: 1150 })], [plain(1000), plain(900)])).toBe(true)
    expect(disagree([run({ lcpMs: 1150 }), run({ lcpMs: 1150 })], [plain(1000)])).toBe(false)
    expect(disagree([run({ lcpMs: 1150 }), run({ lcpMs: 1250 })], [plain(1000)])).toBe(true)
  })

  it('shows a row run twice with the mean of its runs, on the side both runs are on', () => {
    const lines = pageLines('home en', [run({ tbtMs: 70, lcpMs: 1100 }), run({ tbtMs: 90, lcpMs: 1300 })], [plain(1000), plain(1100)])
    expect(cell(lines, 'TBT').value).toBe(80)
    // 1.10x and 1.18x: both pass, and so does the row.
    expect(cell(lines, 'ratio').value).toBeCloseTo((1.1 + 1300 / 1100) / 2)
    expect(passes(cell(lines, 'ratio'))).toBe(true)
  })

  it('takes the median of the runs’ own ratios, each to the plain run beside it', () => {
    // 1.09x, 1.63x and 1.11x: two runs pass, so the row passes; the LCP medians alone (1200 / 900) would not.
    const lines = pageLines('race it', [run({ lcpMs: 1200 }), run({ lcpMs: 1300 }), run({ lcpMs: 1000 })], [plain(1100), plain(800), plain(900)])
    expect(cell(lines, 'ratio').value).toBeCloseTo(1000 / 900)
    expect(passes(cell(lines, 'ratio'))).toBe(true)
  })

  it('takes each figure’s own median over the runs', () => {
    expect(medianFigures([run({ tbtMs: 130, lcpMs: 800 }), run({ tbtMs: 40, lcpMs: 1200 }), run({ tbtMs: 50, lcpMs: 1000, score: 99 })])).toEqual({
      score: 100,
      lcpMs: 1000,
      tbtMs: 50,
      cls: 0,
    })
  })
})

describe('the bench: a page’s row', () => {
  it('judges LCP by its ratio to the plain page measured beside it', () => {
    const lines = pageLines('race en', [run({ lcpMs: 1300 })], [plain(1000)])
    expect(cell(lines, 'ratio')).toMatchObject({ value: 1.3, budget: 1.2 })
    expect(passes(cell(lines, 'ratio'))).toBe(false)
    expect(passes(cell(lines, 'score'))).toBe(true)
    expect(cell(lines, 'plain LCP')).toMatchObject({ value: 1000, budget: null })
    // The plain page's TBT is this machine's noise: printed beside the app's, never judged.
    expect(cell(pageLines('race en', [run()], [plain(1000, 20), plain(1000, 70), plain(1000, 30)]), 'plain TBT')).toMatchObject({ value: 30, budget: null })
    expect(cell(lines, 'runs').value).toBe(1)
    expect(cell(pageLines('race en', [run(), run(), run()], [plain(1000)]), 'runs')).toMatchObject({ value: 3, note: 'plain page 1' })
    expect(passes(pageLines('race en', [run({ lcpMs: 1200 })], [plain(1000)]).find((line) => line.cell?.column === 'ratio')!)).toBe(true)
  })

  it('prints the rows as one table, budgets under the column names, a verdict in each judged cell', () => {
    const lines = [...pageLines('home it', [run()], [plain(1000)]), ...pageLines('home ja', [run({ tbtMs: 90 }), run({ tbtMs: 70 }), run({ tbtMs: 80 })], [plain(1000), plain(1000), plain(1000)])]
    const printed = formatTable(lines).split('\n')
    expect(printed[0]!.split(/\s+/).filter(Boolean)).toEqual(['score', 'LCP', 'plain', 'LCP', 'ratio', 'TBT', 'plain', 'TBT', 'CLS', 'runs'])
    expect(printed[1]).toMatch(/^budget\s+>= 100\s+<= 1.20×\s+<= 60.0 ms\s+<= 0.020$/)
    expect(printed[2]).toMatch(/^home it\s+100 PASS\s+900 ms\s+1000 ms\s+0.900× PASS\s+10.0 ms PASS\s+0.000 ms\s+0 PASS\s+1$/)
    expect(printed[3]).toMatch(/^home ja .*80.0 ms FAIL .*3$/)
    expect(new Set([printed[0], printed[2], printed[3]].map((row) => row!.length)).size).toBe(1)
  })
})
