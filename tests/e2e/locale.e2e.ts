import { expect, test } from './fixtures'

test.describe('language', () => {
  test('a first visit is in Italian', async ({ page }) => {
    await page.addInitScript(() => localStorage.removeItem('pettorale.locale'))
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'it')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gare di trail')
    await expect(page.getByLabel('Lingua')).toHaveValue('it')
  })

  test('switching to Japanese changes the page language and survives a reload', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
    await page.getByLabel('Language').selectOption('ja')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('トレイルレース')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('トレイルレース')
  })
})
