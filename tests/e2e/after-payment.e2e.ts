import type { Page } from '@playwright/test'
import { enrolAndPay, main, openWizard as openWizardIn } from './enrolment-steps'
import { expect, test } from './fixtures'

/**
 * After paying (issue 20 point 8): the success page leads to the receipt, the calendar file and My
 * races; the simulated backend e-mails a confirmation; a declined card says the provider's reason.
 */

const RACE = 203
const openWizard = (page: Page) => openWizardIn(page, RACE)

test.describe('after paying', () => {
  test('a paid enrolment links the receipt, the calendar file and My races, and the mailbox has the confirmation', async ({ page }) => {
    await openWizard(page)
    await enrolAndPay(page, '4242 4242 4242 4242')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()

    const receipt = main(page).getByRole('link', { name: 'See the receipt' })
    await expect(receipt).toHaveAttribute('href', /^\/me\/transactions\/[^/]+\/receipt$/)
    await expect(main(page).getByRole('link', { name: 'Go to my races' })).toHaveAttribute('href', '/me/races')
    const download = page.waitForEvent('download')
    await main(page).getByRole('button', { name: 'Add to calendar' }).click()
    expect((await download).suggestedFilename()).toMatch(/\.ics$/)

    await receipt.click()
    await expect(main(page).getByRole('article', { name: /^Receipt / })).toBeVisible()

    await page.goto('/mailbox')
    const confirmation = main(page).getByRole('article', { name: 'Your enrolment is confirmed' })
    await expect(confirmation).toContainText('Alte Vie di Cogne 52K 2026')
    await expect(confirmation).toContainText('Bib number')
    await expect(confirmation).toContainText('completo@pettorale.test')
    await expect(confirmation.getByRole('link', { name: 'See your enrolment' })).toHaveAttribute('href', `/race/${String(RACE)}/subscribed`)
  })

  test('a card declined for insufficient funds says so, and nothing is sent', async ({ page }) => {
    await openWizard(page)
    await enrolAndPay(page, '4000 0000 0000 9995')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible()
    await expect(main(page).getByRole('alert')).toHaveText(
      'Your bank declined the card: insufficient funds. You have not been charged and your enrolment is kept: try another card.',
    )
    await expect(main(page).getByRole('link', { name: 'Try the payment again' })).toBeVisible()
    await page.goto('/mailbox')
    await expect(main(page).getByRole('article', { name: 'Your enrolment is confirmed' })).toHaveCount(0)
  })
})
