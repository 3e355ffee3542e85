import type { Page } from '@playwright/test'
import { SEED_RACE_IDS } from '../../mocks/seed/races'
import { main, next, openWizard, stepHeading } from './enrolment-steps'
import { expect, expectNoAxeViolations, logInFromHeader, test } from './fixtures'

/**
 * Issue 20 point 6, decision 030: a race's description, rules and questions and the transactions'
 * descriptions come from the backend in the athlete's language where the organiser wrote it, else
 * in English, marked as such. The seed writes them in Italian and English.
 */

const RACE = SEED_RACE_IDS.open
const RACE_NAME = 'Sentiero dei Larici 25K 2026'
/** completo's place in the Alte Vie di Cogne 52K, held with nothing chosen: the wizard starts from its first step. */
const PLACE_HELD = 203

async function openRace(page: Page, locale: 'it' | 'ja') {
  await page.addInitScript((chosen) => localStorage.setItem('pettorale.locale', chosen), locale)
  await page.goto(`/race/${String(RACE)}`)
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
  await expect(page.getByRole('heading', { level: 1, name: RACE_NAME })).toBeVisible()
}

/** The interface's language, chosen in the header as an athlete does. */
async function chooseLanguage(page: Page, locale: 'it' | 'en' | 'ja') {
  await page.getByRole('banner').locator('#language').selectOption(locale)
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
}

test.describe("a race's rules in the athlete's language", () => {
  test('in Italian: the rules as the organiser wrote them in Italian, with the refund schedule they refer to', async ({ page }) => {
    await openRace(page, 'it')
    const rules = main(page).getByRole('region').filter({ hasText: 'Materiale obbligatorio:' })
    await expect(rules.locator('[lang="it"]')).toContainText('Materiale obbligatorio:')
    await expect(rules.getByRole('listitem').first()).toHaveText('giacca impermeabile')
    await expect(rules).toContainText('vedi la tabella dei rimborsi')
    // Written in the interface's language: nothing to say about it.
    await expect(rules.locator('[lang="en"]')).toHaveCount(0)
    await expect(rules.locator('p[lang="it"]')).toHaveCount(0)
    // The schedule: 30 days or more, 7 to 29, under 7; standard and protected shares.
    const schedule = rules.getByRole('table')
    await expect(schedule.getByRole('row')).toHaveCount(4)
    await expect(schedule.getByRole('row').nth(1).getByRole('cell')).toHaveText(['50%', '100%'])
    await expect(schedule.getByRole('row').nth(3).getByRole('cell')).toHaveText(['0%', '50%'])
    const description = main(page).getByRole('region').filter({ hasText: 'La Thuile, con vista' })
    await expect(description.locator('[lang="it"]')).toContainText('lariceti e alpeggi sopra La Thuile')
  })

  test('in Japanese: the English rules, marked as English and said to be written so by the organiser; axe-clean', async ({ page }) => {
    await openRace(page, 'ja')
    // Found by its text: the headings' words are the translators'.
    const rules = main(page).getByRole('region').filter({ hasText: 'Mandatory kit:' })
    const english = rules.locator('[lang="en"]')
    await expect(english).toContainText('Mandatory kit:')
    await expect(english.getByRole('listitem').first()).toHaveText('waterproof jacket')
    // The note is in the interface's language, before the text.
    const note = english.locator('p[lang="ja"]').first()
    await expect(note).toBeVisible()
    await expect(note).not.toHaveText('')
    await expect(rules.getByRole('table')).toBeVisible()
    await expectNoAxeViolations(page, { content: english })
  })
})

test.describe("a race's questions in the athlete's language", () => {
  test('are labelled in the language on screen, and the answer is kept when the language changes', async ({ page }) => {
    await openWizard(page, PLACE_HELD)
    await main(page).getByLabel('All my data is correct').check()
    await next(page).click()
    await expect(stepHeading(page, 'Race questions')).toBeFocused()

    await chooseLanguage(page, 'it')
    const italian = main(page).getByLabel('Navetta per la partenza *')
    await italian.selectOption({ label: 'Nessuna navetta' })
    await main(page).getByLabel('Squadra o società').fill('Trail Valdigne')

    await chooseLanguage(page, 'en')
    const english = main(page).getByLabel('Shuttle bus to the start *')
    await expect(english).toHaveValue('none')
    await expect(english.locator('option:checked')).toHaveText('No shuttle')
    await expect(main(page).getByLabel('Team or club')).toHaveValue('Trail Valdigne')

    // No Japanese labels written: the English ones, the answer still the same choice.
    await chooseLanguage(page, 'ja')
    await expect(main(page).getByLabel('Shuttle bus to the start *')).toHaveValue('none')
    await expect(main(page).getByLabel('Team or club')).toHaveValue('Trail Valdigne')
  })
})

test.describe("the athlete's transactions in the athlete's language", () => {
  test('under Italian, an enrolment is described in Italian', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await chooseLanguage(page, 'it')
    await page.goto('/me/transactions')
    const line = main(page).getByRole('listitem').filter({ hasText: 'TX-2026-0002' })
    await expect(line.locator('[lang="it"]')).toHaveText('Iscrizione Sentiero dei Larici 25K 2026')
    await expect(main(page).getByText(/^Race entry:/)).toHaveCount(0)
  })
})
