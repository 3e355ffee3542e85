import type { RefundOption, Subscription } from '../../contracts/athlete.contract'
import type { RefundQuote } from '../../contracts/places.contract'
import type { RaceDetail, RefundRule } from '../../contracts/races.contract'
import { deferWindow, hasStarted, type DeferWindow } from './place'
import { refundAmount, refundShare, toCents, toEuros } from '../enrolment/price'
import { daysToStart, raceDay } from './race-day'

/**
 * What a withdrawal gives back (decision 038), for the withdraw page and My races. Days before the
 * start are Rome's calendar days (`daysToStart`, which the wizard's refund step counts with too), the
 * share is the schedule's for the option chosen at enrolment (`refundShare`), an uncollected GPS
 * rental always comes back (decision 020) and the protection surcharge never does.
 */

export type RefundRace = Pick<RaceDetail, 'data_evento' | 'prezzo' | 'supplemento_rimborso' | 'noleggio_gps' | 'rimborsi'>
export type RefundPlace = Pick<Subscription, 'opzione_rimborso' | 'noleggio_gps'>

/**
 * Today's quote and whether a withdrawal is open: closed once the race has started, or when the
 * quote is nothing (`since`: the first Rome day the schedule gave nothing for this option; null
 * when it never gave anything).
 */
export type RefundOutlook =
  | { open: true; quote: RefundQuote }
  | { open: false; reason: 'nothing_due'; since: string | null; quote: RefundQuote }
  | { open: false; reason: 'started'; quote: RefundQuote }

/** The option a place without one counts as: the standard schedule (what enrolment defaults to). */
const optionOf = (place: RefundPlace) => place.opzione_rimborso ?? 'standard'

const byThreshold = (schedule: readonly RefundRule[]) => [...schedule].sort((a, b) => b.giorni_prima - a.giorni_prima)

/** The quote `daysBefore` Rome days before race day. */
export function quoteAt(race: RefundRace, place: RefundPlace, daysBefore: number): RefundQuote {
  const option = optionOf(place)
  const share = refundAmount(race, race.rimborsi, option, daysBefore)
  const gps = place.noleggio_gps ? toCents(race.noleggio_gps) : 0
  return {
    giorni_prima: daysBefore,
    opzione_rimborso: option,
    quota_percento: refundShare(race.rimborsi, option, daysBefore),
    quota: toEuros(share),
    gps: toEuros(gps),
    totale: toEuros(share + gps),
  }
}

/** The Rome calendar day `days` before race day. */
const daysBeforeRaceDay = (race: RefundRace, days: number) => Temporal.PlainDate.from(raceDay(race)).subtract({ days }).toString()

/** What a withdrawal at `nowMs` gives back, and whether it may be made. */
export function refundQuote(race: RefundRace, place: RefundPlace, nowMs: number): RefundOutlook {
  const quote = quoteAt(race, place, daysToStart(race, nowMs))
  if (hasStarted(race, nowMs)) return { open: false, reason: 'started', quote }
  if (toCents(quote.totale) > 0) return { open: true, quote }
  // The last rule giving a share applies down to its threshold; the day after it, nothing is due.
  const lastGiving = byThreshold(race.rimborsi).findLast((rule) => refundShare([rule], optionOf(place), rule.giorni_prima) > 0)
  return { open: false, reason: 'nothing_due', since: lastGiving ? daysBeforeRaceDay(race, lastGiving.giorni_prima - 1) : null, quote }
}

/**
 * One row of the schedule as the athlete reads it: the Rome days it applies on (`from` null: any
 * day before; `until` is race day for the last rule) and what it gives back for this place.
 */
export interface ScheduleRow {
  giorniPrima: number
  from: string | null
  until: string
  quote: RefundQuote
}

/** The whole schedule for this place, earliest rule first. */
export function refundSchedule(race: RefundRace, place: RefundPlace): ScheduleRow[] {
  const rules = byThreshold(race.rimborsi)
  return rules.map((rule, index) => {
    const earlier = rules[index - 1]
    return {
      giorniPrima: rule.giorni_prima,
      from: earlier ? daysBeforeRaceDay(race, earlier.giorni_prima - 1) : null,
      until: daysBeforeRaceDay(race, rule.giorni_prima),
      quote: quoteAt(race, place, rule.giorni_prima),
    }
  })
}

/**
 * One tier of the race's schedule before enrolling, as the race page and the wizard's refund step
 * show it: what each option gives back (no GPS rental: none is chosen yet). `untilDays` is the
 * previous tier's threshold (null for the first): the tier holds up to the day before it.
 */
export interface RefundTier extends Omit<ScheduleRow, 'quote'> {
  untilDays: number | null
  quotes: Record<RefundOption, RefundQuote>
}

/** Every tier of the race's schedule with both options, earliest first: one list for every screen that shows it. */
export function refundTiers(race: RefundRace): RefundTier[] {
  const withOption = (option: RefundOption) => refundSchedule(race, { opzione_rimborso: option, noleggio_gps: false })
  const protetto = withOption('protetto')
  return withOption('standard').map(({ quote, ...tier }, index, rows) => ({
    ...tier,
    untilDays: rows[index - 1]?.giorniPrima ?? null,
    quotes: { standard: quote, protetto: protetto[index]!.quote },
  }))
}

/** The row that applies `daysBefore` days before race day (the one today's quote comes from). */
export function rowOn<Row extends Pick<ScheduleRow, 'giorniPrima'>>(rows: readonly Row[], daysBefore: number): Row | undefined {
  return rows.find((row) => daysBefore >= row.giorniPrima)
}

export type DeferOutlook =
  | { open: true; credit: number; fee: number; edition: number; until: string }
  | Exclude<DeferWindow, { open: true }>

/**
 * What deferring the place to the next edition gives at `nowMs` (decision 038): the fee paid less
 * the race's deferral fee, never below nothing, as a credit (euros), while the race allows it.
 */
export function deferOutlook(race: Pick<RaceDetail, 'data_evento' | 'prezzo' | 'edizione' | 'cambi'>, nowMs: number): DeferOutlook {
  const window = deferWindow(race, nowMs)
  if (!window.open) return window
  // An open window is the race's deferral rule's.
  const fee = race.cambi!.rinvio!.tassa
  const credit = toEuros(Math.max(0, toCents(race.prezzo) - toCents(fee)))
  return { open: true, credit, fee, edition: race.edizione + 1, until: window.until }
}
