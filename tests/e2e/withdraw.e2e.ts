import type { Locator, Page } from '@playwright/test'
import { main } from './enrolment-steps'
import { checkScreen as checkShot, expect, logInFromHeader, mock, test } from './fixtures'

/**
 * Issue 23 points 1 and 2, as the athlete meets them: `completo` has Sentiero dei Larici 25K 2026
 * (202, 14 June, 45 EUR, standard refund, no GPS) paid. At the seed's "now" (2 March) the schedule
 * gives back 50% of the fee; from 7 June 20%; from 8 June (6 days before) nothing. The place may be
 * deferred until 31 May for 15 EUR. `social` has Bard (204) paid, which allows neither transfer nor
 * deferral.
 */
const LARICI = 'Sentiero dei Larici 25K 2026'


/**
 * The place-change pages are one column at every width (only the card's padding grows): scanned at a
 * phone's width, looked at both.
 */
const checkScreen = (page: Page, name: string, content: Locator) => checkShot(page, `withdraw/${name}`, content, [360])

const card = (page: Page, name: string) => main(page).getByRole('article', { name })
const heading = (page: Page, name: string | RegExp) => main(page).getByRole('heading', { level: 2, name })

/** Logs in with the mock clock at `at` (the session is made on that clock, so it is not expired by the move). */
async function logInAt(page: Page, who: 'completo' | 'social', at?: string) {
  if (at) {
    await page.goto('/')
    await mock(page, 'setNow', at)
  }
  await logInFromHeader(page, who)
}

test.describe('withdrawing from a paid race', () => {
  // Each checks its screens with axe at two widths.
  test.slow()

  test('completo withdraws from the Larici and sees the refund in My races, the transactions and the receipt', async ({ page }) => {
    await logInAt(page, 'completo')
    await page.goto('/me/races')
    await card(page, LARICI).getByRole('link', { name: 'Withdraw' }).click()
    await expect(page).toHaveURL('/me/races/202/withdraw')

    const today = main(page).getByRole('region', { name: 'What you get back today' })
    await expect(today).toContainText('€22.50')
    await expect(today).toContainText('50% of €45.00: €22.50')
    await expect(today).toContainText('Not rented')
    const schedule = main(page).getByRole('table', { name: 'With the standard refund you chose' })
    const todayRow = schedule.getByRole('row', { name: /Today/ })
    await expect(todayRow).toHaveAttribute('aria-current', 'date')
    await expect(todayRow).toContainText('50%')
    await expect(schedule.getByRole('row')).toHaveCount(4)
    await checkScreen(page, 'quote', today)

    await main(page).getByRole('button', { name: 'Withdraw from this race' }).click()
    const dialog = page.getByRole('dialog', { name: `Withdraw from ${LARICI}?` })
    await expect(dialog).toContainText('You get back €22.50 to the card you paid with.')
    await expect(dialog.getByRole('button', { name: 'Withdraw and get €22.50 back' })).toBeFocused()
    await checkScreen(page, 'confirm', dialog)
    // Keeping the place closes the dialog and gives focus back to the button that opened it.
    await dialog.getByRole('button', { name: 'Keep my place' }).click()
    await expect(dialog).toBeHidden()
    await expect(main(page).getByRole('button', { name: 'Withdraw from this race' })).toBeFocused()

    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: 'Withdraw and get €22.50 back' }).click()
    const done = main(page).getByRole('region', { name: 'You have withdrawn' })
    await expect(done).toContainText('€22.50 is on its way back to the card you paid with.')
    await checkScreen(page, 'done', done)

    await done.getByRole('link', { name: 'See it in your transactions' }).click()
    await expect(page).toHaveURL('/me/transactions')
    const line = main(page).getByRole('listitem').filter({ hasText: 'TX-2026-0002' })
    await expect(line).toContainText('Refunded')
    await expect(line).toContainText(/€22\.50 of €45\.00 back on /)
    await checkScreen(page, 'transactions', line)

    await line.getByRole('link', { name: 'Receipt for TX-2026-0002' }).click()
    const items = main(page).getByRole('table', { name: `Enrolment in ${LARICI}` })
    await expect(items.getByRole('row', { name: /Total paid/ })).toContainText('€45.00')
    await expect(items.getByRole('row', { name: /Partly refunded on/ })).toContainText('Share of the race fee')
    await expect(items.getByRole('row', { name: /Partly refunded on/ })).toContainText('−€22.50')
    await expect(items.getByRole('row', { name: /Total after the refund/ })).toContainText('€22.50')
    await checkScreen(page, 'receipt', items)

    await page.goto('/me/races')
    const place = card(page, LARICI)
    await expect(place.getByText('Withdrawn: €22.50 refunded.')).toBeVisible()
    await expect(place.getByRole('link', { name: 'Withdraw' })).toHaveCount(0)
    await checkScreen(page, 'my-races-withdrawn', place)
  })

  test('the schedule moves with the clock: 20% on the last day of its rule, closed with the reason the day after', async ({ page }) => {
    // 7 June, 23:30 in Rome: 7 days before race day, the 20% rule.
    await logInAt(page, 'completo', '2026-06-07T23:30:00+02:00')
    await page.goto('/me/races/202/withdraw')
    const today = main(page).getByRole('region', { name: 'What you get back today' })
    await expect(today).toContainText('20% of €45.00: €9.00')

    // An hour later it is 8 June in Rome: nothing is due for the standard option.
    await mock(page, 'advance', 60 * 60 * 1000)
    await page.reload()
    const closed = main(page).getByRole('region', { name: 'Withdrawal is closed' })
    await expect(closed).toContainText('Since 8 Jun 2026 the refund schedule gives nothing back for the option you chose at enrolment, so withdrawal is closed.')
    await expect(main(page).getByRole('button', { name: 'Withdraw from this race' })).toHaveCount(0)
    await expect(main(page).getByRole('table', { name: 'With the standard refund you chose' }).getByRole('row', { name: /Today/ })).toContainText('€0.00')
    await checkScreen(page, 'closed', closed)
  })
})

