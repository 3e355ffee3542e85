import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type Locator, type Page } from '@playwright/test'
import { allOperations, type OperationName } from '../../contracts'
import type { MockApi } from '../../mocks/browser'
import type { DatabaseFile } from '../../mocks/qa-database-file'
// Plain data (no MSW, no database): the personas' e-mails and passwords, read in the test process.
import { PERSONAS, type Persona } from '../../mocks/seed/personas'

/**
 * Browser messages that are not errors of ours. "Failed to load resource" is Chromium's line for
 * every answer of 400 or more: the guard judges the request itself (its operation and status), so
 * the line would only say the same thing without saying which request. "Failed to update a
 * ServiceWorker" is Chromium's report that the mock's service worker update check was cut short
 * because the page navigated away at once (the provider's checkout sends the athlete on as soon as
 * they pay; production has no worker).
 */
const IGNORED_CONSOLE = ['Failed to load resource', 'Failed to update a ServiceWorker']

/**
 * The portal's own developer warnings all start so: a render error a boundary caught ("a part of
 * the page failed", src/main.tsx's onCaughtError), an answer outside its contract, a field error
 * without words. The athlete sees a calm message, so only this warning tells the test a bug was hit.
 */
const APP_WARNING = '[pettorale]'

/**
 * A request closed by the page itself is not a failure: leaving a page aborts what it was still
 * loading, and a stopped machine or query cancels its own request.
 */
const ABORTED = 'net::ERR_ABORTED'

/** A failure a test provokes on purpose, declared with `expectFailures(...)`. */
export type ExpectedFailure =
  /** A call of the portal's API answered with this status, or with no answer at all (`'network'`). */
  | { operation: OperationName; status: number | 'network' }
  /** Any other request (a file, a part of the app) by its address. */
  | { url: RegExp; status: number | 'network' }
  /** A console error, an uncaught exception or a `[pettorale]` warning whose text matches. */
  | { console: RegExp }

type Problem =
  | { kind: 'request'; operation: OperationName | undefined; url: string; status: number | 'network'; said: string }
  | { kind: 'console'; text: string; said: string }

/** API paths as patterns (`/gare/:id` matches `/gare/203`), to name a failed request by its operation. */
const OPERATION_PATTERNS = allOperations.map((operation) => ({
  name: operation.name,
  method: operation.method,
  // The signed upload goes to an address the server gives: any request of that method off the API.
  pattern: operation.absoluteUrlParam
    ? null
    : new RegExp(`${operation.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`),
}))

function operationOf(method: string, url: string): OperationName | undefined {
  const { pathname } = new URL(url)
  const onApi = OPERATION_PATTERNS.find((operation) => operation.pattern && operation.method === method && operation.pattern.test(pathname))
  if (onApi) return onApi.name
  if (pathname.startsWith('/api/')) return undefined
  return OPERATION_PATTERNS.find((operation) => !operation.pattern && operation.method === method)?.name
}

function matches(expected: ExpectedFailure, problem: Problem): boolean {
  if ('console' in expected) return problem.kind === 'console' && expected.console.test(problem.text)
  if (problem.kind !== 'request' || expected.status !== problem.status) return false
  return 'operation' in expected ? expected.operation === problem.operation : expected.url.test(problem.url)
}

function describeExpected(expected: ExpectedFailure): string {
  if ('console' in expected) return `console ${String(expected.console)}`
  return `${String(expected.status)} ${'operation' in expected ? expected.operation : String(expected.url)}`
}

