import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { main, stepHeading } from './enrolment-steps'
import { expect, expectNoAxeViolations, persona, test } from './fixtures'
import { openPanel, panel, signInFromPanel, toggle } from './qa-panel-steps'

test.describe('the QA controls panel', () => {
  test('opens with Alt+Shift+Q, closes with Escape giving focus back to the toggle, and stays open across a reload', async ({ page }) => {
    await page.goto('/')
    await expect(toggle(page)).toBeVisible()
    await page.keyboard.press('Alt+Shift+KeyQ')
    await expect(panel(page).getByRole('heading', { name: 'QA controls' })).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Escape')
    await expect(panel(page)).toHaveCount(0)
    await expect(toggle(page)).toBeFocused()

    await openPanel(page, 'Clock')
    await page.reload()
    await expect(panel(page).getByRole('tab', { name: 'Clock' })).toHaveAttribute('aria-selected', 'true')
  })

  for (const width of [360, 1280]) {
    test(`passes axe with each tab open at ${String(width)} px`, async ({ page }) => {
      // Seven scans of the whole page.
      test.setTimeout(140_000)
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/')
      const sheet = await openPanel(page, 'Personas')
      expect((await sheet.boundingBox())!.width).toBeLessThanOrEqual(width)
      for (const tab of ['Personas', 'Clock', 'Races', 'Faults', 'Staff review', 'Mail and requests', 'Data']) {
        await sheet.getByRole('tab', { name: tab }).click()
        await expectNoAxeViolations(page, { content: sheet.getByRole('tabpanel').getByRole('heading').or(sheet.getByRole('tabpanel').getByRole('button')) })
      }
    })
  }

  test('signs in as a persona in one click, switches to another, and signs out', async ({ page }) => {
    await page.goto('/')
    await signInFromPanel(page, 'completo')
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible()
    const sheet = await signInAgainAs(page, 'revisione')
    await sheet.getByRole('button', { name: 'Sign out' }).click()
    await expect(sheet.getByText('Nobody is signed in.')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
  })

  test("moves the clock to a race's opening and the race's badge follows", async ({ page }) => {
    await page.goto('/')
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Vertical di Pila 2026' }) })
    await expect(card.getByText('Registration opens in 9 hours')).toBeVisible()
    const sheet = await openPanel(page, 'Clock')
    await sheet.getByLabel('Race', { exact: true }).selectOption({ label: 'Vertical di Pila 2026' })
    await sheet.getByRole('button', { name: '2 hours before opening' }).click()
    await expect(card.getByText('Registration opens in 2 hours')).toBeVisible()
    await sheet.getByRole('button', { name: 'Opening', exact: true }).click()
    await expect(card.getByText('Registration open', { exact: true })).toBeVisible()
  })

  test('an injected 500 is shown as retryable, counted on the toggle, then cleared and retried', async ({ page, expectFailures }) => {
    // The portal's reads retry a 500 with backoff before they give up.
    test.setTimeout(60_000)
    expectFailures({ operation: 'races.list', status: 500 })
    await page.goto('/contacts')
    const sheet = await openPanel(page, 'Faults')
    await sheet.getByLabel('Find an operation').fill('races.list')
    await sheet.getByLabel('HTTP 500 (server error)').check()
    await sheet.getByRole('button', { name: 'Apply' }).click()
    await expect(sheet.getByRole('status')).toHaveText('In force for races.list.')
    await page.keyboard.press('Escape')
    await expect(toggle(page)).toContainText('1 fault')

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Races' }).click()
    await expect(page.getByRole('alert')).toBeVisible({ timeout: 15_000 })
    const retry = main(page).getByRole('button', { name: 'Try again' })
    await expect(retry).toBeVisible()

    await openPanel(page, 'Faults')
    await panel(page).getByRole('button', { name: 'Clear HTTP 500 for races.list' }).click()
    await expect(panel(page).getByText('No fault and no latency: every operation answers normally.')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(toggle(page)).not.toContainText('fault')
    await retry.click()
    await expect(page.getByRole('region', { name: 'Upcoming races' })).toBeVisible()
  })

  test("accepting a certificate from the staff review lets the athlete enrol", async ({ page }) => {
    await page.goto('/')
    await signInFromPanel(page, 'revisione')
    await page.keyboard.press('Escape')
    await expect(panel(page)).toHaveCount(0)
    await page.goto('/race/202/subscribe')
    await expect(main(page).getByText('Your medical certificate is being reviewed.')).toBeVisible()

    const sheet = await openPanel(page, 'Staff review')
    const who = persona('revisione')
    await sheet.getByRole('button', { name: `Accept ${who.nome} ${who.cognome}'s certificate` }).click()
    await expect(sheet.getByRole('status')).toHaveText(`${who.nome} ${who.cognome}'s certificate is accepted.`)
    await page.keyboard.press('Escape')
    await page.reload()
    await expect(stepHeading(page, 'Your data')).toBeFocused()
  })

  test('exports the data and imports it back; a file that is not an export is refused, nothing changed', async ({ page }) => {
    await page.goto('/')
    const sheet = await openPanel(page, 'Data')
    const download = page.waitForEvent('download')
    await sheet.getByRole('button', { name: 'Export the data' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('pettorale-mock-2026-03-02.json')
    const exported = await readFile((await file.path())!, 'utf8')

    const input = sheet.getByLabel('A file exported from this panel')
    await input.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":"world"}') })
    await expect(sheet.getByRole('alert').filter({ hasText: 'notes.json was refused' })).toContainText(
      "The file is JSON but not an export of pettorale's simulated backend. Nothing was changed.",
    )
    await input.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('not json') })
    await expect(sheet.getByRole('alert').filter({ hasText: 'broken.json was refused' })).toContainText('The file is not JSON. Nothing was changed.')

    const reloaded = page.waitForEvent('load')
    await input.setInputFiles({ name: file.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(exported) })
    await reloaded
    await expect(page.getByRole('region', { name: 'Upcoming races' })).toBeVisible()
  })
})

/** From the panel already open on Personas: another persona, the first signed out on the way. */
async function signInAgainAs(page: Page, key: Parameters<typeof persona>[0]) {
  const who = persona(key)
  const sheet = panel(page)
  await sheet.getByRole('button', { name: `Sign in as ${who.nome} ${who.cognome}` }).click()
  await expect(sheet.getByText(`Signed in as ${who.nome} ${who.cognome} (${who.mail}).`)).toBeVisible()
  return sheet
}
