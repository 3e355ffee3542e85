/**
 * The kit's report: a line per check as it runs, a summary, and the same outcomes for a CI as
 * JUnit XML (one test suite per group) or JSON.
 */
import type { Outcome, Status } from './kit'

const MARK: Record<Status, string> = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' }

export function outcomeLine(outcome: Outcome): string {
  const head = `${MARK[outcome.status]}  ${outcome.id}: ${outcome.rule}`
  if (outcome.status === 'passed') return `${head} (${String(Math.round(outcome.ms))} ms)`
  return `${head}\n      ${outcome.detail ?? ''}`
}

export interface Summary {
  passed: number
  failed: number
  skipped: number
  total: number
}

export function summarise(outcomes: readonly Outcome[]): Summary {
  const count = (status: Status) => outcomes.filter((outcome) => outcome.status === status).length
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), total: outcomes.length }
}

export function summaryLine(outcomes: readonly Outcome[], api: string): string {
  const { passed, failed, skipped, total } = summarise(outcomes)
  const failedIds = outcomes.filter((outcome) => outcome.status === 'failed').map((outcome) => outcome.id)
  const verdict = failed > 0 ? `FAILED: ${failedIds.join(', ')}` : total === 0 ? 'no check selected' : skipped > 0 ? 'passed, with checks skipped' : 'passed'
  return `conformance of ${api}: ${String(passed)} passed, ${String(failed)} failed, ${String(skipped)} skipped, of ${String(total)} checks: ${verdict}`
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!)

const seconds = (ms: number) => (ms / 1000).toFixed(3)

/** JUnit XML as CI servers read it: a suite per group, a case per check, its failure or skip said. */
export function toJUnit(outcomes: readonly Outcome[], api: string): string {
  const groups = [...new Set(outcomes.map((outcome) => outcome.group))]
  const suites = groups.map((group) => {
    const members = outcomes.filter((outcome) => outcome.group === group)
    const { failed, skipped, total } = summarise(members)
    const cases = members.map((outcome) => {
      const open = `    <testcase classname="conformance.${escapeXml(group)}" name="${escapeXml(outcome.id)}" time="${seconds(outcome.ms)}"`
      if (outcome.status === 'passed') return `${open}/>`
      const inner =
        outcome.status === 'failed'
          ? `<failure message="${escapeXml(outcome.detail ?? '')}">${escapeXml(outcome.rule)}</failure>`
          : `<skipped message="${escapeXml(outcome.detail ?? '')}"/>`
      return `${open}>${inner}</testcase>`
    })
    const time = members.reduce((sum, outcome) => sum + outcome.ms, 0)
    return [
      `  <testsuite name="${escapeXml(group)}" tests="${String(total)}" failures="${String(failed)}" skipped="${String(skipped)}" time="${seconds(time)}">`,
      ...cases,
      '  </testsuite>',
    ].join('\n')
  })
  const { failed, skipped, total } = summarise(outcomes)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="pettorale conformance of ${escapeXml(api)}" tests="${String(total)}" failures="${String(failed)}" skipped="${String(skipped)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n')
}

export function toJson(outcomes: readonly Outcome[], api: string): string {
  return `${JSON.stringify({ api, summary: summarise(outcomes), outcomes }, null, 2)}\n`
}
