import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { extname, join, resolve } from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import { minify, type Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { readPo } from './scripts/po'
import { CSP_NONCE_PLACEHOLDER, newNonce, securityHeaders, withNonce } from './scripts/security-headers'
import { italianMunicipalities } from './scripts/vite-municipalities'

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
        for (const [name, value] of Object.entries(securityHeaders(nonce, apiOrigin))) response.setHeader(name, value)
        response.setHeader('content-type', 'text/html; charset=utf-8')
        response.setHeader('cache-control', 'no-cache')
        response.end(withNonce(readFileSync(indexHtml, 'utf8'), nonce))
      })
    },
  }
}

/**
 * The words index.html's frame shows before any app code (`<!--frame-words:English source-->`), in
 * Italian from the catalog, so they read as the app will render them. public/first-paint.js shows
 * them only when Italian is surely the athlete's language.
 */
function frameWords(): Plugin {
  return {
    name: 'pettorale:frame-words',
    transformIndexHtml(html) {
      const italian = new Map(readPo(resolve('locales/it/messages.po')).map((entry) => [entry.msgid, entry.msgstr]))
      return html.replace(/<!--frame-words:(.+?)-->/g, (_, source: string) => {
        const words = italian.get(source)
        if (!words) throw new Error(`index.html frame words not in the Italian catalog: ${source}`)
        return words.replace(/&/g, '&amp;').replace(/</g, '&lt;')
      })
    },
  }
}

/**
 * In the build, the app's entry and its module preloads leave index.html's head for data
 * attributes that public/first-paint.js turns back into tags once the frame is painted: the
 * frame never waits behind the app's JavaScript, on a phone or in Lighthouse's simulation. With a
 * real backend, `data-api` tells first-paint.js where to ask early for the landing race.
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
      handler(html) {
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
 * public/first-paint.js is written to be read (its comments say why each step is there) and is
 * copied as is; the build replaces the copy with the same script minified: it counts in the first
 * page's JavaScript.
 */
function minifiedFirstPaint(): Plugin {
  let outDir = ''
  return {
    name: 'pettorale:minified-first-paint',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const file = join(outDir, 'first-paint.js')
      const { code, errors } = await minify('first-paint.js', readFileSync(file, 'utf8'))
      if (errors.length) throw new Error(`first-paint.js does not minify: ${errors.map((error) => error.message).join('; ')}`)
      writeFileSync(file, code)
    },
  }
}

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    mockServiceWorker(),
    previewSecurityHeaders(),
    frameWords(),
    appAfterFirstPaint(),
    minifiedFirstPaint(),
    italianMunicipalities(),
  ],
  // Vite marks index.html's tags and its CSS loader with this; the server swaps in each page's nonce.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    target: 'es2023',
    sourcemap: false,
    reportCompressedSize: false,
    // Everything the entry imports statically in one file: split across chunks that lazy screens
    // share, the first page was nine files, each compressed on its own (1.7 KiB more gzip, and
    // eight more requests before the first render). Lazy screens import what they need from it.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-page', tags: ['$initial'] }] } } },
  },
  test: {
    environment: 'happy-dom',
    include: ['{contracts,machines,mocks,src,tests,scripts}/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup/vitest.setup.ts'],
    restoreMocks: true,
  },
})
