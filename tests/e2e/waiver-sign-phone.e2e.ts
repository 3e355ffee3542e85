import type { Page } from '@playwright/test'
import { main, openWizard, stepHeading, toSummary } from './enrolment-steps'
import { expect, expectNoAxeViolations, mock, test } from './fixtures'

/** Race 203 (Alte Vie di Cogne 52K 2026) is open at the seed's "now". */
const RACE = 203
const SENTENCE = 'I accept the risks of mountain running'
/** A 360 x 640 phone with its on-screen keyboard up: about this much height is left for the page. */
const KEYBOARD_UP = { width: 360, height: 360 }

const waiverDialog = (page: Page) => page.getByRole('dialog', { name: 'Waiver of liability' })
const signature = (page: Page) => waiverDialog(page).getByLabel('Your signature: the sentence above')
const signButton = (page: Page) => waiverDialog(page).getByRole('button', { name: 'Sign', exact: true })

/** The field shows whole above the actions at the dialog's foot, not under them. */
async function expectFieldAboveActions(page: Page) {
  await expect(signature(page)).toBeInViewport({ ratio: 1 })
  const field = (await signature(page).boundingBox())!
  const sign = (await signButton(page).boundingBox())!
  expect(field.y + field.height).toBeLessThanOrEqual(sign.y)
}

/** On a 360 px phone, through the wizard to the summary, then the waiver opened with the keyboard up. */
async function openWaiverWithKeyboardUp(page: Page) {
  await page.setViewportSize({ width: 360, height: 640 })
  await openWizard(page, RACE)
  await toSummary(page)
  await page.setViewportSize(KEYBOARD_UP)
  await main(page).getByRole('button', { name: 'Sign the waiver' }).click()
  await expect(signature(page)).toBeFocused()
}

test.describe('the waiver on a phone with its keyboard up', () => {
  test('Sign stays in view while the athlete types; Tab reaches it and signs', async ({ page }) => {
    await openWaiverWithKeyboardUp(page)
    await expect(signButton(page)).toBeInViewport({ ratio: 1 })

    await page.keyboard.type(SENTENCE)
    await expect(signature(page)).toHaveValue(SENTENCE)
    await expectFieldAboveActions(page)
    await expect(signButton(page)).toBeInViewport({ ratio: 1 })

    // The text can still be read from its start, with Sign in view all the while.
    const text = waiverDialog(page).getByRole('region', { name: 'Waiver text' })
    await text.getByText(/^I, the undersigned athlete/).scrollIntoViewIfNeeded()
    await expect(text.getByText(/^I, the undersigned athlete/)).toBeInViewport()
    await expect(signButton(page)).toBeInViewport({ ratio: 1 })
    await text.getByText(/Waiver version/).scrollIntoViewIfNeeded()
    await expect(text.getByText(/Waiver version/)).toBeInViewport()
    await expect(signButton(page)).toBeInViewport({ ratio: 1 })

    await signature(page).focus()
    await page.keyboard.press('Tab')
    await expect(signButton(page)).toBeFocused()
    await expectNoAxeViolations(page, { content: waiverDialog(page) })
    await page.keyboard.press('Enter')
    await expect(waiverDialog(page)).toBeHidden()
    await expect(stepHeading(page, 'Payment')).toBeFocused()
  })

  test('Enter in the field signs, and a wrong sentence is said with Sign still in view', async ({ page }) => {
    await openWaiverWithKeyboardUp(page)
    await page.keyboard.type('I accept the risk')
    await page.keyboard.press('Enter')
    const refusal = waiverDialog(page).getByRole('alert')
    await expect(refusal).toContainText('Incorrect')
    await expect(signature(page)).toBeFocused()
    await expect(signature(page)).toHaveAccessibleDescription(new RegExp(`^${SENTENCE} Incorrect`))
    await expectFieldAboveActions(page)
    await expect(signButton(page)).toBeInViewport({ ratio: 1 })
    // The refusal shows whole, above the actions too.
    await expect(refusal).toBeInViewport({ ratio: 1 })
    expect(await refusal.evaluate((node) => node.getBoundingClientRect().bottom)).toBeLessThanOrEqual((await signButton(page).boundingBox())!.y)
    await expectNoAxeViolations(page, { content: waiverDialog(page) })

    await signature(page).fill(SENTENCE)
    await page.keyboard.press('Enter')
    await expect(stepHeading(page, 'Payment')).toBeFocused()
  })

  test('a signing that fails is said whole above the actions, the sentence kept, and Sign then works', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'liberatoria.sign', status: 'network' })
    await openWaiverWithKeyboardUp(page)
    await mock(page, 'fault', 'liberatoria.sign', { kind: 'network' })
    await page.keyboard.type(SENTENCE)
    await page.keyboard.press('Enter')
    const failure = waiverDialog(page).getByRole('alert')
    await expect(failure).toContainText('No response: check your connection and try again.')
    await expect(failure).toBeInViewport({ ratio: 1 })
    expect(await failure.evaluate((node) => node.getBoundingClientRect().bottom)).toBeLessThanOrEqual((await signButton(page).boundingBox())!.y)
    await expect(signature(page)).toHaveValue(SENTENCE)
    await expectNoAxeViolations(page, { content: waiverDialog(page) })

    await mock(page, 'fault', 'liberatoria.sign', null)
    await signButton(page).click()
    await expect(stepHeading(page, 'Payment')).toBeFocused()
  })

  test('Escape and Cancel close it, and focus goes back to the summary', async ({ page }) => {
    await openWaiverWithKeyboardUp(page)
    await page.keyboard.press('Escape')
    await expect(waiverDialog(page)).toBeHidden()
    await expect(stepHeading(page, 'Summary')).toBeFocused()

    await main(page).getByRole('button', { name: 'Sign the waiver' }).click()
    await expect(signature(page)).toBeFocused()
    const cancel = waiverDialog(page).getByRole('button', { name: 'Cancel' })
    await expect(cancel).toBeInViewport({ ratio: 1 })
    await cancel.click()
    await expect(waiverDialog(page)).toBeHidden()
    await expect(stepHeading(page, 'Summary')).toBeFocused()
  })
})

test('the waiver at 1280 px: text, sentence, field and actions in one view, nothing to scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openWizard(page, RACE)
  await toSummary(page)
  await main(page).getByRole('button', { name: 'Sign the waiver' }).click()
  const text = waiverDialog(page).getByRole('region', { name: 'Waiver text' })
  await expect(text.getByText(/^I, the undersigned athlete/)).toBeInViewport({ ratio: 1 })
  await expect(text.getByText(/Waiver version/)).toBeInViewport({ ratio: 1 })
  await expect(signature(page)).toBeInViewport({ ratio: 1 })
  await expect(signButton(page)).toBeInViewport({ ratio: 1 })
  await expectNoAxeViolations(page, { content: waiverDialog(page) })
})