/** What the browser reported, in every page of the test's context, while the test ran. */
function watchBrowser(page: Page, problems: Problem[]) {
  const watched = new WeakSet<Page>()
  const watch = (target: Page) => {
    if (watched.has(target)) return
    watched.add(target)
    target.on('console', (message) => {
      const text = message.text()
      const failed =
        (message.type() === 'error' && !IGNORED_CONSOLE.some((prefix) => text.startsWith(prefix))) ||
        (message.type() === 'warning' && text.startsWith(APP_WARNING))
      if (failed) problems.push({ kind: 'console', text, said: `console.${message.type()}: ${text}` })
    })
    target.on('pageerror', (error) => {
      if (IGNORED_CONSOLE.some((prefix) => error.message.startsWith(prefix))) return
      // A rejection with no Error (an abort reason, undefined) has neither message nor stack.
      const said = error.stack || error.message || `${error.name || 'a value that is not an Error'}, without a message`
      problems.push({ kind: 'console', text: error.message, said: `uncaught: ${said}` })
    })
    target.on('response', (response) => {
      if (response.status() < 400) return
      const request = response.request()
      const operation = operationOf(request.method(), request.url())
      problems.push({
        kind: 'request',
        operation,
        url: request.url(),
        status: response.status(),
        said: `${String(response.status())} ${operation ?? 'request'}: ${request.method()} ${request.url()}`,
      })
    })
    target.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? 'no answer'
      if (reason === ABORTED) return
      const operation = operationOf(request.method(), request.url())
      problems.push({
        kind: 'request',
        operation,
        url: request.url(),
        status: 'network',
        said: `no answer (${reason}) ${operation ?? 'request'}: ${request.method()} ${request.url()}`,
      })
    })
  }
  watch(page)
  page.context().on('page', watch)
}

interface Guard {
  problems: Problem[]
  expected: ExpectedFailure[]
}

/** Each test's page and what its browser reported, for the declarations made during the test. */
const guards = new WeakMap<Page, Guard>()

interface Fixtures {
  /**
   * Declares what this test provokes on purpose (a fault, a sentinel, a 4xx it drives), as
   * narrowly as it can: `expectFailures({ operation: 'athlete.me', status: 500 })`,
   * `expectFailures({ console: /does not match its contract/ })`. Anything else that fails in the
   * browser fails the test, and so does a declared failure that never happened (a stale
   * declaration would let a real one through).
   */
  expectFailures: (...failures: ExpectedFailure[]) => void
}

/**
 * Every test: English unless the test picks another language, and it fails on anything the browser
 * reports that the test did not provoke and declare: a console error, an uncaught exception, a CSP
 * violation, a render error a boundary caught (the app's `[pettorale]` warnings), a request answered
 * 400 or more, or one that got no answer at all.
 */
