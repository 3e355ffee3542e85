// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { BROKEN_RULES } from '../../mocks/server/broken-rules'
import { GROUPS } from './checks'
import { listChecks, readOptions } from './cli'
import { RuleBroken, runKit, NO_HOOKS, type Group, type Outcome } from './kit'
import type { Backend } from './backend'
import { groupOf, kitAgainstMock } from './prove'
import { outcomeLine, summaryLine, toJson, toJUnit } from './report'

const outcome = (over: Partial<Outcome>): Outcome => ({ group: 'payments', id: 'payments.one-live', rule: 'one live payment per place', status: 'passed', ms: 12, ...over })

describe('the report', () => {
  it('says each check on a line, why it failed or was skipped under it, and the failed checks in the summary', () => {
    expect(outcomeLine(outcome({}))).toBe('PASS  payments.one-live: one live payment per place (12 ms)')
    expect(outcomeLine(outcome({ status: 'failed', detail: 'a second start was accepted' }))).toBe(
      'FAIL  payments.one-live: one live payment per place\n      a second start was accepted',
    )
    const outcomes = [outcome({}), outcome({ id: 'payments.status-own', status: 'failed', detail: 'x' }), outcome({ id: 'lottery.verifiable', status: 'skipped', detail: NO_HOOKS })]
    expect(summaryLine(outcomes, 'http://api')).toBe('conformance of http://api: 1 passed, 1 failed, 1 skipped, of 3 checks: FAILED: payments.status-own')
    expect(summaryLine([outcome({}), outcome({ status: 'skipped' })], 'http://api')).toMatch(/: passed, with checks skipped$/)
    expect(summaryLine([], 'http://api')).toMatch(/no check selected$/)
  })

  it('writes JUnit with a suite per group, failures and skips counted and the text escaped', () => {
    const xml = toJUnit(
      [outcome({}), outcome({ status: 'failed', detail: 'answered <500> & "nothing"' }), outcome({ group: 'reads', id: 'reads.races', status: 'skipped', detail: NO_HOOKS })],
      'http://api',
    )
    expect(xml).toContain('<testsuites name="pettorale conformance of http://api" tests="3" failures="1" skipped="1">')
    expect(xml).toContain('<testsuite name="payments" tests="2" failures="1" skipped="0" time="0.024">')
    expect(xml).toContain('<failure message="answered &lt;500&gt; &amp; &quot;nothing&quot;">one live payment per place</failure>')
    expect(xml).toContain(`<testsuite name="reads" tests="1" failures="0" skipped="1"`)
    expect(xml).toContain('<skipped message="skipped: the backend offers no staging hooks (/__qa/, docs/backend.md)"/>')
  })

  it('writes JSON with the summary and every outcome', () => {
    expect(JSON.parse(toJson([outcome({}), outcome({ status: 'failed' })], 'http://api'))).toMatchObject({
      api: 'http://api',
      summary: { passed: 1, failed: 1, skipped: 0, total: 2 },
      outcomes: [{ id: 'payments.one-live', status: 'passed' }, { status: 'failed' }],
    })
  })
})

describe('the runner', () => {
  const backend = (hooks: boolean) => ({ hooks: hooks ? { reset: () => Promise.resolve() } : null }) as unknown as Backend
  const groups: Group[] = [
    { name: 'open', needsHooks: false, checks: [{ id: 'open.kept', rule: 'kept', run: () => Promise.resolve() }, { id: 'open.broken', rule: 'broken', run: () => Promise.reject(new RuleBroken('it did not')) }] },
    { name: 'staged', needsHooks: true, checks: [{ id: 'staged.crash', rule: 'crash', run: () => Promise.reject(new TypeError('no body')) }] },
  ]

  it('skips, and says why, the checks that need hooks a backend does not offer; a check that cannot finish fails', async () => {
    const without = await runKit(groups, backend(false))
    expect(without.map(({ id, status, detail }) => [id, status, detail])).toEqual([
      ['open.kept', 'passed', undefined],
      ['open.broken', 'failed', 'it did not'],
      ['staged.crash', 'skipped', NO_HOOKS],
    ])
    const withHooks = await runKit(groups, backend(true), { only: ['staged'] })
    expect(withHooks.map(({ id, status, detail }) => [id, status, detail])).toEqual([['staged.crash', 'failed', 'the check could not finish: no body']])
    expect((await runKit(groups, backend(true), { only: ['open.kept'] })).map(({ id }) => id)).toEqual(['open.kept'])
  })
})

