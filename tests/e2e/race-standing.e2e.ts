import type { Locator, Page } from '@playwright/test'
import { SEED_RACE_IDS } from '../../mocks/seed/races'
import { expect, expectNoAxeViolations, logInFromHeader, mock, test } from './fixtures'

/**
 * Issue 20, point 2: signed in, the race page's action says what is true for this athlete before
 * any click (enrolled, a place to pay, direct entry with a PAX, what the wizard's gate would refuse),
 * and the race list's cards say it where the athlete has something in the race.
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

test.describe("the race page knows who is looking", () => {
  test('completo, enrolled and paid in the Sentiero dei Larici 2026: the bib and the way to the enrolment', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await openRace(page, SEED_RACE_IDS.open, 'Sentiero dei Larici 25K 2026')
    const card = registrationCard(page)
    await expect(card).toContainText('You are enrolled: bib 57')
    await expect(card.getByRole('link', { name: 'Enrol', exact: true })).toHaveCount(0)
    await expectNoAxeViolations(page, { content: card.getByText('You are enrolled: bib 57') })
    await card.getByRole('link', { name: 'See my enrolment' }).click()
    await expect(page).toHaveURL('/race/202/subscribed')
    await expect(page.getByRole('heading', { level: 1, name: 'You are enrolled in Sentiero dei Larici 25K 2026' })).toBeVisible()
  })

  test('completo, with a place in the Alte Vie di Cogne 2026 not paid: its deadline, and the wizard to complete it', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await openRace(page, 203, 'Alte Vie di Cogne 52K 2026')
    const card = registrationCard(page)
    await expect(card).toContainText('Your place is waiting for payment')
    await expect(card).toContainText('Pay by 30 Jun 2026, 23:59 CEST, or the place goes to someone else.')
    await expect(card.getByRole('link', { name: 'Enrol', exact: true })).toHaveCount(0)
    await expectNoAxeViolations(page, { content: card.getByText('Your place is waiting for payment') })
    await card.getByRole('link', { name: 'Continue the enrolment' }).click()
    await expect(page).toHaveURL('/race/203/subscribe')
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Your data' })).toBeFocused()
  })

  test("pax, whose flagship place waits for payment by the organiser's link: direct entry, not the lottery", async ({ page }) => {
    await logInFromHeader(page, 'pax')
    await openRace(page, SEED_RACE_IDS.flagship, 'Tor des Pettorale 330 2026')
    const card = registrationCard(page)
    await expect(card).toContainText('Your place is waiting for payment')
    await expect(card).toContainText('Your PAX gives you direct entry: no lottery draw for you.')
    await expect(card).toContainText('Pay by 9 Mar 2026, 23:59 CET, or the place goes to someone else.')
    await expect(card).toContainText('The organiser has sent you a payment link for it by e-mail.')
    await expect(card.getByRole('link', { name: 'Pay for your place' })).toHaveAttribute('href', '/race/201/subscribe')
    await expect(card.getByRole('link', { name: 'Apply for the lottery' })).toHaveCount(0)
    await expect(card).not.toContainText('Places are drawn by lottery')
    await expectNoAxeViolations(page, { content: card.getByText('Your place is waiting for payment') })
  })

  test('scaduto, whose certificate expired in February: the reason and the way forward, in the words of the gate', async ({ page }) => {
    await logInFromHeader(page, 'scaduto')
    await openRace(page, SEED_RACE_IDS.open, 'Sentiero dei Larici 25K 2026')
    const card = registrationCard(page)
    await expect(card).toContainText('You cannot enrol now')
    await expect(card).toContainText(
      'Your medical certificate expired on 14 Feb 2026. Race day is 14 Jun 2026: the certificate must still be valid then. Upload a certificate that is valid until race day or later.',
    )
    await expect(card.getByRole('link', { name: 'Enrol', exact: true })).toHaveCount(0)
    await expectNoAxeViolations(page, { content: card.getByText('You cannot enrol now') })
    await card.getByRole('link', { name: 'Upload a new certificate' }).click()
    await expect(page).toHaveURL('/me/medical-certificate')
  })

  test('scaduto in Italian: an expiry already past is said in the past, with the day the certificate must still cover', async ({ page }) => {
    await logInFromHeader(page, 'scaduto')
    await page.evaluate(() => localStorage.setItem('pettorale.locale', 'it'))
    await openRace(page, SEED_RACE_IDS.open, 'Sentiero dei Larici 25K 2026')
    await expect(page.getByRole('region', { name: 'Iscrizione', exact: true })).toContainText(
      'Il tuo certificato medico è scaduto in data 14 feb 2026. La gara si corre in data 14 giu 2026: quel giorno il certificato deve essere ancora valido.',
    )
  })

  test('revisione, whose certificate is being reviewed: says so, and where to see it', async ({ page }) => {
    await logInFromHeader(page, 'revisione')
    await openRace(page, SEED_RACE_IDS.open, 'Sentiero dei Larici 25K 2026')
    const card = registrationCard(page)
    await expect(card).toContainText('You cannot enrol now')
    await expect(card).toContainText('Your medical certificate is being reviewed. You can enrol as soon as it is accepted')
    await expect(card.getByRole('link', { name: 'See my certificate' })).toHaveAttribute('href', '/me/medical-certificate')
    await expect(card.getByRole('link', { name: 'Enrol', exact: true })).toHaveCount(0)
    await expectNoAxeViolations(page, { content: card.getByText('You cannot enrol now') })
  })

  test("while the athlete's enrolments load, no action that could be wrong: then the enrolment", async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await mock(page, 'hold', 'athlete.subscriptions')
    await openRace(page, SEED_RACE_IDS.open, 'Sentiero dei Larici 25K 2026')
    const card = registrationCard(page)
    await expect(card.getByRole('status')).toHaveText('Checking your enrolment…')
    await expect(card.getByRole('link')).toHaveCount(0)
    await mock(page, 'release', 'athlete.subscriptions')
    await expect(card).toContainText('You are enrolled: bib 57')
    await expect(card.getByRole('status')).toHaveCount(0)
  })

  test("signed out, the action is the registration's, as before", async ({ page }) => {
    await openRace(page, SEED_RACE_IDS.flagship, 'Tor des Pettorale 330 2026')
    await expect(registrationCard(page).getByRole('link', { name: 'Apply for the lottery' })).toHaveAttribute('href', '/race/201/subscribe')
  })

  const SEEN = [
    ['completo', SEED_RACE_IDS.open, 'Sentiero dei Larici 25K 2026', 'You are enrolled: bib 57'],
    ['pax', SEED_RACE_IDS.flagship, 'Tor des Pettorale 330 2026', 'Your place is waiting for payment'],
  ] as const
  for (const width of [360, 1280]) {
    for (const [who, id, name, standing] of SEEN) {
      test(`${who}'s race page (${name}) has no axe violations and fits at ${String(width)} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 })
        await logInFromHeader(page, who)
        await openRace(page, id, name)
        await expectNoAxeViolations(page, { content: registrationCard(page).getByText(standing) })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      })
    }
  }
})

test.describe("the race list's cards know who is looking", () => {
  test("completo's cards: enrolled with the bib, a place to pay with its deadline; nothing on a visitor's", async ({ page }) => {
    await page.goto('/')
    await expect(raceCard(page, 'Sentiero dei Larici 25K 2026')).toBeVisible()
    await expect(page.getByText(/^Enrolled/)).toHaveCount(0)
    await logInFromHeader(page, 'completo')
    await expect(raceCard(page, 'Sentiero dei Larici 25K 2026').getByText('Enrolled · bib 57', { exact: true })).toBeVisible()
    await expect(raceCard(page, 'Alte Vie di Cogne 52K 2026').getByText('Payment due by 30 Jun 2026, 23:59 CEST', { exact: true })).toBeVisible()
    await expect(raceCard(page, 'Tor des Pettorale 330 2026').getByText(/^(Enrolled|To pay by)/)).toHaveCount(0)
    await expectNoAxeViolations(page)
  })

  test('at 360 px the standing fits on the card', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    await logInFromHeader(page, 'pax')
    const badge = raceCard(page, 'Tor des Pettorale 330 2026').getByText('Payment due by 9 Mar 2026, 23:59 CET', { exact: true })
    await expect(badge).toBeVisible()
    const box = await badge.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(360)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectNoAxeViolations(page)
  })
})
