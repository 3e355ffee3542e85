import { afterEach, describe, expect, it, vi } from 'vitest'
import { randomId } from './random-id'

describe('randomId', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is 32 hexadecimal digits, different each time', () => {
    const ids = Array.from({ length: 100 }, randomId)
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(100)
  })

  it('works where the page is not a secure context and crypto.randomUUID does not exist', () => {
    const { getRandomValues } = crypto
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) })
    expect(crypto.randomUUID).toBeUndefined()
    expect(randomId()).toMatch(/^[0-9a-f]{32}$/)
  })
})
