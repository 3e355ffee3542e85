import { expect, test } from './fixtures'

/** The simulated backend in the page (mocks/browser.ts), as the portal and QA rely on it. */
test.describe('the simulated backend', () => {
  test('a page being left still gets its answers until the next page arrives', async ({ page }) => {
    // MSW's worker stops answering a page at `beforeunload` (mocks/browser.ts); a page still reads
    // until the next one replaces it (a query refetching after a save), and got the static server's
    // index.html instead, which the portal reported as an answer outside its contract.
    await page.goto('/')
    await page.waitForFunction(() => 'pettoraleMock' in window)
    let release = () => {}
    const nextPageHeld = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/company', async (route) => {
      await nextPageHeld
      await route.continue()
    })
    await page.evaluate(() => {
      setTimeout(() => void fetch('/api/v1/vdatrailers/gare'), 300)
    })
    const readWhileLeaving = page.waitForResponse((response) => response.url().endsWith('/api/v1/vdatrailers/gare'))
    const leaving = page.goto('/company')
    const answer = await readWhileLeaving
    expect(answer.headers()['content-type']).toContain('application/json')
    release()
    await leaving
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})
