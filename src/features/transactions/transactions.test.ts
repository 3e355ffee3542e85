import { beforeAll, describe, expect, it } from 'vitest'
import type { Transaction } from '../../../contracts/transactions.contract'
import { ensureTemporal } from '../../lib/temporal'
import { filterTransactions, readTransactionFilter, transactionYears, writeTransactionFilter } from './transactions'

const tx = (id: string, data: string, stato: Transaction['stato']): Transaction => ({
  id, data, descrizione: id, lingua: 'en', gara_id: 1, importo: 10, valuta: 'EUR', metodo: 'card', stato,
})
const rows = [
  tx('a', '2025-02-11T12:02:00Z', 'refunded'),
  tx('b', '2026-02-20T19:04:00Z', 'paid'),
  // 31 December 23:30 UTC is already 1 January in Rome: a 2026 transaction.
  tx('c', '2025-12-31T23:30:00Z', 'failed'),
  tx('d', '2026-02-20T19:02:00Z', 'failed'),
]

beforeAll(ensureTemporal)

describe('transactions filter', () => {
  it('reads and writes the address, ignoring what it does not know', () => {
    expect(readTransactionFilter('?year=2026&status=paid')).toEqual({ year: '2026', status: 'paid' })
    expect(readTransactionFilter('?year=26&status=lost')).toEqual({ year: null, status: null })
    expect(writeTransactionFilter({ year: '2025', status: null })).toBe('?year=2025')
    expect(writeTransactionFilter({ year: null, status: null })).toBe('')
  })

  it('counts years in Rome time, latest first', () => {
    expect(transactionYears(rows)).toEqual(['2026', '2025'])
  })

  it('filters by year and status, newest first', () => {
    expect(filterTransactions(rows, { year: null, status: null }).map((row) => row.id)).toEqual(['b', 'd', 'c', 'a'])
    expect(filterTransactions(rows, { year: '2026', status: 'failed' }).map((row) => row.id)).toEqual(['d', 'c'])
    expect(filterTransactions(rows, { year: '2025', status: 'paid' })).toEqual([])
  })
})
