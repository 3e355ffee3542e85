/**
 * The bench's verdicts and how they are printed: a line a figure, and the Lighthouse figures as one
 * table (a page in a locale a row, a figure a column). Also how many Lighthouse runs a page gets.
 */
import { median, type LighthouseFigures } from './lighthouse'
import type { Line } from './types'

/** Issue 24's lines for every public page: LCP is judged against a plain page of the same text measured in the same run. */
export const PAGE_BUDGET = { score: 100, lcpRatio: 1.2, tbtMs: 60, cls: 0.02 } as const

/**
 * How close under its budget (a share of it) a figure of a first run must come for one run not to
 * be trusted: TBT on this 2-core machine moves by half its value between runs, LCP by a fifth. A
 * figure farther under passes whichever run is taken. A failing figure is never trusted on one run,
 * however far: the machine's noise only adds time, and one slow moment once put a page at 2.1x its
 * plain page where four more runs gave 1.1x to 1.25x. A score of 100 cannot pass by more and is
 * trusted; under 100 is a failure.
 */
export const NEAR = { lcpRatio: 0.2, tbtMs: 0.5, cls: 0.5 } as const

export const MEDIAN_RULE =
  `one Lighthouse run a page and one of its plain page; a page whose first run fails a line, or passes within ${String(NEAR.lcpRatio * 100)}% of the LCP ratio's budget, ` +
  `${String(NEAR.tbtMs * 100)}% of TBT's or ${String(NEAR.cls * 100)}% of CLS's, is run a second time ` +
  `(its plain page too when the ratio failed or was near), and a third time, in turn with the other such pages, only when its two runs disagree on a verdict ` +
  `(a third run cannot change a verdict two runs agree on); each figure is the median of its own runs, of two runs their mean, ` +
  `and the LCP ratio the median of the runs' own ratios, each to the plain page's run beside it`

export function passes(line: Line): boolean | null {
  if (line.value === null || line.budget === null) return null
  return line.kind === 'max' ? line.value <= line.budget : line.value >= line.budget
}

/** Whether one run cannot settle a `max` figure: it fails, or passes within `margin` (a share) of the budget. */
export function unsettled(value: number, budget: number, margin: number): boolean {
  return value >= budget * (1 - margin)
}

/**
 * Whether one run of a page is not enough to tell pass from fail, and whether its plain page must be
 * run again too (only the LCP ratio depends on it).
 */
export function moreRuns(app: LighthouseFigures, plainLcpMs: number): { app: boolean; plain: boolean } {
  const ratio = unsettled(app.lcpMs / plainLcpMs, PAGE_BUDGET.lcpRatio, NEAR.lcpRatio)
  return {
    app:
      ratio ||
      app.score < PAGE_BUDGET.score ||
      unsettled(app.tbtMs, PAGE_BUDGET.tbtMs, NEAR.tbtMs) ||
      unsettled(app.cls, PAGE_BUDGET.cls, NEAR.cls),
    plain: ratio,
  }
}

/** Each run's LCP over the plain page's run beside it (the one plain run, when only one was made). */
export function runRatios(app: readonly LighthouseFigures[], plain: readonly LighthouseFigures[]): number[] {
  return app.map((run, index) => run.lcpMs / (plain[index] ?? plain[0]!).lcpMs)
}

/**
 * Whether a page run twice needs a third run: only when its two runs disagree on a verdict (score,
 * LCP ratio, TBT, CLS). Each figure's median over three runs is on the side two of them are on,
 * so two runs that agree decide it whatever the third shows; the median of two, their mean, is on
 * their side too. The ratio is judged run by run, as the table takes the median of the runs' ratios.
 */
export function disagree(app: readonly LighthouseFigures[], plain: readonly LighthouseFigures[]): boolean {
  const ratios = runRatios(app, plain)
  const verdicts = app
    .slice(0, 2)
    .map((run, index) => [run.score >= PAGE_BUDGET.score, ratios[index]! <= PAGE_BUDGET.lcpRatio, run.tbtMs <= PAGE_BUDGET.tbtMs, run.cls <= PAGE_BUDGET.cls])
  return verdicts[0]!.some((verdict, index) => verdict !== verdicts[1]![index])
}

/** Each figure's own median over the runs (so the figures of a row may come from different runs). */
export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  return {
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
  }
}

/**
 * A page's row of the table: its figures (medians) against the budgets, the plain page's LCP and TBT
 * beside. The ratio is the median of the runs' own ratios, each against the plain page measured
 * beside it, not the ratio of the two LCP medians (which may come from different runs).
 */