describe('the command line', () => {
  it('needs an address, and names what it does not know', () => {
    expect(readOptions([])).toMatch(/--api <base address>/)
    expect(readOptions(['--api', 'nowhere'])).toBe('--api nowhere is not an address')
    expect(readOptions(['--api', 'http://127.0.0.1:47615', '--only', 'reads,sideways'])).toMatch(/^--only names no group or check: sideways/)
    expect(readOptions(['--api', 'http://127.0.0.1:47615', '--report', 'out.txt'])).toBe('--report is a .xml (JUnit) or .json file')
    expect(readOptions(['--api', 'http://127.0.0.1:47615', '--only', 'reads,auth.logout-revokes'])).toMatchObject({ only: ['reads', 'auth.logout-revokes'], hooks: true })
  })
})

describe('the checks', () => {
  it('each have a name of their group, unique, and a rule the simulated backend can be started with broken', () => {
    const ids = GROUPS.flatMap((group) => group.checks.map((check) => check.id))
    expect(new Set(ids).size).toBe(ids.length)
    for (const group of GROUPS) for (const check of group.checks) expect(check.id.startsWith(`${group.name}.`)).toBe(true)
    expect(Object.keys(BROKEN_RULES).sort()).toEqual([...ids].sort())
  })

  it('are listed with their rules, and the groups that need the hooks say so', () => {
    const list = listChecks()
    expect(list).toContain('reads')
    expect(list).toContain('  auth.logout-revokes: a token logged out is refused from then on (401)')
    const staged = GROUPS.filter((group) => group.needsHooks).map((group) => `${group.name} (needs the staging hooks)`)
    for (const line of staged) expect(list).toContain(line)
  })
})

// Each test starts a backend from the seed and the whole kit makes some 300 calls: seconds, more on
// a busy machine, so they get a minute rather than vitest's five seconds.
describe('the kit against the simulated backend', { timeout: 60_000 }, () => {
  const failedIds = (outcomes: Outcome[]) => outcomes.filter(({ status }) => status === 'failed').map(({ id }) => id)

  it('passes every check', async () => {
    const outcomes = await kitAgainstMock([])
    expect(outcomes.map(({ id }) => id)).toEqual(GROUPS.flatMap((group) => group.checks.map((check) => check.id)))
    expect(outcomes.filter(({ status }) => status !== 'passed')).toEqual([])
  })

  it('skips, and says why, the groups that need the staging hooks when the backend offers none', async () => {
    const outcomes = await kitAgainstMock([], [], false)
    const staged = new Set(GROUPS.filter((group) => group.needsHooks).map((group) => group.name))
    expect(outcomes.filter(({ group }) => staged.has(group)).every(({ status, detail }) => status === 'skipped' && detail === NO_HOOKS)).toBe(true)
    expect(outcomes.filter(({ group }) => !staged.has(group)).every(({ status }) => status === 'passed')).toBe(true)
    expect(summaryLine(outcomes, 'x')).toMatch(/passed, with checks skipped$/)
  })

  // A few of the rules, one per kind of breaker (an answer changed, a request changed, the data
  // changed): `npm run conformance:prove` breaks every one.
  it.each(['reads.races', 'auth.logout-revokes', 'requests.content-type', 'payments.idempotent-start', 'capacity.never-oversold', 'wait-list.first-in-line'])(
    'fails on exactly %s when that rule is broken',
    async (rule) => {
      expect(failedIds(await kitAgainstMock([rule], [groupOf(rule)!]))).toEqual([rule])
    },
  )
})
