import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { CourseProfile } from '../../../contracts/races.contract'
import { activateLocale, i18n } from '../../lib/i18n'
import { CHART_MARGIN, decimalsOf, ElevationProfile, niceStep, profileChart, profileFacts } from './elevation-profile'

beforeAll(async () => {
  await activateLocale('en')
})
afterEach(() => {
  cleanup()
})

/** A 10 km course over one pass, with two aid stations. */
const small: CourseProfile = {
  punti: [
    { km: 0, quota_m: 1000 },
    { km: 5, quota_m: 2000 },
    { km: 10, quota_m: 1500 },
  ],
  ristori: [
    { km: 7.5, quota_m: 1750, nome: 'Alpe Porassey' },
    { km: 2.5, quota_m: 1500, nome: 'Lago Verney' },
  ],
}

/** A long loop like the flagship's: 330 km between about 1,200 and 3,000 m. */
function longLoop(): CourseProfile {
  const punti = Array.from({ length: 160 }, (_, index) => ({
    km: Math.round(((index * 330) / 159) * 100) / 100,
    quota_m: Math.round(1224 + 900 * (1 - Math.cos((index / 159) * Math.PI * 12)) - (index === 80 ? -50 : 0)),
  }))
  return { punti, ristori: [{ km: 41.3, quota_m: 2000, nome: 'Valgrisenche' }] }
}

describe('round steps for the axes', () => {
  it('picks 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(330, 5)).toBe(100)
    expect(niceStep(330, 10)).toBe(50)
    expect(niceStep(3.4, 4)).toBe(1)
    expect(niceStep(3.4, 8)).toBe(0.5)
    expect(niceStep(1000, 4)).toBe(250)
    expect(niceStep(1800, 3)).toBe(1000)
    expect(niceStep(12, 5)).toBe(2.5)
    expect(niceStep(0, 5)).toBe(1)
  })

  it('knows how many decimals a step needs', () => {
    expect(decimalsOf(500)).toBe(0)
    expect(decimalsOf(2.5)).toBe(1)
    expect(decimalsOf(0.5)).toBe(1)
    expect(decimalsOf(0.25)).toBe(2)
    expect(decimalsOf(0.1 + 0.2)).toBe(1)
  })
})

