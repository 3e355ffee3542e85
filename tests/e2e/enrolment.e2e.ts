import type { Page } from '@playwright/test'
import { HOUR_MS, MINUTE_MS } from '../../contracts/time'
import { enrolAndPay, fillCheckout, main, next, openWizard as openWizardIn, payOnCheckout, payWithCard, settleAfter, signWaiver, stepHeading, toSummary } from './enrolment-steps'
import { changedRecords, expect, expectNoAxeViolations, fillLogin, heldRequests, logInFromHeader, loginDrawer, mock, test } from './fixtures'

/** Race 203 (Alte Vie di Cogne 52K 2026) is open at the seed's "now"; completo has an open subscription to it. */
const RACE = 203
const openWizard = (page: Page, who?: Parameters<typeof openWizardIn>[2]) => openWizardIn(page, RACE, who)

test.describe('enrolment wizard', () => {
  test('a complete athlete enrols with protected refund and GPS rental, pays, and finds the race in their area', async ({ page }) => {
    await openWizard(page)
    await toSummary(page)
    const summary = main(page).getByRole('table', { name: 'Price' })
    await expect(summary).toContainText('€85.00')
    await expect(summary).toContainText('€8.50')
    const totalRow = summary.getByRole('row', { name: /Total/ })
    await expect(totalRow).toContainText(/€\d+\.\d\d/)
    const total = /€\d+\.\d\d/.exec(await totalRow.innerText())![0]
    await signWaiver(page)
    await expect(stepHeading(page, 'Payment')).toBeFocused()
    await payWithCard(page, '4242 4242 4242 4242')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
    await expect(main(page).getByText(/Your bib number: \d+/)).toBeVisible()
    await main(page).getByRole('link', { name: 'See your enrolment' }).click()
    await expect(main(page).getByText('Protected')).toBeVisible()
    await expect(main(page).getByText('Rented', { exact: true })).toBeVisible()
    await main(page).getByRole('link', { name: 'Go to my races' }).click()
    const card = main(page).getByRole('article', { name: 'Alte Vie di Cogne 52K 2026' })
    await expect(card.getByText('Paid', { exact: true })).toBeVisible()
    await expect(card.getByText('All set: nothing is due for this race.')).toBeVisible()
    await expect(card).toContainText(total)

    // The payment is among the transactions, with a receipt that breaks the same total down.
    await page.getByRole('navigation', { name: 'My area' }).getByRole('link', { name: 'My transactions' }).click()
    const row = main(page).getByRole('list', { name: 'Transactions' }).getByRole('listitem').first()
    await expect(row).toContainText('Alte Vie di Cogne 52K 2026')
    await expect(row).toContainText(total)
    await expect(row).toContainText('Paid')
    await row.getByRole('link', { name: /^Receipt for / }).click()
    const items = main(page).getByRole('article', { name: /^Receipt / }).getByRole('table')
    await expect(items.getByRole('row', { name: /^Race entry fee/ })).toContainText('€85.00')
    await expect(items.getByRole('row', { name: /^Protected refund option/ })).toContainText('€8.50')
    await expect(items.getByRole('row', { name: /^GPS tracker rental/ })).toContainText('€')
    await expect(items.getByRole('row', { name: /^Total paid/ })).toContainText(total)
  })

  test('the disclaimer refuses a wrong text and accepts the right one', async ({ page }) => {
    await openWizard(page)
    await toSummary(page)
    const dialog = await signWaiver(page, 'I accept the risk')
    await expect(dialog.getByRole('alert')).toContainText('Incorrect')
    const input = dialog.getByLabel('Your signature: the sentence above')
    await expect(input).toBeFocused()
    await expect(input).toHaveAccessibleDescription(/I accept the risks of mountain running/)
    await input.fill('  i accept THE risks of   mountain running ')
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(stepHeading(page, 'Payment')).toBeFocused()
  })

  test('a reload in the middle of the wizard resumes at the same step with every answer, free text kept by the tab only', async ({ page }) => {
    await openWizard(page)
    await main(page).getByLabel('All my data is correct').check()
    await next(page).click()
    await main(page).getByLabel('Shuttle bus to the start *').selectOption('Aosta')
    await main(page).getByLabel('Team or club').fill('Valdigne Runners')
    await page.reload()
    await expect(stepHeading(page, 'Race questions')).toBeVisible()
    await expect(main(page).getByLabel('Shuttle bus to the start *')).toHaveValue('Aosta')
    // The tab keeps the typing across a reload; the browser's lasting storage keeps choices and
    // codes only, never a free-text answer (decisions 020 and 065).
    await expect(main(page).getByLabel('Team or club')).toHaveValue('Valdigne Runners')
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('Valdigne')

    // Logging out leaves nothing of it in this browser: the next sign-in starts afresh.
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
    await openWizard(page)
    await expect(main(page).getByLabel('All my data is correct')).not.toBeChecked()
  })

  test('editing the profile from the data check comes back to the same step with the choice kept', async ({ page }) => {
    await openWizard(page)
    await main(page).getByLabel('All my data is correct').check()
    await main(page).getByRole('link', { name: /Edit your profile/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()
    await main(page).getByRole('link', { name: 'Back to your enrolment' }).click()
    await expect(stepHeading(page, 'Your data')).toBeVisible()
    await expect(main(page).getByLabel('All my data is correct')).toBeChecked()
  })

  test('each step says what is missing, on its field, and keeps the athlete there', async ({ page }) => {
    await openWizard(page)
    await next(page).click()
    await expect(main(page).getByText('Confirm that your data is correct to continue.')).toBeVisible()
    await expect(main(page).getByLabel('All my data is correct')).toBeFocused()
    await main(page).getByLabel('All my data is correct').check()
    await next(page).click()
    await next(page).click()
    await expect(main(page).getByLabel('Shuttle bus to the start *')).toBeFocused()
    await expect(main(page).getByLabel('Shuttle bus to the start *')).toHaveAccessibleDescription('This field is required.')
    await expectNoAxeViolations(page)
    await main(page).getByLabel('Shuttle bus to the start *').selectOption('Cogne')
    // An answer longer than the server takes is said before the step goes on.
    const team = main(page).getByLabel('Team or club')
    await team.fill('Valdigne Runners '.repeat(60))
    await next(page).click()
    await expect(team).toBeFocused()
    await expect(team).toHaveAccessibleDescription('This is too long: use at most 1000 characters.')
    await team.fill('Valdigne Runners')
    await next(page).click()
    await main(page).getByLabel('I have read the race rules and I accept them').check()
    await next(page).click()
    await next(page).click()
    const standard = main(page).getByRole('radio', { name: /Standard/ })
    await expect(standard).toBeFocused()
    await expect(standard).toHaveAccessibleDescription('Choose a refund option to continue.')
    await standard.check()
    await expect(main(page).getByText('Choose a refund option to continue.')).toHaveCount(0)
    await next(page).click()
    await next(page).click()
    await expect(main(page).getByRole('radio', { name: /Yes, rent a GPS tracker/ })).toHaveAccessibleDescription('Choose whether to rent a GPS tracker to continue.')
  })

  test('a visitor opening the wizard is asked to log in and comes back to it', async ({ page }) => {
    await page.goto(`/race/${String(RACE)}/subscribe`)
    // The drawer opens at once; closed, the page says why it is needed and offers it again.
    await expect(loginDrawer(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(main(page).getByText('You must log in to enrol in a race.')).toBeVisible()
    await expectNoAxeViolations(page)
    await main(page).getByRole('button', { name: 'Log in' }).click()
    await fillLogin(page, 'completo')
    await expect(stepHeading(page, 'Your data')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/race/${String(RACE)}/subscribe$`))
  })

  test('a declined card says so, charges nothing, and a new attempt with another card succeeds', async ({ page }) => {
    await openWizard(page)
    await enrolAndPay(page, '4000 0000 0000 0002')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible()
    await main(page).getByRole('link', { name: 'Try the payment again' }).click()
    await expect(main(page).getByRole('alert')).toContainText('Your last payment did not go through')
    await payWithCard(page, '4242 4242 4242 4242')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
  })

  test('cancelling on the checkout charges nothing and leaves the place to pay for later', async ({ page }) => {
    await openWizard(page)
    await toSummary(page)
    await signWaiver(page)
    await main(page).getByRole('button', { name: /^Pay / }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
    await settleAfter(page, () => page.getByRole('button', { name: 'Cancel and return' }).click())
    await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible()
    await expect(main(page).getByRole('link', { name: 'Try the payment again' })).toBeVisible()
    await page.goto('/me/transactions')
    await expect(main(page).getByRole('status')).toHaveText('3 transactions shown')
    await expect(main(page).getByRole('list', { name: 'Transactions' })).not.toContainText('Alte Vie di Cogne 52K 2026')
    await page.goto('/me/open-subscriptions')
    await expect(main(page).getByRole('article', { name: 'Alte Vie di Cogne 52K 2026' })).toBeVisible()
  })

  test('a card that asks for 3-D Secure pays once the athlete confirms with the bank', async ({ page }) => {
    await openWizard(page)
    await toSummary(page)
    await signWaiver(page)
    await main(page).getByRole('button', { name: /^Pay / }).click()
    await settleAfter(page, async () => {
      await fillCheckout(page, '4000 0000 0000 3220')
      const bank = page.getByRole('dialog', { name: 'Confirm with your bank' })
      await expect(bank).toBeVisible()
      await bank.getByRole('button', { name: 'Confirm the payment' }).click()
    })
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
  })

  test('a double click on Pay creates one charge', async ({ page }) => {
    await openWizard(page)
    await toSummary(page)
    await signWaiver(page)
    // The first request waits at the backend until released: the second click lands while it is
    // surely still under way, and whatever it sends is held too, where the test can count it.
    await mock(page, 'hold', 'payments.start')
    await main(page).getByRole('button', { name: /^Pay / }).dblclick()
    await expect.poll(() => heldRequests(page, 'payments.start')).toBe(1)
    await mock(page, 'release', 'payments.start')
    await expect(page.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
    const attempts = (await changedRecords(page, 'payments')).filter((record) => record.project_id === RACE && !record.idempotency_key.startsWith('seed-'))
    expect(attempts).toHaveLength(1)
  })

  test('a session that expires mid-way asks to log in again and the wizard continues where it stopped', async ({ page }) => {
    await openWizard(page)
    await main(page).getByLabel('All my data is correct').check()
    await next(page).click()
    await main(page).getByLabel('Shuttle bus to the start *').selectOption('Courmayeur')
    await main(page).getByLabel('Team or club').fill('Trail Valdigne')
    await mock(page, 'advance', 8 * HOUR_MS + MINUTE_MS)
    await expect(loginDrawer(page)).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/race/${String(RACE)}/subscribe$`))
    await fillLogin(page, 'completo')
    await expect(stepHeading(page, 'Race questions')).toBeVisible()
    await expect(main(page).getByLabel('Team or club')).toHaveValue('Trail Valdigne')
    await expect(main(page).getByLabel('Shuttle bus to the start *')).toHaveValue('Courmayeur')
  })

  test('a race that sells out while the athlete enrols is reported at the step where it is found', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'subscriptions.create', status: 409 })
    await openWizard(page)
    await toSummary(page)
    await mock(page, 'fillRace', RACE)
    await main(page).getByRole('button', { name: 'Sign the waiver' }).click()
    await expect(main(page).getByRole('heading', { level: 2, name: 'Your enrolment could not be completed' })).toBeFocused()
    await expect(main(page).getByRole('alert')).toContainText('the last place was taken: the race is now sold out')
    await expect(main(page).getByRole('link', { name: 'See other races' })).toHaveAttribute('href', '/')
  })

  test('a network failure keeps the step and every choice, with a retry', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'subscriptions.create', status: 'network' })
    await openWizard(page)
    await toSummary(page)
    await mock(page, 'fault', 'subscriptions.create', { kind: 'network' })
    await main(page).getByRole('button', { name: 'Sign the waiver' }).click()
    await expect(main(page).getByRole('alert')).toContainText('No response')
    await expect(stepHeading(page, 'Summary')).toBeVisible()
    await mock(page, 'fault', 'subscriptions.create', null)
    await main(page).getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('dialog', { name: 'Waiver of liability' })).toBeVisible()
  })

  test("a failure inside the page while signing is named as the page's, keeps the typed sentence, and signing again works", async ({ page, expectFailures }) => {
    expectFailures({ console: /a call failed inside the page/ })
    await openWizard(page)
    await toSummary(page)
    // The browser's digest refuses once, as a broken or locked-down browser may: the page's own
    // code fails before any request, which no fault of the simulated backend can stand for.
    await page.evaluate(() => {
      const digest = SubtleCrypto.prototype.digest
      SubtleCrypto.prototype.digest = function refuseOnce() {
        SubtleCrypto.prototype.digest = digest
        return Promise.reject(new DOMException('The operation failed for an operation-specific reason.', 'OperationError'))
      }
    })
    const dialog = await signWaiver(page)
    await expect(dialog.getByRole('alert')).toHaveText(
      'Something went wrong in this page, not on the server. Try again; if it happens again, reload the page: you come back to this step.',
    )
    await expect(dialog.getByLabel('Your signature: the sentence above')).toHaveValue('I accept the risks of mountain running')
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(stepHeading(page, 'Payment')).toBeVisible()
  })

  test('a changed waiver asks for a new signature', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'liberatoria.sign', status: 409 })
    await openWizard(page)
    await toSummary(page)
    await main(page).getByRole('button', { name: 'Sign the waiver' }).click()
    const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
    await expect(dialog.getByText('Waiver version v1.')).toBeVisible()
    await mock(page, 'reviseWaiver', RACE)
    await dialog.getByLabel('Your signature: the sentence above').fill('I accept the risks of mountain running')
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(dialog.getByRole('alert')).toContainText('The organiser has changed the waiver')
    await expect(dialog.getByText(/Revised text/)).toBeVisible()
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(stepHeading(page, 'Payment')).toBeVisible()
  })

  test('a waiver revised after signing is signed again before paying, and nothing is charged meanwhile', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'payments.start', status: 422 })
    await openWizard(page)
    await toSummary(page)
    await signWaiver(page)
    await expect(stepHeading(page, 'Payment')).toBeVisible()
    await mock(page, 'reviseWaiver', RACE)
    await main(page).getByRole('button', { name: /^Pay / }).click()
    const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
    await expect(dialog.getByRole('alert')).toContainText('The organiser has changed the waiver since you signed it, so nothing was charged.')
    await expect(dialog.getByText(/Revised text/)).toBeVisible()
    await dialog.getByLabel('Your signature: the sentence above').fill('I accept the risks of mountain running')
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(stepHeading(page, 'Payment')).toBeVisible()
    await payWithCard(page, '4242 4242 4242 4242')
    await expect(page.getByRole('heading', { name: /Payment successful/ })).toBeVisible()
  })
})

