import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, fillLogin, logInFromHeader, loginDrawer, mock, test } from './fixtures'

/** Race 203 (Alte Vie di Cogne 52K 2026) is open at the seed's "now"; completo has an open subscription to it. */
const RACE = 203
const main = (page: Page) => page.getByRole('main')
const next = (page: Page) => main(page).getByRole('button', { name: 'Next', exact: true })
const stepHeading = (page: Page, name: string) => main(page).getByRole('heading', { level: 2, name })

async function openWizard(page: Page, who: Parameters<typeof logInFromHeader>[1] = 'completo') {
  await logInFromHeader(page, who)
  await page.goto(`/race/${String(RACE)}/subscribe`)
  await expect(stepHeading(page, 'Your data')).toBeFocused()
}

/** Through every step to the summary, with the protected refund and the GPS rental. */
async function toSummary(page: Page) {
  await main(page).getByLabel('All my data is correct').check()
  await next(page).click()
  await expect(stepHeading(page, 'Race questions')).toBeFocused()
  await main(page).getByLabel('Shuttle bus to the start *').selectOption('Cogne')
  await next(page).click()
  await main(page).getByLabel('I have read the race rules and I accept them').check()
  await next(page).click()
  await main(page).getByRole('radio', { name: /Protected/ }).check()
  await next(page).click()
  await main(page).getByRole('radio', { name: /Yes, rent a GPS tracker/ }).check()
  await next(page).click()
  await expect(stepHeading(page, 'Summary')).toBeFocused()
}

async function signWaiver(page: Page, sentence = 'I accept the risks of mountain running') {
  await main(page).getByRole('button', { name: 'Sign the waiver' }).click()
  const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
  await dialog.getByLabel('Your signature: the sentence above').fill(sentence)
  await dialog.getByRole('button', { name: 'Sign' }).click()
  return dialog
}

async function payWithCard(page: Page, card: string) {
  await main(page).getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry (MM/YY)').fill('08/29')
  await page.getByLabel('Security code').fill('123')
  await page.getByLabel('Name on the card').fill('Giulia Jaccod')
  await page.getByRole('button', { name: /^Pay / }).click()
}

test.describe('enrolment wizard', () => {
  test('a complete athlete enrols with protected refund and GPS rental, pays, and finds the race in their area', async ({ page }) => {
    await openWizard(page)
    await toSummary(page)
    const summary = main(page).getByRole('table', { name: 'Price' })
    await expect(summary).toContainText('€85.00')
    await expect(summary).toContainText('€8.50')
    await expect(summary.getByRole('row', { name: /Total/ })).toContainText('€')
    await signWaiver(page)
    await expect(stepHeading(page, 'Payment')).toBeFocused()
    await payWithCard(page, '4242 4242 4242 4242')
    await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 15_000 })
    await expect(main(page).getByText(/Your bib number: \d+/)).toBeVisible()
    await main(page).getByRole('link', { name: 'See your enrolment' }).click()
    await expect(main(page).getByText('Protected')).toBeVisible()
    await expect(main(page).getByText('Rented', { exact: true })).toBeVisible()
  })

  test('the disclaimer refuses a wrong text and accepts the right one', async ({ page }) => {
    await openWizard(page)
    await toSummary(page)
    const dialog = await signWaiver(page, 'I accept the risk')
    await expect(dialog.getByRole('alert')).toContainText('Incorrect')
    const input = dialog.getByLabel('Your signature: the sentence above')
    await expect(input).toBeFocused()
    await expect(input).toHaveAccessibleDescription(/I accept the risks of mountain running/)
    await input.fill('  i accept THE risks of   mountain running ')
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(stepHeading(page, 'Payment')).toBeFocused()
  })

  test('a reload in the middle of the wizard resumes at the same step with every choice', async ({ page }) => {
    await openWizard(page)
    await main(page).getByLabel('All my data is correct').check()
    await next(page).click()
    await main(page).getByLabel('Shuttle bus to the start *').selectOption('Aosta')
    await main(page).getByLabel('Team or club').fill('Valdigne Runners')
    await page.reload()
    await expect(stepHeading(page, 'Race questions')).toBeVisible()
    await expect(main(page).getByLabel('Team or club')).toHaveValue('Valdigne Runners')
    await expect(main(page).getByLabel('Shuttle bus to the start *')).toHaveValue('Aosta')
  })

  test('each step says what is missing, on its field, and keeps the athlete there', async ({ page }) => {
    await openWizard(page)
    await next(page).click()
    await expect(main(page).getByText('Confirm that your data is correct to continue.')).toBeVisible()
    await expect(main(page).getByLabel('All my data is correct')).toBeFocused()
    await main(page).getByLabel('All my data is correct').check()
    await next(page).click()
    await next(page).click()
    await expect(main(page).getByLabel('Shuttle bus to the start *')).toBeFocused()
    await expect(main(page).getByLabel('Shuttle bus to the start *')).toHaveAccessibleDescription('This field is required.')
    await expectNoAxeViolations(page)
  })

  test('a visitor opening the wizard is asked to log in and comes back to it', async ({ page }) => {
    await page.goto(`/race/${String(RACE)}/subscribe`)
    // The drawer opens at once; closed, the page says why it is needed and offers it again.
    await expect(loginDrawer(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(main(page).getByText('You must log in to enroll in a race.')).toBeVisible()
    await main(page).getByRole('button', { name: 'Log in' }).click()
    await fillLogin(page, 'completo')
    await expect(stepHeading(page, 'Your data')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/race/${String(RACE)}/subscribe$`))
  })

})
