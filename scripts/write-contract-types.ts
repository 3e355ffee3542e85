/** `npm run contracts:types`: writes contracts/generated/*.d.ts from renderContractTypes (./contract-types). */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderContractTypes } from './contract-types'

const contractsDir = join(process.cwd(), 'contracts')
const outDir = join(contractsDir, 'generated')
const files = await renderContractTypes(contractsDir)
mkdirSync(outDir, { recursive: true })
for (const old of readdirSync(outDir)) rmSync(join(outDir, old))
for (const [name, text] of Object.entries(files)) writeFileSync(join(outDir, name), text)
console.log(`wrote ${String(Object.keys(files).length)} files to contracts/generated`)
