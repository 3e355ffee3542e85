import { describe, expect, it } from 'vitest'
import type { RefundRule } from '../../contracts/races.contract'
import { priceBreakdown, refundAmount, refundShare, toEuros } from './price'

const race = { prezzo: 85, supplemento_rimborso: 8.5, noleggio_gps: 12.9 }
const schedule: RefundRule[] = [
  { giorni_prima: 0, standard_percento: 0, protetto_percento: 50 },
  { giorni_prima: 30, standard_percento: 50, protetto_percento: 100 },
  { giorni_prima: 7, standard_percento: 20, protetto_percento: 80 },
]

describe('price breakdown', () => {
  it('is the fee alone with the standard option and no GPS', () => {
    expect(priceBreakdown(race, { refund: 'standard', gps: false })).toEqual({ fee: 8500, protection: 0, gps: 0, total: 8500 })
  })

  it('adds the protection and the GPS rental when chosen, summed in cents', () => {
    const breakdown = priceBreakdown(race, { refund: 'protetto', gps: true })
    expect(breakdown).toEqual({ fee: 8500, protection: 850, gps: 1290, total: 10640 })
    expect(toEuros(breakdown.total)).toBe(106.4)
  })

  it('does not drift where floating point would (0.1 + 0.2)', () => {
    expect(priceBreakdown({ prezzo: 0.1, supplemento_rimborso: 0.2, noleggio_gps: 0 }, { refund: 'protetto', gps: null }).total).toBe(30)
  })
})

describe('refund schedule', () => {
  it.each([
    [60, 'standard', 50],
    [30, 'standard', 50],
    [29, 'standard', 20],
    [7, 'protetto', 80],
    [6, 'protetto', 50],
    [0, 'standard', 0],
  ] as const)('%i days before, %s gives back %i%%', (days, option, share) => {
    expect(refundShare(schedule, option, days)).toBe(share)
  })

  it('refunds a share of the fee, rounded down to the cent', () => {
    expect(refundAmount({ ...race, prezzo: 42.35 }, schedule, 'protetto', 3)).toBe(2117)
  })
})
