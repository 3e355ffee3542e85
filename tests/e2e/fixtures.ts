import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type Page } from '@playwright/test'
import type { MockApi } from '../../mocks/browser'
// Plain data (no MSW, no database): the personas' e-mails and passwords, read in the test process.
import { PERSONAS, type Persona } from '../../mocks/seed/personas'

/**
 * Browser messages that are not errors of ours: a 4xx the test provokes, and Chromium's report that
 * the mock's service worker update check was cut short because the page navigated away at once
 * (the provider's checkout sends the athlete on as soon as they pay; production has no worker).
 */
const IGNORED_CONSOLE = ['Failed to load resource', 'Failed to update a ServiceWorker']

/**
 * Every test: English unless the test picks another language, and no console error, uncaught
 * exception or CSP violation in the page (a 4xx the test provokes is a network log, not an error
 * of ours).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && !IGNORED_CONSOLE.some((prefix) => message.text().startsWith(prefix))) errors.push(message.text())
    })
    page.on('pageerror', (error) => {
      if (!IGNORED_CONSOLE.some((prefix) => error.message.startsWith(prefix))) errors.push(error.message)
    })
    await page.addInitScript(() => {
      if (!localStorage.getItem('pettorale.locale')) localStorage.setItem('pettorale.locale', 'en')
      // The preview server sends the production Content-Security-Policy: a violation fails the test.
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`)
      })
    })
    await use(page)
    expect(errors, 'errors in the browser console').toEqual([])
  },
})

export { expect }

export function persona(key: Persona['key']): Persona {
  const found = PERSONAS.find((candidate) => candidate.key === key)
  if (!found) throw new Error(`no persona ${key}`)
  return found
}

/** The login drawer, however it was opened. */
export function loginDrawer(page: Page) {
  return page.getByRole('dialog', { name: 'Log in' })
}

export async function fillLogin(page: Page, key: Persona['key'], password?: string) {
  const who = persona(key)
  const drawer = loginDrawer(page)
  await drawer.getByLabel('E-mail').fill(who.mail)
  await drawer.getByLabel('Password', { exact: true }).fill(password ?? who.password)
  await drawer.getByRole('button', { name: 'Log in' }).click()
}

/** Opens the portal's home page and logs in from the header. */
export async function logInFromHeader(page: Page, key: Persona['key']) {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  await fillLogin(page, key)
  // A dialog that opens by itself right after (the experience question) hides the header from
  // assistive technology, not from sight: the button is looked for either way.
  await expect(page.getByRole('button', { name: 'Log out', includeHidden: true })).toBeVisible()
}

/** The controls of `window.pettoraleMock` a test may call: their arguments cross into the page as JSON. */
export type MockControl =
  | 'setNow'
  | 'advance'
  | 'fault'
  | 'latency'
  | 'resetAll'
  | 'reviewCertificate'
  | 'fillRace'
  | 'reviseWaiver'
  | 'reviewExperience'
type Controls = Pick<MockApi, MockControl>

/**
 * Drives the simulated backend's controls (see mocks/README.md), typed from the controls module:
 * `mock(page, 'fault', 'athlete.me', { kind: 'status', status: 500 })`, `mock(page, 'advance', 8 * HOUR_MS)`.
 */
export async function mock<N extends MockControl>(page: Page, name: N, ...args: Parameters<Controls[N]>): Promise<void> {
  await page.waitForFunction(() => 'pettoraleMock' in window)
  await page.evaluate(
    async ([control, params]) => {
      const api = (window as unknown as { pettoraleMock: Record<string, (...values: unknown[]) => unknown> }).pettoraleMock
      await api[control]!(...params)
    },
    [name, args as unknown[]] as const,
  )
}

export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
}
