import { expect, fillLogin, logInFromHeader, loginDrawer, test } from './fixtures'

test.describe('navigation guard', () => {
  test('a logged-out athlete opening /me is sent to / and asked to log in, with focus on the login field', async ({ page }) => {
    await page.goto('/me')
    await expect(page).toHaveURL('/')
    await expect(page.getByText('You must log in to access this section.')).toBeVisible()
    await expect(loginDrawer(page)).toBeVisible()
    await expect(loginDrawer(page).getByLabel('E-mail')).toBeFocused()
  })

  test('after logging in, the athlete lands on the page they wanted', async ({ page }) => {
    await page.goto('/me')
    await fillLogin(page, 'completo')
    await expect(page).toHaveURL('/me')
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()
  })

  test('the remembered destination keeps its query string', async ({ page }) => {
    await page.goto('/me/transactions?year=2025')
    await fillLogin(page, 'completo')
    await expect(page).toHaveURL('/me/transactions?year=2025')
  })

  test('logging in from the home page with a complete profile stays on the home page', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await expect(page).toHaveURL('/')
  })

  test('an athlete with an incomplete profile is sent to /me and held there', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await expect(page).toHaveURL('/me')
    // A new account is asked about experience races first (a dialog on /me).
    await page.getByRole('dialog', { name: /experience race/i }).getByRole('button', { name: 'Later' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Races' }).click()
    await expect(page).toHaveURL('/me')
    await expect(page.getByText('Complete your profile before continuing')).toBeVisible()
  })

  test('empty fields get a message each, on the field', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    const drawer = loginDrawer(page)
    await drawer.getByRole('button', { name: 'Log in' }).click()
    await expect(drawer.getByLabel('E-mail')).toHaveAccessibleDescription('Enter your e-mail.')
    await expect(drawer.getByLabel('E-mail')).toBeFocused()
    await drawer.getByLabel('E-mail').fill('completo@')
    await drawer.getByRole('button', { name: 'Log in' }).click()
    await expect(drawer.getByLabel('E-mail')).toHaveAccessibleDescription('Enter a valid e-mail address, like name@example.com.')
    await expect(drawer.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Enter your password.')
  })

  test('the drawer closes with Escape and gives focus back to the button that opened it', async ({ page }) => {
    await page.goto('/')
    const opener = page.getByRole('banner').getByRole('button', { name: 'Log in' })
    await opener.focus()
    await page.keyboard.press('Enter')
    await expect(loginDrawer(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(loginDrawer(page)).toBeHidden()
    await expect(opener).toBeFocused()
  })
})
