/**
 * Measures the performance budget figures of DESIGN.md section 9 that need no browser: a production
 * build against the real backend (VITE_API_MOCK=false), its home route's initial JavaScript (the
 * entry script and every chunk index.html preloads, gzip), each lazy chunk, and the mock code in it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const BUDGET_HOME_KIB = 95
const BUDGET_ROUTE_KIB = 20
const MOCK_MARKERS = ['pettoraleMock', 'setupWorker', 'pettorale.mock.db', '@pettorale.test']

const outDir = mkdtempSync(join(tmpdir(), 'pettorale-bench-'))
process.env.VITE_API_MOCK = 'false'
await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } })

const gzKiB = (file: string) => gzipSync(readFileSync(join(outDir, file))).length / 1024
const html = readFileSync(join(outDir, 'index.html'), 'utf8')
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!)
const allScripts = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.js')).map((file) => `assets/${file}`)
const lazy = allScripts.filter((file) => !initial.includes(file))
const homeKiB = initial.reduce((sum, file) => sum + gzKiB(file), 0)
const mockBytes = allScripts.filter((file) => MOCK_MARKERS.some((marker) => readFileSync(join(outDir, file), 'utf8').includes(marker)))

console.log(`home route initial JS (gzip): ${homeKiB.toFixed(1)} KiB (budget ${String(BUDGET_HOME_KIB)})`)
for (const file of initial) console.log(`  initial ${file}: ${gzKiB(file).toFixed(1)} KiB`)
for (const file of lazy) {
  const size = gzKiB(file)
  console.log(`  lazy    ${file}: ${size.toFixed(1)} KiB${size > BUDGET_ROUTE_KIB ? ` (over the ${String(BUDGET_ROUTE_KIB)} KiB route budget)` : ''}`)
}
console.log(`files with mock code in the production build: ${String(mockBytes.length)}${mockBytes.length ? ` (${mockBytes.join(', ')})` : ''}`)
rmSync(outDir, { recursive: true, force: true })
process.exitCode = mockBytes.length > 0 ? 1 : 0
