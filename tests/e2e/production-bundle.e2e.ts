import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { startMockServer, type MockServer } from '../../mocks/http-server'
import { SEED_RACE_IDS } from '../../mocks/seed'
import { expect, test } from './fixtures'

/**
 * The build for a real backend (VITE_API_MOCK=false), served as a production host serves it, with
 * the API on the simulated backend over HTTP (`npm run mock:server`): what only such a build does.
 */
test.describe('the production bundle against a backend over HTTP', () => {
  test.describe.configure({ mode: 'serial' })
  let dist: string
  let server: MockServer

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    dist = mkdtempSync(join(tmpdir(), 'pettorale-production-'))
    const simulated = process.env.VITE_API_MOCK
    process.env.VITE_API_MOCK = 'false'
    try {
      await build({ logLevel: 'silent', build: { outDir: dist, emptyOutDir: true } })
    } finally {
      if (simulated === undefined) delete process.env.VITE_API_MOCK
      else process.env.VITE_API_MOCK = simulated
    }
    server = await startMockServer({ port: 0, dist, log: { info: () => {}, error: console.error } })
  })

  test.afterAll(async () => {
    await server.close()
    rmSync(dist, { recursive: true, force: true })
  })

  test("a race's page shows the race's name before the app's code arrives, and the app uses that answer", async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/vdatrailers/gare/')) asked.push(request.url())
    })
    // The app's code held back: what the athlete sees meanwhile is the frame.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/index-*.js', async (route) => {
      await held
      await route.continue()
    })

    await page.goto(`${server.url}/race/${String(SEED_RACE_IDS.open)}`)
    await expect(page.locator('.boot-words h1')).toHaveText('Sentiero dei Larici 25K 2026')
    await expect(page.locator('.boot-words p')).toHaveText('La Thuile')

    release()
    await expect(page.getByRole('heading', { level: 1, name: 'Sentiero dei Larici 25K 2026' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Technical information' })).toBeVisible()
    await expect(page.getByRole('img', { name: 'Elevation profile of Sentiero dei Larici 25K 2026' })).toBeVisible()
    expect(asked).toEqual([`${server.url}/api/v1/vdatrailers/gare/${String(SEED_RACE_IDS.open)}?lingua=en`])
  })

  test('an unknown race: the frame stays without a name and the app says the race was not found', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'races.get', status: 404 })
    await page.goto(`${server.url}/race/999999`)
    await expect(page.getByRole('heading', { level: 1, name: 'Race not found' })).toBeVisible()
    await expect(page.locator('html')).not.toHaveAttribute('data-frame-words')
  })
})
