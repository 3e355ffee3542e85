import { cleanup, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { controls } from '../../../mocks/node'
import { renderAthleteHook, signInAs } from '../../../tests/setup/athlete-hooks'
import { useOpenSubscriptions } from './use-open-subscriptions'

beforeEach(async () => {
  await signInAs('completo')
})
afterEach(cleanup)

const renderOpenSubscriptions = () => renderAthleteHook(() => useOpenSubscriptions()).result

describe('useOpenSubscriptions', () => {
  it('is complete once the profile, the history and the races are read, and lists the unpaid place', async () => {
    const result = renderOpenSubscriptions()
    expect(result.current.complete).toBe(false)
    await waitFor(() => expect(result.current.complete).toBe(true))
    expect(result.current.open.map((entry) => [entry.subscription.project_id, entry.race?.id])).toEqual([[203, 203]])
    expect(result.current.reads.some((read) => read.isError)).toBe(false)
  })

  it('hands out a failed read for the error state', async () => {
    controls.fault('races.list', { kind: 'status', status: 503 })
    const result = renderOpenSubscriptions()
    await waitFor(() => expect(result.current.reads.some((read) => read.isError)).toBe(true))
    expect(result.current.complete).toBe(false)
  })
})
