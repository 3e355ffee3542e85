import { expect, test } from './fixtures'

test.describe('addresses', () => {
  for (const [from, to] of [
    ['/pay_status?pagamento_id=PAY-1&x=1', '/payment?pagamento_id=PAY-1&x=1'],
    // With `?mail=` the recovery page also takes the address out of the bar (account.e2e.ts).
    ['/reset_password?from=newsletter', '/reset-password?from=newsletter'],
  ] as const) {
    test(`the legacy address ${from} leads to ${to}, query kept`, async ({ page }) => {
      await page.goto(from)
      await expect(page).toHaveURL(to)
    })
  }

  test('the legacy address /pay_status_link?code=abc leads to /payment/by-link?code=abc, query kept', async ({ page, expectFailures }) => {
    // The link page asks for the made-up code at once, and the backend knows no such link.
    expectFailures({ operation: 'payments.byLink', status: 404 })
    await page.goto('/pay_status_link?code=abc')
    await expect(page).toHaveURL('/payment/by-link?code=abc')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not found' })).toBeVisible()
  })

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to the race list' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
  })

  test('every navigation starts at the top of the page with focus on its heading', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contacts' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeFocused()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })
})
