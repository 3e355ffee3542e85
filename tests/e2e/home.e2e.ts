import { HOUR_MS } from '../../contracts/time'
import { expect, mock, test } from './fixtures'

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

  test('when the race list cannot be loaded, the athlete can try again', async ({ page }) => {
    await page.goto('/contacts')
    await mock(page, 'fault', 'races.list', { kind: 'network' })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Races' }).click()
    await expect(page.getByRole('alert')).toContainText('We could not reach the server.')
    await mock(page, 'fault', 'races.list', null)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('region', { name: 'Upcoming races' })).toBeVisible()
  })

  test('an answer that breaks the contract is explained, not a crash', async ({ page }) => {
    await page.goto('/contacts')
    await mock(page, 'fault', 'races.list', { kind: 'malformed' })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Races' }).click()
    await expect(page.getByRole('alert')).toContainText('The server sent an answer we did not understand.')
  })
})
