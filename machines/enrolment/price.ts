import type { RefundOption } from '../../contracts/athlete.contract'
import type { Race, RefundRule } from '../../contracts/races.contract'

/** The amounts of an enrolment, in euro cents, so that sums are exact. */
export interface PriceBreakdown {
  fee: number
  protection: number
  gps: number
  total: number
}

export type PricedRace = Pick<Race, 'prezzo' | 'supplemento_rimborso' | 'noleggio_gps'>

export const toCents = (euros: number): number => Math.round(euros * 100)
export const toEuros = (cents: number): number => cents / 100

/**
 * What the portal shows before payment (decisions.md): the race fee, the protected-refund surcharge
 * when chosen and the GPS rental when chosen, summed in cents.
 */
export function priceBreakdown(race: PricedRace, choice: { refund: RefundOption | null; gps: boolean | null }): PriceBreakdown {
  const fee = toCents(race.prezzo)
  const protection = choice.refund === 'protetto' ? toCents(race.supplemento_rimborso) : 0
  const gps = choice.gps === true ? toCents(race.noleggio_gps) : 0
  return { fee, protection, gps, total: fee + protection + gps }
}

/**
 * The share of the race fee (a percentage) a withdrawal `daysBefore` whole days before the start
 * gives back with each option: the rule with the largest threshold not above the days left.
 */
export function refundShare(schedule: readonly RefundRule[], option: RefundOption, daysBefore: number): number {
  const rule = [...schedule].sort((a, b) => b.giorni_prima - a.giorni_prima).find((r) => daysBefore >= r.giorni_prima)
  if (!rule) return 0
  return option === 'protetto' ? rule.protetto_percento : rule.standard_percento
}

/** What a withdrawal refunds, in cents: the share of the fee (rounded down to the cent). */
export function refundAmount(race: PricedRace, schedule: readonly RefundRule[], option: RefundOption, daysBefore: number): number {
  return Math.floor((toCents(race.prezzo) * refundShare(schedule, option, daysBefore)) / 100)
}
