import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FLOW_MACHINES } from '../src/dev/flows/flow-machines'
import { FLOWS, renderFlow } from './flow-diagrams'

describe('flow diagrams in docs/flows', () => {
  it.each(Object.entries(FLOWS))('%s matches its machine (run npm run flows when this fails)', (file, { title, machine }) => {
    expect(readFileSync(join(process.cwd(), 'docs/flows', file), 'utf8')).toBe(renderFlow(title, machine))
  })

  it('covers the machines the Flows page draws, and only those', () => {
    const ids = (machines: Array<{ machine: { id: string } }>) => machines.map(({ machine }) => machine.id).sort()
    expect(ids(Object.values(FLOWS))).toEqual(ids([...FLOW_MACHINES]))
  })
})
