import { expect, test as setup } from '@playwright/test'
import { persona } from '../fixtures'

/**
 * Not a test of the portal: one pass through the screens the dev server's journeys use, so Vite
 * has compiled their modules (each on its first request) and optimised any dependency it only
 * finds then (which reloads the page) before a journey runs against its timeouts. Each screen is
 * waited for by its heading (or the alert of a part that failed), the sign that its lazy part has
 * loaded; whether the screens work is the journeys' business, so nothing else is checked here.
 */
setup('the dev server has compiled the screens of the journeys', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pettorale.locale', 'en'))
  const screen = async (path: string) => {
    await page.goto(path)
    // A screen that fails says so in an alert: compiled all the same, and the journeys judge it.
    const shown = page.getByRole('heading', { level: 1 }).or(page.getByRole('main').getByRole('alert'))
    await expect(shown.first(), path).toBeVisible({ timeout: 60_000 })
  }
  await screen('/')
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const drawer = page.getByRole('dialog', { name: 'Log in' })
  await drawer.getByLabel('E-mail').fill(persona('completo').mail)
  await drawer.getByLabel('Password', { exact: true }).fill(persona('completo').password)
  await drawer.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('button', { name: 'Log out', includeHidden: true })).toBeVisible({ timeout: 60_000 })
  for (const path of [
    '/race/204',
    '/race/204/subscribe',
    '/race/260/queue',
    '/me/medical-certificate',
    '/me/races',
    '/me/races/202/withdraw',
    '/me/transactions',
    '/checkout?pagamento_id=0',
    '/payment?pagamento_id=0',
    '/mailbox',
    '/payment/by-link?code=lnk-success-9e27c4b1a6f34d80',
  ]) {
    await screen(path)
  }
})
