import type { Page } from '@playwright/test'
import { MAX_PICTURE_BYTES } from '../../contracts/files.contract'
import { expect, expectNoAxeViolations, logInFromHeader, mock, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')
const experienceDialog = (page: Page) => page.getByRole('dialog', { name: 'Have you run an experience race?' })
const myProfile = (page: Page) => page.getByRole('heading', { level: 1, name: 'My profile' })

/** An 8 x 8 pine-green PNG: a real image the browser (and the simulated backend's thumbnailer) can draw. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQj3HFihiGlgQAuFYwAcw12P0AAAAASUVORK5CYII=', 'base64')

/** The image has arrived and been drawn, not just been named. */
async function expectDrawn(page: Page, name: string) {
  const image = main(page).getByRole('img', { name })
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true)
}

test.describe('the experience question', () => {
  test('a new athlete is asked once: the answer is saved and the question does not come back', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    const dialog = experienceDialog(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Yes' })).toBeFocused()
    // A dialog laid out alike at every width: scanned at a phone's.
    await page.setViewportSize({ width: 360, height: 800 })
    await expectNoAxeViolations(page)

    await dialog.getByRole('button', { name: 'Yes' }).click()
    await expect(dialog.getByLabel('Which race?')).toBeFocused()
    await dialog.getByRole('button', { name: 'Save answer' }).click()
    await expect(dialog.getByText('There are unfilled or invalid fields: 2 fields need your attention.')).toBeVisible()
    await expect(dialog.getByLabel('Which race?')).toBeFocused()
    await dialog.getByLabel('Which race?').fill('Tor des Géants')
    await dialog.getByLabel('Year').fill('2031')
    await dialog.getByRole('button', { name: 'Save answer' }).click()
    await expect(dialog.getByText('Enter a year between 1970 and 2026, like 2025.')).toBeVisible()
    await expectNoAxeViolations(page)
    await dialog.getByLabel('Year').fill('2024')
    await dialog.getByRole('button', { name: 'Save answer' }).click()
    await expect(dialog).toBeHidden()
    await expect(myProfile(page)).toBeFocused()

    await page.reload()
    await expect(main(page).getByText(/Required details filled: \d+ of 21\./)).toBeVisible()
    await expect(experienceDialog(page)).toHaveCount(0)
  })

  test('"No" is an answer too, and the question stays answered after a reload', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await experienceDialog(page).getByRole('button', { name: 'No' }).click()
    await expect(experienceDialog(page)).toBeHidden()
    await page.reload()
    await expect(myProfile(page)).toBeVisible()
    await expect(main(page).getByText(/Required details filled: \d+ of 21\./)).toBeVisible()
    await expect(experienceDialog(page)).toHaveCount(0)
  })

  test('a failed save keeps the answer and says so; trying again saves it', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'athlete.saveExperience', status: 500 })
    await logInFromHeader(page, 'nuovo')
    await mock(page, 'fault', 'athlete.saveExperience', { kind: 'status', status: 500 })
    const dialog = experienceDialog(page)
    await dialog.getByRole('button', { name: 'Yes' }).click()
    await dialog.getByLabel('Which race?').fill('Vertical di Pila')
    await dialog.getByLabel('Year').fill('2025')
    await dialog.getByRole('button', { name: 'Save answer' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(/^Your answer was not saved: The service is not answering right now/)
    await expect(dialog.getByLabel('Which race?')).toHaveValue('Vertical di Pila')
    await expect(dialog.getByLabel('Year')).toHaveValue('2025')

    await mock(page, 'fault', 'athlete.saveExperience', null)
    await dialog.getByRole('button', { name: 'Save answer' }).click()
    await expect(dialog).toBeHidden()
  })
})

