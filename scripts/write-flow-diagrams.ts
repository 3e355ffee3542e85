/** `npm run flows`: writes docs/flows/*.md from renderFlow (./flow-diagrams). */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FLOWS, renderFlow } from './flow-diagrams'

const outDir = join(process.cwd(), 'docs/flows')
mkdirSync(outDir, { recursive: true })
for (const [file, { title, machine }] of Object.entries(FLOWS)) {
  writeFileSync(join(outDir, file), renderFlow(title, machine))
}
console.log(`wrote ${String(Object.keys(FLOWS).length)} diagrams to docs/flows`)
