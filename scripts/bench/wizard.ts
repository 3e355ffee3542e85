/**
 * Bench lines of the enrolment wizard (DESIGN.md section 9): a step transition at 4x CPU slowdown
 * (<= 100 ms) and the JS heap in the wizard (<= 8 MB).
 *
 * The athlete (the `completo` persona) signs in through the API and the session is stored as the
 * portal stores it, so the page opens signed in. Through the steps that need no server call (rules,
 * refund option, GPS, summary, and back), each Next or Back is clicked in the page; the time runs
 * from the click to the next animation frame after the new step's heading is in the document. The
 * figure is the median transition over the rounds.
 *
 * INP of the wizard's Next at the same slowdown: Next and Back clicked as an athlete does (Playwright's
 * mouse, trusted input the Event Timing API sees), each Next's interaction the longest `event` entry
 * it caused (web-vitals' method); the line is the worst of them, as INP is for fewer than 50 interactions.
 */
import type { Page } from '@playwright/test'
import { PERSONAS } from '../../mocks/seed/personas'
import { SEED_NOW_MS } from '../../mocks/seed/time'
import { median } from './lighthouse'
import type { Bench, Line, Measure } from './types'

/** Open at the seed's "now", with an open subscription of the persona (mocks/seed/ledger.ts). */
export const WIZARD_RACE = 203
const ROUNDS = 3

/**
 * Script source, run before the portal's own in each document of the portal's origin, that signs the
 * athlete in as the portal keeps its session (localStorage `pettorale.session`), chooses `locale`,
 * and starts the page's clock at the seed's "now" like the simulated backend's: by today's date the
 * race's registration would be closed. A script, not a browser's API, so Lighthouse's Chrome and
 * Playwright's run the same one.
 */
export async function signedInScript({ url, backend }: Pick<Bench, 'url' | 'backend'>, locale: string): Promise<string> {
  const { mail, password } = PERSONAS.find((persona) => persona.key === 'completo')!
  const answer = await fetch(`${backend}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('pettorale-portal:bench')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: mail, password }).toString(),
  })
  const { access_token: token, expires_in: expiresIn } = (await answer.json()) as { access_token: string; expires_in: number }
  const session = JSON.stringify({ token, expiresAt: SEED_NOW_MS + expiresIn * 1000 })
  return `if (location.origin === ${JSON.stringify(url)}) {
  localStorage.setItem('pettorale.locale', ${JSON.stringify(locale)})
  localStorage.setItem('pettorale.session', ${JSON.stringify(session)})
  const offset = ${String(SEED_NOW_MS - Date.now())}
  const RealDate = Date
  globalThis.Date = class extends RealDate {
    constructor(...args) { super(...(args.length ? args : [RealDate.now() + offset])) }
    static now() { return RealDate.now() + offset }
  }
}`
}

async function signedInPage(bench: Bench): Promise<Page> {
  const context = await bench.browser.newContext({ viewport: { width: 360, height: 780 } })
  await context.addInitScript({ content: await signedInScript(bench, 'en') })
  return context.newPage()
}

/**
 * Clicks the button named `label` and resolves, at the next animation frame after the heading with
 * id `headingId` is in the document, with the ms since the click. Plain source text, not a function:
 * tsx would wrap named functions in a helper the page does not have.
 */
const TRANSITION = `(label, headingId) => new Promise((resolve, reject) => {
  const button = [...document.querySelectorAll('main button')].find((b) => b.textContent.trim() === label)
  if (!button) return reject(new Error('no button ' + label))
  const start = performance.now()
  const observer = new MutationObserver(() => {
    if (!document.getElementById(headingId)) return
    observer.disconnect()
    requestAnimationFrame(() => resolve(performance.now() - start))
  })
  observer.observe(document.querySelector('main'), { childList: true, subtree: true })
  button.click()
})`

function transition(page: Page, label: string, headingId: string): Promise<number> {
  return page.evaluate(`(${TRANSITION})(${JSON.stringify(label)}, ${JSON.stringify(headingId)})`) as Promise<number>
}

/** Keeps every Event Timing entry of an interaction from 16 ms (the API's floor) on. */
const EVENT_TIMING = `(() => {
  window.__events = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) window.__events.push({ startTime: entry.startTime, duration: entry.duration })
  }).observe({ type: 'event', durationThreshold: 16 })
})()`

/**
 * Clicks the button `label` with the mouse and resolves, once its step's heading `headingId` is in,
 * with the interaction's duration: its longest entry, or 0 when none reached 16 ms. Entries come
 * after the frame that follows the interaction; 300 ms leaves room for them at 4x slowdown.
 */
async function interaction(page: Page, label: string, headingId: string): Promise<number> {
  const since = (await page.evaluate('performance.now()')) as number
  await page.getByRole('button', { name: label, exact: true }).click()
  await page.locator(`#${headingId}`).waitFor()
  await page.waitForTimeout(300)
  return (await page.evaluate(`Math.max(0, ...window.__events.filter((entry) => entry.startTime >= ${String(since)}).map((entry) => entry.duration))`)) as number
}

