import type { Page } from '@playwright/test'
import { expect, persona } from './fixtures'

/** The QA controls' toggle, in the corner of every page in mock mode (after the page has loaded). */
export const toggle = (page: Page) => page.getByRole('button', { name: /^QA controls/ })
export const panel = (page: Page) => page.getByRole('dialog', { name: 'QA controls' })

/** Opens the panel with its toggle (focus moves to its heading) at one of its tabs. */
export async function openPanel(page: Page, tab: string) {
  await toggle(page).click()
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
  await expect(panel(page).getByRole('heading', { name: 'QA controls' })).toBeFocused()
  await panel(page).getByRole('tab', { name: tab }).click()
  return panel(page)
}

/** With the keyboard: focus is still in the panel after an action, even one whose button went with its item. */
export async function closePanel(page: Page) {
  await page.keyboard.press('Escape')
  await expect(panel(page)).toHaveCount(0)
}

/** One click on a persona in the panel's Personas tab; the panel stays open. */
export async function signInFromPanel(page: Page, key: Parameters<typeof persona>[0]) {
  const who = persona(key)
  const sheet = await openPanel(page, 'Personas')
  await sheet.getByRole('button', { name: `Sign in as ${who.nome} ${who.cognome}` }).click()
  await expect(sheet.getByText(`Signed in as ${who.nome} ${who.cognome} (${who.mail}).`)).toBeVisible()
  return sheet
}
