import { HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { expect, mock, READ_FAILURE_TIMEOUT_MS, test } from './fixtures'

test.describe('home page race list', () => {
  test('lists the races to come first, each with its registration state, then past editions', async ({ page }) => {
    await page.goto('/')
    const sections = page.getByRole('main').getByRole('heading', { level: 2 })
    await expect(sections).toHaveText(['Upcoming races', 'Past races'])
    const upcoming = page.getByRole('region', { name: 'Upcoming races' })
    await expect(upcoming.getByText('Live now')).toBeVisible()
    await expect(upcoming.getByText('Registration opens in 14 days')).toBeVisible()
    await expect(upcoming.getByText('Registration opens in 9 hours')).toBeVisible()
    await expect(upcoming.getByText('Closing: 63 hours left')).toBeVisible()
    await expect(upcoming.getByText('Sold out')).toBeVisible()
    await expect(upcoming.getByRole('heading', { name: 'Tor des Pettorale 330 2026' })).toBeVisible()
  })

  test('the registration states follow the clock', async ({ page }) => {
    await page.goto('/')
    const opening = page.getByRole('listitem').filter({ hasText: 'Registration opens in 9 hours' })
    const race = await opening.getByRole('heading', { level: 3 }).textContent()
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: race ?? '' }) })
    await mock(page, 'advance', 10 * HOUR_MS)
    await expect(card.getByText('Registration open', { exact: true })).toBeVisible()
    await expect(card.getByText('Registration opens in 9 hours')).toHaveCount(0)
  })

  test('when the race list cannot be loaded, the athlete can try again', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'races.list', status: 'network' })
    await page.goto('/contacts')
    await mock(page, 'fault', 'races.list', { kind: 'network' })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Races' }).click()
    await expect(page.getByRole('alert')).toContainText('We could not reach the server.', { timeout: READ_FAILURE_TIMEOUT_MS })
    await mock(page, 'fault', 'races.list', null)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('region', { name: 'Upcoming races' })).toBeVisible()
  })

  test('an answer that breaks the contract is explained, not a crash', async ({ page, expectFailures }) => {
    expectFailures({ console: /^\[pettorale\] races\.list response does not match its contract/ })
    await page.goto('/contacts')
    await mock(page, 'fault', 'races.list', { kind: 'contract' })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Races' }).click()
    await expect(page.getByRole('alert')).toContainText('The server sent an answer we did not understand.')
  })

  test('under an hour before opening, the badge counts minutes, live as the clock moves', async ({ page }) => {
    await page.goto('/')
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Vertical di Pila 2026' }) })
    await expect(card.getByText('Registration opens in 9 hours')).toBeVisible()
    await mock(page, 'advance', 8 * HOUR_MS + 30 * MINUTE_MS)
    await expect(card.getByText('Registration opens in 30 minutes')).toBeVisible()
    await mock(page, 'advance', 29 * MINUTE_MS)
    await expect(card.getByText('Registration opens in 1 minute', { exact: true })).toBeVisible()
  })

  test('each card tells the race at a glance and is one link to its details', async ({ page }) => {
    await page.goto('/')
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Tor des Pettorale 330 2026' }) })
    await expect(card.getByText('13 Sept 2026, 10:00 CEST · Courmayeur')).toBeVisible()
    for (const [term, value] of [
      ['Distance', '330.0 km'],
      ['Elevation gain', '24,000 m D+'],
      ['Race type', 'Ultra trail'],
      ['Time limit', '150 h'],
      ['Price', '€950.00'],
      ['Places left', '280 of 600'],
    ] as const) {
      await expect(card.getByRole('term').filter({ hasText: term }).locator('+ dd')).toHaveText(value)
    }
    await expect(card.getByText('Flagship · lottery entry, PAX holders enrol directly')).toBeVisible()
    const qualifying = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Sentiero dei Larici 25K 2026' }) })
    await expect(qualifying.getByText('Experience race', { exact: true })).toBeVisible()
    await expect(qualifying.getByText('Qualifying for the PAX')).toBeVisible()
    // The link covers the card: a click anywhere on it, here its middle, opens the race.
    await card.click()
    await expect(page).toHaveURL('/race/201')
  })

  test('the filter lives in the address and survives a reload', async ({ page }) => {
    await page.goto('/')
    const filters = page.getByRole('navigation', { name: 'Filter races' })
    await filters.getByRole('link', { name: 'Closed' }).click()
    await expect(page).toHaveURL('/?filter=closed')
    await expect(page.getByRole('heading', { level: 3, name: 'Notturna di Saint-Vincent 12K 2026' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: 'Sentiero dei Larici 25K 2026' })).toHaveCount(0)
    await page.reload()
    await expect(filters.getByRole('link', { name: 'Closed' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('heading', { level: 3, name: 'Notturna di Saint-Vincent 12K 2026' })).toBeVisible()
    await filters.getByRole('link', { name: 'Registration open' }).click()
    await expect(page.getByRole('heading', { level: 3, name: 'Sentiero dei Larici 25K 2026' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: 'Notturna di Saint-Vincent 12K 2026' })).toHaveCount(0)
  })
})

test.describe('the organiser', () => {
  test('the company page counts its years of activity on the clock', async ({ page }) => {
    await page.goto('/company')
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible()
    await expect(page.getByText('Over 18 years of trail races in the Aosta Valley.')).toBeVisible()
    await mock(page, 'setNow', '2026-09-15T08:00:00Z')
    await expect(page.getByText('Over 19 years of trail races in the Aosta Valley.')).toBeVisible()
  })

  test('an expired link says what to do next', async ({ page }) => {
    await page.goto('/request-expired')
    await expect(page).toHaveTitle('Request expired · pettorale')
    await page.getByRole('link', { name: 'Ask for a new link' }).click()
    await expect(page).toHaveURL('/reset-password')
    await page.goBack()
    await page.getByRole('link', { name: 'Go to the race list' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
  })
})