export const test = base.extend<Fixtures>({
  page: async ({ page }, use, testInfo) => {
    const guard: Guard = { problems: [], expected: [] }
    guards.set(page, guard)
    watchBrowser(page, guard.problems)
    await page.addInitScript(() => {
      if (!localStorage.getItem('pettorale.locale')) localStorage.setItem('pettorale.locale', 'en')
      // The preview server sends the production Content-Security-Policy: a violation fails the test.
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`)
      })
    })
    await use(page)
    const { problems, expected } = guard
    const unexpected = problems.filter((problem) => !expected.some((failure) => matches(failure, problem)))
    expect(unexpected.map((problem) => problem.said), 'failures in the browser the test did not declare').toEqual([])
    // A test that stopped early (failed, timed out) may not have reached what it provokes.
    if (testInfo.status === 'passed') {
      const missing = expected.filter((failure) => !problems.some((problem) => matches(failure, problem)))
      expect(missing.map(describeExpected), 'failures the test declared that did not happen').toEqual([])
    }
  },
  expectFailures: async ({ page }, use) => {
    await use((...failures) => void guards.get(page)!.expected.push(...failures))
  },
})

export { expect }

/**
 * How long an expectation waits for a read's failure to show. A read retries no answer or a server
 * error twice, 1 s and 2 s apart (`shouldRetryRead`, TanStack Query's backoff), each try with the
 * simulated latency: on a loaded CI machine that once took longer than the default 7 s.
 */
export const READ_FAILURE_TIMEOUT_MS = 15_000

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
  | 'hold'
  | 'release'
  | 'resetAll'
  | 'reviewCertificate'
  | 'fillRace'
  | 'reviseWaiver'
  | 'reviewExperience'
type Controls = Pick<MockApi, MockControl>

async function mockApi(page: Page) {
  await page.waitForFunction(() => 'pettoraleMock' in window)
}

/**
 * Drives the simulated backend's controls (see mocks/README.md), typed from the controls module:
 * `mock(page, 'fault', 'athlete.me', { kind: 'status', status: 500 })`, `mock(page, 'advance', 8 * HOUR_MS)`,
 * `mock(page, 'hold', 'files.putSigned')`.
 */
export async function mock<N extends MockControl>(page: Page, name: N, ...args: Parameters<Controls[N]>): Promise<void> {
  await mockApi(page)
  await page.evaluate(
    async ([control, params]) => {
      const api = (window as unknown as { pettoraleMock: Record<string, (...values: unknown[]) => unknown> }).pettoraleMock
      await api[control]!(...params)
    },
    [name, args as unknown[]] as const,
  )
  await otherTabsFollow(page)
}

const controlsOf = () => JSON.stringify((window as unknown as { pettoraleMock: Pick<MockApi, 'state'> }).pettoraleMock.state())

/**
 * Every other tab of the browser takes the controls from a storage event, and each tab writes the
 * whole controls when it changes one: a control set in another tab before that event arrives would
 * write back what this one just changed (a hold released here came back from the other tab's older
 * state, and held every later sign-in). So the next step, in any tab, waits until all follow.
 */
async function otherTabsFollow(page: Page): Promise<void> {
  const others = page.context().pages().filter((other) => other !== page)
  if (others.length === 0) return
  const controls = await page.evaluate(controlsOf)
  for (const other of others) {
    if (!(await other.evaluate(() => 'pettoraleMock' in window))) continue
    await other.waitForFunction(
      (expected) => JSON.stringify((window as unknown as { pettoraleMock: Pick<MockApi, 'state'> }).pettoraleMock.state()) === expected,
      controls,
    )
  }
}

/**
 * The records of a collection the simulated backend changed since the seed, as the QA panel's export
 * gives them (`pettoraleMock.exportDatabase`): what a test reads of the data, not the mock's storage.
 */
export async function changedRecords<K extends keyof DatabaseFile['changes']>(page: Page, collection: K): Promise<Array<NonNullable<NonNullable<DatabaseFile['changes'][K]>[number][1]>>> {
  await mockApi(page)
  const text = await page.evaluate(() => (window as unknown as { pettoraleMock: Pick<MockApi, 'exportDatabase'> }).pettoraleMock.exportDatabase())
  const file = JSON.parse(text) as DatabaseFile
  return (file.changes[collection] ?? []).flatMap(([, record]) => (record ? [record] : [])) as never
}

/** How many requests of an operation wait at its hold in this page (`pettoraleMock.held`). */
export async function heldRequests(page: Page, operation: OperationName): Promise<number> {
  await mockApi(page)
  return page.evaluate((name) => (window as unknown as { pettoraleMock: Pick<MockApi, 'held'> }).pettoraleMock.held(name), operation)
}

/**
 * An in-progress indicator: the app's loading states are a `status` whose words end with an
 * ellipsis ("Loading…", "Checking your session…", "Loading race details…"), in every language.
 */
const IN_PROGRESS = /…\s*$/

/**
 * Runs axe on the page once its content is in: no loading indicator left, and, when the caller
 * names it, the screen's own content visible. A scan of a skeleton or a spinner would pass a screen
 * whose real content was never checked. (An in-between state a test scans on purpose, an upload
 * under way, is held by a control and shows no loading status.)
 */
export async function expectNoAxeViolations(page: Page, options: { content?: Locator } = {}) {
  if (options.content) await expect(options.content.first(), "the screen's content, before the axe scan").toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: IN_PROGRESS }), 'a loading indicator, gone before the axe scan').toHaveCount(0)
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
}

/** A phone's width and a desktop's: the two every journey's screens are looked at. */
const SCREEN_WIDTHS = [360, 1280] as const

/**
 * A journey's screen, kept for a person to look at and scanned: a full-page screenshot at a phone's
 * width and a desktop's (`test-results/<shot>-<width>.png`), and an axe scan at each width of
 * `axeAt`: both where the layout changes with the width, a phone's alone where only spacing does.
 */
export async function checkScreen(page: Page, shot: string, content: Locator, axeAt: ReadonlyArray<(typeof SCREEN_WIDTHS)[number]> = SCREEN_WIDTHS) {
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 })
    if (axeAt.includes(width)) await expectNoAxeViolations(page, { content })
    await page.screenshot({ path: `test-results/${shot}-${String(width)}.png`, fullPage: true })
  }
}
