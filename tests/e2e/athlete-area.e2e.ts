import type { Page } from '@playwright/test'
import { HOUR_MS } from '../../contracts/time'
import { SEED_TOKENS } from '../../mocks/seed/tokens'
import { expect, expectNoAxeViolations, logInFromHeader, mock, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')
const areaNav = (page: Page) => page.getByRole('navigation', { name: 'My area' })

/** Pages a PDF printout of the current page has (Chromium writes one `/Type /Page` object per page). */
async function printedPages(page: Page): Promise<number> {
  const pdf = await page.pdf({ format: 'A4', printBackground: true })
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0
}

test.describe('places to pay', () => {
  test("an unpaid place the organiser's open link pays leads pax straight to the link's page; paid there, it shows in my races and transactions", async ({ page }) => {
    await logInFromHeader(page, 'pax')
    await page.goto('/me/open-subscriptions')
    await expect(areaNav(page).getByRole('link', { name: 'Places awaiting payment (1 place waiting for payment)' })).toBeVisible()
    const place = main(page).getByRole('article', { name: 'Tor des Pettorale 330 2026' })
    await expect(place.getByText('Next step: Pay €950.00 for your place.')).toBeVisible()
    await expect(place.getByText('To complete within 7 days')).toBeVisible()
    await expectNoAxeViolations(page)

    // Issue 42: no card payment the server would refuse (the link is open), the link's page at once.
    await place.getByRole('link', { name: 'Pay €950.00' }).click()
    await expect(page).toHaveURL(`/payment/by-link?code=${SEED_TOKENS.paymentLinkPending}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible()
    // The athlete pays on the provider's page the link leads to; its confirmation comes 3 s later.
    await page.evaluate(async (code) => {
      const api = (window as unknown as { pettoraleMock: { provider: { payLink: (code: string) => Promise<unknown> }; advance: (ms: number) => void } }).pettoraleMock
      await api.provider.payLink(code)
      api.advance(5_000)
    }, SEED_TOKENS.paymentLinkPending)

    await page.goto('/me/open-subscriptions')
    await expect(main(page).getByText('No place is waiting for payment.')).toBeVisible()
    await expect(areaNav(page).getByRole('link', { name: 'Places awaiting payment', exact: true })).toBeVisible()
    await areaNav(page).getByRole('link', { name: 'My races' }).click()
    const race = main(page).getByRole('article', { name: 'Tor des Pettorale 330 2026' })
    await expect(race.getByText('Paid', { exact: true })).toBeVisible()
    await expect(race.getByText('€950.00')).toBeVisible()
    await areaNav(page).getByRole('link', { name: 'My transactions' }).click()
    const newest = main(page).getByRole('list', { name: 'Transactions' }).getByRole('listitem').first()
    await expect(newest).toContainText('Race entry: Tor des Pettorale 330 2026')
    await expect(newest).toContainText('€950.00')
    await newest.getByRole('link', { name: /^Receipt for / }).click()
    const items = main(page).getByRole('table', { name: 'Enrolment in Tor des Pettorale 330 2026' })
    await expect(items.getByRole('row', { name: /Race entry fee/ })).toContainText('€950.00')
    await expect(items.getByRole('row', { name: /Total paid/ })).toContainText('€950.00')
  })

  test('the deadline counts down as the clock moves', async ({ page }) => {
    // The payment link expires on 9 March at 23:59 in Rome; noon that day leaves 11 h 59 min.
    await page.goto('/')
    await mock(page, 'setNow', '2026-03-09T12:00:00+01:00')
    await logInFromHeader(page, 'pax')
    await page.goto('/me/open-subscriptions')
    const place = main(page).getByRole('article', { name: 'Tor des Pettorale 330 2026' })
    await expect(place.getByText('To complete within 12 hours')).toBeVisible()
    await mock(page, 'advance', HOUR_MS)
    await expect(place.getByText('To complete within 11 hours')).toBeVisible()
    await page.setViewportSize({ width: 360, height: 800 })
    await expectNoAxeViolations(page)
  })

  test('a place nothing was chosen for yet starts the wizard from the beginning', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me/open-subscriptions')
    const open = main(page).getByRole('article', { name: 'Alte Vie di Cogne 52K 2026' })
    await expect(open.getByText('Next step: Choose your options: the enrolment starts from the beginning.')).toBeVisible()
    await open.getByRole('link', { name: 'Continue the enrolment' }).click()
    await expect(main(page).getByRole('heading', { level: 2, name: 'Your data' })).toBeFocused()
  })
})

test.describe('receipts', () => {
  test('a refunded payment has a receipt with its breakdown and the refund, printed on one A4 page', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me/transactions')
    await expect(main(page).getByRole('link', { name: 'Receipt for TX-2026-0001' })).toHaveCount(0)
    await main(page).getByRole('link', { name: 'Receipt for TX-2025-0003' }).click()
    await expect(page).toHaveURL('/me/transactions/TX-2025-0003/receipt')
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt TX-2025-0003' })).toBeVisible()
    const receipt = main(page).getByRole('article', { name: 'Receipt TX-2025-0003' })
    await expect(receipt).toContainText('pettorale ASD')
    await expect(receipt).toContainText('Tax code: JCCCHR90E54A326C')
    const items = receipt.getByRole('table', { name: 'Enrolment in Skyrace della Becca 21K 2025' })
    const row = (name: RegExp) => items.getByRole('row', { name })
    await expect(row(/^Race entry fee/)).toContainText('€38.00')
    await expect(row(/^Protected refund option/)).toContainText('€3.80')
    await expect(row(/^Total paid/)).toContainText('€41.80')
    // The fee came back, the protection surcharge never does (decision 020): a partial refund.
    await expect(row(/^Partly refunded on 20 Jun 2025/)).toContainText('Share of the race fee')
    await expect(row(/^Partly refunded on 20 Jun 2025/)).toContainText('−€38.00')
    await expect(row(/^Total after the refund/)).toContainText('€3.80')
    await expect(items.getByRole('row', { name: /GPS/ })).toHaveCount(0)
    await expectNoAxeViolations(page)

    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(main(page).getByRole('button', { name: 'Print or save as PDF' })).toBeHidden()
    // Back to no emulation: a page told it is on a screen would print with its screen styles.
    await page.emulateMedia({ media: null })
    expect(await printedPages(page)).toBe(1)

    await page.setViewportSize({ width: 360, height: 800 })
    await expectNoAxeViolations(page)
  })

  test('a failed payment has no receipt, and an unknown one says so with a way back', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me/transactions/TX-2026-0001/receipt')
    await expect(main(page).getByText('This transaction has no receipt: only payments made, or made and refunded, have one.')).toBeVisible()
    await page.goto('/me/transactions/TX-NOPE/receipt')
    await expect(main(page).getByText('You have no transaction TX-NOPE.')).toBeVisible()
    await main(page).getByRole('link', { name: 'Back to my transactions' }).click()
    await expect(page).toHaveURL('/me/transactions')
  })
})

test.describe('experience races and the PAX', () => {
  test('reporting a qualifying race that staff accept earns the PAX, and the flagship becomes direct entry', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'experience.report', status: 409 })
    await logInFromHeader(page, 'completo')
    await page.goto('/race/201/subscribe')
    await expect(page.getByRole('heading', { level: 1, name: /Apply for Tor des Pettorale 330/ })).toBeVisible()

    await page.goto('/me/experience')
    await expect(areaNav(page).getByRole('link', { name: 'My experience races (1 report under verification)' })).toBeVisible()
    await expect(main(page).getByText('Qualifying races that count so far: 1 of 2.')).toBeVisible()
    const rejected = main(page).getByRole('article', { name: 'Gran Trail del Monte Rosa 40K' })
    await expect(rejected.getByText('Rejected')).toBeVisible()
    await expect(rejected.getByText("Your name is not in the race's results.")).toBeVisible()
    await expectNoAxeViolations(page)

    await main(page).getByRole('button', { name: 'Report a race' }).click()
    const form = main(page).getByRole('region', { name: 'Report a completed race' })
    await form.getByLabel('Race', { exact: true }).selectOption({ label: 'Sentiero dei Larici 25K 2025' })
    await form.getByLabel('Finish time').fill('3:05:10')
    await form.getByLabel('Link to the results (optional)').fill('https://results.example.org/larici-2025')
    await form.getByRole('button', { name: 'Send the report' }).click()
    await expect(page.getByText("Race reported. The organiser's staff will verify it.")).toBeVisible()
    const reported = main(page).getByRole('article', { name: 'Sentiero dei Larici 25K 2025' })
    await expect(reported.getByText('Under verification')).toBeVisible()
    await expect(reported.getByText('3:05:10')).toBeVisible()
    await expect(areaNav(page).getByRole('link', { name: 'My experience races (2 reports under verification)' })).toBeVisible()

    // The same race again is refused, on the race field, and nothing typed is lost.
    await main(page).getByRole('button', { name: 'Report a race' }).click()
    await form.getByLabel('Race', { exact: true }).selectOption({ label: 'Sentiero dei Larici 25K 2025' })
    await form.getByLabel('Finish time').fill('3:05:10')
    await form.getByRole('button', { name: 'Send the report' }).click()
    await expect(form.getByLabel('Race', { exact: true })).toHaveAccessibleDescription('You have already reported this race: it is in your list.')
    await expect(form.getByLabel('Race', { exact: true })).toBeFocused()
    await expect(form.getByLabel('Finish time')).toHaveValue('3:05:10')

    // Staff accept it in the back office: seed reports are 1 to 6, this is the 7th.
    await mock(page, 'reviewExperience', 7, 'accettata')
    await page.reload()
    await expect(main(page).getByRole('heading', { level: 2, name: 'You hold a PAX' })).toBeVisible()
    await expect(main(page).getByText(/It gives you direct entry to Tor des Pettorale 330 2026, without the lottery, until registration closes on 31 Mar 2026/)).toBeVisible()
    await page.goto('/race/201/subscribe')
    await expect(page.getByRole('heading', { level: 1, name: /Enrol in Tor des Pettorale 330/ })).toBeVisible()
  })

  test('the report form says what is wrong on each field; a race not yet run cannot be reported', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.goto('/me/experience')
    await main(page).getByRole('button', { name: 'Report a race' }).click()
    const form = main(page).getByRole('region', { name: 'Report a completed race' })
    await form.getByRole('button', { name: 'Send the report' }).click()
    await expect(form.getByLabel('Race', { exact: true })).toHaveAccessibleDescription('This field is required.')
    await expect(form.getByLabel('Race', { exact: true })).toBeFocused()

    await form.getByLabel('Race', { exact: true }).selectOption({ label: 'Another race (type its name)' })
    await form.getByLabel('Race name').fill('Trail del Gran Paradiso')
    await form.getByLabel('Edition date').fill('2026-07-01')
    await form.getByLabel('Finish time').fill('4:75:00')
    await form.getByLabel('Link to the results (optional)').fill('results page')
    await form.getByRole('button', { name: 'Send the report' }).click()
    await expect(form.getByLabel('Edition date')).toHaveAccessibleDescription('This date is still to come: report a race once you have run it.')
    await expect(form.getByLabel('Finish time')).toHaveAccessibleDescription(/Enter the finish time as hours, minutes and seconds/)
    await expect(form.getByLabel('Link to the results (optional)')).toHaveAccessibleDescription(/Enter a web address/)
    await expect(form.getByText('There are unfilled or invalid fields: 3 fields need your attention.')).toBeVisible()
    await page.setViewportSize({ width: 360, height: 800 })
    await expectNoAxeViolations(page)
  })

  test("the report form says each bound of the server's before sending, and a look-alike of a race already reported is refused on its name", async ({ page, expectFailures }) => {
    expectFailures({ operation: 'experience.report', status: 409 })
    await logInFromHeader(page, 'completo')
    await page.goto('/me/experience')
    await main(page).getByRole('button', { name: 'Report a race' }).click()
    const form = main(page).getByRole('region', { name: 'Report a completed race' })
    await form.getByLabel('Race', { exact: true }).selectOption({ label: 'Another race (type its name)' })
    const name = form.getByLabel('Race name')
    const date = form.getByLabel('Edition date')
    const time = form.getByLabel('Finish time')
    // A name pasted with nothing visible in it (zero-width spaces), the day before Chiara was born
    // (14 May 1990), and a time of 400 hours.
    await name.fill('\u200B\u200B\u200B')
    await date.fill('1990-05-13')
    await time.fill('400:00:00')
    await form.getByRole('button', { name: 'Send the report' }).click()
    await expect(name).toBeFocused()
    await expect(name).toHaveAccessibleDescription("Enter the race's name.")
    await expect(date).toHaveAccessibleDescription('Check the year: this date is before 1900 or before you were born.')
    await expect(time).toHaveAccessibleDescription(/A finish time cannot be longer than 336 hours \(14 days\): check the hours\.$/)
    await expect(form.getByText('There are unfilled or invalid fields: 3 fields need your attention.')).toBeVisible()
    await name.fill('Trail '.repeat(21))
    await expect(name).toHaveAccessibleDescription('This is too long: use at most 120 characters.')

    // "Trail delle Cinque Vette 35K" of 21 September 2025 is under verification: the same name in
    // full-width letters is the same race to the server, which refuses it on the name.
    await name.fill('Ｔｒａｉｌ delle Cinque Vette 35K')
    await date.fill('2025-09-21')
    await time.fill('4:47:12')
    await form.getByRole('button', { name: 'Send the report' }).click()
    await expect(name).toHaveAccessibleDescription('You have already reported this race: it is in your list.')
    await expect(name).toBeFocused()
    await expect(form.getByText('There are unfilled or invalid fields: 1 field needs your attention.')).toBeVisible()
    await expect(form.getByRole('button', { name: 'Try again' })).toHaveCount(0)
    await expect(name).toHaveValue('Ｔｒａｉｌ delle Cinque Vette 35K')
    await expect(date).toHaveValue('2025-09-21')
    await expect(time).toHaveValue('4:47:12')
    await expect(main(page).getByRole('article', { name: 'Trail delle Cinque Vette 35K' })).toHaveCount(1)
  })

  test('a report that cannot be sent keeps the form as typed, and a list that cannot load offers a retry', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'experience.report', status: 'network' }, { operation: 'experience.list', status: 503 })
    await logInFromHeader(page, 'completo')
    await page.goto('/me/experience')
    await main(page).getByRole('button', { name: 'Report a race' }).click()
    const form = main(page).getByRole('region', { name: 'Report a completed race' })
    await form.getByLabel('Race', { exact: true }).selectOption({ label: 'Another race (type its name)' })
    await form.getByLabel('Race name').fill('Trail del Gran Paradiso')
    await form.getByLabel('Edition date').fill('2025-08-24')
    await form.getByLabel('Finish time').fill('5:12:40')
    await mock(page, 'fault', 'experience.report', { kind: 'network' })
    await form.getByRole('button', { name: 'Send the report' }).click()
    await expect(form.getByRole('alert')).toContainText('We could not reach the server. Check your connection and try again.')
    await expect(form.getByLabel('Race name')).toHaveValue('Trail del Gran Paradiso')
    await expect(form.getByLabel('Finish time')).toHaveValue('5:12:40')
    await mock(page, 'fault', 'experience.report', null)
    await form.getByRole('button', { name: 'Try again' }).click()
    await expect(main(page).getByRole('article', { name: 'Trail del Gran Paradiso' }).getByText('Under verification')).toBeVisible()

    await mock(page, 'fault', 'experience.list', { kind: 'status', status: 503 })
    await page.reload()
    await expect(main(page).getByRole('alert')).toContainText('The service is not answering right now. Please try again in a moment.')
    await mock(page, 'fault', 'experience.list', null)
    await main(page).getByRole('button', { name: 'Try again' }).click()
    await expect(main(page).getByRole('heading', { level: 2, name: 'Your PAX' })).toBeVisible()
  })
})

test.describe("the area's pages when the server fails", () => {
  const pages = [
    { path: '/me/races', title: 'My races', operation: 'athlete.subscriptions', loaded: 'Alte Vie di Cogne 52K 2026' },
    { path: '/me/open-subscriptions', title: 'Places awaiting payment', operation: 'athlete.subscriptions', loaded: 'Alte Vie di Cogne 52K 2026' },
    { path: '/me/transactions', title: 'My transactions', operation: 'transactions.list', loaded: 'Sentiero dei Larici 25K 2026' },
  ] as const
  for (const { path, title, operation, loaded } of pages) {
    test(`${title}: a server error is named, the page stays, and Try again loads it`, async ({ page, expectFailures }) => {
      expectFailures({ operation, status: 503 })
      await logInFromHeader(page, 'completo')
      await mock(page, 'fault', operation, { kind: 'status', status: 503 })
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      // Reads are retried twice before the page gives up and says why.
      const alert = main(page).getByRole('alert')
      await expect(alert).toContainText('The service is not answering right now', { timeout: 15_000 })
      await expect(areaNav(page)).toBeVisible()
      await mock(page, 'fault', operation, null)
      await alert.getByRole('button', { name: 'Try again' }).click()
      await expect(main(page).getByText(loaded).first()).toBeVisible()
      await expect(main(page).getByRole('alert')).toHaveCount(0)
    })
  }
})
