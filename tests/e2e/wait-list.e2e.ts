import type { Locator, Page } from '@playwright/test'
import { HOUR_MS } from '../../contracts/time'
import { main, payOnCheckout, signWaiver, stepHeading, toSummary } from './enrolment-steps'
import { checkScreen as checkShot, expect, logInFromHeader, mock, persona, test } from './fixtures'
import { closePanel, openPanel } from './qa-panel-steps'

/**
 * Issue 23 point 3, as the athlete meets it: race 206 (Skyrace della Becca 21K) is sold out and
 * keeps a wait list with 48 hours to take a place offered. The QA panel's "Free a place" stands in
 * for an entrant who withdraws. The mock clock is moved from the test; the portal follows it.
 */
const RACE = 206
const TITLE = 'Skyrace della Becca 21K 2026'


const listHeading = (page: Page, name: string | RegExp) => main(page).getByRole('heading', { level: 2, name })

const checkScreen = (page: Page, name: string, content: Locator) => checkShot(page, `wait-list/${name}`, content)

/** Signed in as `key`, on the race's wait-list page, joined: the place in line shown. */
async function joinFromTheRacePage(page: Page, key: 'completo' | 'pax', place: string) {
  await logInFromHeader(page, key)
  await page.goto(`/race/${String(RACE)}`)
  await main(page).getByRole('link', { name: 'Join the wait list' }).click()
  await expect(listHeading(page, 'Join the wait list')).toBeVisible()
  await main(page).getByRole('button', { name: 'Join the wait list' }).click()
  await expect(listHeading(page, 'You are on the wait list')).toBeVisible()
  await expect(main(page).getByRole('definition').first()).toHaveText(place)
}

/** The QA panel frees one place of the race (an entrant without an account withdraws). */
async function freeAPlace(page: Page) {
  const sheet = await openPanel(page, 'Races')
  await sheet.getByRole('button', { name: `Free one place of ${TITLE}` }).click()
  await expect(sheet.getByText(`An entrant of ${TITLE} withdrew`, { exact: false })).toBeVisible()
  await closePanel(page)
}

async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
}

test.describe('the wait list of a sold-out race', () => {
  test.slow()

  test('completo joins from the race page, is offered a freed place by e-mail and here, and takes it in time', async ({ page, expectFailures }) => {
    // Not on the list yet: the race page's and the list page's first reads are answered 404 not_listed.
    expectFailures({ operation: 'waitList.status', status: 404 })
    await logInFromHeader(page, 'completo')
    await page.goto(`/race/${String(RACE)}`)
    const join = main(page).getByRole('link', { name: 'Join the wait list' })
    await expect(join).toBeVisible()
    await checkScreen(page, 'race-page-sold-out', join)

    await join.click()
    await expect(listHeading(page, 'Join the wait list')).toBeVisible()
    await expect(main(page).getByText('You then have 48 hours to enrol and pay; after that the place goes to the next in line.')).toBeVisible()
    await checkScreen(page, 'not-listed', listHeading(page, 'Join the wait list'))

    await main(page).getByRole('button', { name: 'Join the wait list' }).click()
    await expect(listHeading(page, 'You are on the wait list')).toBeVisible()
    await expect(main(page).getByRole('definition')).toHaveText(['1', 'Nobody: you are next'])
    await checkScreen(page, 'waiting', listHeading(page, 'You are on the wait list'))

    // Leaving asks first; staying keeps the place.
    await main(page).getByRole('button', { name: 'Leave the wait list' }).click()
    await expect(main(page).getByRole('heading', { level: 3, name: 'Leave the wait list?' })).toBeFocused()
    await checkScreen(page, 'leave-confirm', main(page).getByRole('heading', { level: 3, name: 'Leave the wait list?' }))
    await main(page).getByRole('button', { name: 'Stay on the list' }).click()
    await expect(main(page).getByRole('button', { name: 'Leave the wait list' })).toBeVisible()

    await page.goto(`/race/${String(RACE)}`)
    await expect(main(page).getByText('On the wait list: 1st')).toBeVisible()

    // An entrant withdraws: the place is offered to completo, by e-mail and on the page.
    await freeAPlace(page)
    await page.goto('/mailbox')
    const mail = page
      .getByRole('article', { name: 'A place is free for you' })
      .filter({ hasText: `To: ${persona('completo').mail}` })
    // The deadline in the zone the e-mail's sent time names (decision 064): the device's, Rome's here.
    await expect(mail.getByRole('definition')).toHaveText([TITLE, '4 Mar 2026, 09:00'])
    await mail.getByRole('link', { name: 'Take the place' }).click()

    await expect(page).toHaveURL(`/race/${String(RACE)}/wait-list`)
    await expect(listHeading(page, 'A place is offered to you')).toBeVisible()
    await expect(main(page).getByText(/^Place offered to you until 4 Mar 2026, 09:00 CET: /)).toBeVisible()
    await checkScreen(page, 'offered', listHeading(page, 'A place is offered to you'))

    // Into the wizard, the offer above its steps; paid with the card that succeeds.
    await main(page).getByRole('button', { name: 'Enrol now' }).click()
    await expect(page).toHaveURL(`/race/${String(RACE)}/subscribe`)
    const banner = page.getByRole('region', { name: 'The place offered to you' })
    await expect(banner).toContainText('Place offered to you until 4 Mar 2026, 09:00 CET')
    await expect(stepHeading(page, 'Your data')).toBeVisible()
    await checkScreen(page, 'wizard-offer', banner)
    await toSummary(page)
    await signWaiver(page)
    await main(page).getByRole('button', { name: /^Pay / }).click()
    await payOnCheckout(page, '4242 4242 4242 4242')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()

    await page.goto(`/race/${String(RACE)}/wait-list`)
    await expect(listHeading(page, 'You are enrolled')).toBeVisible()
  })

  test('an offer not taken in 48 hours lapses and goes to the next in line', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'waitList.status', status: 404 })
    await joinFromTheRacePage(page, 'completo', '1')
    await logOut(page)
    await joinFromTheRacePage(page, 'pax', '2')
    await freeAPlace(page)

    // 49 hours on: the sessions of this morning have ended, and the offer to completo lapsed.
    await mock(page, 'advance', 49 * HOUR_MS)
    await logInFromHeader(page, 'pax')
    await page.goto(`/race/${String(RACE)}/wait-list`)
    await expect(listHeading(page, 'A place is offered to you')).toBeVisible()

    await logOut(page)
    await logInFromHeader(page, 'completo')
    await page.goto(`/race/${String(RACE)}/wait-list`)
    await expect(listHeading(page, 'The offer has lapsed')).toBeVisible()
    await expect(main(page).getByText('You have not been charged.', { exact: false })).toBeVisible()
    await checkScreen(page, 'lapsed', listHeading(page, 'The offer has lapsed'))
  })
})
