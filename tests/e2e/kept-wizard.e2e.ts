import type { Page } from '@playwright/test'
import { firstReleaseKept } from '../../machines/enrolment/first-release-kept'
import { main, next, openWizard, stepHeading, toSummary } from './enrolment-steps'
import { expect, logInFromHeader, persona, test } from './fixtures'

/**
 * A wizard kept in the browser by an older release must not break the page after an update: the
 * athlete starts again at the gate, told why, with nothing lost that the organiser holds (issue 18,
 * point 2). The first releases kept the interpreter's raw XState snapshot under this key.
 *
 * What only a browser proves is here: a real page load reads what the older release wrote in
 * localStorage, drops it, and a reload then resumes the new wizard without the notice. The other
 * values an older release may have left (a step that no longer exists, garbage) are proven on the
 * screen in src/features/enrolment/subscribe-page.test.tsx and by the rule in
 * machines/enrolment/kept-progress.test.ts.
 */

/** Trail del Forte di Bard 30K 2026: open at the seed's "now", and completo has no enrolment in it. */
const RACE = 204
const OLD_KEY = `pettorale.enrolment.v1.${String(persona('completo').athleteId)}.${String(RACE)}`
const NOTICE =
  'Your enrolment in progress could not be resumed after an update, so it starts again. Nothing you had already saved with the organiser is lost.'

/** What the first releases kept at the GPS step: the machine's whole snapshot, as XState persisted it. */
const RAW_SNAPSHOT = JSON.stringify(firstReleaseKept(RACE, persona('completo').athleteId))

const kept = (page: Page) => page.evaluate((key) => localStorage.getItem(key), OLD_KEY)

test.describe('a wizard kept by an older release', () => {
  test('a raw XState snapshot opens the wizard at its first step with a notice, is dropped, and a reload resumes the new one silently', async ({ page }) => {
    await logInFromHeader(page, 'completo')
    await page.evaluate(([key, stored]) => localStorage.setItem(key, stored), [OLD_KEY, RAW_SNAPSHOT] as const)
    await page.goto(`/race/${String(RACE)}/subscribe`)

    await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible()
    await expect(stepHeading(page, 'Your data')).toBeVisible()
    await expect(main(page).getByLabel('All my data is correct')).not.toBeChecked()
    await expect(main(page).getByText('This page could not load.')).toHaveCount(0)
    // Dropped, not read again: it is said once.
    await expect.poll(() => kept(page)).toBeNull()

    // The wizard works from there, and a reload resumes the new one without the notice.
    await main(page).getByLabel('All my data is correct').check()
    await next(page).click()
    await expect(stepHeading(page, 'Race questions')).toBeFocused()
    await page.reload()
    await expect(stepHeading(page, 'Race questions')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: NOTICE })).toHaveCount(0)
  })
})

test.describe('a wizard reloaded in the same tab (issue 42, decision 065)', () => {
  test("the flagship's summary comes back after a reload with every answer, the typed ITRA id included", async ({ page }) => {
    await openWizard(page, 201)
    await toSummary(page, { itraId: '2701234' })

    await page.reload()
    await expect(stepHeading(page, 'Summary')).toBeVisible()
    const answers = main(page).getByRole('region', { name: 'Your answers' })
    await expect(answers.getByRole('definition')).toContainText(['Cogne', '2701234'])
    // The typed answer stays out of the browser's lasting storage (decision 020).
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('2701234')
  })
})