export function pageLines(row: string, app: readonly LighthouseFigures[], plain: readonly LighthouseFigures[]): Line[] {
  const figures = medianFigures(app)
  const plainLcp = median(plain.map((run) => run.lcpMs))
  const cell = (column: string) => ({ cell: { row, column } })
  const name = (figure: string) => `${row} Lighthouse ${figure}`
  return [
    { name: name('performance score'), value: figures.score, unit: '', budget: PAGE_BUDGET.score, kind: 'min', ...cell('score') },
    { name: name('LCP'), value: figures.lcpMs, unit: 'ms', budget: null, kind: 'max', ...cell('LCP') },
    { name: name('plain page LCP'), value: plainLcp, unit: 'ms', budget: null, kind: 'max', ...cell('plain LCP') },
    { name: name('LCP, app / plain page'), value: median(runRatios(app, plain)), unit: '×', budget: PAGE_BUDGET.lcpRatio, kind: 'max', ...cell('ratio') },
    { name: name('TBT'), value: figures.tbtMs, unit: 'ms', budget: PAGE_BUDGET.tbtMs, kind: 'max', ...cell('TBT') },
    // A page without a script blocks nothing of its own: what it shows is this machine's noise, the
    // floor under the app's TBT in the same run (decision 047).
    { name: name('plain page TBT'), value: median(plain.map((run) => run.tbtMs)), unit: 'ms', budget: null, kind: 'max', ...cell('plain TBT') },
    { name: name('CLS'), value: figures.cls, unit: '', budget: PAGE_BUDGET.cls, kind: 'max', ...cell('CLS') },
    { name: name('runs'), value: app.length, unit: '', budget: null, kind: 'max', ...cell('runs'), ...(plain.length === app.length ? {} : { note: `plain page ${String(plain.length)}` }) },
  ]
}

export function formatValue(line: Line): string {
  if (line.value === null) return 'not measured'
  const whole = line.unit === 'files' || line.unit === 'errors' || (line.unit === '' && Number.isInteger(line.value)) || (line.unit === 'ms' && line.value >= 100)
  const digits = whole ? 0 : line.value < 1 ? 3 : line.unit === '×' ? 2 : 1
  return `${line.value.toFixed(digits)}${line.unit === '×' ? '×' : line.unit ? ` ${line.unit}` : ''}`
}

function mark(line: Line): 'INFO' | 'SKIP' | 'PASS' | 'FAIL' {
  const verdict = passes(line)
  return line.budget === null ? 'INFO' : verdict === null ? 'SKIP' : verdict ? 'PASS' : 'FAIL'
}

export function formatLine(line: Line): string {
  const budget = line.budget === null ? 'no budget' : `budget ${line.kind === 'max' ? '<=' : '>='} ${String(line.budget)} ${line.unit}`.trim()
  return `${mark(line)}  ${line.name}: ${formatValue(line)} (${budget})${line.note ? ` — ${line.note}` : ''}`
}

/**
 * The lines that are cells, as a table: rows and columns in the order they first appear, each cell
 * its figure and PASS or FAIL when it has a budget; the budgets under the column names, notes below.
 */
export function formatTable(lines: readonly Line[]): string {
  const cells = lines.filter((line): line is Line & { cell: NonNullable<Line['cell']> } => line.cell !== undefined)
  const rows = [...new Set(cells.map((line) => line.cell.row))]
  const columns = [...new Set(cells.map((line) => line.cell.column))]
  const at = new Map(cells.map((line) => [`${line.cell.row}\n${line.cell.column}`, line]))
  const budgetOf = (column: string) => {
    const line = cells.find((candidate) => candidate.cell.column === column && candidate.budget !== null)
    return line ? `${line.kind === 'max' ? '<=' : '>='} ${formatValue({ ...line, value: line.budget })}` : ''
  }
  const text = (line: Line | undefined) => (line === undefined ? '' : `${formatValue(line)}${line.budget === null ? '' : ` ${mark(line)}`}`)
  const table = [
    ['', ...columns],
    ['budget', ...columns.map(budgetOf)],
    ...rows.map((row) => [row, ...columns.map((column) => text(at.get(`${row}\n${column}`)))]),
  ]
  const widths = table[0]!.map((_, index) => Math.max(...table.map((cellsOfRow) => cellsOfRow[index]!.length)))
  const print = (cellsOfRow: string[]) => cellsOfRow.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join('  ').trimEnd()
  const notes = cells.filter((line) => line.note).map((line) => `  ${line.cell.row}, ${line.cell.column}: ${line.note!}`)
  return [print(table[0]!), print(table[1]!), ...table.slice(2).map(print), ...notes].join('\n')
}
