import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, extname, resolve } from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import { minify, parseSync, type Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { frameWords } from './scripts/frame-words-plugin.ts'
import { CSP_NONCE_PLACEHOLDER, newNonce, securityHeaders, withNonce } from './scripts/security-headers.ts'
import { italianMunicipalities } from './scripts/vite-municipalities.ts'

/**
 * MSW's service worker, straight from the installed package: served and emitted only when the
 * simulated backend is on, so a build for a real backend (VITE_API_MOCK=false) ships no worker.
 */
function mockServiceWorker(): Plugin {
  const source = () => readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8')
  let enabled = true
  return {
    name: 'pettorale:mock-service-worker',
    configResolved(config) {
      enabled = config.env.VITE_API_MOCK !== 'false'
    },
    configureServer(server) {
      if (!enabled) return
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript')
        response.end(source())
      })
    },
    generateBundle() {
      if (enabled) this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: source() })
    },
  }
}

/**
 * `npm run preview` (and so every e2e run) serves the build with the production headers: each page
 * gets a fresh CSP nonce, written into index.html where Vite left the placeholder.
 */
function previewSecurityHeaders(): Plugin {
  let indexHtml = ''
  let apiOrigin: string | undefined
  return {
    name: 'pettorale:preview-security-headers',
    configResolved(config) {
      indexHtml = resolve(config.root, config.build.outDir, 'index.html')
      const base = config.env.VITE_API_BASE_URL as string | undefined
      apiOrigin = base ? new URL(base).origin : undefined
    },
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        response.setHeader('x-content-type-options', 'nosniff')
        const path = new URL(request.url ?? '/', 'http://preview.invalid').pathname
        // Files are files; every other path is the single-page app's index.html.
        if (request.method !== 'GET' || (extname(path) !== '' && path !== '/index.html')) return next()
        const nonce = newNonce()
        for (const [name, value] of Object.entries(securityHeaders(nonce, { apiOrigin }))) response.setHeader(name, value)
        response.setHeader('content-type', 'text/html; charset=utf-8')
        response.setHeader('cache-control', 'no-cache')
        response.end(withNonce(readFileSync(indexHtml, 'utf8'), nonce))
      })
    },
  }
}

/**
 * In the build, nothing the frame needs is a file of its own, and nothing else comes before it:
 * - the app's entry and its module preloads leave index.html's head for data attributes that
 *   src/first-paint.js turns back into tags once the frame is painted;
 * - the first page's stylesheet (the frame's rules and the first render's, about 3 KiB gzip) is
 *   written into the page as a `<style>` with the page's nonce, where a `<link>` was a request the
 *   first paint waited for (about 180 ms of Lighthouse's simulated LCP on every page, decision 044).
 * With a real backend, `data-api` tells first-paint.js where to ask early for the landing race.
 */
function appAfterFirstPaint(): Plugin {
  // A real backend's base (empty: the same origin), for first-paint.js's early request; none when
  // the backend is simulated, which only exists once the app has started it.
  let api: string | undefined
  return {
    name: 'pettorale:app-after-first-paint',
    apply: 'build',
    configResolved(config) {
      api = config.env.VITE_API_MOCK === 'false' ? ((config.env.VITE_API_BASE_URL as string | undefined) ?? '') : undefined
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const sheets = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)"[^>]*>/g)]
        if (sheets.length !== 1) throw new Error(`index.html has ${String(sheets.length)} stylesheets; the first page's one is written into it`)
        const [tag, file] = [sheets[0]![0], sheets[0]![1]!]
        const sheet = bundle?.[file]
        if (sheet?.type !== 'asset') throw new Error(`index.html's stylesheet ${file} is not in the build`)
        // Parts that import the entry list its stylesheet among their files: `data-href` tells
        // src/ui/lazy-part.tsx it is in the page already, so the file leaves the build.
        delete bundle![file]
        html = html.replace(tag, () => `<style nonce="${CSP_NONCE_PLACEHOLDER}" data-href="/${file}">${String(sheet.source)}</style>`)
        const entry = /<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>\s*/.exec(html)
        if (!entry) throw new Error('index.html has no module entry to defer')
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>\s*/g)]
        let out = html.replace(entry[0], '')
        for (const preload of preloads) out = out.replace(preload[0], '')
        const apiAttribute = api === undefined ? '' : ` data-api="${api.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`
        const attributes = `data-app="${entry[1]!}" data-preload="${preloads.map((p) => p[1]).join(' ')}"${apiAttribute}`
        if (!out.includes('<html lang="it">')) throw new Error('index.html: no <html lang="it"> to carry the app entry')
        return out.replace('<html lang="it">', `<html lang="it" ${attributes}>`)
      },
    },
  }
}

