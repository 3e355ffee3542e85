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
      refund: null,
      net: 5680,
    })
  })

  it('leaves out the options not taken', () => {
    const receipt = receiptOf(transaction({ importo: 38, opzione_rimborso: 'standard', noleggio_gps: false }), race)
    expect(receipt.lines).toEqual([{ kind: 'fee', cents: 3800 }])
  })

  it('subtracts a refund once, with its date and what it was made of', () => {
    const receipt = receiptOf(
      transaction({ importo: 41.8, noleggio_gps: false, stato: 'refunded', rimborso: { importo: 38, data: '2025-06-20T08:30:00.000Z' } }),
      race,
    )
    expect(receipt).toMatchObject({ paid: 4180, refund: { cents: 3800, on: '2025-06-20T08:30:00.000Z', parts: { fee: 3800, gps: 0 } }, net: 380 })
  })

  it('says a place passed on as one refund, the share of the fee, and what was kept, adding up to what was paid', () => {
    // Issue 42: a 35 EUR fee, half of it back to the giver when the recipient paid (the line stays paid).
    const receipt = receiptOf(
      transaction({ importo: 35, opzione_rimborso: 'standard', noleggio_gps: false, rimborso: { importo: 17.5, data: '2026-05-03T10:00:00.000Z' } }),
      { ...race, prezzo: 35 },
    )
    expect(receipt).toEqual({
      lines: [{ kind: 'fee', cents: 3500 }],
      paid: 3500,
      refund: { cents: 1750, on: '2026-05-03T10:00:00.000Z', parts: { fee: 1750, gps: 0 } },
      net: 1750,
    })
    expect(receipt.paid - receipt.refund!.cents).toBe(receipt.net)
  })

  it('tells a partial refund apart: the GPS rental whole, the rest the share of the fee', () => {
    const receipt = receiptOf(transaction({ stato: 'refunded', rimborso: { importo: 45.4, data: '2026-03-20T11:00:00.000Z' } }), race)
    expect(receipt).toMatchObject({ paid: 5680, refund: { cents: 4540, parts: { fee: 3040, gps: 1500 } }, net: 1140 })
  })

  it('does not itemise a refund the schedule could not have given', () => {
    // Less than the GPS rental it must hold whole: said as one amount.
    expect(receiptOf(transaction({ stato: 'refunded', rimborso: { importo: 10, data: '2026-03-20T11:00:00.000Z' } }), race).refund).toMatchObject({ cents: 1000, parts: null })
    expect(receiptOf(transaction({ stato: 'refunded', rimborso: { importo: 56.8, data: '2026-03-20T11:00:00.000Z' } }), race).refund).toMatchObject({ cents: 5680, parts: null })
    // A payment shown as one line: its refund too.
    expect(receiptOf(transaction({ stato: 'refunded', rimborso: { importo: 38, data: '2026-03-20T11:00:00.000Z' } }), null)).toMatchObject({
      refund: { cents: 3800, parts: null },
      net: 1880,
    })
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
