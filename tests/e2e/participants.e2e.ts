import type { Locator, Page } from '@playwright/test'
import { createSeed, SEED_RACE_IDS } from '../../mocks/seed'
import { crowdEntrants } from '../../mocks/seed/entrants'
import { raceById } from '../../mocks/seed/races'
import { expect, expectNoAxeViolations, mock, READ_FAILURE_TIMEOUT_MS, test } from './fixtures'

// What the simulated backend serves, read here to know what the lists must show.
const seed = createSeed()
const entrantsOf = (raceId: number) => [
  ...(raceId === SEED_RACE_IDS.crowd ? crowdEntrants(raceById(raceId)) : []),
  ...seed.entrants.filter((entrant) => entrant.race_id === raceId),
]
const rankingOf = (raceId: number) => seed.rankings.filter((row) => row.race_id === raceId)
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const number = (value: number) => value.toLocaleString('en')

const CROWD = SEED_RACE_IDS.crowd
const RANKED = SEED_RACE_IDS.pastWithRanking
/** The flagship's 2024 edition, ranked like the 2025 one. */
const PREVIOUS_FLAGSHIP = 91
/** The flagship's 2026 edition: not run yet at the seed's "now". */
const NEXT_FLAGSHIP = SEED_RACE_IDS.flagship

const count = (page: Page) => page.getByRole('main').getByRole('status')
const table = (page: Page) => page.getByRole('main').getByRole('table')
/** The cells of one column in the rows rendered (the list is virtualised). */
const column = (page: Page, index: number): Locator => table(page).locator(`tbody tr[aria-rowindex] td:nth-child(${String(index)})`)

