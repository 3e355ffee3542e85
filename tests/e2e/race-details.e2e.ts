import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import ICAL from 'ical.js'
import { HOUR_MS } from '../../contracts/time'
import { SEED_RACE_IDS } from '../../mocks/seed/races'
import { expect, expectNoAxeViolations, mock, test } from './fixtures'

const FLAGSHIP = 'Tor des Pettorale 330 2026'

/** The value a definition list gives for a term. */
function fact(scope: Locator, term: string): Locator {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().getByRole('term').getByText(term, { exact: true }) })
    .getByRole('definition')
}

function registrationCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Registration', exact: true })
}

async function openRace(page: Page, id: number, name: string) {
  await page.goto(`/race/${String(id)}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

/** Reads a downloaded calendar file back with a real iCalendar parser. */
async function parseDownload(path: string) {
  const text = await readFile(path, 'utf8')
  const calendar = new ICAL.Component(ICAL.parse(text))
  const event = calendar.getFirstSubcomponent('vevent')
  if (!event) throw new Error(`no VEVENT in ${text}`)
  return { text, event }
}

test.describe('race details', () => {
  test('show every technical fact of the race, its badges, texts and links (English)', async ({ page }) => {
    await openRace(page, SEED_RACE_IDS.flagship, FLAGSHIP)
    await expect(page).toHaveTitle(`${FLAGSHIP} · pettorale`)
    const main = page.getByRole('main')
    await expect(main.getByText('Courmayeur · 13 Sept 2026, 10:00 CEST')).toBeVisible()
    const badges = main.getByRole('list', { name: 'Registration and category' })
    await expect(badges.getByRole('listitem')).toHaveText(['Registration open', 'Flagship race'])

    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      'Registration',
      'Technical information',
      'Elevation profile',
      'Description',
      'Rules',
      'Entrants and results',
      'Other editions',
    ])
    const facts = main.getByRole('region', { name: 'Technical information' })
    const expected: Array<[string, string | RegExp]> = [
      ['Distance', '330.0 km'],
      ['Elevation gain', '24,000 m D+'],
      ['Race type', 'Ultra trail'],
      ['Time limit', '150 h'],
      ['Places', '600'],
      ['Places left', '280'],
      ['Price', '€950.00'],
      ['Protected refund option', '+€95.00'],
      ['GPS tracker rental', '€25.00'],
      ['Registration opens', '16 Feb 2026, 10:00 CET'],
      ['Registration closes', '31 Mar 2026, 18:00 CEST'],
      ['Category', 'Ultra'],
      ['ITRA score', '6 ITRA points'],
      ['ITRA mountain level', '12 points'],
      ['Minimum age', '20 years'],
      ['Entry', /^By lottery: .*PAX.* enter directly/],
    ]
    for (const [term, value] of expected) await expect(fact(facts, term), term).toHaveText(value)

    await expect(main.getByRole('region', { name: 'Rules' }).getByRole('listitem').first()).toHaveText(
      'headlamp with spare batteries',
    )
    const links = main.getByRole('region', { name: 'Entrants and results' })
    await expect(links.getByRole('link', { name: 'Entry list' })).toHaveAttribute('href', '/race/201/subscribers')
    await expect(links.getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/race/201/ranking')
    await expect(links).toContainText('320 athletes entered')
  })

  test('the elevation profile is a labelled chart with a text alternative and its aid stations', async ({ page }) => {
    await openRace(page, SEED_RACE_IDS.flagship, FLAGSHIP)
    const chart = page.getByRole('img', { name: `Elevation profile of ${FLAGSHIP}` })
    await expect(chart).toBeVisible()
    await expect(chart).toHaveAccessibleDescription(
      /^Starts at 1,224 m and finishes at 1,224 m\. Highest point [\d,]+ m at km [\d.]+\. Total climb 24,000 m D\+\. 8 aid stations: Rifugio Deffeyes \(km [\d.]+\), .*Rifugio Bertone \(km [\d.]+\)\.$/,
    )
    const profile = page.getByRole('region', { name: 'Elevation profile' })
    await expect(profile.getByText('24,000 m D+', { exact: true })).toBeVisible()
    await expect(profile.getByRole('heading', { level: 3, name: '8 aid stations' })).toBeVisible()
    await expect(profile.getByRole('listitem')).toHaveCount(8)
    await expect(profile.getByRole('listitem').first()).toContainText('Rifugio Deffeyes')
  })

  test('in Italian: the same structure, with Italian numbers, money and dates', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pettorale.locale', 'it'))
    await page.goto(`/race/${String(SEED_RACE_IDS.flagship)}`)
    await expect(page.getByRole('heading', { level: 1, name: FLAGSHIP })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'it')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 2 })).toHaveCount(7)
    const values = main.getByRole('definition')
    await expect(values.filter({ hasText: /^330,0 km$/ })).toHaveCount(1)
    await expect(values.filter({ hasText: /^24\.000 m D\+$/ })).toHaveCount(1)
    await expect(values.filter({ hasText: /^950,00\s€$/ })).toHaveCount(1)
    await expect(values.filter({ hasText: /^16 feb 2026, 10:00 CET$/ })).toHaveCount(1)
    const chart = main.getByRole('img')
    await expect(chart).toBeVisible()
    await expect(chart).toHaveAccessibleName(/Tor des Pettorale 330 2026/)
    await expect(chart).toHaveAccessibleDescription(/24\.000/)
    await expect(chart).toHaveAccessibleDescription(/Rifugio Deffeyes/)
    await expect(main.getByRole('link', { name: /2025/ }).first()).toHaveAttribute('href', '/race/101')
  })

  test('other editions of the course lead to their page and, once run, to their ranking', async ({ page }) => {
    await openRace(page, SEED_RACE_IDS.flagship, FLAGSHIP)
    const editions = page.getByRole('region', { name: 'Other editions' })
    // Newest first: 2025, then 2024.
    await expect(editions.getByRole('listitem')).toHaveCount(2)
    await expect(editions.getByRole('listitem').first()).toContainText('2025')
    await expect(editions.getByRole('link', { name: '2025 results' })).toHaveAttribute('href', '/race/101/ranking')
    await expect(editions.getByRole('link', { name: '2024 results' })).toHaveAttribute('href', '/race/91/ranking')
    await editions.getByRole('link', { name: 'Edition 2025' }).click()
    await expect(page).toHaveURL('/race/101')
    await expect(page.getByRole('heading', { level: 1, name: 'Tor des Pettorale 330 2025' })).toBeFocused()
    const back = page.getByRole('region', { name: 'Other editions' })
    await expect(back.getByRole('link', { name: 'Edition 2026' })).toHaveAttribute('href', '/race/201')
    await expect(back.getByRole('link', { name: '2026 results' })).toHaveCount(0)
    await expect(registrationCard(page)).toContainText('This edition has already taken place: registration is closed.')
    await expect(page.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0)
  })

  // The enrol action in every registration state (its words, its link and where it points, the
  // disabled opening, the clock passing it) is proven in src/features/races/enrol-action.test.tsx
  // and race-registration.test.tsx; following its link is a journey of race-standing.e2e.ts.

  test.describe('calendar files', () => {
    test('"Add to calendar" downloads the race start as a valid .ics', async ({ page, baseURL }) => {
      await openRace(page, SEED_RACE_IDS.flagship, FLAGSHIP)
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        registrationCard(page).getByRole('button', { name: 'Add to calendar' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('tor-des-pettorale-330-2026.ics')
      const { text, event } = await parseDownload(await download.path())
      expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
      expect(text).toMatch(/\r\nEND:VCALENDAR\r\n$/)
      expect(text).toContain('\r\nDTSTART:20260913T080000Z\r\n')
      expect(event.getFirstPropertyValue('summary')).toBe(FLAGSHIP)
      expect(event.getFirstPropertyValue('location')).toBe('Courmayeur')
      expect(event.getFirstPropertyValue('url')).toBe(`${baseURL!}/race/201`)
      expect(event.getFirstPropertyValue('uid')).toBe('race-201-start@127.0.0.1')
      const start = (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime()
      const end = (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().getTime()
      expect(end - start).toBe(150 * HOUR_MS)
    })

    test('"Remind me when registration opens" downloads the opening with an alarm an hour before', async ({ page }) => {
      await openRace(page, SEED_RACE_IDS.opening_days, 'Ultra dei Laghi Blu 100K 2026')
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        registrationCard(page).getByRole('button', { name: 'Remind me when registration opens' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('ultra-dei-laghi-blu-100k-2026-registration.ics')
      const { text, event } = await parseDownload(await download.path())
      expect(text).toContain('\r\nDTSTART:20260316T090000Z\r\n')
      expect(event.getFirstPropertyValue('summary')).toBe('Registration opens: Ultra dei Laghi Blu 100K 2026')
      const alarm = event.getFirstSubcomponent('valarm')
      expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY')
      expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('-PT1H')
    })

    test('offline, the calendar button says the file could not be prepared; back online it works', async ({ page, context, expectFailures }) => {
      // Offline, the calendar's code (and whatever else the page asks for meanwhile) gets no answer.
      expectFailures({ url: /\/assets\/calendar-[^/]+\.js$/, status: 'network' }, { url: /\/assets\/[^/]+$/, status: 'network' })
      await openRace(page, SEED_RACE_IDS.open, 'Sentiero dei Larici 25K 2026')
      await context.setOffline(true)
      const button = registrationCard(page).getByRole('button', { name: 'Add to calendar' })
      await button.click()
      await expect(registrationCard(page).getByRole('alert')).toHaveText(
        'The calendar file could not be prepared. Check your connection, then try again.',
      )
      await context.setOffline(false)
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
      expect(download.suggestedFilename()).toBe('sentiero-dei-larici-25k-2026.ics')
      await expect(registrationCard(page).getByRole('alert')).toHaveCount(0)
    })
  })

  test.describe('when there is no race', () => {
    test('an unknown id shows "Race not found", in the title too', async ({ page, expectFailures }) => {
      expectFailures({ operation: 'races.get', status: 404 })
      await page.goto('/race/999999')
      await expect(page.getByRole('heading', { level: 1, name: 'Race not found' })).toBeVisible()
      await expect(page).toHaveTitle('Race not found · pettorale')
      await page.getByRole('link', { name: 'Go to the race list' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Trail races' })).toBeVisible()
    })

    test('a non-numeric id shows "Race not found" without asking the server', async ({ page }) => {
      const raceRequests: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/vdatrailers/gare/')) raceRequests.push(request.url())
      })
      await page.goto('/race/abc')
      await expect(page.getByRole('heading', { level: 1, name: 'Race not found' })).toBeVisible()
      await expect(page).toHaveTitle('Race not found · pettorale')
      expect(raceRequests).toEqual([])
    })
  })

  test.describe('while loading and on errors', () => {
    test('a skeleton of the page stands in while the race loads', async ({ page }) => {
      await page.goto('/contacts')
      // The race's answer waits at the backend (the hold is kept across the page load) until the
      // skeleton has been seen.
      await mock(page, 'hold', 'races.get')
      await page.goto('/race/202')
      await expect(page.getByRole('status').filter({ hasText: 'Loading race details…' })).toBeAttached()
      await mock(page, 'release', 'races.get')
      await expect(page.getByRole('heading', { level: 1, name: 'Sentiero dei Larici 25K 2026' })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'Loading race details…' })).toHaveCount(0)
    })

    test('a failed call is explained, with a retry that works', async ({ page, expectFailures }) => {
      expectFailures({ operation: 'races.get', status: 503 })
      await page.goto('/contacts')
      await mock(page, 'fault', 'races.get', { kind: 'status', status: 503 })
      await page.goto('/race/202')
      await expect(page.getByRole('alert')).toContainText('The service is not answering right now.', { timeout: 10_000 })
      await expect(page).toHaveTitle('Race details · pettorale')
      await mock(page, 'fault', 'races.get', null)
      await page.getByRole('button', { name: 'Try again' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Sentiero dei Larici 25K 2026' })).toBeVisible()
    })

    test('an answer that breaks the contract is explained, not a crash', async ({ page, expectFailures }) => {
      expectFailures({ console: /^\[pettorale\] races\.get response does not match its contract/ })
      await page.goto('/contacts')
      await mock(page, 'fault', 'races.get', { kind: 'contract' })
      await page.goto('/race/202')
      await expect(page.getByRole('alert')).toContainText('The server sent an answer we did not understand.')
    })
  })

  for (const width of [360, 1280]) {
    test(`at ${String(width)} px: no axe violations and nothing overflows sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      for (const [id, name] of [
        [SEED_RACE_IDS.flagship, FLAGSHIP],
        [SEED_RACE_IDS.opening_days, 'Ultra dei Laghi Blu 100K 2026'],
      ] as const) {
        await openRace(page, id, name)
        await expect(page.getByRole('img', { name: `Elevation profile of ${name}` })).toBeVisible()
        await expectNoAxeViolations(page)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        // The chart is drawn at its box's size: one user unit per CSS pixel, so labels keep their size.
        const drawn = await page.getByRole('img', { name: `Elevation profile of ${name}` }).evaluate((svg) => {
          const box = svg.getBoundingClientRect()
          const [, , w, h] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number)
          return { box: [Math.round(box.width), Math.round(box.height)], viewBox: [w, h] }
        })
        expect(drawn.viewBox).toEqual(drawn.box)
      }
    })
  }
})