/**
 * src/first-paint.js runs before the body is painted: written into index.html's head as an inline
 * script with the page's nonce, not loaded from a file the first paint would wait for (about 330 ms
 * of Lighthouse's simulated LCP, decision 044). It is written to be read (its comments say why each
 * step is there); the build writes it minified.
 */
function inlineFirstPaint(): Plugin {
  const TAG = '<script data-inline="src/first-paint.js"></script>'
  let building = false
  return {
    name: 'pettorale:inline-first-paint',
    configResolved(config) {
      building = config.command === 'build'
    },
    async transformIndexHtml(html) {
      if (!html.includes(TAG)) throw new Error(`index.html has no ${TAG} to write inline`)
      const source = readFileSync(resolve('src/first-paint.js'), 'utf8')
      const { code, errors } = building ? await minify('first-paint.js', source) : { code: source, errors: [] }
      if (errors.length) throw new Error(`first-paint.js does not minify: ${errors.map((error) => error.message).join('; ')}`)
      if (code.includes('</script')) throw new Error('first-paint.js cannot be written inline: it contains </script')
      return html.replace(TAG, () => `<script nonce="${CSP_NONCE_PLACEHOLDER}">${code.trim()}</script>`)
    },
  }
}

/**
 * Chromium keeps a module whose download failed failed for the page's life (its module map): a
 * part asked for offline, and every module its preload asked for, could not load once the network
 * was back, short of reloading the page. So the build's dynamic imports go through
 * src/ui/lazy-part.tsx's `loadChunk` instead of Vite's preload helper (same arguments: the import,
 * the files it needs), and each import lets it choose the address: `() => import('./x.js')`
 * becomes `(u) => import(u('./x.js'))`, so a retry asks for the same file under an address the
 * page has not seen fail. Rewritten once Vite has written each import's files into the chunks
 * (it reads the literal `import('./x.js')` to know them); the chunks' names, hashed before, stay.
 * The rewrite leaves no source map behind: with `build.sourcemap` on, the columns after each
 * rewritten import would be off by a few characters.
 */
function retryableChunks(): Plugin {
  const PRELOAD_HELPER = '\0vite/preload-helper.js'
  let replaced = false
  return {
    name: 'pettorale:retryable-chunks',
    apply: 'build',
    enforce: 'pre',
    load: {
      // Only the helper's id crosses into this hook (a filter Rolldown applies before calling it).
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(id) {
        if (id !== PRELOAD_HELPER) return
        replaced = true
        return `export { loadChunk as __vitePreload } from ${JSON.stringify(resolve('src/ui/lazy-part.tsx'))}`
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const folders = new Set<string>()
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.code.includes('import(')) continue
          if (chunk.code.includes('__VITE_PRELOAD__')) throw new Error(`${chunk.fileName}: rewritten before Vite wrote its imports' files`)
          const imports = retryableImports(chunk.code, chunk.fileName)
          if (imports.length === 0) continue
          if (!replaced) throw new Error(`${chunk.fileName}: Vite's preload helper was not replaced by loadChunk`)
          folders.add(dirname(chunk.fileName))
          chunk.code = rewrite(chunk.code, imports)
        }
        // loadChunk knows a chunk by its import's specifier ('./x.js'): the same file only if every
        // chunk that imports one lives in the same folder.
        if (folders.size > 1) throw new Error(`chunks with imports in several folders: ${[...folders].join(', ')}`)
      },
    },
  }
}

interface RetryableImport {
  /** Where `()` or `async()` of the arrow that Vite's `__vitePreload` calls starts and its `=>` ends. */
  head: { start: number; end: number; async: boolean }
  /** The import's specifier (a literal). */
  source: { start: number; end: number }
  /** The arrow's text, to pick a parameter name it does not use. */
  text: string
}

/**
 * Every `import('literal')` of a built chunk, each in the arrow that Vite wraps it in:
 * `__vitePreload(() => import('./x.js'), deps)`. Anything else is an error, never a silent skip.
 */
