import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'

/** The race cards' names, in the order shown. */
const raceNames = (page: Page) => page.getByRole('main').getByRole('heading', { level: 3 })
/** The count, announced politely as it changes. */
const count = (page: Page) => page.getByRole('main').getByRole('status').filter({ hasText: /^\d+ (of \d+ )?races?$/ })
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Race or place' })
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Filter races' })

test.describe('home page: searching and filtering the race list', () => {
  test('the search finds races by name or place, accents and case aside, and says how many', async ({ page }) => {
    await page.goto('/')
    await expect(count(page)).toHaveText(/^\d+ races$/)
    await searchBox(page).fill('COGNE')
    // Races to come soonest first (the Snow Trail is under way), then past editions latest first.
    await expect(raceNames(page)).toHaveText([
      'Snow Trail di Cogne 15K 2026',
      'Alte Vie di Cogne 52K 2026',
      'Alte Vie di Cogne 52K 2025',
      'Snow Trail di Cogne 15K 2025',
    ])
    await expect(count(page)).toHaveText(/^4 of \d+ races$/)
    // Typed text reaches the address after a pause.
    await expect(page).toHaveURL('/?q=COGNE')
    await searchBox(page).fill('àostà')
    await expect(raceNames(page)).toHaveText(['Aosta Urban Trail 10K 2026'])
    await expect(count(page)).toHaveText(/^1 of \d+ races$/)
  })

  test('distance and month narrow the list, and combine with the search and the open tab', async ({ page }) => {
    await page.goto('/')
    await page.getByLabel('Distance').selectOption({ label: 'Over 100 km' })
    await expect(page).toHaveURL('/?distance=over-100')
    await expect(raceNames(page)).toHaveText(['Tor des Pettorale 330 2026', 'Tor des Pettorale 330 2025', 'Tor des Pettorale 330 2024'])

    await page.getByLabel('Distance').selectOption({ label: 'All distances' })
    await page.getByLabel('Month').selectOption({ label: 'July 2026' })
    await expect(page).toHaveURL('/?month=2026-07')
    await expect(raceNames(page)).toHaveText(['Alte Vie di Cogne 52K 2026', 'Ultra dei Laghi Blu 100K 2026'])

    await page.getByLabel('Distance').selectOption({ label: '30 to 60 km' })
    await expect(raceNames(page)).toHaveText(['Alte Vie di Cogne 52K 2026'])
    await page.getByLabel('Distance').selectOption({ label: 'All distances' })
    await page.getByLabel('Month').selectOption({ label: 'All months' })

    // The tab keeps the search, and the search keeps the tab.
    await searchBox(page).fill('cogne')
    await searchBox(page).press('Enter')
    await expect(page).toHaveURL('/?q=cogne')
    await tabs(page).getByRole('link', { name: 'Registration open' }).click()
    await expect(page).toHaveURL('/?q=cogne&filter=open')
    await expect(searchBox(page)).toHaveValue('cogne')
    await expect(raceNames(page)).toHaveText(['Alte Vie di Cogne 52K 2026'])
    await tabs(page).getByRole('link', { name: 'Closed' }).click()
    await expect(page).toHaveURL('/?q=cogne&filter=closed')
    await expect(raceNames(page).filter({ hasText: 'Snow Trail di Cogne 15K 2026' })).toBeVisible()
    await expect(raceNames(page).filter({ hasText: 'Alte Vie di Cogne 52K 2026' })).toHaveCount(0)
  })

  test('the address restores the search and filters on reload, and Back undoes them one by one', async ({ page }) => {
    await page.goto('/')
    await expect(raceNames(page).first()).toBeVisible()
    await page.getByLabel('Distance').selectOption({ label: '30 to 60 km' })
    await expect(page).toHaveURL('/?distance=30-60')
    await page.getByLabel('Month').selectOption({ label: 'July 2026' })
    await expect(page).toHaveURL('/?distance=30-60&month=2026-07')
    await page.reload()
    await expect(page.getByLabel('Distance')).toHaveValue('30-60')
    await expect(page.getByLabel('Month')).toHaveValue('2026-07')
    await expect(raceNames(page)).toHaveText(['Alte Vie di Cogne 52K 2026'])

    await page.goBack()
    await expect(page).toHaveURL('/?distance=30-60')
    await expect(page.getByLabel('Month')).toHaveValue('')
    await expect(raceNames(page)).toContainText(['Alte Vie di Cogne 52K 2025'])
    await page.goBack()
    await expect(page).toHaveURL('/')
    await expect(page.getByLabel('Distance')).toHaveValue('')
    await page.goForward()
    await expect(page.getByLabel('Distance')).toHaveValue('30-60')
  })

  test('a shared link opens with its search and filters applied', async ({ page }) => {
    await page.goto('/?filter=open&q=trail&distance=up-to-30')
    await expect(searchBox(page)).toHaveValue('trail')
    await expect(tabs(page).getByRole('link', { name: 'Registration open' })).toHaveAttribute('aria-current', 'page')
    await expect(raceNames(page)).toHaveText(['Trail del Forte di Bard 30K 2026', 'Aosta Urban Trail 10K 2026'])
  })

  test('nothing found says so and clears the filters, keeping the tab', async ({ page }) => {
    await page.goto('/?filter=open&month=2025-07')
    await expect(page.getByText('No races match your search.')).toBeVisible()
    await expect(count(page)).toHaveText(/^0 of \d+ races$/)
    // A month the tab's list lacks is still named, so the athlete sees what filters.
    await expect(page.getByLabel('Month').locator('option:checked')).toHaveText('July 2025')
    await expectNoAxeViolations(page, { content: page.getByText('No races match your search.') })
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click()
    await expect(page).toHaveURL('/?filter=open')
    await expect(searchBox(page)).toBeFocused()
    await expect(raceNames(page).first()).toBeVisible()
    await expect(page.getByText('No races match your search.')).toHaveCount(0)
    await expect(count(page)).toHaveText(/^\d+ races$/)
  })

  test('works from the keyboard alone', async ({ page }) => {
    await page.goto('/')
    await expect(raceNames(page).first()).toBeVisible()
    await tabs(page).getByRole('link', { name: 'Closed' }).focus()
    await page.keyboard.press('Tab')
    await expect(searchBox(page)).toBeFocused()
    await page.keyboard.type('bard')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/?q=bard')
    await expect(raceNames(page)).toHaveText(['Trail del Forte di Bard 30K 2026'])
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Distance')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page).toHaveURL('/?q=bard&distance=up-to-30')
    await expect(raceNames(page)).toHaveText(['Trail del Forte di Bard 30K 2026'])
    await page.keyboard.press('ArrowDown')
    await expect(page.getByText('No races match your search.')).toBeVisible()
  })

  test('at 360 px the filters fold under a button and the list starts on the first screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Filters', exact: true })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByLabel('Distance')).toBeHidden()
    await expect(raceNames(page).first()).toBeInViewport()
    await expectNoAxeViolations(page, { content: raceNames(page) })

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.getByLabel('Distance').selectOption({ label: '60 to 100 km' })
    const chosen = page.getByRole('button', { name: 'Filters (1)' })
    await expect(raceNames(page)).toHaveText(['Ultra dei Laghi Blu 100K 2026', 'Ultra dei Laghi Blu 100K 2025'])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectNoAxeViolations(page, { content: raceNames(page) })
    // Folded again, the filters keep applying and the button says how many.
    await chosen.click()
    await expect(chosen).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByLabel('Distance')).toBeHidden()
    await expect(raceNames(page).first()).toHaveText('Ultra dei Laghi Blu 100K 2026')
    await expect(raceNames(page).first()).toBeInViewport()
  })

  test('at 1280 px the search and both filters share one row, with no toggle', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/?distance=up-to-30')
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden()
    const tops = await Promise.all([searchBox(page), page.getByLabel('Distance'), page.getByLabel('Month')].map(async (field) => (await field.boundingBox())!.y))
    expect(new Set(tops).size).toBe(1)
    await expectNoAxeViolations(page, { content: raceNames(page) })
  })

  test('the filters speak the interface language', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pettorale.locale', 'it'))
    await page.goto('/?month=2026-07')
    // The month's name is the locale's own (Intl), whatever the catalog holds yet.
    const month = page.getByRole('search').getByRole('combobox').last()
    await expect(month.locator('option:checked')).toHaveText('luglio 2026')
    await expect(raceNames(page)).toHaveText(['Alte Vie di Cogne 52K 2026', 'Ultra dei Laghi Blu 100K 2026'])
  })
})
