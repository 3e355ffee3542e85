import type { Page, Request } from '@playwright/test'
import { expect, expectNoAxeViolations, logInFromHeader, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')
const editForm = (page: Page) => main(page).getByRole('form', { name: 'Edit your profile' })

/** The build ships the list as a hashed asset of its own, not inside the code. */
const MUNICIPALITIES_FILE = /\/assets\/italian-municipalities-[\w-]+\.json$/

/** The `nuovo` persona on /me, the experience question answered, the edit form open. */
async function editProfile(page: Page) {
  await logInFromHeader(page, 'nuovo')
  const question = page.getByRole('dialog', { name: 'Have you run an experience race?' })
  await question.getByRole('button', { name: 'No' }).click()
  await expect(question).toBeHidden()
  await main(page).getByRole('button', { name: 'Edit profile' }).click()
  await expect(editForm(page)).toBeVisible()
  return editForm(page)
}

/** Italy as the country of residence, then Tab: the keyboard alone from here on. */
async function tabIntoResidenceMunicipality(page: Page) {
  const form = await editProfile(page)
  const country = form.getByLabel('Country of residence')
  await country.selectOption({ label: 'Italy' })
  await country.focus()
  await page.keyboard.press('Tab')
  const box = form.getByRole('combobox', { name: 'Municipality', exact: true })
  await expect(box).toBeFocused()
  return { form, box }
}

test.describe('the municipality combobox, keyboard only', () => {
  test('type, move round the list, Escape, then choose with Enter: the province and postcode follow', async ({ page }) => {
    const { form, box } = await tabIntoResidenceMunicipality(page)
    const listbox = page.getByRole('listbox', { name: 'Municipality', exact: true })
    const matches = form.getByRole('status').filter({ hasText: /municipalit(y|ies) match/ })

    await page.keyboard.type("sant'ag")
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await expect(listbox.getByRole('option')).toHaveCount(8)
    await expect(matches).toHaveText('8 municipalities match.')
    await expect(box).not.toHaveAttribute('aria-activedescendant')

    // Up from the text goes to the list's end, down from there comes round to its start.
    await page.keyboard.press('ArrowUp')
    await expect(listbox.getByRole('option').last()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowDown')
    const first = listbox.getByRole('option').first()
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)

    // Escape closes the list only: the text stays, the form stays open.
    await page.keyboard.press('Escape')
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(listbox).toBeHidden()
    await expect(box).toHaveValue("sant'ag")
    await expect(editForm(page)).toBeVisible()

    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('aosta')
    await expect(listbox.getByRole('option').first()).toHaveText('Aosta (AO)')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(box).toHaveValue('Aosta')
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(box).toBeFocused()
    await expect(form.getByLabel('Province', { exact: true })).toHaveValue('AO')
    await expect(form.getByLabel('Postcode')).toHaveValue('11100')
    // Enter chose from the list: the form was not sent.
    await expect(editForm(page)).toBeVisible()

    await page.keyboard.press('Tab')
    await expect(form.getByLabel('Province', { exact: true })).toBeFocused()
  })

  test('a place the list does not have is kept as typed when Tab leaves the field', async ({ page }) => {
    const { form, box } = await tabIntoResidenceMunicipality(page)
    await page.keyboard.type('Chamonix')
    await expect(form.getByRole('status').filter({ hasText: 'No Italian municipality matches.' })).toHaveCount(1)
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Tab')
    await expect(form.getByLabel('Province', { exact: true })).toBeFocused()
    await expect(box).toHaveValue('Chamonix')
    await expect(form.getByLabel('Province', { exact: true })).toHaveValue('')
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } })

    test('the open list is accessible at 360 px', async ({ page }) => {
      const { box } = await tabIntoResidenceMunicipality(page)
      const listbox = page.getByRole('listbox', { name: 'Municipality', exact: true })
      await page.keyboard.type('valle')
      await expect(listbox.getByRole('option')).toHaveCount(8)
      // The list's last option, reached with the arrows, is brought into view on a small screen.
      await page.keyboard.press('ArrowUp')
      await expect(box).toHaveAttribute('aria-activedescendant', /.+/)
      const active = listbox.getByRole('option', { selected: true })
      await expect(active).toHaveText(/^Valle.* \([A-Z]{2}\)$/)
      await expect(active).toBeInViewport()
      await expectNoAxeViolations(page)
    })
  })
})

test('the municipalities file is fetched, once, from its hashed asset when the edit form opens', async ({ page }) => {
  const fetched: Request[] = []
  page.on('request', (request) => {
    if (request.url().includes('italian-municipalities')) fetched.push(request)
  })
  await logInFromHeader(page, 'nuovo')
  const question = page.getByRole('dialog', { name: 'Have you run an experience race?' })
  await question.getByRole('button', { name: 'No' }).click()
  await expect(main(page).getByRole('button', { name: 'Edit profile' })).toBeVisible()
  // The profile as read needs no list of municipalities.
  expect(fetched).toEqual([])

  await main(page).getByRole('button', { name: 'Edit profile' }).click()
  const form = editForm(page)
  await form.getByLabel('Country of residence').selectOption({ label: 'Italy' })
  const box = form.getByRole('combobox', { name: 'Municipality', exact: true })
  await box.fill('aost')
  await expect(page.getByRole('option', { name: 'Aosta (AO)' })).toBeVisible()
  await form.getByLabel('Country of birth').selectOption({ label: 'Italy' })
  await form.getByRole('combobox', { name: 'Municipality of birth' }).fill('valtourn')
  await expect(page.getByRole('option', { name: 'Valtournenche (AO)' })).toBeVisible()
  expect(fetched.map((request) => new URL(request.url()).pathname)).toEqual([expect.stringMatching(MUNICIPALITIES_FILE)])
})