function retryableImports(code: string, fileName: string): RetryableImport[] {
  const { program, errors } = parseSync(fileName, code)
  if (errors.length) throw new Error(`${fileName} does not parse: ${errors.map((error) => error.message).join('; ')}`)
  const found: RetryableImport[] = []
  type Node = { type: string; start: number; end: number; [key: string]: unknown }
  const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'
  // Arrows passed first to a call, and those already given their import.
  const factories = new Set<Node>()
  const used = new Set<Node>()
  const visit = (node: Node, fn: Node | undefined) => {
    if (node.type === 'CallExpression') {
      const first = (node.arguments as Node[])[0]
      if (first?.type === 'ArrowFunctionExpression' && (first.params as Node[]).length === 0) factories.add(first)
    }
    if (node.type === 'ImportExpression') {
      const source = node.source as Node
      const literal = source.type === 'Literal' || (source.type === 'TemplateLiteral' && (source.expressions as Node[]).length === 0)
      if (literal) {
        if (!fn || !factories.has(fn) || used.has(fn)) {
          throw new Error(`${fileName}: an import outside Vite's preload helper: ${code.slice(node.start, node.end)}`)
        }
        used.add(fn)
        const body = fn.body as Node
        const head = code.slice(fn.start, body.start)
        if (!/^(async\s*)?\(\s*\)\s*=>\s*$/.test(head)) throw new Error(`${fileName}: unexpected import arrow: ${head}`)
        found.push({ head: { start: fn.start, end: body.start, async: fn.async === true }, source, text: code.slice(fn.start, fn.end) })
      }
    }
    const inner = node.type.includes('Function') ? node : fn
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item, inner)
      if (isNode(value)) visit(value, inner)
    }
  }
  visit(program as unknown as Node, undefined)
  return found
}

/** `() => import('./x.js')` → `(u) => import(u('./x.js'))`, with a name the arrow does not use. */
function rewrite(code: string, imports: RetryableImport[]): string {
  const edits: { at: number; end: number; text: string }[] = []
  for (const { head, source, text } of imports) {
    const name = ['u', 'v', 'w', 'q', 'z'].find((candidate) => !new RegExp(`(?<![\\w$])${candidate}(?![\\w$])`).test(text))
    if (!name) throw new Error(`no free parameter name in ${text}`)
    edits.push({ at: head.start, end: head.end, text: `${head.async ? 'async ' : ''}${name}=>` })
    edits.push({ at: source.start, end: source.start, text: `${name}(` }, { at: source.end, end: source.end, text: ')' })
  }
  edits.sort((a, b) => b.at - a.at)
  let out = code
  for (const edit of edits) out = out.slice(0, edit.at) + edit.text + out.slice(edit.end)
  return out
}

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    mockServiceWorker(),
    previewSecurityHeaders(),
    frameWords(),
    appAfterFirstPaint(),
    inlineFirstPaint(),
    italianMunicipalities(),
    retryableChunks(),
  ],
  resolve: {
    // wouter (and @xstate/react's selector) read stores through the shim that gave React 17
    // `useSyncExternalStore`; React 19 has its own, and the shim's copy was 0.4 KiB of the first page.
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: resolve('src/lib/sync-external-store.ts') }],
  },
  // Vite marks index.html's tags and its CSS loader with this; the server swaps in each page's nonce.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    target: 'es2023',
    // first-paint.js writes the modulepreload links itself; only browsers without them (Safari < 17,
    // Firefox < 115) would use the polyfill, and they load the same modules on import (decision 042).
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
    // Everything the entry imports statically in one file: split across chunks that lazy screens
    // share, the first page was nine files, each compressed on its own (1.7 KiB more gzip, and
    // eight more requests before the first render). Lazy screens import what they need from it.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'first-page', tags: ['$initial'] },
            // Small modules the wizard shares with the pages after an enrolment, in two chunks rather
            // than a dozen: each chunk is compressed alone, and apart they cost the wizard's first
            // visit 1.2 KiB (decision 058): the rules of a place and an enrolment, and the texts an athlete signs.
            {
              name: 'enrolment-rules',
              test: /machines[/\\](rules[/\\](place|held-place|payment-link|lottery|race-day|certificate-status|registration-display)|enrolment[/\\](eligibility|price|disclaimer))\.ts$/,
            },
            { name: 'signed-texts', test: /(src[/\\]ui[/\\](rules-text|organiser-text)\.tsx|contracts[/\\]sha256\.ts)$/ },
          ],
        },
      },
    },
  },
  test: {
    // Run by npm run test:coverage:machines, which measures what they cover (tests/scenarios/vitest.config.ts).
    exclude: ['**/node_modules/**', 'tests/scenarios/**'],
    setupFiles: ['tests/setup/vitest.setup.ts'],
    restoreMocks: true,
    // A page's environment only where something renders: happy-dom costs each file that builds it a
    // fifth of a second or more, and the rules, machines, contracts and simulated backend render nothing.
    projects: [
      { extends: true, test: { name: 'logic', environment: 'node', include: ['{contracts,machines,mocks,scripts}/**/*.test.ts'] } },
      { extends: true, test: { name: 'pages', environment: 'happy-dom', include: ['{src,tests}/**/*.test.{ts,tsx}'] } },
    ],
  },
})
