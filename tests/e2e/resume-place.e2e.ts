import type { Page } from '@playwright/test'
import { main, next, openWizard, shuttle, signWaiver, stepHeading } from './enrolment-steps'
import { expect, expectNoAxeViolations, logInFromHeader, test } from './fixtures'

/**
 * Issue 20 point 4, "Resuming keeps the answers": a place taken and not paid, resumed from My races
 * or from Places awaiting payment, opens the wizard where the place needs the athlete, with every answer it
 * was made with, the free text the browser never keeps included: the server holds them (decision 027).
 */

const RACE = 203
const RACE_NAME = 'Alte Vie di Cogne 52K 2026'
/** Free text: never kept in the browser (decision 020), so only the server can bring it back. */
const TEAM = 'Valdigne Runners Courmayeur'

const areaNav = (page: Page) => page.getByRole('navigation', { name: 'My area' })
const answers = (page: Page) => main(page).getByRole('region', { name: 'Your answers' })

/** completo enters the 52K answering every question of the race, then stops before paying. */
async function enrolAndStop(page: Page, { sign }: { sign: boolean }) {
  await openWizard(page, RACE)
  await main(page).getByLabel('All my data is correct').check()
  await next(page).click()
  await expect(stepHeading(page, 'Race questions')).toBeFocused()
  await main(page).getByLabel('Team or club').fill(TEAM)
  await shuttle(page).selectOption('Cogne')
  await main(page).getByLabel('Pasta party after the finish').check()
  await next(page).click()
  await main(page).getByLabel('I have read the race rules and I accept them').check()
  await next(page).click()
  await main(page).getByRole('radio', { name: /Protected/ }).check()
  await next(page).click()
  await main(page).getByRole('radio', { name: /Yes, rent a GPS tracker/ }).check()
  await next(page).click()
  await expect(stepHeading(page, 'Summary')).toBeFocused()
  if (sign) {
    await signWaiver(page)
    await expect(stepHeading(page, 'Payment')).toBeFocused()
  } else {
    // Entered, the waiver's dialog open: closed unsigned.
    await main(page).getByRole('button', { name: 'Sign the waiver' }).click()
    const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
  }
}

/** The wizard at the payment, with every answer and choice the place was made with. */
async function expectResumedAtPayment(page: Page) {
  await expect(stepHeading(page, 'Payment')).toBeFocused()
  await expect(answers(page).getByRole('definition')).toHaveText([TEAM, 'Cogne', 'Yes'])
  const price = main(page).getByRole('table', { name: 'Price' })
  await expect(price.getByRole('row', { name: /Protected refund/ })).toBeVisible()
  await expect(price.getByRole('row', { name: /GPS tracker rental/ })).toBeVisible()
  await expect(main(page).getByRole('button', { name: /^Pay / })).toBeEnabled()
}

/** A deliberate logout, from the home page: the browser keeps no wizard after it (wizard-storage.ts). */
async function logOut(page: Page) {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
}

/** What this browser keeps of wizards: nothing once the athlete has logged out. */
const keptWizards = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('pettorale.enrolment.')))

test.describe('resuming a place waiting for payment keeps every answer', () => {
  test('resume from My races with answers kept: Pay for your place opens the payment, with the deadline beside it', async ({ page }) => {
    await enrolAndStop(page, { sign: true })
    await page.goto('/me/races')
    const place = main(page).getByRole('article', { name: RACE_NAME })
    await expect(place.getByText('Not paid yet')).toBeVisible()
    // The deadline: registration for the 52K closes on 30 June at 23:59 in Rome.
    await expect(place.getByText(/^Deadline: 30 Jun 2026, 23:59/)).toBeVisible()
    await expect(place.getByRole('link', { name: "Sign the race's waiver" })).toHaveCount(0)
    await place.getByRole('link', { name: 'Pay for your place' }).click()
    await expect(page).toHaveURL(`/race/${String(RACE)}/subscribe`)
    await expectResumedAtPayment(page)
    // Back: the summary shows the same answers.
    await main(page).getByRole('button', { name: 'Back' }).click()
    await expect(stepHeading(page, 'Summary')).toBeFocused()
    await expect(answers(page).getByRole('definition')).toHaveText([TEAM, 'Cogne', 'Yes'])
  })

  test('resume from Places awaiting payment: the place says it waits for payment and Pay opens the payment with the answers', async ({ page }) => {
    await enrolAndStop(page, { sign: true })
    await page.goto('/me/open-subscriptions')
    await expect(page.getByRole('heading', { level: 1, name: 'Places awaiting payment' })).toBeVisible()
    await expect(areaNav(page).getByRole('link', { name: 'Places awaiting payment (1 place waiting for payment)' })).toBeVisible()
    const place = main(page).getByRole('article', { name: RACE_NAME })
    await expect(place.getByText(/^Next step: Pay €[\d.]+ for your place\.$/)).toBeVisible()
    await expectNoAxeViolations(page)
    await place.getByRole('link', { name: /^Pay €/ }).click()
    await expectResumedAtPayment(page)
  })

  test('after a new sign-in, with nothing kept in the browser, the answers come back from the server', async ({ page }) => {
    await enrolAndStop(page, { sign: true })
    expect(await keptWizards(page)).toHaveLength(1)
    await logOut(page)
    // Forgotten as the logout completes: the header may say "Log in" while the token is revoked.
    await expect.poll(() => keptWizards(page)).toEqual([])

    await logInFromHeader(page, 'completo')
    expect(await keptWizards(page)).toEqual([])
    await page.goto('/me/races')
    await main(page).getByRole('article', { name: RACE_NAME }).getByRole('link', { name: 'Pay for your place' }).click()
    await expectResumedAtPayment(page)
    await expectNoAxeViolations(page)
  })

  test('a place not signed yet resumes at the waiver, over the summary of its answers, after a new sign-in too', async ({ page }) => {
    await enrolAndStop(page, { sign: false })
    await logOut(page)
    await logInFromHeader(page, 'completo')
    await page.goto('/me/open-subscriptions')
    const place = main(page).getByRole('article', { name: RACE_NAME })
    await expect(place.getByText("Next step: Sign the race's waiver, then pay.")).toBeVisible()
    await place.getByRole('link', { name: 'Sign the waiver' }).click()
    const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(stepHeading(page, 'Summary')).toBeVisible()
    await expect(answers(page).getByRole('definition')).toHaveText([TEAM, 'Cogne', 'Yes'])
    await signWaiver(page)
    await expectResumedAtPayment(page)
  })
})
