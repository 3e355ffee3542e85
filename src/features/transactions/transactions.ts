import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Transaction } from '../../../contracts/transactions.contract'
import { calendarDayInRome } from '../../lib/format'

export type TransactionStatus = Transaction['stato']
export const TRANSACTION_STATUSES: readonly TransactionStatus[] = ['paid', 'pending', 'failed', 'refunded']

export const STATUS_LABELS: Record<TransactionStatus, MessageDescriptor> = {
  paid: msg`Paid`,
  pending: msg`Pending`,
  failed: msg`Failed`,
  refunded: msg`Refunded`,
}

export const METHOD_LABELS: Record<Transaction['metodo'], MessageDescriptor> = {
  card: msg`Card`,
  link: msg`Payment link`,
  bank_transfer: msg`Bank transfer`,
}

export interface TransactionFilter {
  year: string | null
  status: TransactionStatus | null
}

/** The filter in the address (`?year=2026&status=paid`); anything unknown is no filter. */
export function readTransactionFilter(search: string): TransactionFilter {
  const params = new URLSearchParams(search)
  const year = params.get('year')
  const status = params.get('status')
  return {
    year: year && /^\d{4}$/.test(year) ? year : null,
    status: TRANSACTION_STATUSES.includes(status as TransactionStatus) ? (status as TransactionStatus) : null,
  }
}

export function writeTransactionFilter(filter: TransactionFilter): string {
  const params = new URLSearchParams()
  if (filter.year) params.set('year', filter.year)
  if (filter.status) params.set('status', filter.status)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The year a transaction belongs to: its date in Europe/Rome, where the organiser keeps its books. */
export const yearOf = (transaction: Transaction): string => calendarDayInRome(transaction.data).slice(0, 4)

/** Every year with a transaction, latest first, for the year filter. */
export function transactionYears(rows: readonly Transaction[]): string[] {
  return [...new Set(rows.map(yearOf))].sort((a, b) => b.localeCompare(a))
}

/** The transactions the filter lets through, newest first. */
export function filterTransactions(rows: readonly Transaction[], filter: TransactionFilter): Transaction[] {
  return rows
    .filter((row) => (filter.year === null || yearOf(row) === filter.year) && (filter.status === null || row.stato === filter.status))
    .sort((a, b) => Date.parse(b.data) - Date.parse(a.data))
}
