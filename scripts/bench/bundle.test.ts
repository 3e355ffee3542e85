import { describe, expect, it } from 'vitest'
import { namedAfterMock } from './bundle'

describe('namedAfterMock', () => {
  it('finds the simulated backend by its file name', () => {
    expect(namedAfterMock('mockServiceWorker.js')).toBe(true)
    expect(namedAfterMock('assets/mock-db-Ab1_Cd-4.js')).toBe(true)
    expect(namedAfterMock('assets/msw-D0x9kLq2.js')).toBe(true)
  })

  it('does not read a content hash as a name', () => {
    expect(namedAfterMock('assets/account.contract-CbaRMmSw.js')).toBe(false)
    expect(namedAfterMock('assets/operation-BumsWB6z.js')).toBe(false)
  })
})