describe('the profile chart geometry', () => {
  const chart = profileChart(small, { width: 400, height: 200 })

  it('leaves room for the labels and scales distance and altitude into the plot', () => {
    expect(chart.plot).toEqual({ left: CHART_MARGIN.left, top: CHART_MARGIN.top, right: 400 - CHART_MARGIN.right, bottom: 200 - CHART_MARGIN.bottom })
    expect(chart.x.scale(0)).toBe(chart.plot.left)
    expect(chart.x.scale(10)).toBe(chart.plot.right)
    expect(chart.y.scale(chart.y.min)).toBe(chart.plot.bottom)
    expect(chart.y.scale(chart.y.max)).toBe(chart.plot.top)
  })

  it('puts ticks on round values inside the axes', () => {
    expect(chart.x.ticks).toEqual([0, 2, 4, 6, 8, 10])
    expect(chart.x.fractionDigits).toBe(0)
    expect(chart.y).toMatchObject({ min: 1000, max: 2000, ticks: [1000, 1250, 1500, 1750, 2000], fractionDigits: 0 })
  })

  it('draws the course as a line and as an area closed down to the distance axis', () => {
    // plot: x 46..386 (34 px a km), y 170 (1,000 m) .. 26 (2,000 m)
    expect(chart.linePath).toBe('M46 170 L216 26 L386 98')
    expect(chart.areaPath).toBe('M46 170 L216 26 L386 98 L386 170 L46 170 Z')
  })

  it('marks the highest point and numbers the aid stations in course order', () => {
    expect(chart.highest).toEqual({ km: 5, quota_m: 2000, cx: 216, cy: 26 })
    expect(chart.stations.map(({ number, nome, cx, cy }) => ({ number, nome, cx, cy }))).toEqual([
      { number: 1, nome: 'Lago Verney', cx: 131, cy: 98 },
      { number: 2, nome: 'Alpe Porassey', cx: 301, cy: 62 },
    ])
  })

  it('reads points given out of order in order of distance', () => {
    const shuffled = { ...small, punti: [small.punti[2]!, small.punti[0]!, small.punti[1]!] }
    expect(profileChart(shuffled, { width: 400, height: 200 }).linePath).toBe(chart.linePath)
  })

  it('keeps a nearly flat course from being drawn as a cliff', () => {
    const flat = profileChart({ punti: [{ km: 0, quota_m: 583 }, { km: 10, quota_m: 590 }], ristori: [] }, { width: 400, height: 200 })
    expect(flat.y.max - flat.y.min).toBeGreaterThanOrEqual(100)
    expect(flat.y.min).toBeLessThanOrEqual(583)
    expect(flat.y.max).toBeGreaterThanOrEqual(590)
  })

  it('labels a short vertical course in fractions of a kilometre', () => {
    const course = { punti: [{ km: 0, quota_m: 1800 }, { km: 3.4, quota_m: 2800 }], ristori: [] }
    const wide = profileChart(course, { width: 800, height: 256 })
    expect(wide.x.ticks).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3])
    expect(wide.x.fractionDigits).toBe(1)
    // On a phone, fewer labels: whole kilometres.
    const narrow = profileChart(course, { width: 360, height: 200 })
    expect(narrow.x.ticks).toEqual([0, 1, 2, 3])
    expect(narrow.x.fractionDigits).toBe(0)
  })

  for (const width of [320, 360, 800, 1280]) {
    it(`at ${String(width)} px keeps the distance labels at least 56 px apart and on round values`, () => {
      const geometry = profileChart(longLoop(), { width, height: 256 })
      const xs = geometry.x.ticks.map(geometry.x.scale)
      for (let index = 1; index < xs.length; index += 1) expect(xs[index]! - xs[index - 1]!).toBeGreaterThanOrEqual(56)
      for (const tick of geometry.x.ticks) expect([10, 20, 25, 50, 100].some((step) => tick % step === 0)).toBe(true)
      expect(geometry.x.ticks[0]).toBe(0)
      expect(geometry.x.ticks.at(-1)).toBeLessThanOrEqual(330)
      const ys = geometry.y.ticks.map(geometry.y.scale)
      for (let index = 1; index < ys.length; index += 1) expect(ys[index - 1]! - ys[index]!).toBeGreaterThanOrEqual(36)
      expect(geometry.y.min).toBeLessThanOrEqual(1224)
      expect(geometry.y.max).toBeGreaterThanOrEqual(3074)
    })
  }

  it('sums up the course: start, finish, highest and lowest points, aid stations in order', () => {
    expect(profileFacts(small)).toEqual({
      start: { km: 0, quota_m: 1000 },
      finish: { km: 10, quota_m: 1500 },
      highest: { km: 5, quota_m: 2000 },
      lowest: { km: 0, quota_m: 1000 },
      stations: [small.ristori[1], small.ristori[0]],
    })
  })
})

describe('the elevation profile on the page', () => {
  function renderProfile(profile: CourseProfile = small) {
    return render(
      <I18nProvider i18n={i18n}>
        <ElevationProfile profile={profile} climbM={1_250} raceName="Sentiero dei Larici 25K 2026" />
      </I18nProvider>,
    )
  }

  it('is an image named after the race, drawn to scale in its box', () => {
    renderProfile()
    const image = screen.getByRole('img', { name: 'Elevation profile of Sentiero dei Larici 25K 2026' })
    expect(image.tagName.toLowerCase()).toBe('svg')
    expect(image.getAttribute('width')).toBe('100%')
    expect(image.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/)
    expect(image.querySelectorAll('path')).toHaveLength(3)
  })

  it('describes the course in words for screen readers', () => {
    renderProfile()
    const image = screen.getByRole('img')
    const description = document.getElementById(image.getAttribute('aria-describedby')!)!
    expect(description.textContent).toBe(
      'Starts at 1,000 m and finishes at 1,500 m. Highest point 2,000 m at km 5. Total climb 1,250 m D+. ' +
        '2 aid stations: Lago Verney (km 2.5), Alpe Porassey (km 7.5).',
    )
    expect(description.className).toBe('visually-hidden')
  })

  it('labels the highest point and the total climb, and lists the aid stations by number', () => {
    renderProfile()
    const figure = screen.getByRole('figure')
    expect(within(figure).getByText('2,000 m', { selector: 'strong' })).toBeInTheDocument()
    expect(within(figure).getByText('1,250 m D+')).toBeInTheDocument()
    expect(within(figure).getByRole('heading', { level: 3, name: '2 aid stations' })).toBeInTheDocument()
    expect(within(figure).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1Lago Verney km 2.5 · 1,500 m',
      '2Alpe Porassey km 7.5 · 1,750 m',
    ])
  })

  it('says so when a course has no aid station', () => {
    renderProfile({ ...small, ristori: [] })
    const description = document.getElementById(screen.getByRole('img').getAttribute('aria-describedby')!)!
    expect(description.textContent).toMatch(/No aid stations\.$/)
    expect(screen.queryByRole('list')).toBeNull()
  })
})
