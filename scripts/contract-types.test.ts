import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderContractTypes } from './contract-types'

const contractsDir = join(process.cwd(), 'contracts')

describe('generated contract types', () => {
  it('are up to date with the contracts (run npm run contracts:types when this fails)', async () => {
    const expected = await renderContractTypes(contractsDir)
    const onDisk = Object.fromEntries(
      readdirSync(join(contractsDir, 'generated')).map((name) => [name, readFileSync(join(contractsDir, 'generated', name), 'utf8')]),
    )
    expect(onDisk).toEqual(expected)
  })
})
