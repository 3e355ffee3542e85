import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS_WRITE_DELAY_MS, useUrlFilters, type FilterCodec } from './participant-url-state'

interface Filters {
  q: string
  country: string
}

const codec: FilterCodec<Filters> = {
  read: (search) => {
    const params = new URLSearchParams(search)
    return { q: params.get('q') ?? '', country: params.get('country') ?? '' }
  },
  write: (filters) => {
    const params = new URLSearchParams()
    if (filters.q) params.set('q', filters.q)
    if (filters.country) params.set('country', filters.country)
    return params.toString()
  },
}

const PATH = '/race/210/subscribers'

function open(search = '') {
  window.history.replaceState(null, '', `${PATH}${search}`)
  const pushes = vi.spyOn(window.history, 'pushState')
  const replaces = vi.spyOn(window.history, 'replaceState')
  const hook = renderHook(() => useUrlFilters(codec))
  return { hook, pushes, replaces, filters: () => hook.result.current.filters }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useUrlFilters', () => {
  it('reads the filters from the address', () => {
    const { filters } = open('?q=rossi&country=IT')
    expect(filters()).toEqual({ q: 'rossi', country: 'IT' })
  })

  it('typed text shows at once and reaches the address after a pause, as one new history entry', () => {
    const { hook, pushes, replaces, filters } = open()
    act(() => hook.result.current.type('q', { q: 'r', country: '' }))
    act(() => hook.result.current.type('q', { q: 'ro', country: '' }))
    expect(filters().q).toBe('ro')
    act(() => vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS - 1))
    expect(window.location.search).toBe('')
    act(() => vi.advanceTimersByTime(1))
    expect(window.location.search).toBe('?q=ro')
    expect(pushes).toHaveBeenCalledTimes(1)
    expect(filters().q).toBe('ro')

    // Typing on in the same field replaces that entry: Back goes to the list before typing.
    act(() => hook.result.current.type('q', { q: 'ros', country: '' }))
    act(() => vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS))
    expect(window.location.search).toBe('?q=ros')
    expect(pushes).toHaveBeenCalledTimes(1)
    expect(replaces).toHaveBeenCalledTimes(1)
  })

  it('a choice is written at once as its own entry, with the text typed so far', () => {
    const { hook, pushes, filters } = open()
    act(() => hook.result.current.type('q', { q: 'ros', country: '' }))
    act(() => hook.result.current.commit({ ...filters(), country: 'CH' }))
    expect(window.location.search).toBe('?q=ros&country=CH')
    expect(pushes).toHaveBeenCalledTimes(1)
    // The pending write of the text is dropped: the choice carried it.
    act(() => vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS))
    expect(pushes).toHaveBeenCalledTimes(1)

    // After a choice, typing starts a new entry.
    act(() => hook.result.current.type('q', { q: 'rossi', country: 'CH' }))
    act(() => vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS))
    expect(pushes).toHaveBeenCalledTimes(2)
  })

  it('flush writes typed text at once (the field lost focus)', () => {
    const { hook } = open()
    act(() => hook.result.current.type('q', { q: 'bianchi', country: '' }))
    act(() => hook.result.current.flush())
    expect(window.location.search).toBe('?q=bianchi')
  })

  it('an address change from elsewhere wins over text not yet written', () => {
    const { hook, filters } = open('?country=IT')
    act(() => hook.result.current.type('q', { q: 'luc', country: 'IT' }))
    act(() => window.history.pushState(null, '', `${PATH}?country=FR`))
    expect(filters()).toEqual({ q: '', country: 'FR' })
    act(() => vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS))
    expect(window.location.search).toBe('?country=FR')

    // Back on the address the text was typed over, the text never written does not come back.
    act(() => window.history.replaceState(null, '', `${PATH}?country=IT`))
    expect(filters()).toEqual({ q: '', country: 'IT' })
  })

  it('leaving the screen cancels a pending write', () => {
    const { hook, pushes } = open()
    act(() => hook.result.current.type('q', { q: 'x', country: '' }))
    hook.unmount()
    act(() => vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS))
    expect(window.location.search).toBe('')
    expect(pushes).not.toHaveBeenCalled()
  })
})
