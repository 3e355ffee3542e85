import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import '../../tests/setup/mock-backend'
import { raceQueries } from '../lib/race-queries'
import { prefetchLandingData } from './landing'

describe('prefetchLandingData: what the landing page will ask for first', () => {
  it('asks for the home page race list with the filter in its address, and the page finds it cached', async () => {
    const queryClient = new QueryClient()
    prefetchLandingData(queryClient, { pathname: '/', search: '?filter=open' })
    const key = raceQueries.list('open').queryKey
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('fetching')
    await expect.poll(() => queryClient.getQueryData(key)?.gare.length).toBeGreaterThan(0)
  })

  it('reads an unknown filter as all races', () => {
    const queryClient = new QueryClient()
    prefetchLandingData(queryClient, { pathname: '/', search: '?filter=everything' })
    expect(queryClient.getQueryState(raceQueries.list('all').queryKey)?.fetchStatus).toBe('fetching')
  })

  it.each(['/race/202', '/race/202/subscribe'])('asks for the race on %s', async (pathname) => {
    const queryClient = new QueryClient()
    prefetchLandingData(queryClient, { pathname, search: '' })
    await expect.poll(() => queryClient.getQueryData(raceQueries.get(202).queryKey)?.nome).toBe('Sentiero dei Larici 25K')
  })

  it('asks for nothing on other pages, nor for an address that is no race', () => {
    const queryClient = new QueryClient()
    for (const pathname of ['/contacts', '/race/abc', '/race/202/ranking']) prefetchLandingData(queryClient, { pathname, search: '' })
    expect(queryClient.getQueryCache().getAll()).toEqual([])
  })
})