test.describe('subscribers list', () => {
  test('20,000 entrants: counted, virtualised, with the whole list known to assistive technology', async ({ page }) => {
    const total = entrantsOf(CROWD).length
    await page.goto(`/race/${String(CROWD)}/subscribers`)
    await expect(page.getByRole('heading', { level: 1, name: 'Entry list' })).toBeVisible()
    await expect(page).toHaveTitle('Entry list · pettorale')
    await expect(count(page)).toHaveText(`${number(total)} participants`)
    await expect(table(page)).toHaveAttribute('aria-rowcount', String(total + 1))
    await expect(table(page).getByRole('columnheader')).toHaveText(['Bib', 'Name', 'Nationality', 'Country / region', 'Category', 'Team'])
    const rendered = await table(page).locator('tbody tr[aria-rowindex]').count()
    expect(rendered).toBeGreaterThan(5)
    expect(rendered).toBeLessThan(100)

    // Scrolled to the end, the last bib is there, at its place in the whole list.
    await page.getByRole('region', { name: /^Entrants/ }).evaluate((box) => box.scrollTo(0, box.scrollHeight))
    const last = table(page).locator(`tr[aria-rowindex="${String(total + 1)}"]`)
    await expect(last.getByRole('cell').first()).toHaveText(String(total))
    expect(await table(page).locator('tbody tr[aria-rowindex]').count()).toBeLessThan(100)
  })

  test('the search ignores accents and case, counts what it finds and survives a reload', async ({ page }) => {
    const expected = entrantsOf(CROWD).filter((entrant) => plain(entrant.nome).includes('muller'))
    expect(expected.some((entrant) => entrant.nome.includes('Müller'))).toBe(true)
    await page.goto(`/race/${String(CROWD)}/subscribers`)
    await page.getByLabel('Name or bib').fill('muller')
    const found = `${number(expected.length)} of ${number(entrantsOf(CROWD).length)} participants`
    await expect(count(page)).toHaveText(found)
    await expect(column(page, 2).first()).toContainText('Müller')
    for (const name of await column(page, 2).allTextContents()) expect(plain(name)).toContain('muller')
    await expect(page).toHaveURL(/[?&]q=muller(&|$)/)

    await page.reload()
    await expect(page.getByLabel('Name or bib')).toHaveValue('muller')
    await expect(count(page)).toHaveText(found)

    // The other way round: accented, upper-case input finds the plain spelling too.
    await page.getByLabel('Name or bib').fill('MÜLLER')
    await expect(count(page)).toHaveText(found)
  })

  test('country, region, bib range, category and sort all live in the address and survive a reload', async ({ page }) => {
    const field = entrantsOf(RANKED)
    const inValais = field.filter((entrant) => entrant.paese === 'CH' && entrant.regione === 'Valais')
    await page.goto(`/race/${String(RANKED)}/subscribers`)
    await expect(count(page)).toHaveText(`${number(field.length)} participants`)

    const region = page.getByLabel('Region')
    await expect(region).toBeDisabled()
    await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Switzerland' })
    await expect(region).toBeEnabled()
    await region.selectOption('Valais')
    await expect(count(page)).toHaveText(`${number(inValais.length)} of ${number(field.length)} participants`)
    for (const place of await column(page, 4).allTextContents()) expect(place).toBe('Switzerland · Valais')

    // Another filter set: Italian residents in the bibs 100-199, one category, sorted by name.
    await page.getByRole('button', { name: 'Clear filters' }).first().click()
    await expect(count(page)).toHaveText(`${number(field.length)} participants`)
    await expect(page.getByLabel('Name or bib')).toBeFocused()
    const wanted = field.filter((e) => e.paese === 'IT' && e.pettorale >= 100 && e.pettorale <= 199 && e.categoria === 'SM')
    await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Italy' })
    await page.getByLabel('Bib or range').fill('100-199')
    await page.getByLabel('Category').selectOption('SM')
    await page.getByLabel('Sort by').selectOption({ label: 'Name' })
    const filtered = `${number(wanted.length)} of ${number(field.length)} participants`
    await expect(count(page)).toHaveText(filtered)
    const byName = wanted.map((e) => e.nome).sort(new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare)
    await expect(column(page, 2)).toHaveText(byName.slice(0, await column(page, 2).count()))
    await expect(table(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending')

    await page.reload()
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('IT')
    await expect(page.getByLabel('Bib or range')).toHaveValue('100-199')
    await expect(page.getByLabel('Category')).toHaveValue('SM')
    await expect(page.getByLabel('Sort by')).toHaveValue('name')
    await expect(count(page)).toHaveText(filtered)
    for (const bib of await column(page, 1).allTextContents()) {
      expect(Number(bib)).toBeGreaterThanOrEqual(100)
      expect(Number(bib)).toBeLessThanOrEqual(199)
    }
  })

  test('a bib filter that is not a bib or a range says so at the field and filters nothing', async ({ page }) => {
    const total = entrantsOf(RANKED).length
    await page.goto(`/race/${String(RANKED)}/subscribers`)
    const bib = page.getByLabel('Bib or range')
    await bib.fill('120')
    await expect(count(page)).toHaveText(`1 of ${number(total)} participants`)
    await expect(column(page, 1)).toHaveText(['120'])

    await bib.fill('199-100')
    await expect(bib).toHaveAttribute('aria-invalid', 'true')
    await expect(bib).toHaveAccessibleDescription('Put the lower bib first, as in 100-199.')
    await expect(count(page)).toHaveText(`${number(total)} participants`)

    await bib.fill('100 to 199')
    await expect(bib).toHaveAccessibleDescription('Enter one bib (120) or a range (100-199).')
    await bib.fill('100-199')
    await expect(bib).not.toHaveAttribute('aria-invalid')
    await expect(count(page)).toHaveText(`100 of ${number(total)} participants`)
  })

  test('filters matching nobody say so and clear in one click; back and forward walk the filters', async ({ page }) => {
    const total = entrantsOf(RANKED).length
    await page.goto(`/race/${String(RANKED)}/subscribers`)
    await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Switzerland' })
    await page.getByLabel('Name or bib').fill('nobody-has-this-name')
    await expect(page.getByText('No participants match these filters.')).toBeVisible()
    await expect(count(page)).toHaveText(`0 of ${number(total)} participants`)
    await expect(page).toHaveURL(/q=nobody-has-this-name/)

    // Typing is one history entry, not one per keystroke: back goes to the list before typing.
    await page.goBack()
    await expect(page).toHaveURL(/\?country=CH$/)
    await expect(page.getByLabel('Name or bib')).toHaveValue('')
    await page.goForward()
    await expect(page.getByLabel('Name or bib')).toHaveValue('nobody-has-this-name')

    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click()
    await expect(count(page)).toHaveText(`${number(total)} participants`)
    await expect(page).toHaveURL(`/race/${String(RANKED)}/subscribers`)
  })

  test('a race nobody has entered yet says so', async ({ page }) => {
    await page.goto(`/race/${String(SEED_RACE_IDS.opening_days)}/subscribers`)
    await expect(page.getByText('Nobody has entered this race yet.')).toBeVisible()
  })

  test('the header leads back to the race and over to its ranking', async ({ page }) => {
    await page.goto(`/race/${String(RANKED)}/subscribers`)
    const links = page.getByRole('navigation', { name: 'This race' })
    await expect(links.getByRole('link', { name: 'Tor des Pettorale 330 2025' })).toHaveAttribute('href', `/race/${String(RANKED)}`)
    await links.getByRole('link', { name: 'Results' }).click()
    await expect(page).toHaveURL(`/race/${String(RANKED)}/ranking`)
    await expect(page.getByRole('heading', { level: 1, name: 'Race results' })).toBeVisible()
    await page.getByRole('navigation', { name: 'This race' }).getByRole('link', { name: 'Entry list' }).click()
    await expect(page).toHaveURL(`/race/${String(RANKED)}/subscribers`)
  })

  test('when the list cannot be loaded, the athlete can try again', async ({ page, expectFailures }) => {
    expectFailures({ operation: 'races.subscribers', status: 'network' })
    await page.goto('/contacts')
    await mock(page, 'fault', 'races.subscribers', { kind: 'network' })
    await page.goto(`/race/${String(RANKED)}/subscribers`)
    await expect(page.getByRole('alert')).toContainText('We could not reach the server.', { timeout: READ_FAILURE_TIMEOUT_MS })
    await mock(page, 'fault', 'races.subscribers', null)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(count(page)).toHaveText(`${number(entrantsOf(RANKED).length)} participants`)
  })

  test('an answer that breaks the contract is explained, not a crash', async ({ page, expectFailures }) => {
    expectFailures({ console: /^\[pettorale\] races\.subscribers response does not match its contract/ })
    await page.goto('/contacts')
    await mock(page, 'fault', 'races.subscribers', { kind: 'contract' })
    await page.goto(`/race/${String(RANKED)}/subscribers`)
    await expect(page.getByRole('alert')).toContainText('The server sent an answer we did not understand.')
  })
})

test.describe('ranking', () => {
  const ranking = rankingOf(RANKED)

  test('positions, times and gaps; filtered by category, nationality and name, surviving a reload', async ({ page }) => {
    await page.goto(`/race/${String(RANKED)}/ranking`)
    await expect(page).toHaveTitle('Race results · pettorale')
    await expect(count(page)).toHaveText(`${number(ranking.length)} finishers`)
    await expect(table(page).getByRole('columnheader')).toHaveText(['Pos.Position', 'Bib', 'Name', 'Nationality', 'Category', 'Time', 'Gap'])
    const winner = table(page).locator('tr[aria-rowindex="2"]')
    await expect(winner.getByRole('cell')).toHaveText([
      '1',
      String(ranking[0]!.pettorale),
      ranking[0]!.nome,
      /Germany$/,
      ranking[0]!.categoria,
      /^\d+:\d\d:\d\d$/,
      '—Winner',
    ])
    await expect(table(page).locator('tr[aria-rowindex="3"] td').last()).toHaveText(/^\+\d+:\d\d:\d\d$/)

    const women = ranking.filter((row) => row.categoria === 'SF')
    const frenchWomen = women.filter((row) => row.nazionalita === 'FR')
    await page.getByLabel('Category').selectOption('SF')
    await expect(count(page)).toHaveText(`${number(women.length)} of ${number(ranking.length)} finishers`)
    await page.getByLabel('Nationality').selectOption({ label: 'France' })
    await expect(count(page)).toHaveText(`${number(frenchWomen.length)} of ${number(ranking.length)} finishers`)
    await expect(column(page, 1)).toHaveText(frenchWomen.slice(0, await column(page, 1).count()).map((row) => String(row.posizione)))

    const one = frenchWomen[1]!
    const surname = one.nome.split(' ').at(-1)!
    await page.getByLabel('Name or bib').fill(plain(surname))
    const sameSurname = frenchWomen.filter((row) => plain(row.nome).includes(plain(surname)))
    await expect(count(page)).toHaveText(`${number(sameSurname.length)} of ${number(ranking.length)} finishers`)
    // Typed text reaches the address after a pause in typing.
    await expect(page).toHaveURL(new RegExp(`[?&]q=${plain(surname)}(&|$)`))

    await page.reload()
    await expect(page.getByLabel('Category')).toHaveValue('SF')
    await expect(page.getByLabel('Nationality')).toHaveValue('FR')
    await expect(page.getByLabel('Name or bib')).toHaveValue(plain(surname))
    await expect(count(page)).toHaveText(`${number(sameSurname.length)} of ${number(ranking.length)} finishers`)
  })

  test('an edition not run yet says when its ranking is expected and links to the past editions', async ({ page }) => {
    await page.goto(`/race/${String(NEXT_FLAGSHIP)}/ranking?category=SF`)
    await expect(page.getByText('No results yet')).toBeVisible()
    // Start 13 September 2026, 10:00 in Rome, plus the 150-hour limit: a time of the race's schedule, in Rome's zone.
    await expect(page.getByText(/This edition has not been run yet\. Results are expected after 19 Sept? 2026, 16:00 CEST/)).toBeVisible()
    await page.getByRole('link', { name: '2025 results' }).click()
    await expect(page).toHaveURL(`/race/${String(RANKED)}/ranking?category=SF`)
    await expect(page.getByLabel('Category')).toHaveValue('SF')
  })

  test('a race under way says its ranking comes after the time limit', async ({ page }) => {
    await page.goto(`/race/${String(SEED_RACE_IDS.live)}/ranking`)
    await expect(page.getByText(/The race is under way\. Results are expected after 2 Mar 2026, 12:30 CET/)).toBeVisible()
  })

  test('the editions run so far are a select that keeps the filters', async ({ page }) => {
    await page.goto(`/race/${String(RANKED)}/ranking?category=SF`)
    await expect(count(page)).toContainText('finishers')
    const edition = page.getByLabel('Edition')
    await expect(edition.locator('option')).toHaveText(['2025', '2024'])
    await expect(edition).toHaveValue(String(RANKED))
    await edition.selectOption({ label: '2024' })
    await expect(page).toHaveURL(`/race/${String(PREVIOUS_FLAGSHIP)}/ranking?category=SF`)
    await expect(page.getByRole('main')).toContainText('Tor des Pettorale 330 2024')
    await expect(page.getByLabel('Category')).toHaveValue('SF')
    await page.goBack()
    await expect(page).toHaveURL(`/race/${String(RANKED)}/ranking?category=SF`)

    // Once the 2026 edition has been run it joins them, newest first.
    await mock(page, 'setNow', '2026-09-20T12:00:00+02:00')
    await expect(edition.locator('option')).toHaveText(['2026', '2025', '2024'])
    await edition.selectOption({ label: '2026' })
    await expect(page).toHaveURL(`/race/${String(NEXT_FLAGSHIP)}/ranking?category=SF`)
    await expect(page.getByText('The results of this edition have not been published yet.')).toBeVisible()
  })
})

test.describe('race not found', () => {
  // A number is asked for and the backend answers 404; anything else is never asked.
  const lists = [
    ['/race/999999/subscribers', ['races.get', 'races.subscribers']],
    ['/race/abc/subscribers', []],
    ['/race/abc/ranking', []],
    ['/race/999999/ranking', ['races.get', 'races.ranking']],
  ] as const
  for (const [path, refused] of lists) {
    test(`${path} is no race`, async ({ page, expectFailures }) => {
      expectFailures(...refused.map((operation) => ({ operation, status: 404 })))
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: 'Race not found' })).toBeVisible()
      await expect(page).toHaveTitle('Race not found · pettorale')
      await expect(page.getByRole('link', { name: 'Go to the race list' })).toBeVisible()
    })
  }
})

