import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, logInFromHeader, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')

test.describe('my transactions', () => {
  test('lists every payment newest first, filtered by year and status in the address', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me/transactions')
    await expect(main(page).getByRole('status')).toHaveText('3 transactions shown')
    const rows = main(page).getByRole('list', { name: 'Transactions' }).getByRole('listitem')
    await expect(rows.first()).toContainText('Sentiero dei Larici 25K 2026')
    await expect(rows.first()).toContainText('€45.00')
    await expect(rows.first()).toContainText('Paid')
    await expect(rows.last()).toContainText('Refunded')

    await main(page).getByLabel('Year').selectOption('2026')
    await expect(page).toHaveURL(/\/me\/transactions\?year=2026$/)
    await expect(main(page).getByRole('status')).toHaveText('2 transactions shown')
    await main(page).getByLabel('Status').selectOption('failed')
    await expect(main(page).getByRole('status')).toHaveText('1 transaction shown')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Failed')

    await page.reload()
    await expect(main(page).getByLabel('Status')).toHaveValue('failed')
    await main(page).getByLabel('Year').selectOption('2025')
    await expect(main(page).getByText('No transaction matches these filters.')).toBeVisible()
    await main(page).getByRole('button', { name: 'Clear filters' }).click()
    await expect(main(page).getByRole('status')).toHaveText('3 transactions shown')
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await expectNoAxeViolations(page)
    }
  })
})
