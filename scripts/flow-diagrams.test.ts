import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FLOWS, renderFlow } from './flow-diagrams'

describe('flow diagrams in docs/flows', () => {
  it.each(Object.entries(FLOWS))('%s matches its machine (run npm run flows when this fails)', (file, { title, machine }) => {
    expect(readFileSync(join(process.cwd(), 'docs/flows', file), 'utf8')).toBe(renderFlow(title, machine))
  })
})
