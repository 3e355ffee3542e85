/**
 * Bench lines of the enrolment wizard (DESIGN.md section 9): a step transition at 4x CPU slowdown
 * (<= 100 ms) and the JS heap in the wizard (<= 8 MB).
 *
 * The athlete (the `completo` persona) signs in through the API and the session is stored as the
 * portal stores it, so the page opens signed in. Through the steps that need no server call (rules,
 * refund option, GPS, summary, and back), each Next or Back is clicked in the page; the time runs
 * from the click to the next animation frame after the new step's heading is in the document. The
 * figure is the median transition over the rounds.
 */
import type { Page } from '@playwright/test'
import { PERSONAS } from '../../mocks/seed/personas'
import { SEED_NOW_MS } from '../../mocks/seed/time'
import type { Bench, Line, Measure } from './index'
import { median } from './lighthouse'

/** Open at the seed's "now", with an open subscription of the persona (mocks/seed/ledger.ts). */
const RACE = 203
const ROUNDS = 3

async function signedInPage({ browser, url }: Bench): Promise<Page> {
  const { mail, password } = PERSONAS.find((persona) => persona.key === 'completo')!
  const answer = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('pettorale-portal:bench')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: mail, password }).toString(),
  })
  const { access_token: token, expires_in: expiresIn } = (await answer.json()) as { access_token: string; expires_in: number }
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } })
  await context.addInitScript(
    ([stored]) => {
      localStorage.setItem('pettorale.locale', 'en')
      localStorage.setItem('pettorale.session', stored!)
    },
    [JSON.stringify({ token, expiresAt: SEED_NOW_MS + expiresIn * 1000 })],
  )
  const page = await context.newPage()
  // The simulated backend's clock starts at the seed's "now"; the page's must too, or the race's
  // registration would already be closed by today's date.
  await page.clock.setSystemTime(SEED_NOW_MS)
  return page
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

export const wizardMeasures: Measure = async (bench) => {
  const page = await signedInPage(bench)
  const cdp = await page.context().newCDPSession(page)
  try {
    await page.goto(`${bench.url}/race/${String(RACE)}/subscribe`)
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
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })

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
      { name: 'JS heap in the wizard after GC', value: usedSize / 1024 / 1024, unit: 'MB', budget: 8, kind: 'max' },
    ]
    return lines
  } finally {
    await page.context().close()
  }
}
