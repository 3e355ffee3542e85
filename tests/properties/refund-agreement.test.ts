// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { refundQuote } from '../../machines/rules/refund'
import { quoteOf } from '../../mocks/places'

/**
 * Decision 038: the amount shown is the amount refunded. The portal's quote
 * (machines/rules/refund.ts) and the simulated backend's (mocks/places.ts, which may not import the
 * portal's machines) must agree on every race, schedule, option and instant.
 */

const percent = fc.integer({ min: 0, max: 100 })
const rule = fc.record({ giorni_prima: fc.integer({ min: 0, max: 200 }), standard_percento: percent, protetto_percento: percent })
// Race starts across 2026, both changes of the clocks included, at any minute of the day.
const YEAR_2026 = Date.UTC(2026, 0, 1)
const start = fc.integer({ min: 0, max: 365 * 24 * 60 }).map((minutes) => YEAR_2026 + minutes * 60_000)
const euros = fc.integer({ min: 0, max: 200_000 }).map((cents) => cents / 100)

describe('the refund the portal shows and the one the backend refunds', () => {
  it('are the same quote', () => {
    fc.assert(
      fc.property(
        start,
        fc.integer({ min: -240 * 24 * 60, max: 2 * 24 * 60 }),
        fc.array(rule, { minLength: 1, maxLength: 5 }),
        euros,
        euros,
        fc.constantFrom('standard' as const, 'protetto' as const, null),
        fc.boolean(),
        (startMs, offsetMinutes, rimborsi, prezzo, noleggio_gps, opzione_rimborso, rented) => {
          const race = { data_evento: new Date(startMs).toISOString(), prezzo, supplemento_rimborso: 0, noleggio_gps, rimborsi }
          const place = { opzione_rimborso, noleggio_gps: rented }
          const now = startMs + offsetMinutes * 60_000
          expect(quoteOf(race, place, now)).toEqual(refundQuote(race, place, now).quote)
        },
      ),
      { numRuns: 500 },
    )
  })
})
