import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

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

export default defineConfig({
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui(), mockServiceWorker()],
  build: { target: 'es2023', sourcemap: false, reportCompressedSize: false },
  test: {
    environment: 'happy-dom',
    include: ['{contracts,machines,mocks,src,tests,scripts}/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup/vitest.setup.ts'],
    restoreMocks: true,
  },
})
