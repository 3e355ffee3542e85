import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Locator, Page } from '@playwright/test'
import { main, next } from './enrolment-steps'
import { checkScreen as checkShot, expect, logInFromHeader, mock, test } from './fixtures'
import { closePanel, openPanel } from './qa-panel-steps'

/**
 * Issue 23 point 4, as the athlete and anyone else meet it: the flagship's lottery (race 201: 1,500
 * simulated applications, 280 places, the draw on 2 April). `completo` applies through the wizard
 * as application 1501 with 4 tickets (not drawn in 2024 and 2025); the seed's draw puts her 248th,
 * so she is drawn. QA draws from the panel; the published lottery, downloaded from the page, is
 * recomputed by `npm run lottery:verify`.
 */
const RACE = 201
const LOTTERY = `/race/${String(RACE)}/lottery`

const section = (page: Page, name: string) => main(page).getByRole('region', { name })

const checkScreen = (page: Page, name: string, content: Locator) => checkShot(page, `lottery/${name}`, content)

/** completo's lottery application, through the wizard's lottery path (tests/e2e/enrolment.e2e.ts). */
async function apply(page: Page) {
  await page.goto(`/race/${String(RACE)}/subscribe`)
  await expect(page.getByRole('heading', { level: 1, name: /Apply for Tor des Pettorale 330/ })).toBeVisible()
  await main(page).getByLabel('All my data is correct').check()
  await next(page).click()
  await main(page).getByLabel('Shuttle bus to the start *').selectOption('Aosta')
  await main(page).getByLabel('ITRA runner id *').fill('2701234')
  await next(page).click()
  await main(page).getByLabel('I have read the race rules and I accept them').check()
  await next(page).click()
  await main(page).getByRole('radio', { name: /Standard/ }).check()
  await next(page).click()
  await main(page).getByRole('radio', { name: 'No, thank you' }).check()
  await next(page).click()
  await main(page).getByRole('button', { name: 'Sign the waiver and apply' }).click()
  const dialog = page.getByRole('dialog', { name: 'Waiver of liability' })
  await dialog.getByLabel('Your signature: the sentence above').fill('I accept the risks of mountain running')
  await dialog.getByRole('button', { name: 'Sign' }).click()
  await expect(main(page).getByRole('heading', { level: 2, name: 'Your lottery application is in' })).toBeFocused()
}

