import { defineConfig } from '@playwright/test'

/**
 * Fixed, uncommon port: the e2e suite runs against the production build served by vite preview.
 * PETTORALE_E2E_PORT lets two suites run side by side, each with its own build folder.
 */
const PORT = Number(process.env.PETTORALE_E2E_PORT ?? 47614)
const OUT_DIR = PORT === 47614 ? 'dist' : `dist-e2e-${String(PORT)}`
const RESULTS_DIR = PORT === 47614 ? 'test-results' : `test-results-${String(PORT)}`
const baseURL = `http://127.0.0.1:${String(PORT)}`

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: RESULTS_DIR,
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
      // This machine has no network but the registries: keep Chromium from calling home.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `npx vite build --outDir ${OUT_DIR} && npx vite preview --outDir ${OUT_DIR} --host 127.0.0.1 --port ${String(PORT)} --strictPort`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
})
