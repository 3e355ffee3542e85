import type { Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, logInFromHeader, loginDrawer, test, type ExpectedFailure } from './fixtures'

/**
 * Path, heading, what shows once its data is in (axe checks the page, not its skeleton), and what the
 * screen's own address makes the backend refuse.
 */
const PUBLIC_SCREENS: ReadonlyArray<readonly [string, string, ((page: Page) => Locator)?, ExpectedFailure[]?]> = [
  ['/', 'Trail races', (page) => page.getByRole('region', { name: 'Upcoming races' })],
  ['/contacts', 'Contacts'],
  ['/company', 'About us'],
  ['/register', 'Create your account', (page) => page.getByLabel('Confirm password')],
  ['/payment', 'Payment status'],
  ['/payment/by-link', 'Payment link status'],
  ['/reset-password', 'Recover your account', (page) => page.getByLabel('E-mail')],
  // A link whose token the backend does not know ends on 'Request expired'.
  ['/reset-email/some-token', 'Request expired', undefined, [{ operation: 'auth.resetLookup', status: 404 }]],
  ['/mailbox', 'Mailbox', (page) => page.getByRole('article', { name: 'Your payment link' }).first()],
  ['/race/201', 'Tor des Pettorale 330 2026', (page) => page.getByRole('img', { name: /elevation profile/i })],
  ['/race/101/ranking', 'Race results', (page) => page.getByRole('table')],
  ['/race/201/ranking', 'Race results', (page) => page.getByText('No results yet')],
  ['/race/202/subscribers', 'Entry list', (page) => page.getByRole('table')],
  // The wizard's screens, the visitor's gate included, are checked in enrolment.e2e.ts.
  ['/race/201/subscribed', 'Enrolment complete', (page) => page.getByText('Log in to see your enrolment.')],
  ['/payment/by-link?code=lnk-pending-7a4c0e95f1d2463b', 'Awaiting payment'],
  ['/request-expired', 'Request expired'],
  ['/race/abc', 'Race not found'],
  ['/confirm-account', 'Account not confirmed'],
  ['/nowhere', 'Page not found'],
]

/** Path, heading, and what shows once completo's data is in: axe checks the screen, not its loading state. */
const ATHLETE_SCREENS: ReadonlyArray<readonly [string, string, (main: Locator) => Locator]> = [
  ['/me', 'My profile', (main) => main.getByText('ASD Gran Paradiso Trail')],
  ['/me/races', 'My races', (main) => main.getByRole('article', { name: 'Alte Vie di Cogne 52K 2026' })],
  ['/me/open-subscriptions', 'Places awaiting payment', (main) => main.getByRole('article', { name: 'Alte Vie di Cogne 52K 2026' })],
  ['/me/transactions', 'My transactions', (main) => main.getByRole('list', { name: 'Transactions' }).getByRole('listitem')],
  ['/me/medical-certificate', 'Medical certificate', (main) => main.getByRole('region', { name: 'Your certificate' }).getByText(/Valid until/)],
  ['/me/experience', 'My experience races', (main) => main.getByRole('article', { name: 'Gran Trail del Monte Rosa 40K' })],
]

/**
 * The screens whose layout changes with the width (the race list's grid, the race page's columns,
 * the phone tables of results and entries), scanned at 1280 px too; every screen is scanned at
 * 360 px, where an athlete on the move reads it.
 */
const WIDE_LAYOUTS = new Set(['/', '/race/201', '/race/101/ranking', '/race/202/subscribers'])

test.describe('accessibility', () => {
  for (const width of [360, 1280]) {
    for (const [path, title, ready, failures = []] of PUBLIC_SCREENS.filter(([path]) => width === 360 || WIDE_LAYOUTS.has(path))) {
      test(`${path} has no axe violations at ${String(width)} px`, async ({ page, expectFailures }) => {
        expectFailures(...failures)
        await page.setViewportSize({ width, height: 800 })
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
        if (ready) await expect(ready(page).first()).toBeVisible()
        await expectNoAxeViolations(page)
      })
    }
  }

  test('the athlete screens, reached through the My area navigation, have no axe violations', async ({ page }) => {
    // Six screens, each loaded and scanned: 19 s on a quiet machine, past 30 s on a busy one.
    test.slow()
    await logInFromHeader(page, 'completo')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My area' }).click()
    for (const [path, title, content] of ATHLETE_SCREENS) {
      await page.getByRole('navigation', { name: 'My area' }).getByRole('link', { name: title }).click()
      await expect(page).toHaveURL(path)
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expectNoAxeViolations(page, { content: content(page.getByRole('main')) })
    }
  })

  test('the open login drawer has no axe violations', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await expect(loginDrawer(page)).toBeVisible()
    await expectNoAxeViolations(page)
  })

  for (const width of [360, 1280]) {
    test(`at ${String(width)} px nothing overflows sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
      await expect(page.getByRole('listitem').first()).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    })
  }
})