test.describe('the profile picture', () => {
  test('a PNG is checked, previewed, uploaded and shown, also after a reload', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    await expect(main(page).getByRole('img', { name: 'No profile picture yet' })).toBeVisible()

    const summit = { name: 'summit.png', mimeType: 'image/png', buffer: PNG }
    // Chosen, then thought better of: nothing changes.
    await main(page).getByLabel('Add a picture').setInputFiles(summit)
    await expectDrawn(page, 'Preview of your new picture')
    await main(page).getByRole('button', { name: 'Cancel' }).click()
    await expect(main(page).getByRole('img', { name: 'No profile picture yet' })).toBeVisible()
    await expect(main(page).getByLabel('Add a picture')).toBeFocused()

    await main(page).getByLabel('Add a picture').setInputFiles(summit)
    await expectDrawn(page, 'Preview of your new picture')
    await page.setViewportSize({ width: 360, height: 800 })
    await expectNoAxeViolations(page)
    await main(page).getByRole('button', { name: 'Save picture' }).click()
    await expect(page.getByText('File uploaded.')).toBeVisible()
    await expectDrawn(page, 'Your profile picture')
    await expect(main(page).getByLabel('Change picture')).toBeFocused()

    await page.reload()
    await expectDrawn(page, 'Your profile picture')
  })

  test('a file is judged by its content: a text file named .png is refused before sending', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    let sent = false
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/app/file')) sent = true
    })
    await main(page).getByLabel('Add a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') })
    await expect(main(page).getByRole('alert').filter({ hasText: 'This file is not a picture' })).toHaveText(
      'This file is not a picture: choose a PNG, JPEG or WebP image.',
    )
    await expect(main(page).getByRole('button', { name: 'Save picture' })).toHaveCount(0)
    await expect(main(page).getByRole('img', { name: 'No profile picture yet' })).toBeVisible()
    expect(sent).toBe(false)
  })

  test('a picture over the size limit is refused before sending', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me')
    const heavy = Buffer.concat([PNG, Buffer.alloc(MAX_PICTURE_BYTES + 1 - PNG.length)])
    await main(page).getByLabel('Add a picture').setInputFiles({ name: 'heavy.png', mimeType: 'image/png', buffer: heavy })
    await expect(main(page).getByRole('alert').filter({ hasText: 'too large' })).toHaveText(
      'This picture is too large: choose one no larger than 5 MB.',
    )
    await expect(main(page).getByRole('button', { name: 'Save picture' })).toHaveCount(0)
  })
})

test.describe('the municipality field', () => {
  async function editBirthPlace(page: Page) {
    await logInFromHeader(page, 'nuovo')
    await experienceDialog(page).getByRole('button', { name: 'No' }).click()
    await main(page).getByRole('button', { name: 'Edit profile' }).click()
    const form = main(page).getByRole('form', { name: 'Edit your profile' })
    await form.getByLabel('Country of birth').selectOption({ label: 'Italy' })
    return form
  }

  test('is used with the keyboard only: type, arrow down, Enter', async ({ page }) => {
    const form = await editBirthPlace(page)
    const box = form.getByRole('combobox', { name: 'Municipality of birth' })
    await box.focus()
    await page.keyboard.type('aost')
    await expect(page.getByRole('option', { name: 'Aosta (AO)' })).toBeVisible()
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/)
    await expect(page.getByRole('option', { name: 'Aosta (AO)' })).toHaveAttribute('aria-selected', 'true')
    await expectNoAxeViolations(page)
    await page.keyboard.press('Enter')
    await expect(box).toHaveValue('Aosta')
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(box).toBeFocused()
    await expect(form.getByLabel('Province of birth')).toHaveValue('AO')
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

    test('is used with a finger: type, tap the municipality', async ({ page }) => {
      const form = await editBirthPlace(page)
      const box = form.getByRole('combobox', { name: 'Municipality of birth' })
      await box.fill('valtourn')
      await page.getByRole('option', { name: 'Valtournenche (AO)' }).tap()
      await expect(box).toHaveValue('Valtournenche')
      await expect(form.getByLabel('Province of birth')).toHaveValue('AO')
    })
  })
})
