/**
 * The soak's server (soak.ts): `npm run mock:server` started for QA on a free port, in a process of
 * its own so its memory is measured alone. Run with `--expose-gc` and an IPC channel: it sends
 * `{ type: 'listening', url }` once it listens, answers each `{ type: 'memory' }` with the heap
 * after a forced garbage collection and the resident set (`{ type: 'memory', heapUsed, rss }`,
 * bytes), and passes on each request the mock failed on (`{ type: 'failed', text }`). Nothing of
 * this is in mocks/: only the soak needs it.
 */
import { join } from 'node:path'
import { format } from 'node:util'

if (!process.send || typeof globalThis.gc !== 'function') {
  throw new Error('soak-server.ts is started by soak.ts: node --expose-gc with an IPC channel')
}
const send = process.send.bind(process)
const gc = globalThis.gc

// Node 20 has no Temporal, which the handlers' calendar rules and the QA clock presets use.
if (!('Temporal' in globalThis)) await import('temporal-polyfill/global')
const { startMockServer } = await import('../../mocks/http-server')

const server = await startMockServer({
  port: 0,
  qa: true,
  // No build to serve: only the API is asked (as by the rush), nothing to compress in the background.
  dist: join('bench', 'no-build'),
  precompress: false,
  log: { info: () => {}, error: (...args: unknown[]) => void send({ type: 'failed', text: format(...args) }) },
})

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'memory') return
  gc()
  const { heapUsed, rss } = process.memoryUsage()
  send({ type: 'memory', heapUsed, rss })
})
// The soak went away: so does its server.
process.on('disconnect', () => void server.close().then(() => process.exit(0)))
send({ type: 'listening', url: server.url })
