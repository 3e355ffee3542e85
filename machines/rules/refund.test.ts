import { describe, expect, it } from 'vitest'
import { refundAmount } from '../enrolment/price'
import { daysToStart } from './race-day'
import { deferOutlook, quoteAt, refundQuote, refundSchedule, refundTiers, rowOn, type RefundRace } from './refund'

// The seed's Larici schedule: 50% / 100% from 30 days, 20% / 80% from 7, 0% / 50% on the last days.
const rimborsi = [
  { giorni_prima: 30, standard_percento: 50, protetto_percento: 100 },
  { giorni_prima: 7, standard_percento: 20, protetto_percento: 80 },
  { giorni_prima: 0, standard_percento: 0, protetto_percento: 50 },
]
// Race day Sunday 5 April 2026 at 08:30 in Rome: a week after the clocks go forward (29 March).
const race: RefundRace = { data_evento: '2026-04-05T08:30:00+02:00', prezzo: 45, supplemento_rimborso: 4.5, noleggio_gps: 15, rimborsi }
const standard = { opzione_rimborso: 'standard' as const, noleggio_gps: false }
const protectedWithGps = { opzione_rimborso: 'protetto' as const, noleggio_gps: true }
/** An instant given as Rome's wall clock (offset written out). */
const at = (iso: string) => Date.parse(iso)

describe('refundQuote', () => {
  it('gives the 30-day share on the day that rule starts and the 7-day share the day after', () => {
    // 6 March is 30 Rome days before 5 April; 7 March is 29.
    expect(refundQuote(race, standard, at('2026-03-06T23:59:00+01:00'))).toEqual({
      open: true,
      quote: { giorni_prima: 30, opzione_rimborso: 'standard', quota_percento: 50, quota: 22.5, gps: 0, totale: 22.5 },
    })
    expect(refundQuote(race, standard, at('2026-03-07T00:00:00+01:00')).quote).toMatchObject({ giorni_prima: 29, quota_percento: 20, totale: 9 })
  })

  it('counts Rome calendar days across the change to summer time (a 23-hour day)', () => {
    // 29 March 2026 lasts 23 hours in Rome; 7 days before race day is still 29 March.
    expect(refundQuote(race, standard, at('2026-03-29T00:30:00+01:00')).quote).toMatchObject({ giorni_prima: 7, quota_percento: 20 })
    expect(refundQuote(race, standard, at('2026-03-29T23:59:00+02:00')).quote).toMatchObject({ giorni_prima: 7, quota_percento: 20 })
    // Just after Rome's midnight (22:00 UTC the day before), 6 days are left and nothing is due.
    expect(refundQuote(race, standard, Date.UTC(2026, 2, 29, 22, 0))).toEqual({
      open: false,
      reason: 'nothing_due',
      since: '2026-03-30',
      quote: { giorni_prima: 6, opzione_rimborso: 'standard', quota_percento: 0, quota: 0, gps: 0, totale: 0 },
    })
  })

  it('refunds the GPS rental whole and never the protection surcharge', () => {
    expect(refundQuote(race, protectedWithGps, at('2026-03-20T12:00:00+01:00')).quote).toEqual({
      giorni_prima: 16,
      opzione_rimborso: 'protetto',
      quota_percento: 80,
      quota: 36,
      gps: 15,
      totale: 51,
    })
  })

  it('keeps a rented GPS refundable, so withdrawal stays open, when the share is nothing', () => {
    const gpsOnly = { opzione_rimborso: 'standard' as const, noleggio_gps: true }
    expect(refundQuote(race, gpsOnly, at('2026-04-01T10:00:00+02:00'))).toMatchObject({ open: true, quote: { quota: 0, gps: 15, totale: 15 } })
  })

  it('counts race day as 0 days, open before the start and closed from it', () => {
    expect(refundQuote(race, protectedWithGps, at('2026-04-05T08:29:59+02:00'))).toMatchObject({
      open: true,
      quote: { giorni_prima: 0, quota_percento: 50, quota: 22.5, totale: 37.5 },
    })
    expect(refundQuote(race, protectedWithGps, at('2026-04-05T08:30:00+02:00'))).toMatchObject({ open: false, reason: 'started' })
    expect(refundQuote(race, standard, at('2026-04-06T10:00:00+02:00'))).toMatchObject({ open: false, reason: 'started', quote: { giorni_prima: 0 } })
  })

  it('has no date since which nothing is due when the schedule never gave anything', () => {
    const none = { ...race, rimborsi: [{ giorni_prima: 0, standard_percento: 0, protetto_percento: 0 }] }
    expect(refundQuote(none, standard, at('2026-01-10T10:00:00+01:00'))).toMatchObject({ open: false, reason: 'nothing_due', since: null })
  })

  it('rounds the share down to the cent', () => {
    const odd = { ...race, prezzo: 33.33 }
    expect(quoteAt(odd, standard, 10).quota).toBe(6.66)
  })

  it('agrees with the amounts the wizard shows for the same day', () => {
    for (const iso of ['2026-02-01T10:00:00+01:00', '2026-03-06T10:00:00+01:00', '2026-03-29T12:00:00+02:00', '2026-04-04T23:00:00+02:00']) {
      const days = daysToStart(race, at(iso))
      expect(refundQuote(race, standard, at(iso)).quote.quota * 100).toBe(refundAmount(race, rimborsi, 'standard', days))
    }
  })
})

