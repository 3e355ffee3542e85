// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { dataGrowth, dataOf, memoryVerdict, slope, SOAK, type MemorySample } from './soak'

const MB = 1024 * 1024
const MINUTE_MS = 60_000

/** A sample every 15 s for ten minutes, the heap (MB) as `heapAt` gives it at each minute. */
function samples(heapAt: (minute: number) => number): MemorySample[] {
  return Array.from({ length: 41 }, (_, index) => {
    const minute = index / 4
    return { atMs: minute * MINUTE_MS, heapUsed: heapAt(minute) * MB, rss: (heapAt(minute) + 150) * MB }
  })
}

describe('the soak: whether memory stayed flat', () => {
  it('passes a heap that only wavers after warm-up, whatever it did while warming up', () => {
    const verdict = memoryVerdict(samples((minute) => (minute < 2 ? 20 + 10 * minute : 40 + (minute % 1 === 0 ? 0.5 : -0.5))), 2 * MINUTE_MS)
    expect(verdict.heapStart / MB).toBeCloseTo(39.5, 5)
    expect(Math.abs(verdict.heapChangePercent)).toBeLessThan(SOAK.heapBudgetPercent)
    expect(Math.abs(verdict.heapSlopePerMinute / MB)).toBeLessThan(0.1)
  })

  it('fails a heap that keeps growing, and gives its slope', () => {
    const verdict = memoryVerdict(samples((minute) => 40 + 0.8 * minute), 2 * MINUTE_MS)
    expect(verdict.heapChangePercent).toBeGreaterThan(SOAK.heapBudgetPercent)
    expect(verdict.heapSlopePerMinute / MB).toBeCloseTo(0.8, 5)
    expect(verdict.rssEnd).toBeGreaterThan(verdict.rssStart)
  })

  it('is not swayed by one sample taken while a large answer was in flight', () => {
    const spiky = samples(() => 40).map((sample, index, all) => (index === all.length - 2 ? { ...sample, heapUsed: 60 * MB } : sample))
    expect(memoryVerdict(spiky, 2 * MINUTE_MS).heapChangePercent).toBe(0)
  })

  it('refuses to judge from too few samples after warm-up', () => {
    expect(() => memoryVerdict(samples(() => 40).slice(0, 12), 2 * MINUTE_MS)).toThrow(/memory samples after warm-up/)
  })

  it('fits the least-squares slope', () => {
    expect(slope([[0, 1], [1, 3], [2, 5]])).toBe(2)
    expect(slope([[0, 1], [1, 0], [2, 1], [3, 0]])).toBeCloseTo(-0.2, 5)
    expect(slope([[5, 1]])).toBe(0)
  })
})

describe('the soak: how the data grew', () => {
  const exportOf = (changes: Record<string, number>) =>
    JSON.stringify({ changes: Object.fromEntries(Object.entries(changes).map(([name, count]) => [name, Array.from({ length: count }, (_, index) => [String(index), {}])])) })

  it('names what grew between two exports, largest first', () => {
    const before = dataOf(exportOf({ athletes: 300, sessions: 300 }))
    const after = dataOf(exportOf({ athletes: 310, sessions: 300, payments: 40, outbox: 50 }))
    expect(after.records).toEqual({ athletes: 310, sessions: 300, payments: 40, outbox: 50 })
    expect(dataGrowth(before, after)).toMatch(/ KB \(outbox \+50, payments \+40, athletes \+10\)$/)
    expect(dataGrowth(after, after)).toMatch(/\(no record changed\)$/)
  })
})
