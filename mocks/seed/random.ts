/**
 * A small seeded generator (mulberry32): the seed must come out identical on every call, in every
 * browser and in Node, so Math.random() is out.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** One item, with odds proportional to its weight. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  return {
    next,
    chance: (probability) => next() < probability,
    pick(items) {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new Error('pick from an empty list')
      return item
    },
    weighted(items) {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0)
      let left = next() * total
      for (const [item, weight] of items) {
        left -= weight
        if (left < 0) return item
      }
      const last = items[items.length - 1]
      if (last === undefined) throw new Error('pick from an empty list')
      return last[0]
    },
  }
}