test.describe('the flagship’s lottery', () => {
  test('at 360 px, after the draw, the published list fits its card: neither the page nor its frame scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    await page.goto(LOTTERY)
    // Past the seed's draw, 12:00 in Rome on 2 April.
    await mock(page, 'setNow', '2026-04-02T11:00:00Z')
    await page.reload()
    const list = section(page, 'The published list')
    await expect(list.getByRole('columnheader', { name: 'Order drawn' })).toBeVisible()
    const frame = list.getByRole('group', { name: /^Applications, page 1 of / })
    expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })

  test.slow()

  test('anyone reads the rule, the tickets, the odds and the commitment, in English and in Italian', async ({ page }) => {
    await page.goto(`/race/${String(RACE)}`)
    await main(page).getByRole('link', { name: 'The lottery: tickets, odds and the draw' }).click()
    await expect(page).toHaveURL(LOTTERY)
    await expect(page.getByRole('heading', { level: 1, name: 'Lottery' })).toBeVisible()
    const rule = section(page, 'How the places are drawn')
    await expect(rule.getByText(/each earlier application to this race that was not drawn doubles it/i)).toBeVisible()
    await expect(rule.getByRole('definition').filter({ hasText: /^280$/ })).toBeVisible()
    await expect(rule.getByRole('definition').filter({ hasText: /^1,500$/ })).toBeVisible()
    await expect(rule.getByRole('definition').filter({ hasText: /^4,392$/ })).toBeVisible()
    const odds = section(page, 'Odds by tickets')
    await expect(odds.getByRole('row')).toHaveCount(6)
    await expect(odds.getByRole('row', { name: /^16 66 / })).toContainText(/\d+% ± \d+ points?/)
    const commitment = section(page, 'A draw anyone can check')
    await expect(commitment.getByText('162323f49c343267ff57db44b7f87c5087fdb728e37c1a0be1496b7658c4bd0f')).toBeVisible()
    await expect(commitment.getByText('Published after the draw.')).toBeVisible()
    const list = section(page, 'The published list')
    await expect(list.getByRole('table')).toContainText('Applications, page 1 of 15')
    await expect(list.getByRole('row')).toHaveCount(101)
    await list.getByRole('button', { name: 'Next page' }).click()
    await expect(list.getByRole('rowheader', { name: '101', exact: true })).toBeVisible()
    await expect(section(page, 'Your application').getByRole('button', { name: 'Log in' })).toBeVisible()
    await checkScreen(page, 'lottery-visitor', rule)

    await page.getByLabel('Language').selectOption('it')
    await expect(page.locator('html')).toHaveAttribute('lang', 'it')
    // The same sections in Italian; Italian writes a four-digit number without a separator.
    const regola = section(page, 'Come vengono sorteggiati i posti')
    await expect(regola.getByRole('definition').filter({ hasText: /^1500$/ })).toBeVisible()
    await expect(regola.getByText(/31 mar 2026/)).toBeVisible()
    await expect(section(page, 'Probabilità per numero di biglietti').getByRole('row', { name: /^16 66 / })).toBeVisible()
    await checkScreen(page, 'lottery-visitor-it', regola)
  })

  test('completo applies, sees her number, tickets and chance; QA draws; she is drawn, on the page and in My races; the script agrees', async ({ page, expectFailures }) => {
    // Before she applies, her application is not there (404 no_application).
    expectFailures({ operation: 'lottery.mine', status: 404 })
    await logInFromHeader(page, 'completo')
    await page.goto(LOTTERY)
    const mine = section(page, 'Your application')
    await expect(mine.getByRole('link', { name: 'Apply' })).toBeVisible()

    await apply(page)
    await page.goto(LOTTERY)
    await expect(mine.getByRole('definition').filter({ hasText: /^1,501$/ })).toBeVisible()
    await expect(mine.getByRole('definition').filter({ hasText: /^4$/ })).toBeVisible()
    await expect(mine.getByText(/% ± \d+ points?/)).toBeVisible()
    await expect(mine.getByText('2 earlier applications not drawn: your tickets doubled 2 times.')).toBeVisible()
    await expect(mine.getByText(/^The draw is in \d+ days, \d+ hours?\.$/)).toBeVisible()
    await expect(mine.getByRole('timer')).toBeVisible()
    await checkScreen(page, 'lottery-applied', mine)

    const races = await openPanel(page, 'Races')
    await races.getByRole('button', { name: 'Draw the lottery of Tor des Pettorale 330 2026 now' }).click()
    await expect(
      races.getByText("Tor des Pettorale 330 2026's lottery is drawn: 280 drawn were sent a payment link, 1,221 not drawn are on the wait list in the draw's order."),
    ).toBeVisible()
    await closePanel(page)

    await expect(mine.getByText('You were drawn: a place is yours once it is paid.')).toBeVisible()
    await expect(mine.getByText(/^Pay by 12 Mar 2026, 09:00 CET: 9 days, 23 hours left\. After that the place goes to the wait list\.$/)).toBeVisible()
    await expect(mine.getByRole('link', { name: 'Pay for your place' })).toHaveAttribute('href', /^\/payment\/by-link\?code=lnk-/)
    const commitment = section(page, 'A draw anyone can check')
    await expect(commitment.getByText('pettorale-tor330-2026-5f1c9a7e3b2d48e6a0c4')).toBeVisible()
    const list = section(page, 'The published list')
    await list.getByRole('radio', { name: 'In the order drawn' }).check()
    await expect(list.getByRole('row').nth(1).getByRole('cell').last()).toHaveText('1')
    await checkScreen(page, 'lottery-drawn', mine)

    // The published lottery, downloaded from the page, recomputed by the script.
    const check = section(page, 'Recompute the draw yourself')
    await expect(check.getByText('npm run lottery:verify -- lottery-201.json')).toBeVisible()
    const download = page.waitForEvent('download')
    await check.getByRole('button', { name: 'Download the published lottery (JSON)' }).click()
    const dir = mkdtempSync(join(tmpdir(), 'pettorale-lottery-e2e-'))
    try {
      const file = join(dir, (await download).suggestedFilename())
      await (await download).saveAs(file)
      const { stdout } = await promisify(execFile)(join(process.cwd(), 'node_modules/.bin/tsx'), ['scripts/lottery-verify.ts', file])
      expect(stdout).toMatch(/^The draw agrees: the seed matches the commitment and the order of all 1501 applications recomputes exactly/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }

    await page.goto('/me/races')
    const card = main(page).getByRole('article', { name: 'Tor des Pettorale 330 2026' }).filter({ hasText: 'Application number 1,501, 4 tickets.' })
    await expect(card.getByText(/^Drawn: pay for your place by /)).toBeVisible()
    await checkScreen(page, 'my-races-drawn', card)
  })
})
