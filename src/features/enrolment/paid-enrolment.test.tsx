import { QueryClient } from '@tanstack/react-query'
import { cleanup, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as places from '../../../contracts/places.contract'
import { renderAthleteHook, signInAs } from '../../../tests/setup/athlete-hooks'
import { callApi } from '../../lib/api-client'
import { useSubscriptionHistory } from '../../lib/athlete-queries'
import { usePaidEnrolment } from './paid-enrolment'

let queryClient: QueryClient

/** Every hook of a test shares one query cache, as the screens of the portal do. */
const render = <T,>(hook: () => T) => renderAthleteHook(hook, { status: 'loggedIn', queryClient })

beforeEach(async () => {
  await signInAs('completo')
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})
afterEach(cleanup)

describe('usePaidEnrolment', () => {
  it('gives the bib and category of a paid enrolment', async () => {
    const { result } = render(() => usePaidEnrolment(202))
    await waitFor(() => expect(result.current).not.toBeNull())
    expect(result.current).toEqual({ bib: 57, category: expect.any(String) })
  })

  it('is null for an unpaid place, a race not entered and a race not known yet', async () => {
    const { result } = render(() => ({ unpaid: usePaidEnrolment(203), absent: usePaidEnrolment(999), history: useSubscriptionHistory() }))
    await waitFor(() => expect(result.current.history.isSuccess).toBe(true))
    expect(result.current.unpaid).toBeNull()
    expect(result.current.absent).toBeNull()
    expect(render(() => usePaidEnrolment(undefined)).result.current).toBeNull()
  })

  it('is null for a paid place the athlete withdrew from since, whose bib stays on record (issue 42)', async () => {
    const withdrawn = await callApi(places.withdraw, { params: { id: 202 }, body: { rimborso_atteso: 22.5, chiave: 'paid-enrolment-1' } })
    expect(withdrawn.ok && withdrawn.data.iscrizione).toMatchObject({ pagato: true, pettorale: 57, stato: 'ritirata' })
    const { result } = render(() => ({ paid: usePaidEnrolment(202), history: useSubscriptionHistory() }))
    await waitFor(() => expect(result.current.history.isSuccess).toBe(true))
    expect(result.current.paid).toBeNull()
  })
})