describe('refundSchedule', () => {
  it('lists each rule with the Rome days it applies on and what it gives back', () => {
    const rows = refundSchedule(race, protectedWithGps)
    expect(rows.map(({ giorniPrima, from, until, quote }) => [giorniPrima, from, until, quote.totale])).toEqual([
      [30, null, '2026-03-06', 60],
      [7, '2026-03-07', '2026-03-29', 51],
      [0, '2026-03-30', '2026-04-05', 37.5],
    ])
  })

  it('finds the row that applies on a day', () => {
    const rows = refundSchedule(race, standard)
    expect(rowOn(rows, 45)?.giorniPrima).toBe(30)
    expect(rowOn(rows, 7)?.giorniPrima).toBe(7)
    expect(rowOn(rows, 6)?.giorniPrima).toBe(0)
  })
})

describe('refundTiers', () => {
  it('lists every tier of the schedule, sorted, with what each option gives back and no GPS rental', () => {
    // As the organiser may send them: not sorted.
    const shuffled = { ...race, rimborsi: [rimborsi[1]!, rimborsi[2]!, rimborsi[0]!] }
    const tiers = refundTiers(shuffled)
    expect(tiers.map(({ giorniPrima, untilDays, from, until, quotes }) => [giorniPrima, untilDays, from, until, quotes.standard.totale, quotes.protetto.totale])).toEqual([
      [30, null, null, '2026-03-06', 22.5, 45],
      [7, 30, '2026-03-07', '2026-03-29', 9, 36],
      [0, 7, '2026-03-30', '2026-04-05', 0, 22.5],
    ])
    expect(tiers[1]!.quotes.protetto).toEqual({ giorni_prima: 7, opzione_rimborso: 'protetto', quota_percento: 80, quota: 36, gps: 0, totale: 36 })
  })

  it("has the rows of each option's schedule, so today's tier is found the same way", () => {
    const tiers = refundTiers(race)
    expect(tiers.map((tier) => tier.quotes.standard)).toEqual(refundSchedule(race, { opzione_rimborso: 'standard', noleggio_gps: false }).map((row) => row.quote))
    expect(rowOn(tiers, 12)?.giorniPrima).toBe(7)
  })
})

describe('deferOutlook', () => {
  const larici = { data_evento: '2026-06-14T09:00:00+02:00', prezzo: 45, edizione: 2026, cambi: { cessione: null, rinvio: { tassa: 15, chiude: '2026-05-31T23:59:00+02:00' } } }

  it('gives the fee less the deferral fee as a credit for the next edition until the deadline', () => {
    expect(deferOutlook(larici, at('2026-05-31T23:58:59+02:00'))).toEqual({ open: true, credit: 30, fee: 15, edition: 2027, until: larici.cambi.rinvio.chiude })
    expect(deferOutlook(larici, at('2026-05-31T23:59:00+02:00'))).toEqual({ open: false, reason: 'deadline_passed', until: larici.cambi.rinvio.chiude })
  })

  it('never gives a negative credit', () => {
    expect(deferOutlook({ ...larici, cambi: { cessione: null, rinvio: { tassa: 60, chiude: larici.cambi.rinvio.chiude } } }, at('2026-03-02T09:00:00+01:00'))).toMatchObject({ credit: 0 })
  })

  it('is not allowed where the race has no deferral, and closed once the race started', () => {
    expect(deferOutlook({ ...larici, cambi: null }, at('2026-03-02T09:00:00+01:00'))).toEqual({ open: false, reason: 'not_allowed' })
    const late = { ...larici, cambi: { cessione: null, rinvio: { tassa: 15, chiude: '2026-07-01T00:00:00+02:00' } } }
    expect(deferOutlook(late, at('2026-06-14T09:00:00+02:00'))).toEqual({ open: false, reason: 'started' })
  })
})
