import type { Page } from '@playwright/test'
import { HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { expect, expectNoAxeViolations, fillLogin, logInFromHeader, mock, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')
const whyHere = (page: Page) => main(page).getByRole('region', { name: 'Complete your profile to continue' })
const missingList = (page: Page) => whyHere(page).getByRole('list', { name: /^Still missing/ })
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
    // A whole journey (the profile from empty to complete, the wizard's gate, then the new account's
    // four empty pages, each scanned by axe): 12 s on a quiet machine, and it ran out of the default
    // 30 s on a loaded CI machine at its last scan, every step before it passed.
    test.slow()
    await logInFromHeader(page, 'nuovo')
    await expect(page).toHaveURL('/me')
    await answerExperienceQuestion(page)
    await page.goto('/race/203/subscribe')
    await expect(page).toHaveURL('/me?return=%2Frace%2F203%2Fsubscribe')
    await expect(page.getByRole('status').filter({ hasText: 'Complete your profile' })).toBeVisible()
    await expect(main(page).getByRole('meter', { name: 'Profile 24% complete' })).toBeVisible()
    await expect(main(page).getByText('Required details filled: 5 of 21.')).toBeVisible()

    // Each missing detail leads to its field, in edit mode.
    await missingList(page).getByRole('link', { name: 'Phone number', exact: true }).click()
    const form = editForm(page)
    await expect(form.getByLabel('Phone number', { exact: true })).toBeFocused()
    await missingList(page).getByRole('link', { name: 'Tax code' }).click()
    await expect(form.getByLabel('Tax code')).toBeFocused()

    await form.getByLabel('Gender').selectOption({ label: 'Man' })
    await form.getByLabel('Birth date').fill('1991-03-08')
    await form.getByLabel('Country of birth').selectOption({ label: 'Italy' })
    await chooseMunicipality(page, 'Municipality of birth', 'Aost', /^Aosta/)
    await expect(form.getByLabel('Province of birth')).toHaveValue('AO')
    await form.getByLabel('Tax code').fill('vllmtt91c08a326k')
    await expect(form.getByLabel('Tax code')).toHaveValue('VLLMTT91C08A326K')
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
    await expect(main(page).getByRole('meter', { name: 'Profile 100% complete' })).toBeVisible()
    await expect(main(page).getByText('Required details filled: 21 of 21.')).toBeVisible()
    await expect(whyHere(page)).toHaveCount(0)
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
    await expect(main(page).getByText('You have not enrolled in any race yet.')).toBeVisible()
    await expect(main(page).getByRole('link', { name: 'See the races open for registration' })).toHaveAttribute('href', '/?filter=open')
    await expectNoAxeViolations(page)
    await area.getByRole('link', { name: 'Places awaiting payment' }).click()
    await expect(main(page).getByText('No place is waiting for payment.')).toBeVisible()
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
    const description = 'Include the country code, like +39 347 123 4567.'
    // Fields are checked on the first save, then again as they change.
    await form.getByRole('button', { name: 'Save' }).click()

    await phone.fill('+39 347')
    await expect(phone).toHaveAccessibleDescription(`${description} Phone number too short: some digits are missing.`)
    await phone.fill('+39 247 118 2290')
    await expect(phone).toHaveAccessibleDescription(`${description} Wrong area code: no phone number in this country starts like this.`)
    // Without a prefix and without a country of residence, there is no telling which country it is.
    await phone.fill('347 118 2290')
    await expect(phone).toHaveAccessibleDescription(
      `${description} Add the country code, like +39 for Italy, or choose your country of residence first.`,
    )
    await form.getByLabel('Country of residence').selectOption({ label: 'Italy' })
    await expect(phone).toHaveAccessibleDescription(description)
  })

  test('/me says why every page leads there and what is left, each missing detail a way to its field', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    await logInFromHeader(page, 'nuovo')
    await answerExperienceQuestion(page)
    // Another page asked for leads back here.
    await page.goto('/contacts')
    await expect(page).toHaveURL(/\/me(\?|$)/)
    const why = whyHere(page)
    await expect(why).toBeInViewport()
    await expect(why).toContainText('The organiser needs these details to enrol you in races')
    await expect(why).toContainText('every page of the portal brings you back here')
    await expect(why.getByRole('heading', { name: 'Still missing: 16 details' })).toBeVisible()
    const missing = missingList(page).getByRole('listitem')
    await expect(missing).toHaveCount(16)
    await expect(missing.first()).toHaveText('Gender')
    await expect(missingList(page).getByRole('link', { name: 'T-shirt size' })).toBeVisible()
    // Logging out stays at hand.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeInViewport()
    await expectNoAxeViolations(page, { content: why })

    await missingList(page).getByRole('link', { name: 'Postcode' }).click()
    const postcode = editForm(page).getByLabel('Postcode')
    await expect(postcode).toBeFocused()
    // In sight, above the bar that keeps Save at hand.
    const field = (await postcode.boundingBox())!
    const bar = (await editForm(page).getByRole('button', { name: 'Save' }).locator('xpath=ancestor::div[1]').boundingBox())!
    expect(field.y).toBeGreaterThanOrEqual(0)
    expect(field.y + field.height).toBeLessThanOrEqual(bar.y)
  })

  test('the tax code: upper case as typed, each error on the field, a mismatch as a warning', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await answerExperienceQuestion(page)
    await startEditing(page)
    const form = editForm(page)
    const taxCode = form.getByLabel('Tax code')
    const hint = 'The 16 letters and digits on your health insurance card or tax code card.'

    await form.getByRole('button', { name: 'Save' }).click()
    await expect(taxCode).toHaveAccessibleDescription(`${hint} This field is required.`)
    // Typed in lower case with spaces, as people read it off the card: shown as it is saved.
    await taxCode.pressSequentially('vll mtt 91c08 a326k')
    await expect(taxCode).toHaveValue('VLLMTT91C08A326K')
    await expect(taxCode).toHaveAccessibleDescription(`${hint} Select your birth country first.`)
    // A character typed in the middle stays where it was typed.
    await taxCode.fill('VLLMTT91C08A36K')
    await taxCode.press('End')
    for (let step = 0; step < 2; step += 1) await taxCode.press('ArrowLeft')
    await taxCode.press('2')
    await taxCode.press('x')
    await expect(taxCode).toHaveValue('VLLMTT91C08A32X6K')
    await expect(taxCode).toHaveJSProperty('selectionStart', 15)
    await taxCode.press('Backspace')
    await expect(taxCode).toHaveValue('VLLMTT91C08A326K')

    await form.getByLabel('Country of birth').selectOption({ label: 'Italy' })
    await taxCode.fill('VLLMTT91C08')
    await expect(taxCode).toHaveAccessibleDescription(`${hint} Wrong length: a tax code has 16 characters.`)
    // A wrong control character is a typing slip: an error, the save refused.
    await taxCode.fill('VLLMTT91C08A326Z')
    await expect(taxCode).toHaveAccessibleDescription(
      `${hint} Invalid check character: the last character does not match the others. Check for a typo.`,
    )
    await taxCode.fill('VLLMTT9_C08A326K')
    await expect(taxCode).toHaveAccessibleDescription(/Character not allowed/)

    // Chiara Jaccod's code is a valid code, but not Matteo Vuillermin's: a warning, not an error.
    await form.getByLabel('Gender').selectOption({ label: 'Man' })
    await form.getByLabel('Birth date').fill('1991-03-08')
    await taxCode.fill('JCCCHR90E54A326C')
    await expect(taxCode).not.toHaveAttribute('aria-invalid', 'true')
    const warning = form.getByRole('status').filter({ hasText: 'does not match' })
    await expect(warning.getByRole('listitem')).toHaveText([
      'It does not match your last name.',
      'It does not match your first name.',
      'It does not match your birth date.',
      'It does not match your gender.',
    ])
    await expect(taxCode).toHaveAccessibleDescription(
      `${hint} This tax code does not match some of your details. Check it before saving: It does not match your last name. ` +
        'It does not match your first name. It does not match your birth date. It does not match your gender. If the code is right, you can still save it.',
    )
    await taxCode.fill('VLLMTT91C08A326K')
    await expect(warning).toHaveCount(0)
    await expect(taxCode).toHaveAccessibleDescription(hint)
  })

  test('0000 is refused from a resident of Italy and taken from an athlete who lives abroad', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await answerExperienceQuestion(page)
    await startEditing(page)
    const form = editForm(page)
    const taxCode = form.getByLabel('Tax code')
    const residentHint = 'The 16 letters and digits on your health insurance card or tax code card.'
    const abroadHint = 'You live outside Italy: if you have no Italian tax code, type 0000.'

    await form.getByLabel('Country of birth').selectOption({ label: 'Italy' })
    await form.getByRole('button', { name: 'Save' }).click()
    await taxCode.fill('0000')
    await expect(taxCode).toHaveAccessibleDescription(
      `${residentHint} 0000 is only for athletes who live outside Italy: choose your country of residence first.`,
    )
    await form.getByLabel('Country of residence').selectOption({ label: 'Italy' })
    await expect(taxCode).toHaveAccessibleDescription(
      `${residentHint} A tax code is required for residents of Italy: 0000 is only for athletes who live abroad.`,
    )
    // Offered, and taken, once the athlete lives abroad.
    await form.getByLabel('Country of residence').selectOption({ label: 'Switzerland' })
    await expect(taxCode).toHaveAccessibleDescription(abroadHint)
    await expect(taxCode).not.toHaveAttribute('aria-invalid', 'true')

    // The whole profile of an athlete living in Switzerland saves with 0000.
    await form.getByLabel('Gender').selectOption({ label: 'Man' })
    await form.getByLabel('Birth date').fill('1991-03-08')
    await chooseMunicipality(page, 'Municipality of birth', 'Aost', /^Aosta/)
    await form.getByLabel('Municipality', { exact: true }).fill('Martigny')
    await form.getByLabel('Province', { exact: true }).fill('VS')
    await form.getByLabel('Street', { exact: true }).fill('Rue du Bourg')
    await form.getByLabel('Street number').fill('8')
    await form.getByLabel('Postcode').fill('1920')
    await form.getByLabel('Phone number', { exact: true }).fill('+41 79 123 45 67')
    await form.getByLabel('Emergency contact').fill('Anna Vuillermin')
    await form.getByLabel('Emergency phone number').fill('+41 79 765 43 21')
    await form.getByLabel('T-shirt size').selectOption('M')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Profile updated.')).toBeVisible()
    await expect(main(page).getByRole('meter', { name: 'Profile 100% complete' })).toBeVisible()
    await expect(main(page).getByRole('region', { name: 'Tax code' })).toContainText('0000')

    // Moving to Italy, the same 0000 is refused.
    await startEditing(page)
    await editForm(page).getByLabel('Country of residence').selectOption({ label: 'Italy' })
    await editForm(page).getByRole('button', { name: 'Save' }).click()
    await expect(editForm(page).getByLabel('Tax code')).toHaveAccessibleDescription(
      `${residentHint} A tax code is required for residents of Italy: 0000 is only for athletes who live abroad.`,
    )
  })

  test('a tax code that does not match the athlete is warned about before saving, and can still be saved', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    await startEditing(page)
    const form = editForm(page)
    const taxCode = form.getByLabel('Tax code')
    // Chiara Jaccod's code with another birth day (15 May: 55): a valid code, not hers.
    await taxCode.fill('JCCCHR90E55A326G')
    const warning = form.getByRole('status').filter({ hasText: 'does not match' })
    await expect(warning).toContainText('It does not match your birth date.')
    await expect(warning).toContainText('If the code is right, you can still save it.')

    // The first save stops at the warning, the field focused; the next keeps the code.
    await form.getByLabel('Team', { exact: true }).focus()
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(taxCode).toBeFocused()
    await expect(warning).toContainText('Save again to keep this tax code as it is.')
    await expect(warning).toBeInViewport()
    await expect(page.getByText('Profile updated.')).toHaveCount(0)
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Profile updated.')).toBeVisible()
    await expect(main(page).getByText('JCCCHR90E55A326G')).toBeVisible()

    // Saved knowingly, the same warning shows again but does not stop the next save.
    await startEditing(page)
    await editForm(page).getByLabel('Team', { exact: true }).fill('Trail Runners Cogne')
    await expect(editForm(page).getByRole('status').filter({ hasText: 'does not match' })).toContainText('It does not match your birth date.')
    await editForm(page).getByRole('button', { name: 'Save' }).click()
    await expect(editForm(page)).toBeHidden()
    await expect(main(page).getByText('Trail Runners Cogne')).toBeVisible()
  })

  test('at 360 px the Save button stays in sight, and never covers the field being filled', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    await startEditing(page)
    const form = editForm(page)
    const save = form.getByRole('button', { name: 'Save' })
    // The bar that holds Save and Cancel: its top edge.
    const bar = async () => (await save.locator('xpath=ancestor::div[1]').boundingBox())!.y

    // A field low on the form, far from the form's end: Save is on screen with it.
    const street = form.getByLabel('Street', { exact: true })
    await street.click()
    await expect(save).toBeInViewport()
    await street.fill('Via Festaz')
    await expect(save).toBeInViewport()

    // Moving on with the keyboard, each field scrolls into view above the bar, not under it.
    for (const label of ['Street number', 'Postcode', 'Tax code', 'Phone number', 'Emergency contact']) {
      await page.keyboard.press('Tab')
      const field = form.getByLabel(label, { exact: true })
      await expect(field).toBeFocused()
      const box = (await field.boundingBox())!
      expect(box.y + box.height, `${label} above the action bar`).toBeLessThanOrEqual(await bar())
      await expect(save).toBeInViewport()
    }

    // Saving from there: no need to scroll to the end.
    await save.click()
    await expect(page.getByText('Profile updated.')).toBeVisible()
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

    await form.getByLabel('Team', { exact: true }).fill('Trail Runners Cogne')
    await form.getByLabel('Street number').fill('44')
    await mock(page, 'fault', 'athlete.save', { kind: 'status', status: 500 })
    await form.getByRole('button', { name: 'Save' }).click()
    const failure = form.getByRole('alert').filter({ hasText: 'Your profile was not saved.' })
    await expect(failure).toContainText('The service is not answering right now.')
    await expect(failure).toContainText('Everything you typed is still here.')
    await expect(form.getByLabel('Team', { exact: true })).toHaveValue('Trail Runners Cogne')
    await expect(form.getByLabel('Street number')).toHaveValue('44')

    await mock(page, 'fault', 'athlete.save', { kind: 'status', status: 400 })
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(failure).toContainText('The server refused some of these details. Check them and save again.')
    await expect(form.getByLabel('Street number')).toHaveValue('44')

    await mock(page, 'fault', 'athlete.save', { kind: 'network' })
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(failure).toContainText('We could not reach the server.')
    await expect(form.getByLabel('Team', { exact: true })).toHaveValue('Trail Runners Cogne')

    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(editForm(page)).toBeHidden()
    await expect(main(page).getByText('ASD Gran Paradiso Trail')).toBeVisible()
    await expect(main(page).getByText('Trail Runners Cogne')).toHaveCount(0)
    await startEditing(page)
    await expect(editForm(page).getByLabel('Team', { exact: true })).toHaveValue('ASD Gran Paradiso Trail')

    await mock(page, 'fault', 'athlete.save', null)
    await editForm(page).getByLabel('Team', { exact: true }).fill('Trail Runners Cogne')
    await editForm(page).getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Profile updated.')).toBeVisible()
    await expect(main(page).getByText('Trail Runners Cogne')).toBeVisible()
  })

  test('changes not saved when the session ends come back after logging in again', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    await startEditing(page)
    await editForm(page).getByLabel('Team', { exact: true }).fill('Trail Runners Cogne')
    await mock(page, 'advance', 8 * HOUR_MS + MINUTE_MS)
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible()
    await expect(page).toHaveURL('/')

    // Logging in again in the same tab (the draft lives in memory, not in storage) and going back to the profile.
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
    await fillLogin(page, 'completo')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My area' }).click()
    await expect(page).toHaveURL('/me')
    const form = editForm(page)
    await expect(form.getByRole('status').filter({ hasText: 'Your unsaved changes have been restored' })).toBeVisible()
    await expect(form.getByLabel('Team', { exact: true })).toHaveValue('Trail Runners Cogne')
  })

  test('another athlete logging in on the same tab never sees those changes', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    await startEditing(page)
    await editForm(page).getByLabel('Team', { exact: true }).fill('Trail Runners Cogne')
    await mock(page, 'advance', 8 * HOUR_MS + MINUTE_MS)
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible()

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
