import { describe, expect, it } from 'vitest'
import type { ApiError } from '../../contracts/api-error'
import { SECOND_MS } from '../../contracts/time'
import { afterFailure, backoffS, jitterFraction, readDueAt, retryFailureOf } from './server-reading'

/** Decision 037: every wait is lengthened by up to 20% (the spec's figure, not the module's constant). */
const MAX_JITTER = 0.2
const SEED = 0x5eed
const NOW = Date.parse('2026-01-15T09:00:00Z')

const http = (status: number, retryAfterS?: number): ApiError => ({
  kind: 'http',
  operation: 'queue.status',
  status,
  code: null,
  body: null,
  ...(retryAfterS === undefined ? {} : { retryAfterS }),
})

describe('waits', () => {
  it('back off 2, 4, 8, 16, 32, then 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffS)).toEqual([2, 4, 8, 16, 32, 60, 60, 60])
  })

  it('are lengthened by a jitter under 20%, the same for the same seed and count, different across them', () => {
    const fractions = Array.from({ length: 200 }, (_, count) => jitterFraction(SEED, count))
    for (const fraction of fractions) {
      expect(fraction).toBeGreaterThanOrEqual(0)
      expect(fraction).toBeLessThan(MAX_JITTER)
    }
    expect(jitterFraction(SEED, 3)).toBe(jitterFraction(SEED, 3))
    expect(new Set(fractions.map((f) => f.toFixed(4))).size).toBeGreaterThan(150)
    const seeds = Array.from({ length: 200 }, (_, seed) => jitterFraction(seed, 0))
    expect(new Set(seeds.map((f) => f.toFixed(4))).size).toBeGreaterThan(150)
    // Spread over the whole range, not bunched at one end.
    expect(Math.min(...fractions)).toBeLessThan(0.02)
    expect(Math.max(...fractions)).toBeGreaterThan(0.18)
  })

  it('plan a read after the seconds asked, never before them nor past the jitter', () => {
    const due = readDueAt(NOW, 30, { jitterSeed: SEED }, 4)
    expect(due).toBe(NOW + Math.round(30 * SECOND_MS * (1 + jitterFraction(SEED, 4))))
    expect(due).toBeGreaterThanOrEqual(NOW + 30 * SECOND_MS)
    expect(due).toBeLessThan(NOW + 30 * SECOND_MS * (1 + MAX_JITTER))
  })
})

describe('a failed call', () => {
  it('is named for what it is: no answer, the server asking to wait, or trouble', () => {
    expect(retryFailureOf({ kind: 'network', operation: 'queue.status' })).toMatchObject({ failure: 'offline', retryAfterS: null })
    expect(retryFailureOf(http(429, 12))).toMatchObject({ failure: 'busy', retryAfterS: 12 })
    expect(retryFailureOf(http(503))).toMatchObject({ failure: 'busy', retryAfterS: null })
    expect(retryFailureOf(http(500))).toMatchObject({ failure: 'trouble', retryAfterS: null })
    expect(retryFailureOf({ kind: 'contract', operation: 'queue.status', direction: 'response', detail: 'stato' })).toMatchObject({ failure: 'trouble' })
  })

  it("is tried again after the server's Retry-After when it gave one, else after the back-off", () => {
    const pacing = { now: NOW, jitterSeed: SEED, reads: 6, failures: 2 }
    const told = afterFailure(pacing, retryFailureOf(http(503, 45)))
    expect(told).toEqual({ reads: 7, failures: 3, failure: 'busy', nextReadAt: readDueAt(NOW, 45, pacing, 7) })
    const offline = afterFailure(pacing, retryFailureOf({ kind: 'network', operation: 'queue.status' }))
    expect(offline).toEqual({ reads: 7, failures: 3, failure: 'offline', nextReadAt: readDueAt(NOW, 8, pacing, 7) })
  })

  it('that the machine did not expect to retry counts as trouble, with the back-off', () => {
    const pacing = { now: NOW, jitterSeed: SEED, reads: 0, failures: 0 }
    expect(afterFailure(pacing, null)).toEqual({ reads: 1, failures: 1, failure: 'trouble', nextReadAt: readDueAt(NOW, 2, pacing, 1) })
  })
})