test.describe('participant lists: accessibility and small screens', () => {
  // The CI's Chromium has no Japanese font: the check is the rule and the room, not the glyphs drawn.
  test('in Japanese at 360 px the bib heading is one word: ゼッケン is never broken inside, and has the room for it', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    await page.addInitScript(() => localStorage.setItem('pettorale.locale', 'ja'))
    await page.goto(`/race/${String(CROWD)}/subscribers`)
    const bib = table(page).getByRole('columnheader', { name: 'ゼッケン' })
    await expect(bib).toBeVisible()
    const { wordBreak, room, needed } = await bib.evaluate((th) => {
      const style = getComputedStyle(th)
      return { wordBreak: style.wordBreak, room: th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), needed: 4 * parseFloat(style.fontSize) }
    })
    expect(wordBreak).toBe('keep-all')
    expect(room).toBeGreaterThanOrEqual(needed)
  })

  for (const width of [360, 1280]) {
    test(`at ${String(width)} px both lists have no axe violations and nothing overflows the page sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      const screens = [
        [`/race/${String(CROWD)}/subscribers`, 'Entry list', table(page)],
        [`/race/${String(RANKED)}/ranking`, 'Race results', table(page)],
        [`/race/${String(NEXT_FLAGSHIP)}/ranking`, 'Race results', page.getByText('No results yet')],
      ] as const
      for (const [path, title, ready] of screens) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
        await expect(page.getByRole('navigation', { name: 'This race' }).getByRole('link')).toHaveCount(2)
        await expect(ready).toBeVisible()
        await expectNoAxeViolations(page)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      }
    })
  }

  test('at 360 px the essential columns are on screen, the others folded under the name, headers and labels whole', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    const winner = rankingOf(RANKED)[0]!
    const screens = [
      [`/race/${String(RANKED)}/ranking`, /^Results/, ['Pos.Position', 'Name', 'Time'], 3],
      [`/race/${String(CROWD)}/subscribers`, /^Entrants/, ['Bib', 'Name', 'Category'], 3],
    ] as const
    for (const [path, region, headers, essential] of screens) {
      await page.goto(path)
      await expect(table(page).getByRole('columnheader')).toHaveText([...headers])
      // The essential column's first cell (the ranking's time, the subscribers' category) is within the screen.
      const cell = column(page, essential).first()
      await expect(cell).toBeVisible()
      const box = (await cell.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(360)
      // Neither the page nor the table's own box scrolls sideways.
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360)
      expect(await page.getByRole('region', { name: region }).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
      // Headers and the filters' labels wrap: none is cut.
      const cut = (elements: Element[]) => elements.filter((element) => element.scrollWidth > element.clientWidth).map((element) => element.textContent)
      expect(await table(page).locator('th').evaluateAll(cut)).toEqual([])
      expect(await page.getByRole('search').locator('label').evaluateAll(cut)).toEqual([])
      await expectNoAxeViolations(page)
    }

    // The columns left out are in the name's cell: read there, after their headers' words.
    await page.goto(`/race/${String(RANKED)}/ranking`)
    const name = table(page).locator('tr[aria-rowindex="2"] td').nth(1)
    await expect(name).toContainText(winner.nome)
    await expect(name).toContainText(`Bib: ${String(winner.pettorale)}`)
    await expect(name).toContainText('Nationality: ')
    await expect(name).toContainText('Germany')
    await expect(name).toContainText(`Category: ${winner.categoria}`)
    await expect(name).toContainText('Gap: ')
    await expect(name).toContainText('Winner')
    await expect(table(page).locator('tr[aria-rowindex="2"] td').last()).toHaveText(/^\d+:\d\d:\d\d$/)
  })
})