test.describe('deferring a paid place', () => {
  test.slow()

  test('completo defers the Larici to 2027 and finds the credit in My races', async ({ page }) => {
    await logInAt(page, 'completo')
    await page.goto('/me/races')
    await card(page, LARICI).getByRole('link', { name: 'Defer to next year' }).click()
    await expect(page).toHaveURL('/me/races/202/defer')
    const credit = main(page).getByRole('region', { name: 'Your credit for the 2027 edition' })
    await expect(credit).toContainText('€30.00')
    await expect(credit).toContainText('€15.00')
    await checkScreen(page, 'defer', credit)

    await credit.getByRole('button', { name: 'Defer to the 2027 edition' }).click()
    const dialog = page.getByRole('dialog', { name: `Defer ${LARICI}?` })
    await checkScreen(page, 'defer-confirm', dialog)
    await dialog.getByRole('button', { name: 'Defer and keep a €30.00 credit' }).click()
    const done = main(page).getByRole('region', { name: 'Your place is deferred' })
    await expect(done).toContainText('A credit of €30.00 for the 2027 edition is yours.')
    await checkScreen(page, 'deferred', done)

    await done.getByRole('link', { name: 'Back to My races' }).click()
    await expect(card(page, LARICI).getByText('Deferred: a credit of €30.00 for the 2027 edition.')).toBeVisible()
    const credits = main(page).getByRole('region', { name: 'Credits' })
    await expect(credits).toContainText('Sentiero dei Larici 25K 2027')
    await checkScreen(page, 'my-races-credits', credits)
  })

  test('a race that allows no deferral says so, in My races and on the page', async ({ page }) => {
    await logInAt(page, 'social')
    await page.goto('/me/races')
    const bard = card(page, 'Trail del Forte di Bard 30K 2026')
    await expect(bard.getByText('This race does not allow deferring a place to next year.')).toBeVisible()
    await expect(bard.getByText('This race does not allow passing a place on.')).toBeVisible()
    await expect(bard.getByRole('link', { name: 'Withdraw' })).toBeVisible()
    await checkScreen(page, 'my-races-actions', bard)

    await page.goto('/me/races/204/defer')
    const closed = heading(page, 'This place cannot be deferred')
    await expect(main(page)).toContainText('This race does not allow deferring a place to the next edition.')
    await checkScreen(page, 'defer-refused', closed)
  })
})
