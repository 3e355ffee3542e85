import type { Transaction } from '../../../contracts/transactions.contract'
import { priceBreakdown, toCents, type PricedRace } from '../../../machines/enrolment/price'

/** A receipt's lines, each in euro cents: what was paid for, and what went back. */
export type ReceiptLine =
  | { kind: 'fee' | 'protection' | 'gps'; cents: number }
  /** The payment as a whole, when it cannot be itemised (no race or options known, or totals disagree). */
  | { kind: 'payment'; cents: number }

/** Money that went back: one amount on one day, said once on the receipt. */
export interface ReceiptRefund {
  cents: number
  on: string
  /**
   * What it was made of, when the payment is itemised: the share of the race fee and the GPS rental
   * (always refunded whole, decision 020; 0 when not rented), adding up to `cents`; null when it
   * cannot be told.
   */
  parts: { fee: number; gps: number } | null
}

export interface Receipt {
  lines: ReceiptLine[]
  /** What was charged, in cents. */
  paid: number
  refund: ReceiptRefund | null
  /** What the athlete paid in the end: `paid` less the refund. */
  net: number
}

/** Only settled money gets a receipt: a payment made, or made and refunded. */
export function hasReceipt(transaction: Pick<Transaction, 'stato'>): boolean {
  return transaction.stato === 'paid' || transaction.stato === 'refunded'
}

/**
 * The receipt of a transaction: the race fee, the protected-refund option and the GPS rental it
 * paid for, from the race's prices. The charged amount is authoritative: if the itemised lines do
 * not add up to it (prices changed since), the receipt shows the payment as one line instead.
 */
export function receiptOf(transaction: Transaction, race: PricedRace | null): Receipt {
  const paid = toCents(transaction.importo)
  const refunded = transaction.rimborso ? toCents(transaction.rimborso.importo) : 0
  const refundOn = transaction.rimborso?.data ?? null
  const refund = (parts: ReceiptRefund['parts']): ReceiptRefund | null => (refundOn === null ? null : { cents: refunded, on: refundOn, parts })
  const whole = (): Receipt => ({ lines: [{ kind: 'payment', cents: paid }], paid, refund: refund(null), net: paid - refunded })
  const options = transaction.opzione_rimborso
  if (!race || options === undefined || options === null) return whole()

  const breakdown = priceBreakdown(race, { refund: options, gps: transaction.noleggio_gps ?? false })
  if (breakdown.total !== paid) return whole()
  const lines: ReceiptLine[] = [{ kind: 'fee', cents: breakdown.fee }]
  if (breakdown.protection > 0) lines.push({ kind: 'protection', cents: breakdown.protection })
  if (breakdown.gps > 0) lines.push({ kind: 'gps', cents: breakdown.gps })
  const feeShare = refunded - breakdown.gps
  // A refund that does not hold the whole rental, or more than fee and rental, was not the schedule's.
  const itemised = refunded > 0 && feeShare >= 0 && feeShare <= breakdown.fee
  return { lines, paid, refund: refund(itemised ? { fee: feeShare, gps: breakdown.gps } : null), net: paid - refunded }
}
