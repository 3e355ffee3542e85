import type { Locator, Page } from '@playwright/test'
import { SEED_RACE_IDS } from '../../mocks/seed/races'
import { expect, expectNoAxeViolations, logInFromHeader, test } from './fixtures'

/**
 * Issue 20, point 2: signed in, the race page's action says what is true for this athlete before
 * any click, and the race list's cards say it where the athlete has something in the race. What each
 * persona is shown (the words, the links and where they point, the loading state, a visitor's action)
 * is proven against the simulated backend in src/features/races/race-registration.test.tsx, and each
 * standing's wording in enrol-action.test.tsx; here only what a browser proves: the screens pass axe
 * and fit at both widths, and the links lead to the enrolment, the wizard and the certificate.
 */

function registrationCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Registration', exact: true })
}

async function openRace(page: Page, id: number, name: string) {
  await page.goto(`/race/${String(id)}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

function raceCard(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) })
}

/** Axe on the screen at 360 then 1280 px, once `content` shows, with nothing overflowing sideways; it stays at 1280. */
async function expectAccessibleAtBothWidths(page: Page, content: Locator) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await expectNoAxeViolations(page, { content })
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `scroll width at ${String(width)} px`).toBeLessThanOrEqual(width)
  }
}

test.describe('the race page and the race list know who is looking', () => {
  // Each test signs in once and keeps to what fits a loaded machine's 30 s: an axe scan of the race
  // list, with its many cards, takes the longest.
  test("completo's race list: the cards with a standing pass axe", async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await expect(raceCard(page, 'Alte Vie di Cogne 52K 2026').getByText('Payment due by 30 Jun 2026, 23:59 CEST', { exact: true })).toBeVisible()
    await expectNoAxeViolations(page, { content: raceCard(page, 'Sentiero dei Larici 25K 2026').getByText('Enrolled · bib 57', { exact: true }) })
  })

  test("completo's enrolment on the race page passes axe and fits at 360 and 1280 px, and its link leads to the enrolment", async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await openRace(page, SEED_RACE_IDS.open, 'Sentiero dei Larici 25K 2026')
    await expectAccessibleAtBothWidths(page, registrationCard(page).getByText('You are enrolled: bib 57'))
    await registrationCard(page).getByRole('link', { name: 'See my enrolment' }).click()
    await expect(page).toHaveURL('/race/202/subscribed')
    await expect(page.getByRole('heading', { level: 1, name: 'You are enrolled in Sentiero dei Larici 25K 2026' })).toBeVisible()
  })

  test("completo's place to pay on the race page passes axe, and its link continues the enrolment in the wizard", async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await openRace(page, 203, 'Alte Vie di Cogne 52K 2026')
    await expectNoAxeViolations(page, { content: registrationCard(page).getByText('Your place is waiting for payment') })
    await registrationCard(page).getByRole('link', { name: 'Continue the enrolment' }).click()
    await expect(page).toHaveURL('/race/203/subscribe')
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Your data' })).toBeFocused()
  })

  test("pax: at 360 px the flagship card's standing fits on the card; the flagship page passes axe and fits at 360 and 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    await logInFromHeader(page, 'pax')
    const badge = raceCard(page, 'Tor des Pettorale 330 2026').getByText('Payment due by 9 Mar 2026, 23:59 CET', { exact: true })
    await expect(badge).toBeVisible()
    const box = await badge.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(360)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectNoAxeViolations(page)

    await openRace(page, SEED_RACE_IDS.flagship, 'Tor des Pettorale 330 2026')
    await expectAccessibleAtBothWidths(page, registrationCard(page).getByText('Your place is waiting for payment'))
  })

  test("scaduto: the gate's refusal passes axe and fits at 360 and 1280 px, and its way forward leads to the certificate", async ({ page }) => {
    await logInFromHeader(page, 'scaduto')
    await openRace(page, SEED_RACE_IDS.open, 'Sentiero dei Larici 25K 2026')
    await expectAccessibleAtBothWidths(page, registrationCard(page).getByText('You cannot enrol now'))
    await registrationCard(page).getByRole('link', { name: 'Upload a new certificate' }).click()
    await expect(page).toHaveURL('/me/medical-certificate')
  })
})
