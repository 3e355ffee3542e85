import { QueryClient } from '@tanstack/react-query'
import { cleanup, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Subscription } from '../../contracts/athlete.contract'
import { controls } from '../../mocks/node'
import { renderAthleteHook, signInAs } from '../../tests/setup/athlete-hooks'
import { athleteKeys, athleteQueries, subscriptionFor, useSubscriptionFor, useSubscriptionHistory } from './athlete-queries'
import { calendarDayInRome } from './format'
import type { SessionView } from './session'

let queryClient: QueryClient
let athleteId: number

/** Every hook of a test shares one query cache, as the screens of the portal do. */
const renderAs = <T,>(status: SessionView['status'], hook: () => T) => renderAthleteHook(hook, { status, queryClient })

beforeEach(async () => {
  athleteId = (await signInAs('completo')).athleteId
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})
afterEach(cleanup)

/** The history reads that went to the server (a read waiting for the profile is in the cache, idle). */
const historyReads = () =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: athleteQueries.subscriptions(0, '').queryKey.slice(0, 2) })
    .filter((query) => query.state.dataUpdateCount + query.state.errorUpdateCount > 0 || query.state.fetchStatus === 'fetching')

describe('useSubscriptionHistory', () => {
  it('reads the signed-in athlete history up to today on Rome’s calendar', async () => {
    const { result } = renderAs('loggedIn', () => useSubscriptionHistory())
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data?.iscrizioni.map((s) => s.project_id).sort()).toEqual([202, 203])
    expect(historyReads().map((query) => query.queryKey)).toEqual([athleteQueries.subscriptions(athleteId, calendarDayInRome(controls.now())).queryKey])
  })

  it('asks nothing without a profile, nor when told to wait', async () => {
    const signedOut = renderAs('loggedOut', () => useSubscriptionHistory())
    const waiting = renderAs('loggedIn', () => useSubscriptionHistory({ enabled: false }))
    await waitFor(() => expect(queryClient.getQueryData(athleteQueries.me().queryKey)).toBeDefined())
    expect(signedOut.result.current.fetchStatus).toBe('idle')
    expect(waiting.result.current.fetchStatus).toBe('idle')
    expect(historyReads()).toEqual([])
  })
})

describe('useSubscriptionFor', () => {
  it('is undefined until the history is in, then the race’s subscription or null', async () => {
    const { result } = renderAs('loggedIn', () => ({ paid: useSubscriptionFor(202), none: useSubscriptionFor(999) }))
    expect(result.current.paid.subscription).toBeUndefined()
    await waitFor(() => expect(result.current.paid.query.isSuccess).toBe(true))
    expect(result.current.paid.subscription).toMatchObject({ project_id: 202, pagato: true, pettorale: 57 })
    expect(result.current.none.subscription).toBeNull()
  })

  it('shares one read of the history with every other screen', async () => {
    const { result } = renderAs('loggedIn', () => ({ paid: useSubscriptionFor(202), unpaid: useSubscriptionFor(203), history: useSubscriptionHistory() }))
    await waitFor(() => expect(result.current.history.isSuccess).toBe(true))
    expect(historyReads()).toHaveLength(1)
  })
})

describe('subscriptionFor', () => {
  const subscription = (project_id: number) => ({ project_id }) as Subscription
  it('finds the race’s subscription in a history, or null', () => {
    const history = [subscription(1), subscription(2)]
    expect(subscriptionFor(history, 2)).toBe(history[1])
    expect(subscriptionFor(history, 3)).toBeNull()
    expect(subscriptionFor([], 1)).toBeNull()
  })
})

describe('athleteKeys.root', () => {
  it('is the athlete resource, and one invalidation of it reaches the profile and the history', async () => {
    expect(athleteKeys.root).toEqual(['athlete'])
    await queryClient.fetchQuery(athleteQueries.me())
    await queryClient.fetchQuery(athleteQueries.subscriptions(athleteId, '2026-03-02'))
    await queryClient.invalidateQueries({ queryKey: athleteKeys.root })
    expect(queryClient.getQueryCache().findAll({ queryKey: athleteKeys.root }).map((query) => query.state.isInvalidated)).toEqual([true, true])
  })
})
