import { describe, expect, it } from 'vitest'
import type { DrawEntry } from '../../contracts/lottery-draw'
import { estimateOdds } from './lottery-odds'

describe('estimateOdds', () => {
  // 1,000 applications for 200 places: half with one ticket, then 2, 4, 8 and 16.
  const crowd: DrawEntry[] = Array.from({ length: 1000 }, (_, index) => ({
    numero: index + 1,
    biglietti: index < 500 ? 1 : index < 750 ? 2 : index < 880 ? 4 : index < 960 ? 8 : 16,
  }))

  it('gives better odds to more tickets, within a margin of a few points', () => {
    const odds = estimateOdds(crowd, 200, 500)
    expect(odds.map((row) => row.biglietti)).toEqual([1, 2, 4, 8, 16])
    for (let index = 1; index < odds.length; index++) expect(odds[index]!.probabilita).toBeGreaterThan(odds[index - 1]!.probabilita)
    for (const row of odds) expect(row.margine).toBeLessThan(0.05)
  })

  it('expects as many drawn as there are places', () => {
    const expected = estimateOdds(crowd, 200, 500).reduce((sum, row) => sum + row.probabilita * row.domande, 0)
    expect(expected).toBeCloseTo(200, 6)
  })

  it('is the same estimate for the same applications', () => {
    expect(estimateOdds(crowd, 200, 200)).toEqual(estimateOdds(crowd, 200, 200))
  })

  it('draws everyone when there are no more applications than places', () => {
    expect(estimateOdds(crowd.slice(0, 150), 200)).toEqual([{ biglietti: 1, domande: 150, probabilita: 1, margine: 0 }])
  })
})
