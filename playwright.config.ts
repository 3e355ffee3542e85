import { defineConfig, type PlaywrightTestConfig } from '@playwright/test'
import { sharedBuild } from './scripts/test-builds'

/**
 * Two ways the portal is run, each on its own fixed, uncommon port (`--strictPort`: another process
 * on it is an error, never a silent switch to the next port):
 * - the production build served by vite preview (every e2e test but the dev server's), port 47614;
 * - the dev server exactly as `npm start` runs it (Vite, React StrictMode, mock mode), port 47616
 *   (47613 is `npm start`'s own, often taken by a developer's server), for the journeys that cross
 *   lazy parts and machines: StrictMode mounts twice and stops actors between, and Vite loads
 *   modules one by one, which the build hides (tests/e2e/dev-server/).
 * - the QA build against a shared backend (`VITE_API_MOCK=server`, its own build folder) served by
 *   `npm run mock:server` started for QA, port 47617: the panel and the checkout over HTTP, and two
 *   browser contexts sharing one backend as a QA team does (tests/e2e/shared-backend/).
 * PETTORALE_E2E_PORT lets two suites run side by side: the build on that port with its own build
 * folder, the dev server on the next port (or PETTORALE_E2E_DEV_PORT), the shared backend on the
 * one after (or PETTORALE_E2E_SHARED_PORT). tests/e2e/production-bundle.e2e.ts starts Debian's nginx
 * itself, on 47618 or the third port after PETTORALE_E2E_PORT (or PETTORALE_E2E_NGINX_PORT), and over
 * HTTPS on the port after that.
 */
const PORT = Number(process.env.PETTORALE_E2E_PORT ?? 47614)
const DEV_PORT = Number(process.env.PETTORALE_E2E_DEV_PORT ?? (process.env.PETTORALE_E2E_PORT ? PORT + 1 : 47616))
const SHARED_PORT = Number(process.env.PETTORALE_E2E_SHARED_PORT ?? (process.env.PETTORALE_E2E_PORT ? PORT + 2 : 47617))
const OUT_DIR = PORT === 47614 ? 'dist' : `dist-e2e-${String(PORT)}`
const SHARED_OUT_DIR = `dist-e2e-${String(SHARED_PORT)}`
const RESULTS_DIR = PORT === 47614 ? 'test-results' : `test-results-${String(PORT)}`
const baseURL = `http://127.0.0.1:${String(PORT)}`
// `localhost`, as the README tells people to open `npm start`.
const devURL = `http://localhost:${String(DEV_PORT)}`
const sharedURL = `http://127.0.0.1:${String(SHARED_PORT)}`
/**
 * The shared backend as a team opens it: by a name on its network, over plain HTTP, so not a secure
 * context (no `crypto.randomUUID`, no clipboard API). The project's Chromium maps the name to 127.0.0.1.
 */
const TEAM_HOST = 'qa-host.test'
const teamURL = `http://${TEAM_HOST}:${String(SHARED_PORT)}`

/**
 * Playwright starts every web server of the config whatever projects run; a run of the dev-server
 * project alone (`--project dev-server`) should not wait a minute for a production build, nor a run
 * of the build's tests for a dev server. The projects asked for on the command line decide.
 */
function projectsAsked(): string[] {
  const asked: string[] = []
  process.argv.forEach((argument, index) => {
    if (argument === '--project' || argument === '-p') {
      for (const name of process.argv.slice(index + 1)) {
        if (name.startsWith('-')) break
        asked.push(name)
      }
    } else if (argument.startsWith('--project=')) asked.push(argument.slice('--project='.length))
  })
  return asked
}
const asked = projectsAsked()
/** Whether one of these projects runs (a name asked for may end with a `*`). */
const runs = (...projects: string[]) =>
  asked.length === 0 || asked.some((name) => projects.some((project) => project.startsWith(name.replace(/\*.*$/, ''))))

const chromium: PlaywrightTestConfig['use'] = {
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
}

const webServers: NonNullable<PlaywrightTestConfig['webServer']> = []
if (runs('dev-server', 'dev-server-warm-up')) {
  webServers.push({
    // `npm start`'s command on the dev project's port.
    command: `npx vite --port ${String(DEV_PORT)} --strictPort`,
    url: devURL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  })
}
// Under `npm test` the builds are made once for the whole run (scripts/test-builds.ts); run alone,
// each project builds its own.
const MOCK_BUILD = sharedBuild('mock')
const QA_BUILD = sharedBuild('qa')
if (runs('production-build')) {
  webServers.push({
    command: MOCK_BUILD
      ? `npx vite preview --outDir ${MOCK_BUILD} --host 127.0.0.1 --port ${String(PORT)} --strictPort`
      : `npx vite build --outDir ${OUT_DIR} && npx vite preview --outDir ${OUT_DIR} --host 127.0.0.1 --port ${String(PORT)} --strictPort`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  })
}

if (runs('shared-backend')) {
  webServers.push({
    // The QA build, then the mock server started for QA on it (a port in use is an error there).
    command:
      (QA_BUILD ? '' : `VITE_API_MOCK=server npx vite build --outDir ${SHARED_OUT_DIR} && `) +
      `PETTORALE_MOCK_QA=1 PETTORALE_MOCK_PORT=${String(SHARED_PORT)} PETTORALE_MOCK_DIST=${QA_BUILD ?? SHARED_OUT_DIR} ` +
      `PETTORALE_MOCK_PORTAL_ORIGIN=${teamURL} npx tsx mocks/http-server.ts`,
    url: sharedURL,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  })
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: RESULTS_DIR,
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  // CI's machine is shared: a clean clone's run there once went 2.5 times slower than here, and a
  // freshly loaded athlete page (boot, session restore, two reads) missed 7 s where it takes 1 to
  // 2 s alone. A wait only lasts that long when something is wrong, so a wider one costs nothing.
  expect: { timeout: 10_000 },
  use: chromium,
  projects: [
    {
      name: 'production-build',
      testMatch: '*.e2e.ts',
      testIgnore: ['dev-server/**', 'shared-backend/**'],
      use: { ...chromium, baseURL },
    },
    {
      // One backend for every test of the project, as for a QA team: its tests run one at a time,
      // each from the seed (tests/e2e/shared-backend/).
      name: 'shared-backend',
      testMatch: 'shared-backend/*.e2e.ts',
      fullyParallel: false,
      workers: 1,
      use: {
        ...chromium,
        baseURL: teamURL,
        launchOptions: { ...chromium.launchOptions, args: [...(chromium.launchOptions?.args ?? []), `--host-resolver-rules=MAP ${TEAM_HOST} 127.0.0.1`] },
      },
    },
    {
      // The dev server compiles each module on its first request: one pass through the screens the
      // journeys use compiles them (and has Vite optimise any dependency it finds late, which reloads
      // the page), so no journey measures a compile against its timeouts.
      name: 'dev-server-warm-up',
      testMatch: 'dev-server/warm-up.setup.ts',
      timeout: 180_000,
      use: { ...chromium, baseURL: devURL },
    },
    {
      name: 'dev-server',
      testMatch: 'dev-server/*.e2e.ts',
      dependencies: ['dev-server-warm-up'],
      // StrictMode renders twice and the dev server serves modules one by one: slower than the
      // build, and the payment journeys wait for the provider's settlement (a declined card and a
      // retry, two of them) besides: about 40 s each on a busy 2-core machine.
      timeout: 90_000,
      use: { ...chromium, baseURL: devURL },
    },
  ],
  webServer: webServers,
})
