import { expect, fillLogin, logInFromHeader, test } from './fixtures'

test.describe("one athlete's data never reaches another", () => {
  test('logging out and in as someone else in the same tab shows only the new athlete', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Chiara Jaccod' })).toBeVisible()
    await expect(page.getByRole('banner')).toContainText('Chiara')

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await fillLogin(page, 'revisione')
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My area' }).click()
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Davide Perrier' })).toBeVisible()
    await expect(page.getByRole('banner')).toContainText('Davide')
    await expect(page.getByText('Chiara')).toHaveCount(0)
  })
})
