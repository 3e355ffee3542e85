import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Route } from 'wouter'
import { db } from '../../../../mocks/db'
import { ATHLETE_IDS } from '../../../../mocks/seed/personas'
import { signInAs } from '../../../../tests/setup/athlete-hooks'
import { renderSignedInAt } from '../../../../tests/setup/signed-in-screen'
import { activateLocale } from '../../../lib/i18n'
import { ensureTemporal } from '../../../lib/temporal'
import WithdrawPage from './withdraw-page'

/**
 * `/me/races/{id}/withdraw` against the simulated backend: withdrawing cannot be undone, so the
 * button that does it looks like it (issue 42 point 13), not like the page's positive action.
 */

beforeAll(async () => {
  await Promise.all([activateLocale('en'), ensureTemporal()])
})
afterEach(cleanup)

function openWithdraw(raceId: number) {
  return renderSignedInAt(
    `/me/races/${String(raceId)}/withdraw`,
    <Route path="/me/races/:id/withdraw">
      <WithdrawPage />
    </Route>,
  )
}

describe('withdrawing from a paid race', () => {
  it('asks with a danger button, and keeping the place is the plain one', async () => {
    const user = userEvent.setup()
    await signInAs('completo')
    openWithdraw(202)

    const start = await screen.findByRole('button', { name: 'Withdraw from this race' }, { timeout: 5_000 })
    expect(start).toHaveAttribute('data-variant', 'danger')
    await user.click(start)
    const ask = screen.getByRole('dialog', { name: /^Withdraw from / })
    expect(within(ask).getByRole('button', { name: /^Withdraw and get / })).toHaveAttribute('data-variant', 'danger')
    expect(within(ask).getByRole('button', { name: 'Keep my place' })).toHaveAttribute('data-variant', 'secondary')
  })
})

describe('a place no longer held', () => {
  it('says it was withdrawn even when a refund left it unpaid, not that it was never paid', async () => {
    await signInAs('completo')
    await db.subscriptions.update((q) => q.where({ athlete_id: ATHLETE_IDS.completo, project_id: 202 }), {
      data: (record) => void Object.assign(record, { stato: 'ritirata', pagato: false }),
    })
    openWithdraw(202)

    expect(await screen.findByText('You have withdrawn from this race.', {}, { timeout: 5_000 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Withdraw from this race' })).toBeNull()
  })
})