export const wizardMeasures: Measure = async (bench) => {
  const page = await signedInPage(bench)
  const cdp = await page.context().newCDPSession(page)
  try {
    await page.goto(`${bench.url}/race/${String(WIZARD_RACE)}/subscribe`)
    await page.locator('#step-dataCheck').waitFor()
    await page.getByLabel('All my data is correct').check()
    await page.getByRole('button', { name: 'Next', exact: true }).click()
    await page.getByLabel('Shuttle bus to the start *').selectOption('Cogne')
    await page.getByRole('button', { name: 'Next', exact: true }).click()
    await page.getByLabel('I have read the race rules and I accept them').check()
    await page.getByRole('button', { name: 'Next', exact: true }).click()
    await page.getByRole('radio', { name: /Protected/ }).check()
    await page.getByRole('button', { name: 'Next', exact: true }).click()
    await page.getByRole('radio', { name: 'No, thank you' }).check()
    await page.getByRole('button', { name: 'Next', exact: true }).click()
    await page.locator('#step-summary').waitFor()

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const samples: number[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      samples.push(await transition(page, 'Back', 'step-gps'))
      samples.push(await transition(page, 'Back', 'step-refund'))
      samples.push(await transition(page, 'Back', 'step-rules'))
      samples.push(await transition(page, 'Next', 'step-refund'))
      samples.push(await transition(page, 'Next', 'step-gps'))
      samples.push(await transition(page, 'Next', 'step-summary'))
    }
    await page.evaluate(EVENT_TIMING)
    const nexts: number[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      await interaction(page, 'Back', 'step-gps')
      await interaction(page, 'Back', 'step-refund')
      await interaction(page, 'Back', 'step-rules')
      nexts.push(await interaction(page, 'Next', 'step-refund'))
      nexts.push(await interaction(page, 'Next', 'step-gps'))
      nexts.push(await interaction(page, 'Next', 'step-summary'))
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const inp = Math.max(...nexts)

    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    const lines: Line[] = [
      {
        name: 'wizard step transition at 4x CPU slowdown',
        value: median(samples),
        unit: 'ms',
        budget: 100,
        kind: 'max',
        note: `median of ${String(samples.length)}, slowest ${Math.max(...samples).toFixed(0)} ms`,
      },
      {
        name: "INP of the wizard's Next at 4x CPU slowdown",
        value: inp,
        unit: 'ms',
        budget: 100,
        kind: 'max',
        note:
          inp === 0
            ? `no Next of ${String(nexts.length)} reached 16 ms, the Event Timing API's floor`
            : `worst of ${String(nexts.length)} Nexts (Event Timing), median ${median(nexts).toFixed(0)} ms`,
      },
      { name: 'JS heap in the wizard after GC', value: usedSize / 1024 / 1024, unit: 'MB', budget: 8, kind: 'max' },
    ]
    return lines
  } finally {
    await page.context().close()
  }
}
