import type { Locator, Page } from '@playwright/test'
import { SEED_RACE_IDS } from '../../mocks/seed/races'
import { expect, test } from './fixtures'

/**
 * Decision 025: a race's schedule is shown in the race's zone, Europe/Rome, in every language.
 * Decision 064: the registration opening also on the athlete's own clock, the device's zone, named,
 * where that clock is not Rome's (playwright.config.ts puts the browser in Rome; the tests that need
 * another zone say which). The Notturna di Saint-Vincent starts at 19:00 in Rome on 21 March 2026
 * (winter time) and opened its registration at 10:00 in Rome on 15 December 2025.
 */
const NOTTURNA = SEED_RACE_IDS.closed
const NOTTURNA_NAME = 'Notturna di Saint-Vincent 12K 2026'

/** The value a definition list gives for a term. */
function fact(scope: Locator, term: string): Locator {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().getByRole('term').getByText(term, { exact: true }) })
    .getByRole('definition')
}

async function openNotturna(page: Page, locale: 'en' | 'it' | 'ja') {
  await page.addInitScript((chosen) => localStorage.setItem('pettorale.locale', chosen), locale)
  await page.goto(`/race/${String(NOTTURNA)}`)
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
  await expect(page.getByRole('heading', { level: 1, name: NOTTURNA_NAME })).toBeVisible()
}

test.describe("a race's times are the race's", () => {
  test.describe('on a device in Tokyo', () => {
    test.use({ timezoneId: 'Asia/Tokyo' })

    test('in Japanese: the start at 19:00 in Rome, and the opening in Rome and in Tokyo, named', async ({ page }) => {
      await openNotturna(page, 'ja')
      const main = page.getByRole('main')
      // Not 3:00 on 22 March, as the device's clock reads the same instant.
      await expect(main.getByText('Saint-Vincent · 2026年3月21日 19:00 中央ヨーロッパ時間 (GMT+1)', { exact: true })).toBeVisible()

      const facts = main.getByRole('region', { name: '基本情報' })
      const opens = fact(facts, 'エントリー開始')
      await expect(opens).toContainText('2025年12月15日 10:00 中央ヨーロッパ時間 (GMT+1)')
      await expect(opens).toContainText('18:00 日本標準時')
      await expect(fact(facts, 'エントリー締切')).toHaveText('2026年3月1日 23:59 中央ヨーロッパ時間 (GMT+1)')
    })
  })

  test.describe('on a device in New York', () => {
    test.use({ timezoneId: 'America/New_York' })

    test('in English: the opening in Rome and in New York, named', async ({ page }) => {
      await openNotturna(page, 'en')
      const facts = page.getByRole('main').getByRole('region', { name: 'Technical information' })
      await expect(fact(facts, 'Registration opens')).toHaveText('15 Dec 2025, 10:00 CET (your time: 04:00 Eastern Time)')
    })
  })

  test("in Japanese on a device in Rome: the opening once, the device's clock being the race's", async ({ page }) => {
    await openNotturna(page, 'ja')
    const facts = page.getByRole('main').getByRole('region', { name: '基本情報' })
    await expect(fact(facts, 'エントリー開始')).toHaveText('2025年12月15日 10:00 中央ヨーロッパ時間 (GMT+1)')
  })

  test('in English: the start at 19:00 CET, and the opening once, on a device in Rome', async ({ page }) => {
    await openNotturna(page, 'en')
    const main = page.getByRole('main')
    await expect(main.getByText('Saint-Vincent · 21 Mar 2026, 19:00 CET', { exact: true })).toBeVisible()
    const facts = main.getByRole('region', { name: 'Technical information' })
    await expect(fact(facts, 'Registration opens')).toHaveText('15 Dec 2025, 10:00 CET')
    await expect(fact(facts, 'Registration closes')).toHaveText('1 Mar 2026, 23:59 CET')
    await expect(main.getByRole('region', { name: 'Registration', exact: true })).toContainText(
      'Registration closed on 1 Mar 2026, 23:59 CET: you can no longer enrol.',
    )
  })

  test('in Italian: the start at 19:00 CET, and the opening once, on a device in Rome', async ({ page }) => {
    await openNotturna(page, 'it')
    const main = page.getByRole('main')
    await expect(main.getByText('Saint-Vincent · 21 mar 2026, 19:00 CET', { exact: true })).toBeVisible()
    const facts = main.getByRole('region', { name: 'Scheda tecnica' })
    await expect(fact(facts, 'Apertura iscrizioni')).toHaveText('15 dic 2025, 10:00 CET')
    await expect(fact(facts, 'Chiusura iscrizioni')).toHaveText('1° mar 2026, 23:59 CET')
  })

  test('in Japanese, the race list shows the start in Rome too', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pettorale.locale', 'ja'))
    await page.goto('/?filter=closed')
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: NOTTURNA_NAME }) })
    await expect(card.getByText('2026年3月21日 19:00 中央ヨーロッパ時間 (GMT+1) · Saint-Vincent', { exact: true })).toBeVisible()
  })
})