/**
 * The gate's refusals, the flagship's lottery application and direct entry with a PAX, and every
 * state of a payment link are proven on the screens themselves, against the simulated backend
 * (src/features/enrolment/subscribe-page.test.tsx, payment-by-link-page.test.tsx); the lottery
 * application is walked in the browser by tests/e2e/lottery.e2e.ts. What only a browser proves stays
 * here: the refusal that sends the athlete to another page and back.
 */
test.describe('enrolment gate', () => {
  test('an incomplete profile is sent to complete it first', async ({ page }) => {
    await logInFromHeader(page, 'nuovo')
    await page.goto(`/race/${String(RACE)}/subscribe`)
    await expect(page).toHaveURL(`/me?return=${encodeURIComponent(`/race/${String(RACE)}/subscribe`)}`)
    await expect(page.getByRole('status').filter({ hasText: 'Complete your profile' })).toBeVisible()
    // A new account is asked about experience races first (a dialog over the profile).
    await page.getByRole('dialog', { name: /experience race/i }).getByRole('button', { name: 'Later' }).click()
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to your enrolment' })).toHaveAttribute('href', `/race/${String(RACE)}/subscribe`)
  })
})

test.describe('enrolment by keyboard and on a phone', () => {
  /** Tabs forward until `target` has focus (keyboard only: no clicks). */
  async function tabTo(page: Page, target: ReturnType<Page['locator']>) {
    for (let presses = 0; presses < 40; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return
      await page.keyboard.press('Tab')
    }
    throw new Error('not reached by Tab')
  }

  test('the whole wizard by keyboard alone', async ({ page }) => {
    await openWizard(page)
    await tabTo(page, main(page).getByLabel('All my data is correct'))
    await page.keyboard.press('Space')
    await tabTo(page, next(page))
    await page.keyboard.press('Enter')
    await expect(stepHeading(page, 'Race questions')).toBeFocused()
    await tabTo(page, main(page).getByLabel('Shuttle bus to the start *'))
    await page.keyboard.press('ArrowDown')
    await tabTo(page, next(page))
    await page.keyboard.press('Enter')
    await expect(stepHeading(page, 'Rules')).toBeFocused()
    await tabTo(page, main(page).getByLabel('I have read the race rules and I accept them'))
    await page.keyboard.press('Space')
    await tabTo(page, next(page))
    await page.keyboard.press('Enter')
    await tabTo(page, main(page).getByRole('radio', { name: /Standard/ }))
    await page.keyboard.press('ArrowDown')
    await expect(main(page).getByRole('radio', { name: /Protected/ })).toBeChecked()
    await tabTo(page, next(page))
    await page.keyboard.press('Enter')
    await tabTo(page, main(page).getByRole('radio', { name: /Yes, rent/ }))
    await page.keyboard.press('Space')
    await tabTo(page, next(page))
    await page.keyboard.press('Enter')
    await expect(stepHeading(page, 'Summary')).toBeFocused()
    await tabTo(page, main(page).getByRole('button', { name: 'Sign the waiver' }))
    await page.keyboard.press('Enter')
    const input = page.getByRole('dialog', { name: 'Waiver of liability' }).getByLabel('Your signature: the sentence above')
    await expect(input).toBeFocused()
    await page.keyboard.type('I accept the risks of mountain running')
    await page.keyboard.press('Enter')
    await expect(stepHeading(page, 'Payment')).toBeFocused()
    await tabTo(page, main(page).getByRole('button', { name: /^Pay / }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
  })

  for (const width of [360, 1280]) {
    test(`every step passes axe at ${String(width)} px`, async ({ page }) => {
      // Nine axe scans, each seconds long on a busy machine.
      test.setTimeout(60_000)
      await page.setViewportSize({ width, height: 800 })
      await openWizard(page)
      await expectNoAxeViolations(page)
      await main(page).getByLabel('All my data is correct').check()
      await next(page).click()
      await expect(main(page).getByLabel('Shuttle bus to the start *')).toBeVisible()
      await expectNoAxeViolations(page)
      await main(page).getByLabel('Shuttle bus to the start *').selectOption('Cogne')
      await next(page).click()
      await expectNoAxeViolations(page)
      await main(page).getByLabel('I have read the race rules and I accept them').check()
      await next(page).click()
      await expectNoAxeViolations(page)
      await main(page).getByRole('radio', { name: /Protected/ }).check()
      await next(page).click()
      await expectNoAxeViolations(page)
      await main(page).getByRole('radio', { name: 'No, thank you' }).check()
      await next(page).click()
      await expectNoAxeViolations(page)
      await main(page).getByRole('button', { name: 'Sign the waiver' }).click()
      await expect(page.getByRole('dialog', { name: 'Waiver of liability' }).getByText('I accept the risks of mountain running')).toBeVisible()
      await expectNoAxeViolations(page)
      await signWaiverInOpenDialog(page)
      await expect(stepHeading(page, 'Payment')).toBeVisible()
      await expectNoAxeViolations(page)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await page.screenshot({ path: `test-results/enrolment-payment-${String(width)}.png`, fullPage: true })
    })
  }

  // One column at every width, so scanned where it is narrowest (the wizard's steps, whose layout
  // changes, at both).
  test('the screens around the wizard pass axe at 360 px: refusal, checkout, outcomes, payment by link', async ({ page }) => {
    // Seven axe scans, each seconds long on a busy machine.
    test.setTimeout(60_000)
    await page.setViewportSize({ width: 360, height: 800 })
    await logInFromHeader(page, 'revisione')
    await page.goto(`/race/${String(RACE)}/subscribe`)
    await expect(main(page).getByRole('link', { name: 'See my certificate' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()

    await openWizard(page)
    await toSummary(page)
    await signWaiver(page)
    await main(page).getByRole('button', { name: /^Pay / }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Simulated checkout' })).toBeVisible()
    await expectNoAxeViolations(page)
    await payOnCheckout(page, '4000 0000 0000 0002', { whileWaiting: () => expectNoAxeViolations(page) })
    await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible()
    await expectNoAxeViolations(page)
    await main(page).getByRole('link', { name: 'Try the payment again' }).click()
    await payWithCard(page, '4242 4242 4242 4242')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
    await expectNoAxeViolations(page)
    await main(page).getByRole('link', { name: 'See your enrolment' }).click()
    await expect(main(page).getByText('Protected')).toBeVisible()
    await expectNoAxeViolations(page)

    await page.goto('/payment/by-link?code=lnk-success-9e27c4b1a6f34d80')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.goto('/payment/by-link?code=lnk-pending-7a4c0e95f1d2463b')
    await expect(page.getByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeVisible()
    await expectNoAxeViolations(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

async function signWaiverInOpenDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
  await dialog.getByLabel('Your signature: the sentence above').fill('I accept the risks of mountain running')
  await dialog.getByRole('button', { name: 'Sign' }).click()
}

test.describe('enrolment in Italian on a phone', () => {
  test('every step, the waiver in its Italian sentence and the payment, in Italian at 360 px', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pettorale.locale', 'it'))
    await page.setViewportSize({ width: 360, height: 800 })
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Accedi' }).click()
    const drawer = page.getByRole('dialog', { name: 'Accedi' })
    await drawer.getByLabel('E-mail').fill('completo@pettorale.test')
    await drawer.getByLabel('Password', { exact: true }).fill('Pettorale-2026')
    await drawer.getByRole('button', { name: 'Accedi' }).click()
    await expect(page.getByRole('button', { name: 'Esci', includeHidden: true })).toBeVisible()

    await page.goto(`/race/${String(RACE)}/subscribe`)
    const avanti = () => main(page).getByRole('button', { name: 'Avanti', exact: true }).click()
    await expect(stepHeading(page, 'I tuoi dati')).toBeFocused()
    await main(page).getByLabel('Tutti i miei dati sono corretti').check()
    await avanti()
    await expect(stepHeading(page, 'Domande della gara')).toBeFocused()
    // The organiser's question in Italian, as the backend serves it for an Italian page (decision 030).
    await main(page).getByLabel('Navetta per la partenza *').selectOption('Cogne')
    await avanti()
    await main(page).getByLabel('Ho letto il regolamento di gara e lo accetto').check()
    await avanti()
    await main(page).getByRole('radio', { name: /Protetto/ }).check()
    await avanti()
    await main(page).getByRole('radio', { name: 'No, grazie' }).check()
    await avanti()
    await expect(stepHeading(page, 'Riepilogo')).toBeFocused()
    const price = main(page).getByRole('table', { name: 'Prezzo' })
    // Money in the Italian way: the amount, then the euro sign, a comma for the cents.
    await expect(price.getByRole('row', { name: /Totale/ })).toContainText(/\d+,\d\d\s€/)
    await expectNoAxeViolations(page)

    await main(page).getByRole('button', { name: 'Firma la liberatoria' }).click()
    const dialog = page.getByRole('dialog', { name: 'Liberatoria di responsabilità' })
    await expect(dialog.getByText('Accetto i rischi della corsa in montagna', { exact: true })).toBeVisible()
    await dialog.getByLabel('La tua firma: la frase qui sopra').fill('accetto i rischi della corsa in montagna')
    await dialog.getByRole('button', { name: 'Firma', exact: true }).click()
    await expect(stepHeading(page, 'Pagamento')).toBeFocused()
    await main(page).getByRole('button', { name: /^Paga / }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento simulato' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
