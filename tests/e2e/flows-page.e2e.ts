import type { Page } from '@playwright/test'
import { athleteById } from '../../mocks/seed/personas'
import { main, next, openWizard, shuttle, stepHeading } from './enrolment-steps'
import { expect, expectNoAxeViolations, persona, test } from './fixtures'

/**
 * The Flows page (mock mode only, decision 034): every machine drawn from its definition, the
 * portal's actors in another tab of the browser followed live through the inspector's channel,
 * with nothing secret in what reaches it, and a machine stepped by hand.
 */

/** Trail del Forte di Bard 30K 2026: open at the seed's "now", and completo has no enrolment in it. */
const RACE = 204
const FLOWS = '/dev/flows'

const machine = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title} `) })

/** Everything the inspector posts from now on, as a second listener on the Flows page's channel hears it. */
async function recordChannel(page: Page) {
  await page.evaluate(() => {
    const heard: unknown[] = []
    Object.assign(window, { heardOnFlows: heard })
    new BroadcastChannel('pettorale-flows').onmessage = (message: MessageEvent<unknown>) => void heard.push(message.data)
  })
  return () => page.evaluate(() => JSON.stringify((window as unknown as { heardOnFlows: unknown[] }).heardOnFlows))
}

test.describe('the Flows page', () => {
  test('follows the athlete through the portal in another tab, and receives no secret', async ({ page, context }) => {
    await page.goto(FLOWS)
    await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible()
    const heard = await recordChannel(page)

    const portal = await context.newPage()
    await openWizard(portal, RACE)
    await main(portal).getByLabel('All my data is correct').check()
    await next(portal).click()
    await expect(stepHeading(portal, 'Race questions')).toBeFocused()
    await shuttle(portal).selectOption('Cogne')
    await next(portal).click()
    await expect(main(portal).getByLabel('I have read the race rules and I accept them')).toBeVisible()

    const session = machine(page, 'Session')
    await expect(session.getByText('State: loggedIn.ready')).toBeVisible()
    const enrolment = machine(page, 'Enrolment wizard')
    await expect(enrolment.getByText('State: wizard.rules')).toBeVisible()
    await expect(enrolment.locator('[data-state="enrolment.wizard.rules"]')).toHaveAttribute('data-active', 'true')
    await expect(enrolment.locator('[data-state="enrolment.wizard.dataCheck"]')).toHaveAttribute('data-active', 'false')
    // Its events in words, as they happen: the product owner's, with the code beside them.
    await expect(enrolment.getByRole('listitem').filter({ hasText: 'The athlete confirms their personal data' }).first()).toContainText('data.confirm')
    await expect(enrolment.getByRole('listitem').filter({ hasText: "The athlete answers one of the race's questions" }).first()).not.toContainText('Cogne')

    const received = await heard()
    expect(received).toContain('"@xstate.snapshot"')
    const who = persona('completo')
    const athlete = athleteById(who.athleteId)
    const token = await portal.evaluate(() => JSON.parse(localStorage.getItem('pettorale.session') ?? 'null') as { token: string } | null)
    const secrets = {
      password: who.password,
      token: token?.token,
      taxCode: athlete.cod_fiscale,
      certificateFile: athlete.certificato_medico_file,
      certificateExpiry: athlete.scadenza_certificato,
      answer: 'Cogne',
    }
    expect(Object.values(secrets).every(Boolean), 'every secret known to the test').toBe(true)
    expect(Object.entries(secrets).filter(([, secret]) => received.includes(String(secret)))).toEqual([])
  })

  test('shows at once the wizard already running in another tab, and loses it when that tab closes', async ({ page: portal, context }) => {
    await openWizard(portal, RACE)
    await main(portal).getByLabel('All my data is correct').check()
    await next(portal).click()
    await expect(stepHeading(portal, 'Race questions')).toBeFocused()

    const flows = await context.newPage()
    await flows.goto(FLOWS)
    const enrolment = machine(flows, 'Enrolment wizard')
    // The new tab first boots a portal of its own (its simulated backend, every chart laid out): on
    // a busy 2-core machine that alone has taken longer than an assertion waits. What is tested
    // starts when the page is up: the wizard shown with nothing done in the portal's tab.
    await expect(enrolment).toBeVisible({ timeout: 20_000 })
    await expect(enrolment.getByText('State: wizard.extraFields')).toBeVisible()
    await expect(enrolment.locator('[data-state="enrolment.wizard.extraFields"]')).toHaveAttribute('data-active', 'true')
    await expect(enrolment.locator('[data-state="enrolment.wizard.dataCheck"]')).toHaveAttribute('data-active', 'false')
    // What may happen next: the step's transitions marked in the table the chart's numbers refer to.
    const transitions = enrolment.getByRole('table', { name: /^Transitions/ })
    await expect(transitions.getByRole('row').filter({ hasText: 'wizard.next [areQuestionsAnswered]' })).toHaveAttribute('data-current', 'true')
    await expect(transitions.getByRole('row').filter({ hasText: 'wizard.next [isDataConfirmed]' })).toHaveAttribute('data-current', 'false')

    // Then live: the next step highlighted as the athlete reaches it.
    await shuttle(portal).selectOption('Cogne')
    await next(portal).click()
    await expect(enrolment.getByText('State: wizard.rules')).toBeVisible()
    await expect(enrolment.getByRole('listitem').filter({ hasText: 'The athlete goes on to the next step' }).first()).toBeVisible()

    // Two sessions, the portal's and the Flows tab's own, though both tabs number theirs x:0.
    const sessions = machine(flows, 'Session').getByText(/^State: /)
    await expect(sessions).toHaveCount(2)

    await portal.close()
    await expect(enrolment.getByText('No actor of this machine is running.', { exact: false })).toBeVisible()
    await expect(enrolment.locator('[data-active="true"]')).toHaveCount(0)
    await expect(sessions).toHaveCount(1)
  })

  test('steps a machine by hand, with its backend answers picked on the page', async ({ page }) => {
    await page.goto(FLOWS)
    const enrolment = machine(page, 'Enrolment wizard')
    await enrolment.getByRole('button', { name: 'Simulate' }).click()
    await expect(enrolment.getByRole('button', { name: 'Simulate' })).toHaveAttribute('aria-pressed', 'true')
    await expect(enrolment.getByText('Simulated state: checking')).toBeVisible()
    await enrolment.getByRole('button', { name: 'Succeed: gate passed' }).click()
    await expect(enrolment.getByText('Simulated state: wizard.dataCheck')).toBeVisible()
    await expect(enrolment.locator('[data-state="enrolment.wizard.dataCheck"]')).toHaveAttribute('data-active', 'true')
    // Only what the state accepts is offered: no waiver to type before the summary.
    await expect(enrolment.getByRole('button', { name: "The athlete types the waiver's sentence" })).toHaveCount(0)
    await enrolment.getByRole('button', { name: 'The athlete confirms their personal data' }).click()
    // Confirmed, the confirmation is no longer offered: it would change nothing.
    await expect(enrolment.getByRole('button', { name: 'The athlete confirms their personal data' })).toHaveCount(0)
    await enrolment.getByRole('button', { name: 'The athlete goes on to the next step' }).click()
    await expect(enrolment.getByText('Simulated state: wizard.extraFields')).toBeVisible()
    await enrolment.getByRole('button', { name: 'Start again' }).click()
    await expect(enrolment.getByText('Simulated state: checking')).toBeVisible()
  })

  // The product owner's page, read at a desk: scanned at that width. Every machine's chart is on
  // the page, and each scan reads all their nodes: about 20 s a scan alone, 57 s for the test on a
  // quiet machine, past 60 s on a busy one.
  test('passes axe at 1280 px, live and simulating', async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(FLOWS)
    const drawer = machine(page, 'Login drawer')
    await expect(drawer.getByRole('img', { name: 'Chart of Login drawer' })).toBeVisible()
    await expectNoAxeViolations(page, { content: page.getByRole('heading', { level: 2, name: /^Session/ }) })
    await drawer.getByRole('button', { name: 'Simulate' }).click()
    await drawer.getByRole('button', { name: 'The login drawer opens', exact: true }).click()
    await expect(drawer.getByText('Simulated state: open')).toBeVisible()
    await expectNoAxeViolations(page)
  })
})
