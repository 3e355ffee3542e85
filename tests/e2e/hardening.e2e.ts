import type { Page } from '@playwright/test'
import { expect, fillLogin, logInFromHeader, loginDrawer, mock, persona, test } from './fixtures'

/** A real access token of another athlete, asked from the simulated backend inside the page. */
async function tokenOf(page: Page, key: Parameters<typeof persona>[0]): Promise<string> {
  const { mail, password } = persona(key)
  // The simulated backend answers once the page has started it.
  await page.waitForFunction(() => 'pettoraleMock' in window)
  return page.evaluate(
    async ([username, secret]) => {
      const response = await fetch('/api/oauth/token', {
        method: 'POST',
        headers: { authorization: `Basic ${btoa('pettorale-portal:')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username, password: secret }),
      })
      return ((await response.json()) as { access_token: string }).access_token
    },
    [mail, password] as const,
  )
}

test.describe('a hostile link or a failing server', () => {
  test("a link carrying someone else's token does not switch the signed-in athlete", async ({ page }) => {
    await logInFromHeader(page, 'completo')
    const stranger = await tokenOf(page, 'revisione')
    await page.goto(`/me?token=${stranger}`)
    await expect(page.getByText('This login link was not started from this browser, so it was ignored.')).toBeVisible()
    await expect(page).toHaveURL('/me')
    await expect(page.getByRole('banner')).toContainText('Chiara')
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Chiara Jaccod' })).toBeVisible()
  })

  test('a visitor opening a link with a token is not signed in as whoever it belongs to', async ({ page }) => {
    await page.goto('/')
    const stranger = await tokenOf(page, 'revisione')
    await page.goto(`/contacts?token=${stranger}`)
    await expect(page.getByText('This login link was not started from this browser, so it was ignored.')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
    await expect(page).toHaveURL('/contacts')
  })

  test('a login the server fails (500) is named as the service not answering, and Try again works once it heals', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'auth.token', status: 500 })
    await page.goto('/')
    await mock(page, 'fault', 'auth.token', { kind: 'status', status: 500 })
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await fillLogin(page, 'completo')
    const drawer = loginDrawer(page)
    await expect(drawer.getByRole('alert')).toContainText('The service is not answering right now. Please try again in a moment.')
    await expect(drawer.getByRole('alert')).not.toContainText('Wrong e-mail or password')

    await mock(page, 'fault', 'auth.token', null)
    await drawer.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  })

  for (const status of [502, 503]) {
    test(`a login answered ${String(status)} is not a wrong password`, async ({ page, expectFailures }) => {
      expectFailures({ operation: 'auth.token', status })
      await page.goto('/')
      await mock(page, 'fault', 'auth.token', { kind: 'status', status })
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
      await fillLogin(page, 'completo')
      await expect(loginDrawer(page).getByRole('alert')).toContainText('The service is not answering right now.')
    })
  }
})

test('too many sign-in attempts (429) close the form for as long as the server says, then it works again', async ({ page, expectFailures }) => {
  expectFailures({ operation: 'auth.token', status: 429 })
  await page.goto('/')
  await mock(page, 'fault', 'auth.token', { kind: 'status', status: 429, retryAfterS: 2 })
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  await fillLogin(page, 'completo')
  const drawer = loginDrawer(page)
  await expect(drawer.getByRole('alert')).toContainText('Too many login attempts. Wait a moment before trying again.')
  await expect(drawer.getByRole('button', { name: 'Log in' })).toBeDisabled()
  await mock(page, 'fault', 'auth.token', null)
  await expect(drawer.getByRole('button', { name: 'Log in' })).toBeEnabled({ timeout: 5_000 })
  await drawer.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
})
