import { expect, test, type ExpectedFailure } from './fixtures'

/**
 * What going offline provokes: the parts of the app asked for meanwhile get no answer (the favicon
 * too, when the browser asks for it then).
 */
const OFFLINE: ExpectedFailure = { url: /\/(assets\/[^/]+|favicon\.svg)$/, status: 'network' }
/** A part whose code did not arrive, caught by its boundary (never a render error: those would not match). */
const PART_NOT_LOADED: ExpectedFailure = {
  console: /^\[pettorale\] a part of the page failed (TypeError: Failed to fetch dynamically imported module|Error: Unable to preload CSS)/,
}

test.describe('a lost connection never leaves a blank page', () => {
  test('the login drawer opened offline says it could not load, and opens once the network is back', async ({ page, context, expectFailures }) => {
    expectFailures(OFFLINE, PART_NOT_LOADED)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
    // The session machine loads at the first interaction; the drawer only when first opened.
    await page.keyboard.press('Shift')
    // Loaded means every module the session's import asked for has arrived (networkidle resolves at
    // once here: the page reached it before the key was pressed).
    await page.waitForFunction(() => {
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => link.href)
      const arrived = new Set(performance.getEntriesByType('resource').map((entry) => entry.name))
      return links.some((href) => href.includes('session-runtime')) && links.every((href) => arrived.has(href))
    })
    await context.setOffline(true)
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'The login form could not load.' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()

    await context.setOffline(false)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Log in' }).getByLabel('E-mail')).toBeFocused()
  })

  test('"Log in" pressed offline before the session could load says the connection failed, and works once back', async ({ page, context, expectFailures }) => {
    expectFailures(OFFLINE)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
    await context.setOffline(true)
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await expect(page.getByText('We could not reach the server. Check your connection and try again.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()

    await context.setOffline(false)
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible()
  })

  test('a page that cannot load offline says so, keeps the header, and loads on retry', async ({ page, context, expectFailures }) => {
    expectFailures(OFFLINE, PART_NOT_LOADED)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
    await context.setOffline(true)
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'This page could not load.' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'pettorale' })).toBeVisible()

    await context.setOffline(false)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Trail races')
    await expect(page.getByRole('alert').filter({ hasText: 'This page could not load.' })).toHaveCount(0)
  })

  test('switching language offline keeps the current language and says why', async ({ page, context, expectFailures }) => {
    expectFailures(OFFLINE)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
    await context.setOffline(true)
    await page.getByLabel('Language').selectOption('ko')
    await expect(page.getByText('The language could not be loaded. Check your connection and try again.')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByLabel('Language')).toHaveValue('en')
  })

  test('a page whose code is gone after a new deploy reloads once, then offers a retry instead of looping', async ({ page, context, expectFailures }) => {
    expectFailures({ url: /\/assets\/company-page-[^/]+\.js$/, status: 404 }, PART_NOT_LOADED)
    let loads = 0
    page.on('load', () => (loads += 1))
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
    // The old build's chunk names no longer exist on the server.
    await context.route(/\/assets\/company-page-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }))
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'This page could not load.' })).toBeVisible()
    expect(loads).toBe(2)
  })
})
