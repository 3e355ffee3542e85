/**
 * `npm run conformance:prove [-- <check id>...]`: the kit proven to catch what it claims. The
 * simulated backend is started in this process once as it is (every check must pass) and once per
 * broken rule (mocks/server/broken-rules.ts) with that rule broken: the kit must fail on exactly the
 * check named after it. Prints the table; exits 1 when any row is wrong.
 */
import { startMockServer } from '../../mocks/http-server'
import { BROKEN_RULES } from '../../mocks/server/broken-rules'
import { PERSONAS } from '../../mocks/seed'
import { connectBackend } from './backend'
import { GROUPS } from './checks'
import { runKit, type Outcome } from './kit'
import { outcomeLine, summaryLine } from './report'

const accounts = PERSONAS.map(({ key, mail, password }) => ({ key, mail, password }))

/**
 * The kit's outcomes against the simulated backend with `broken` rules broken, `only` those checks;
 * `hooks: false` runs it as a backend without the staging hooks.
 */
export async function kitAgainstMock(broken: readonly string[], only: readonly string[] = [], hooks = true): Promise<Outcome[]> {
  const server = await startMockServer({ port: 0, qa: true, broken, precompress: false, log: { info: () => {}, error: console.error } })
  try {
    const backend = await connectBackend({ api: server.url, accounts, clientId: 'pettorale-portal', clientSecret: '', hooks })
    return await runKit(GROUPS, backend, { only })
  } finally {
    await server.close()
  }
}

/** The group a check belongs to: a broken rule is proven on its own group, every check of it run. */
export const groupOf = (id: string) => GROUPS.find((group) => group.checks.some((check) => check.id === id))?.name

async function main() {
  if (!('Temporal' in globalThis)) await import('temporal-polyfill/global')
  const asked = process.argv.slice(2)
  const rules = asked.length ? asked : Object.keys(BROKEN_RULES)
  let wrong = 0
  if (!asked.length) {
    const whole = await kitAgainstMock([])
    for (const outcome of whole) console.log(outcomeLine(outcome))
    console.log(summaryLine(whole, 'the simulated backend'))
    if (whole.some((outcome) => outcome.status !== 'passed')) wrong++
  }
  console.log('\n| broken rule | checks run | failed | verdict |\n|---|---|---|---|')
  for (const rule of rules) {
    const group = groupOf(rule)
    const outcomes = group ? await kitAgainstMock([rule], [group]) : []
    const failed = outcomes.filter((outcome) => outcome.status === 'failed').map((outcome) => outcome.id)
    const right = failed.length === 1 && failed[0] === rule
    if (!right) wrong++
    console.log(`| ${rule} | ${String(outcomes.length)} | ${failed.join(', ') || 'none'} | ${right ? 'caught, and only it' : group ? 'WRONG' : 'WRONG: no check of that name'} |`)
  }
  process.exitCode = wrong ? 1 : 0
}

if (process.argv[1]?.endsWith('prove.ts')) await main()
