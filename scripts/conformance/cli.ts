/**
 * `npm run conformance -- --api <base address> [--only <group or check>[,...]] [--report <file.xml|file.json>]
 *  [--accounts <file.json>] [--client-id <id>] [--client-secret <secret>] [--no-hooks]`, or `-- --list`
 *
 * Runs the conformance kit against a backend and prints a line per check and a summary; exits 1 when
 * any check fails, 2 when it cannot run (a wrong option, a backend that does not answer).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { PERSONAS } from '../../mocks/seed'
import { connectBackend, type Account } from './backend'
import { GROUPS } from './checks'
import { runKit, type Outcome } from './kit'
import { outcomeLine, summaryLine, toJson, toJUnit } from './report'

export interface KitRun {
  api: string
  only: string[]
  report?: string
  accounts: Account[]
  clientId: string
  clientSecret: string
  hooks: boolean
}

/** The options, or a sentence saying what is wrong with them. */
export function readOptions(args: readonly string[]): KitRun | string {
  let values
  try {
    values = parseArgs({
      args: [...args],
      options: {
        api: { type: 'string' },
        only: { type: 'string' },
        report: { type: 'string' },
        accounts: { type: 'string' },
        'client-id': { type: 'string', default: 'pettorale-portal' },
        'client-secret': { type: 'string', default: '' },
        'no-hooks': { type: 'boolean', default: false },
      },
    }).values
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
  if (!values.api) return 'say which backend: --api <base address>, e.g. --api http://127.0.0.1:47615'
  try {
    new URL(values.api)
  } catch {
    return `--api ${values.api} is not an address`
  }
  const only = (values.only ?? '').split(',').map((name) => name.trim()).filter(Boolean)
  const known = new Set(GROUPS.flatMap((group) => [group.name, ...group.checks.map((check) => check.id)]))
  const unknown = only.filter((name) => !known.has(name))
  if (unknown.length) return `--only names no group or check: ${unknown.join(', ')} (groups: ${GROUPS.map((group) => group.name).join(', ')})`
  if (values.report && !/\.(xml|json)$/.test(values.report)) return '--report is a .xml (JUnit) or .json file'
  const accounts = values.accounts
    ? (JSON.parse(readFileSync(values.accounts, 'utf8')) as Account[])
    : PERSONAS.map(({ key, mail, password }) => ({ key, mail, password }))
  return { api: values.api, only, report: values.report, accounts, clientId: values['client-id'], clientSecret: values['client-secret'], hooks: !values['no-hooks'] }
}

/** Every group and check with its rule, and the groups that need the staging hooks: `--list`. */
export function listChecks(): string[] {
  return GROUPS.flatMap((group) => [
    `${group.name}${group.needsHooks ? ' (needs the staging hooks)' : ''}`,
    ...group.checks.map((check) => `  ${check.id}: ${check.rule}`),
  ])
}

/** Runs the kit as `run` says, printing as it goes: the outcomes. */
export async function runConformance(run: KitRun, print: (line: string) => void = console.log): Promise<Outcome[]> {
  const backend = await connectBackend({ api: run.api, accounts: run.accounts, clientId: run.clientId, clientSecret: run.clientSecret, hooks: run.hooks })
  print(`pettorale conformance kit against ${backend.base}${backend.hooks ? ', with its staging hooks' : ', without staging hooks: the groups that need them are skipped'}`)
  const outcomes = await runKit(GROUPS, backend, { only: run.only, onOutcome: (outcome) => print(outcomeLine(outcome)) })
  print(summaryLine(outcomes, backend.base))
  if (run.report) writeFileSync(run.report, run.report.endsWith('.xml') ? toJUnit(outcomes, backend.base) : toJson(outcomes, backend.base))
  return outcomes
}

async function main() {
  if (!('Temporal' in globalThis)) await import('temporal-polyfill/global')
  if (process.argv.includes('--list')) {
    for (const line of listChecks()) console.log(line)
    return
  }
  const run = readOptions(process.argv.slice(2))
  if (typeof run === 'string') {
    console.error(`conformance: ${run}`)
    process.exitCode = 2
    return
  }
  try {
    await fetch(run.api)
  } catch {
    console.error(`conformance: ${run.api} does not answer`)
    process.exitCode = 2
    return
  }
  const outcomes = await runConformance(run)
  process.exitCode = outcomes.some((outcome) => outcome.status === 'failed') ? 1 : 0
}

if (process.argv[1]?.endsWith('cli.ts')) await main()
