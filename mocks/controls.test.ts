import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { describe, expect, it } from 'vitest'
import { allOperations } from '../contracts'
import type { mock } from '../tests/e2e/fixtures'
import { createControls } from './controls'
import { SEED_NOW_MS } from './seed'

describe('the controls', () => {
  const controls = createControls(SEED_NOW_MS)

  it('fault and delay operations named as in the contracts', () => {
    controls.fault('athlete.me', { kind: 'status', status: 500 })
    controls.latency('races.list', 300)
    controls.latency('*', 50)
    expect(controls.faultFor('athlete.me')).toEqual({ kind: 'status', status: 500 })
    expect(controls.latencyFor('races.list')).toBe(300)
    expect(controls.latencyFor('athlete.me')).toBe(50)
    controls.reset()
    expect(controls.faultFor('athlete.me')).toBeUndefined()
  })

  it('refuse any other name, at compile time and at run time (QA types them in the console)', () => {
    // @ts-expect-error -- not an operation name
    expect(() => controls.fault('athlete.mine', { kind: 'network' })).toThrow(/"athlete.mine" is not an operation name/)
    // @ts-expect-error -- '*' is for latency only
    expect(() => controls.fault('*', { kind: 'network' })).toThrow(/is not an operation name.*athlete\.me/)
    // @ts-expect-error -- not an operation name
    expect(() => controls.latency('races', 10)).toThrow(/"races" is not an operation name or '\*'/)
    expect(controls.state().faults).toEqual({})
    expect(controls.state().latencyMs).toEqual({})
  })

  it('are documented with every name they accept (mocks/README.md)', () => {
    const readme = readFileSync(join(process.cwd(), 'mocks', 'README.md'), 'utf8')
    expect(allOperations.map((operation) => operation.name).filter((name) => !readme.includes(`\`${name}\``))).toEqual([])
  })
})

/** Never run: the e2e fixture's `mock()` takes a control's name and that control's own arguments. */
const _typedE2eCalls = (call: typeof mock, page: Page) => {
  void call(page, 'fault', 'athlete.me', { kind: 'status', status: 500 })
  void call(page, 'advance', 60_000)
  void call(page, 'latency', '*', 1500)
  // @ts-expect-error -- not an operation name
  void call(page, 'fault', 'athlete.mine', null)
  // @ts-expect-error -- advance takes milliseconds
  void call(page, 'advance', '8h')
  // @ts-expect-error -- not a control a test may call
  void call(page, 'subscribe', () => {})
}
