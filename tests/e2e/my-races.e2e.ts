import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, logInFromHeader, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')

test.describe('my races', () => {
  test('lists upcoming races soonest first, with what is still due and a calendar file', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me/races')
    const upcoming = main(page).getByRole('region', { name: 'Upcoming' })
    await expect(upcoming.getByRole('article')).toHaveCount(2)
    await expect(upcoming.getByRole('heading', { level: 3 })).toHaveText(['Sentiero dei Larici 25K 2026', 'Alte Vie di Cogne 52K 2026'])

    const paid = upcoming.getByRole('article', { name: 'Sentiero dei Larici 25K 2026' })
    await expect(paid.getByText('57', { exact: true })).toBeVisible()
    await expect(paid.getByText('All set: nothing is due for this race.')).toBeVisible()
    const download = page.waitForEvent('download')
    await paid.getByRole('button', { name: 'Add to calendar' }).click()
    expect((await download).suggestedFilename()).toMatch(/\.ics$/)

    const open = upcoming.getByRole('article', { name: 'Alte Vie di Cogne 52K 2026' })
    await expect(open.getByText('Not paid yet')).toBeVisible()
    await expect(open.getByRole('link', { name: 'Pay for your place' })).toHaveAttribute('href', '/race/203/subscribe')
    await expect(open.getByRole('link', { name: "Sign the race's waiver" })).toHaveAttribute('href', '/race/203/subscribe')
    await expectNoAxeViolations(page)
  })

  test('past races link to their ranking, where the athlete’s own result is singled out', async ({ page }) => {
    await logInFromHeader(page, 'pax')
    await page.goto('/me/races')
    const past = main(page).getByRole('region', { name: 'Past' })
    await expect(past.getByRole('heading', { level: 3 })).toHaveText(['Alte Vie di Cogne 52K 2025', 'Sentiero dei Larici 25K 2025'])
    await page.setViewportSize({ width: 360, height: 800 })
    await expectNoAxeViolations(page)
    const toRanking = past.getByRole('link', { name: 'See the results, with yours highlighted' }).first()
    await expect(toRanking).toHaveAttribute('href', '/race/103/ranking?mine=41')
    await toRanking.click()
    const own = main(page).getByRole('row', { name: /^Your result:/ })
    await expect(own).toBeInViewport()
    // At 360 px the bib is folded under the name (the phone's ranking keeps position, name and time).
    await expect(own.getByRole('cell').nth(1)).toContainText(/Bib: 41\b/)
    await expect(main(page).getByRole('row', { name: /Your result/ })).toHaveCount(1)
  })
})
