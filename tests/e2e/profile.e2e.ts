import type { Page } from '@playwright/test'
import { HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { expect, expectNoAxeViolations, fillLogin, logInFromHeader, mock, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')
const missingList = (page: Page) => main(page).getByRole('list', { name: 'Still missing' })
const editForm = (page: Page) => main(page).getByRole('form', { name: 'Edit your profile' })

/** A new account (the `nuovo` persona, or a fresh registration) is asked about experience races first. */
async function answerExperienceQuestion(page: Page) {
  const dialog = page.getByRole('dialog', { name: /experience race/i })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'No' }).click()
  await expect(dialog).toBeHidden()
}

/** Types into a municipality combobox and picks the municipality from its list. */
async function chooseMunicipality(page: Page, label: string, typed: string, option: RegExp) {
  const box = editForm(page).getByRole('combobox', { name: label, exact: true })
  await box.fill(typed)
  await page.getByRole('option', { name: option }).click()
}

async function startEditing(page: Page) {
  await main(page).getByRole('button', { name: 'Edit profile' }).click()
  await expect(editForm(page)).toBeVisible()
}

test.describe('my profile', () => {
  test('a new athlete fills the profile until it is complete, and the guard lets them go on to the enrolment they asked for', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await expect(page).toHaveURL('/me')
    await answerExperienceQuestion(page)
    await page.goto('/race/203/subscribe')
    await expect(page).toHaveURL('/me?return=%2Frace%2F203%2Fsubscribe')
    await expect(page.getByRole('status').filter({ hasText: 'Complete your profile' })).toBeVisible()
    await expect(main(page).getByText('24% complete: 5 of 21 required details filled.')).toBeVisible()

    // Each missing detail leads to its field, in edit mode.
    await missingList(page).getByRole('link', { name: 'Phone number', exact: true }).click()
    const form = editForm(page)
    await expect(form.getByLabel('Phone number', { exact: true })).toBeFocused()
    await missingList(page).getByRole('link', { name: 'Tax code' }).click()
    await expect(form.getByLabel('Tax code')).toBeFocused()

    await form.getByLabel('Gender').selectOption({ label: 'Man' })
    await form.getByLabel('Birth date').fill('1991-03-08')
    await form.getByLabel('Birth country').selectOption({ label: 'Italy' })
    await chooseMunicipality(page, 'Birth municipality', 'Aost', /^Aosta/)
    await expect(form.getByLabel('Birth province')).toHaveValue('AO')
    await form.getByLabel('Tax code').fill('vllmtt91c08a326k')
    await form.getByLabel('Country of residence').selectOption({ label: 'Italy' })
    await chooseMunicipality(page, 'Municipality', 'Aost', /^Aosta/)
    await expect(form.getByLabel('Province', { exact: true })).toHaveValue('AO')
    await expect(form.getByLabel('Postcode')).toHaveValue('11100')
    await form.getByLabel('Street', { exact: true }).fill('Via Festaz')
    await form.getByLabel('Street number').fill('10')
    await form.getByLabel('Phone number', { exact: true }).fill('347 118 2290')
    await form.getByLabel('Emergency contact').fill('Anna Vuillermin')
    await form.getByLabel('Emergency phone number').fill('+39 348 552 1907')
    await form.getByLabel('T-shirt size').selectOption('M')
    await expect(form.getByRole('status').filter({ hasText: 'does not match' })).toHaveCount(0)
    await form.getByRole('button', { name: 'Save' }).click()

    await expect(page.getByText('Profile updated.')).toBeVisible()
    await expect(editForm(page)).toBeHidden()
    await expect(main(page).getByText('100% complete: 21 of 21 required details filled.')).toBeVisible()
    await expect(main(page).getByRole('button', { name: 'Edit profile' })).toBeFocused()
    // Saved with its international prefix, shown as people write it.
    await expect(main(page).getByText('+39 347 118 2290')).toBeVisible()
    await expect(main(page).getByText('VLLMTT91C08A326K')).toBeVisible()

    // Back to the wizard, whose gate now finds only what the profile cannot give: a certificate.
    await main(page).getByRole('link', { name: 'Back to your enrolment' }).click()
    await expect(page).toHaveURL('/race/203/subscribe')
    await expect(main(page).getByRole('link', { name: 'Upload my medical certificate' })).toBeVisible()
    await expect(main(page).getByText(/Your profile is missing/)).toHaveCount(0)

    await page.getByRole('link', { name: 'My area' }).first().click()
    await page.getByRole('navigation', { name: 'My area' }).getByRole('link', { name: 'My races' }).click()
    await expect(page).toHaveURL('/me/races')
    await expect(page.getByRole('heading', { level: 1, name: 'My races' })).toBeVisible()

    // A new account's area is empty, and each page says so with a way forward.
    const area = page.getByRole('navigation', { name: 'My area' })
    await expect(main(page).getByText('You have not entered any race yet.')).toBeVisible()
    await expect(main(page).getByRole('link', { name: 'See the races open for registration' })).toHaveAttribute('href', '/?filter=open')
    await expectNoAxeViolations(page)
    await area.getByRole('link', { name: 'Open subscriptions' }).click()
    await expect(main(page).getByText('No subscriptions are available.')).toBeVisible()
    await expectNoAxeViolations(page)
    await area.getByRole('link', { name: 'My transactions' }).click()
    await expect(main(page).getByText('You have no transactions yet: your payments will appear here.')).toBeVisible()
    await expectNoAxeViolations(page)
    await area.getByRole('link', { name: 'My experience races' }).click()
    await expect(main(page).getByText('You have not reported any race yet.')).toBeVisible()
    await expectNoAxeViolations(page)
    await expect(main(page).getByText('Qualifying races that count so far: 0 of 2.')).toBeVisible()
    await expect(main(page).getByRole('button', { name: 'Report a race' })).toBeVisible()
  })

  test('saving with details missing says how many and focuses the first', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await answerExperienceQuestion(page)
    await startEditing(page)
    const form = editForm(page)
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(form.getByRole('alert').filter({ hasText: 'There are unfilled or invalid fields' })).toBeVisible()
    await expect(form.getByLabel('Gender')).toBeFocused()
    await expect(form.getByLabel('Gender')).toHaveAccessibleDescription('This field is required.')
    await expect(page).toHaveURL('/me')
  })

  test('phone numbers are checked with their international prefix', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await answerExperienceQuestion(page)
    await startEditing(page)
    const form = editForm(page)
    const phone = form.getByLabel('Phone number', { exact: true })
    const description = 'With the international prefix, like +39 347 123 4567.'
    // Fields are checked on the first save, then again as they change.
    await form.getByRole('button', { name: 'Save' }).click()

    await phone.fill('+39 347')
    await expect(phone).toHaveAccessibleDescription(`${description} Phone number too short: some digits are missing.`)
    await phone.fill('+39 247 118 2290')
    await expect(phone).toHaveAccessibleDescription(`${description} Wrong area prefix: no phone number of this country starts like this.`)
    // Without a prefix and without a country of residence, there is no telling which country it is.
    await phone.fill('347 118 2290')
    await expect(phone).toHaveAccessibleDescription(
      `${description} Add the international prefix, like +39 for Italy, or choose your country of residence first.`,
    )
    await form.getByLabel('Country of residence').selectOption({ label: 'Italy' })
    await expect(phone).toHaveAccessibleDescription(description)
  })

  test('the tax code: each error on the field, a mismatch as a warning, 0000 only for non-residents', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await answerExperienceQuestion(page)
    await startEditing(page)
    const form = editForm(page)
    const taxCode = form.getByLabel('Tax code')
    const hint = 'Not resident in Italy? Type 0000.'

    await form.getByRole('button', { name: 'Save' }).click()
    await expect(taxCode).toHaveAccessibleDescription(`${hint} This field is required.`)
    await taxCode.fill('VLLMTT91C08A326K')
    await expect(taxCode).toHaveAccessibleDescription(`${hint} Select your birth country first.`)

    await form.getByLabel('Birth country').selectOption({ label: 'Italy' })
    await taxCode.fill('VLLMTT91C08')
    await expect(taxCode).toHaveAccessibleDescription(`${hint} Length error: a tax code has 16 characters.`)
    await taxCode.fill('VLLMTT91C08A326Z')
    await expect(taxCode).toHaveAccessibleDescription(
      `${hint} Invalid control character: the last character does not match the others. Check for a typing slip.`,
    )
    await taxCode.fill('VLLMTT9_C08A326K')
    await expect(taxCode).toHaveAccessibleDescription(/Character not allowed/)

    // Chiara Jaccod's code is a valid code, but not Matteo Vuillermin's: a warning, not an error.
    await form.getByLabel('Gender').selectOption({ label: 'Man' })
    await form.getByLabel('Birth date').fill('1991-03-08')
    await taxCode.fill('JCCCHR90E54A326C')
    await expect(taxCode).not.toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByRole('status').filter({ hasText: 'does not match' })).toHaveText(
      'The tax code does not match the last name, first name, birth date, and gender you typed. Check them; you can still save.',
    )
    await taxCode.fill('VLLMTT91C08A326K')
    await expect(form.getByRole('status').filter({ hasText: 'does not match' })).toHaveCount(0)

    // 0000 is for athletes who do not live in Italy.
    await taxCode.fill('0000')
    await expect(taxCode).toHaveAccessibleDescription(
      `${hint} 0000 is only for athletes not resident in Italy: type your tax code, or choose your country of residence first.`,
    )
    await form.getByLabel('Country of residence').selectOption({ label: 'Switzerland' })
    await expect(taxCode).toHaveAccessibleDescription(hint)
    await form.getByLabel('Country of residence').selectOption({ label: 'Italy' })
    await expect(taxCode).toHaveAccessibleDescription(/0000 is only for athletes not resident in Italy/)
  })

  test('a failed save keeps the edit mode and everything typed; cancel restores the saved profile', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'athlete.save', status: 500 }, { operation: 'athlete.save', status: 400 }, { operation: 'athlete.save', status: 'network' })
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    await startEditing(page)
    const form = editForm(page)
    // The account's own details are shown, never editable.
    await expect(form.getByText('completo@pettorale.test')).toBeVisible()
    await expect(form.getByRole('textbox', { name: /e-mail/i })).toHaveCount(0)
    await expect(form.getByRole('textbox', { name: /user id/i })).toHaveCount(0)

    await form.getByLabel('Team').fill('Trail Runners Cogne')
    await form.getByLabel('Street number').fill('44')
    await mock(page, 'fault', 'athlete.save', { kind: 'status', status: 500 })
    await form.getByRole('button', { name: 'Save' }).click()
    const failure = form.getByRole('alert').filter({ hasText: 'Your profile was not saved.' })
    await expect(failure).toContainText('The service is not answering right now.')
    await expect(failure).toContainText('Everything you typed is still here.')
    await expect(form.getByLabel('Team')).toHaveValue('Trail Runners Cogne')
    await expect(form.getByLabel('Street number')).toHaveValue('44')

    await mock(page, 'fault', 'athlete.save', { kind: 'status', status: 400 })
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(failure).toContainText('The server refused some of these details. Check them and save again.')
    await expect(form.getByLabel('Street number')).toHaveValue('44')

    await mock(page, 'fault', 'athlete.save', { kind: 'network' })
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(failure).toContainText('We could not reach the server.')
    await expect(form.getByLabel('Team')).toHaveValue('Trail Runners Cogne')

    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(editForm(page)).toBeHidden()
    await expect(main(page).getByText('ASD Gran Paradiso Trail')).toBeVisible()
    await expect(main(page).getByText('Trail Runners Cogne')).toHaveCount(0)
    await startEditing(page)
    await expect(editForm(page).getByLabel('Team')).toHaveValue('ASD Gran Paradiso Trail')

    await mock(page, 'fault', 'athlete.save', null)
    await editForm(page).getByLabel('Team').fill('Trail Runners Cogne')
    await editForm(page).getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Profile updated.')).toBeVisible()
    await expect(main(page).getByText('Trail Runners Cogne')).toBeVisible()
  })

  test('changes not saved when the session ends come back after logging in again', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    await startEditing(page)
    await editForm(page).getByLabel('Team').fill('Trail Runners Cogne')
    await mock(page, 'advance', 8 * HOUR_MS + MINUTE_MS)
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible()
    await expect(page).toHaveURL('/')

    // Logging in again in the same tab (the draft lives in memory, not in storage) and going back to the profile.
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await fillLogin(page, 'completo')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My area' }).click()
    await expect(page).toHaveURL('/me')
    const form = editForm(page)
    await expect(form.getByRole('status').filter({ hasText: 'Your changes that were not saved are back' })).toBeVisible()
    await expect(form.getByLabel('Team')).toHaveValue('Trail Runners Cogne')
  })

  test('another athlete logging in on the same tab never sees those changes', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    await startEditing(page)
    await editForm(page).getByLabel('Team').fill('Trail Runners Cogne')
    await mock(page, 'advance', 8 * HOUR_MS + MINUTE_MS)
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible()

    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await fillLogin(page, 'revisione')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My area' }).click()
    await expect(main(page).getByRole('heading', { level: 2, name: 'Davide Perrier' })).toBeVisible()
    await expect(editForm(page)).toHaveCount(0)
    await expect(page.getByText('Trail Runners Cogne')).toHaveCount(0)
  })

  for (const width of [360, 1280]) {
    test(`a new profile, read and being completed, has no axe violations at ${String(width)} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await logInFromHeader(page, 'nuovo')
      await answerExperienceQuestion(page)
      await expect(missingList(page)).toBeVisible()
      await expectNoAxeViolations(page)
      await startEditing(page)
      await editForm(page).getByRole('button', { name: 'Save' }).click()
      await expect(editForm(page).getByRole('alert')).toBeVisible()
      await expectNoAxeViolations(page)
    })

    test(`a complete profile, read and edited, has no axe violations at ${String(width)} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await logInFromHeader(page, 'completo')
      await page.goto('/me')
      await expect(main(page).getByText('ASD Gran Paradiso Trail')).toBeVisible()
      await expectNoAxeViolations(page)
      await startEditing(page)
      await expectNoAxeViolations(page)
    })
  }
})
