import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { main, next, stepHeading } from './enrolment-steps'
import { expect, expectNoAxeViolations, persona, test } from './fixtures'
import { closePanel, openPanel, panel, signInFromPanel, toggle } from './qa-panel-steps'

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

  test("at 360 px the toggle docks: clear of a step's Next, the panel's last card and a notice, and above a dialog's backdrop", async ({ page }) => {
    // Two sign-ins and a walk through the portal at a phone's width.
    test.setTimeout(60_000)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/')
    const cards = (await signInFromPanel(page, 'completo')).getByRole('tabpanel').getByRole('listitem')
    await scrollToBottomEdge(cards.last())
    await expectClearOfToggle(page, cards.last(), "the panel's last persona card")
    await closePanel(page)

    await page.goto('/race/203/subscribe')
    await expect(stepHeading(page, 'Your data')).toBeFocused()
    await scrollToBottomEdge(next(page))
    await expectClearOfToggle(page, next(page), "the step's Next")

    await page.goto('/me')
    await main(page).getByRole('button', { name: 'Edit profile' }).click()
    await main(page).getByRole('form', { name: 'Edit your profile' }).getByRole('button', { name: 'Save' }).click()
    const notice = page.getByRole('region', { name: 'Notifications' }).getByRole('status')
    await expect(notice).toContainText('Profile updated.')
    await expectClearOfToggle(page, notice, 'the notice')

    // With the notice still on screen, signing in as an athlete whose profile is empty: the portal
    // sends them to it, where the experience question opens by itself over the panel. It hides the
    // rest from assistive technology, not from sight; the toggle, above its backdrop, closes the
    // panel and leaves the question open.
    const sheet = await openPanel(page, 'Personas')
    const who = persona('nuovo')
    await sheet.getByRole('button', { name: `Sign in as ${who.nome} ${who.cognome}` }).click()
    const question = page.getByRole('dialog', { name: 'Have you run an experience race?' })
    await expect(question).toBeVisible()
    const hiddenPanel = page.getByRole('dialog', { name: 'QA controls', includeHidden: true })
    await expect(hiddenPanel).toBeVisible()
    await page.getByRole('button', { name: 'QA controls', includeHidden: true }).click()
    await expect(hiddenPanel).toHaveCount(0)
    await expect(question).toBeVisible()
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

/** As far down the screen as it goes when scrolled to: its bottom edge at the viewport's (or its scroller's). */
async function scrollToBottomEdge(target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'end' }))
}

/** The toggle and `target` share no part of the screen. */
async function expectClearOfToggle(page: Page, target: Locator, what: string) {
  const [a, b] = await Promise.all([toggle(page).boundingBox(), target.boundingBox()])
  const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height
  expect(overlap, `the toggle ${JSON.stringify(a)} over ${what} ${JSON.stringify(b)}`).toBe(false)
}
