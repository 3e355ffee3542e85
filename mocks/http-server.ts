import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { getResponse } from 'msw'
import { createControls } from './controls'
import { loadDb } from './db'
import { createHandlers } from './handlers'
import { createSeed, SEED_NOW_MS } from './seed'

/**
 * The simulated backend behind a real socket, serving the production build (dist/) beside it, so
 * a build made with VITE_API_MOCK=false can be tried end to end: `npm run build:real && npm run
 * mock:server`. Port from PETTORALE_MOCK_PORT, default 47615.
 */
const port = Number(process.env.PETTORALE_MOCK_PORT ?? 47615)
const origin = `http://127.0.0.1:${String(port)}`
const dist = join(process.cwd(), 'dist')
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
}

const controls = createControls(SEED_NOW_MS)
await loadDb(createSeed())
const handlers = createHandlers({ baseUrl: origin, controls, onResolved: () => {} })

async function toRequest(message: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of message) chunks.push(chunk as Buffer)
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
  const headers = new Headers()
  for (const [name, value] of Object.entries(message.headers)) {
    if (typeof value === 'string') headers.set(name, value)
  }
  return new Request(new URL(message.url ?? '/', origin), { method: message.method, headers, body })
}

createServer((message, res) => {
  void (async () => {
    const request = await toRequest(message)
    const answer = await getResponse(handlers, request)
    if (answer) {
      res.writeHead(answer.status, Object.fromEntries(answer.headers))
      res.end(Buffer.from(await answer.arrayBuffer()))
      return
    }
    // Static files of the build; every other path is the single-page app.
    const path = normalize(new URL(request.url).pathname).replace(/^(\.\.[/\\])+/, '')
    const file = join(dist, path)
    const target = existsSync(file) && statSync(file).isFile() ? file : join(dist, 'index.html')
    res.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' })
    createReadStream(target).pipe(res)
  })()
}).listen(port, '127.0.0.1', () => {
  console.info(`pettorale mock backend and dist/ on ${origin}`)
})
