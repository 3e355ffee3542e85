import { HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { expect, fillLogin, logInFromHeader, loginDrawer, mock, test } from './fixtures'

test.describe('session', () => {
  test('logging out returns to the home page signed out', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('pettorale.session'))).toBeNull()
  })

  test('a signed-in athlete stays signed in after a reload', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me/races')
    await expect(page.getByRole('heading', { level: 1, name: 'My races' })).toBeVisible()
    await page.reload()
    await expect(page).toHaveURL('/me/races')
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  })

  test('the session ends when its time is up', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await mock(page, 'advance', 8 * HOUR_MS + MINUTE_MS)
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
  })

  test('a wrong password is said once, in the drawer, and no notice repeats it', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'auth.token', status: 400 })
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await fillLogin(page, 'completo', 'Not-the-password-1')
    const said = 'Wrong e-mail or password. Check them and try again.'
    await expect(loginDrawer(page).getByRole('alert')).toHaveText(said)
    await expect(page.getByText(said)).toHaveCount(1)
    await expect(loginDrawer(page).getByLabel('E-mail')).toHaveValue('completo@pettorale.test')
  })

  test('a session the server no longer accepts (401) says it has expired', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'transactions.list', status: 401 })
    await logInFromHeader(page, 'completo')
    await mock(page, 'fault', 'transactions.list', { kind: 'status', status: 401 })
    // Within the page, as a link would: the session is the one in use, not one restored by a reload.
    await page.evaluate(() => {
      history.pushState(null, '', '/me/transactions')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
  })

  test('a session that ran out while the page was closed says so when the portal opens again', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('pettorale.session')!) as { token: string; expiresAt: number }
      localStorage.setItem('pettorale.session', JSON.stringify({ ...stored, expiresAt: stored.expiresAt - 24 * 3_600_000 }))
    })
    await page.reload()
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
  })

  test('when the profile cannot be loaded the athlete is signed out and told so', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'athlete.me', status: 500 })
    await page.goto('/')
    await mock(page, 'fault', 'athlete.me', { kind: 'status', status: 500 })
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    const drawer = page.getByRole('dialog', { name: 'Log in' })
    await drawer.getByLabel('E-mail').fill('completo@pettorale.test')
    await drawer.getByLabel('Password', { exact: true }).fill('Pettorale-2026')
    await drawer.getByRole('button', { name: 'Log in' }).click()
    await expect(drawer.getByRole('alert')).toHaveText(
      'We could not load your profile, so you have been logged out. Please log in again.',
    )
  })

  test('a server that cannot be reached is explained, and the form keeps what was typed', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'auth.token', status: 'network' })
    await page.goto('/')
    await mock(page, 'fault', 'auth.token', { kind: 'network' })
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    const drawer = page.getByRole('dialog', { name: 'Log in' })
    await drawer.getByLabel('E-mail').fill('completo@pettorale.test')
    await drawer.getByLabel('Password', { exact: true }).fill('Pettorale-2026')
    await drawer.getByRole('button', { name: 'Log in' }).click()
    await expect(drawer.getByRole('alert')).toContainText('We could not reach the server. Check your connection and try again.')
    await expect(drawer.getByRole('alert').getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(drawer.getByLabel('Password', { exact: true })).toHaveValue('Pettorale-2026')
  })

  test('social sign-in signs the athlete in and leaves no token in the address bar', async ({ page }) => {
    await page.goto('/contacts')
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
    await expect(page).toHaveURL('/contacts')
  })

  test('logging out from My profile goes home without a "log in" warning', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
    await expect(page.getByText('You must log in to access this section.')).toHaveCount(0)
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0)
  })

  test('a visitor turned away from My races who continues with Google lands on My races, not bounced again', async ({ page }) => {
    await page.goto('/me/races')
    await expect(page).toHaveURL('/')
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Continue with Google' }).click()
    await expect(page).toHaveURL('/me/races')
    await expect(page.getByRole('heading', { level: 1, name: 'My races' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
    await expect(page.getByText('You must log in to access this section.')).toHaveCount(0)
  })

  test('logging out in one tab logs out the other', async ({ page, context }) => {
    await logInFromHeader(page, 'completo')
    const other = await context.newPage()
    await other.goto('/me')
    await expect(other.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(other).toHaveURL('/')
    await expect(other.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
    await expect(other.getByText('You logged out in another tab of this browser.')).toBeVisible()
  })

  test('a confirmation link opened while signed in as someone else confirms that account and keeps the session', async ({ page }) => {
    const { SEED_TOKENS } = await import('../../mocks/seed')
    await logInFromHeader(page, 'completo')
    await page.goto(`/confirm-account?contact_id=${String(SEED_TOKENS.confirmContactId)}&token=${SEED_TOKENS.confirmValid}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Account confirmed' })).toBeVisible()
    await expect(page.getByText(/You are still logged in as Chiara Jaccod/)).toBeVisible()
    await expect(page.getByRole('banner')).toContainText('Chiara')
  })

  test('an account confirmation link signs the new athlete in and asks to complete the profile', async ({ page }) => {
    const { SEED_TOKENS } = await import('../../mocks/seed')
    await page.goto(`/confirm-account?contact_id=${String(SEED_TOKENS.confirmContactId)}&token=${SEED_TOKENS.confirmValid}`)
    await expect(page).toHaveURL('/me')
    await expect(page.getByText('Your account is confirmed. Welcome!')).toBeVisible()
  })

  test('an expired confirmation link says so and removes the token from the address bar', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'account.confirm', status: 410 })
    const { SEED_TOKENS } = await import('../../mocks/seed')
    await page.goto(`/confirm-account?contact_id=${String(SEED_TOKENS.confirmContactId)}&token=${SEED_TOKENS.confirmExpired}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Account not confirmed' })).toBeVisible()
    await expect(page).toHaveURL(`/confirm-account?contact_id=${String(SEED_TOKENS.confirmContactId)}`)
  })
})
