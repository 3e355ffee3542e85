import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../../contracts/transactions.contract'
import { hasReceipt, receiptOf } from './receipt'

const race = { prezzo: 38, supplemento_rimborso: 3.8, noleggio_gps: 15 }
const transaction = (over: Partial<Transaction> = {}): Transaction => ({
  id: 'TX-1',
  data: '2025-02-11T12:02:00.000Z',
  descrizione: 'Iscrizione Skyrace della Becca 21K 2025',
  lingua: 'it',
  gara_id: 104,
  importo: 56.8,
  valuta: 'EUR',
  metodo: 'card',
  stato: 'paid',
  opzione_rimborso: 'protetto',
  noleggio_gps: true,
  rimborso: null,
  ...over,
})

describe('a receipt', () => {
  it('itemises the race fee, the protection and the GPS rental, adding up to the amount charged', () => {
    expect(receiptOf(transaction(), race)).toEqual({
      lines: [
        { kind: 'fee', cents: 3800 },
        { kind: 'protection', cents: 380 },
        { kind: 'gps', cents: 1500 },
      ],
      paid: 5680,
      refunded: 0,
      refundedOn: null,
      net: 5680,
      refundLines: [],
    })
  })

  it('leaves out the options not taken', () => {
    const receipt = receiptOf(transaction({ importo: 38, opzione_rimborso: 'standard', noleggio_gps: false }), race)
    expect(receipt.lines).toEqual([{ kind: 'fee', cents: 3800 }])
  })

  it('subtracts a refund, with its date', () => {
    const receipt = receiptOf(
      transaction({ importo: 41.8, noleggio_gps: false, stato: 'refunded', rimborso: { importo: 38, data: '2025-06-20T08:30:00.000Z' } }),
      race,
    )
    expect(receipt).toMatchObject({ paid: 4180, refunded: 3800, refundedOn: '2025-06-20T08:30:00.000Z', net: 380 })
    expect(receipt.refundLines).toEqual([{ kind: 'fee', cents: 3800 }])
  })

  it('tells a partial refund apart: the GPS rental whole, the rest the share of the fee', () => {
    const receipt = receiptOf(transaction({ stato: 'refunded', rimborso: { importo: 45.4, data: '2026-03-20T11:00:00.000Z' } }), race)
    expect(receipt).toMatchObject({ paid: 5680, refunded: 4540, net: 1140 })
    expect(receipt.refundLines).toEqual([
      { kind: 'fee', cents: 3040 },
      { kind: 'gps', cents: 1500 },
    ])
  })

  it('does not itemise a refund the schedule could not have given', () => {
    // Less than the GPS rental it must hold whole: said as one amount.
    expect(receiptOf(transaction({ stato: 'refunded', rimborso: { importo: 10, data: '2026-03-20T11:00:00.000Z' } }), race).refundLines).toEqual([])
    expect(receiptOf(transaction({ stato: 'refunded', rimborso: { importo: 56.8, data: '2026-03-20T11:00:00.000Z' } }), race).refundLines).toEqual([])
  })

  it('shows the payment as one line when the race, the options or a matching total are missing', () => {
    expect(receiptOf(transaction(), null).lines).toEqual([{ kind: 'payment', cents: 5680 }])
    expect(receiptOf(transaction({ opzione_rimborso: undefined }), race).lines).toEqual([{ kind: 'payment', cents: 5680 }])
    // The race costs more today than when this was paid: the charged amount stands.
    expect(receiptOf(transaction(), { ...race, prezzo: 40 }).lines).toEqual([{ kind: 'payment', cents: 5680 }])
  })

  it('exists only for money settled: paid or refunded', () => {
    expect(['paid', 'pending', 'failed', 'refunded'].filter((stato) => hasReceipt({ stato: stato as Transaction['stato'] }))).toEqual([
      'paid',
      'refunded',
    ])
  })
})
