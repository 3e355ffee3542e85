import type { HttpHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { allOperations } from '../../contracts'
import { server, TEST_API_BASE } from '../../mocks/node'

describe('the simulated backend', () => {
  it('has a handler for every operation in the contracts', () => {
    const handled = new Set(
      server.listHandlers().map((handler) => {
        const { method, path } = (handler as HttpHandler).info
        return `${method} ${path}`
      }),
    )
    const missing = allOperations
      .filter((operation) => !operation.absoluteUrlParam)
      .map((operation) => `${operation.method} ${TEST_API_BASE}${operation.path}`)
      .filter((key) => !handled.has(key))
    expect(missing).toEqual([])
    expect([...handled].some((key) => key.startsWith('PUT ') && key.includes('/mock-storage/upload/'))).toBe(true)
  })
})
