import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Route } from 'wouter'
import { db } from '../../../mocks/db'
import { signInAs } from '../../../tests/setup/athlete-hooks'
import { renderSignedInAt } from '../../../tests/setup/signed-in-screen'
import { formatOwnMoment } from '../../lib/format'
import { activateLocale } from '../../lib/i18n'
import { ensureTemporal } from '../../lib/temporal'
import ReceiptPage from './receipt-page'

/**
 * A receipt with a refund against the simulated backend (issue 42 point 9): the refund is said once,
 * with its date and what it was made of, and the lines add up: paid, refunded, kept.
 */

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
afterEach(cleanup)

function openReceipt(id: string) {
  return renderSignedInAt(
    `/me/transactions/${id}/receipt`,
    <Route path="/me/transactions/:id/receipt">
      <ReceiptPage />
    </Route>,
  )
}

async function itemsOf(id: string, race: string) {
  const receipt = await screen.findByRole('article', { name: `Receipt ${id}` }, { timeout: 5_000 })
  const items = within(receipt).getByRole('table', { name: `Enrolment in ${race}` })
  return { items, row: (name: RegExp) => within(items).getByRole('row', { name }) }
}

/** Every amount the table shows as going back. */
const refundsShown = (items: HTMLElement) => within(items).queryAllByText(/^−/)

describe('a receipt with a refund', () => {
  it("a place passed on: the fee paid, the giver's share back once with its date, and what was kept", async () => {
    await signInAs('completo')
    // What the settlement of the recipient's payment writes on the giver's line (mocks/transfer.ts):
    // 90% of the 45 EUR fee back; the line stays paid.
    const refundedAt = '2026-03-05T09:15:00.000Z'
    await db.transactions.update((q) => q.where({ id: 'TX-2026-0002' }), { data: (line) => void (line.rimborso = { importo: 40.5, data: refundedAt }) })
    openReceipt('TX-2026-0002')
    const { items, row } = await itemsOf('TX-2026-0002', 'Sentiero dei Larici 25K 2026')
    expect(row(/^Race entry fee/)).toHaveTextContent('€45.00')
    expect(row(/^Total paid/)).toHaveTextContent('€45.00')
    const refund = row(/^Partly refunded on/)
    expect(refund).toHaveTextContent(`Partly refunded on ${formatOwnMoment('en', refundedAt)}`)
    expect(refund).toHaveTextContent('Share of the race fee')
    expect(refund).toHaveTextContent('−€40.50')
    expect(refundsShown(items)).toHaveLength(1)
    expect(row(/^Total after the refund/)).toHaveTextContent('€4.50')
  })

  it('a withdrawal: the refund said once, the protection surcharge kept', async () => {
    await signInAs('completo')
    openReceipt('TX-2025-0003')
    const { items, row } = await itemsOf('TX-2025-0003', 'Skyrace della Becca 21K 2025')
    expect(row(/^Total paid/)).toHaveTextContent('€41.80')
    expect(row(/^Partly refunded on 20 Jun 2025/)).toHaveTextContent('−€38.00')
    expect(refundsShown(items).map((amount) => amount.textContent)).toEqual(['−€38.00'])
    expect(row(/^Total after the refund/)).toHaveTextContent('€3.80')
  })
})
