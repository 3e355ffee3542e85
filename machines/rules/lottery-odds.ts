import type { DrawEntry } from '../../contracts/lottery-draw'

// The odds shown beside a lottery application (issue 23, decision 038): the draw itself is
// contracts/lottery-draw.ts, which the mock and the verification script share.

/** The odds of one ticket count: the share of its applications drawn, and the 95% margin of that estimate. */
export interface TicketOdds {
  biglietti: number
  domande: number
  probabilita: number
  margine: number
}

/**
 * How many draws the odds are simulated over: over the flagship's 1,500 applications the margin
 * stays under one point, and the estimate takes some 40 ms (2,000 runs took 170: a long task on a
 * phone, for a precision the page rounds away).
 */
export const ODDS_RUNS = 500

/**
 * The odds of being drawn, by ticket count, estimated by simulating the draw `runs` times over the
 * current applications (Western States publishes its odds this way). Each run is the same weighted
 * draw without replacement, done at once with exponential keys (Efraimidis–Spirakis: key = E / w
 * with E exponential; the `places` smallest keys are drawn), from a small seeded generator: the
 * same applications give the same estimate. Applications with the same tickets have the same odds,
 * so a run's drawn share of each ticket count is one sample; the margin is 1.96 standard errors of
 * those samples.
 */
export function estimateOdds(entries: readonly DrawEntry[], places: number, runs = ODDS_RUNS, seed = 2026): TicketOdds[] {
  const counts = [...new Set(entries.map((entry) => entry.biglietti))].sort((a, b) => a - b)
  if (entries.length <= places) return counts.map((biglietti) => ({ biglietti, domande: entries.filter((e) => e.biglietti === biglietti).length, probabilita: 1, margine: 0 }))
  const classOf = entries.map((entry) => counts.indexOf(entry.biglietti))
  const sizes = counts.map((_, c) => classOf.filter((k) => k === c).length)
  const sums = counts.map(() => 0)
  const squares = counts.map(() => 0)
  const random = mulberry32(seed)
  const keys = new Float64Array(entries.length)
  const drawn = counts.map(() => 0)
  for (let run = 0; run < runs; run++) {
    entries.forEach((entry, index) => (keys[index] = -Math.log(1 - random()) / entry.biglietti))
    const threshold = kthSmallest(Float64Array.from(keys), places - 1)
    drawn.fill(0)
    keys.forEach((key, index) => {
      if (key <= threshold) drawn[classOf[index]!]! += 1
    })
    drawn.forEach((n, c) => {
      const share = n / sizes[c]!
      sums[c]! += share
      squares[c]! += share * share
    })
  }
  return counts.map((biglietti, c) => {
    const mean = sums[c]! / runs
    const variance = Math.max(0, squares[c]! / runs - mean * mean)
    return { biglietti, domande: sizes[c]!, probabilita: mean, margine: 1.96 * Math.sqrt(variance / runs) }
  })
}

/** The k-th smallest value (0-based) by quickselect; reorders `values`. */
function kthSmallest(values: Float64Array, k: number): number {
  let low = 0
  let high = values.length - 1
  while (low < high) {
    const pivot = values[(low + high) >> 1]!
    let i = low
    let j = high
    while (i <= j) {
      while (values[i]! < pivot) i++
      while (values[j]! > pivot) j--
      if (i <= j) {
        ;[values[i], values[j]] = [values[j]!, values[i]!]
        i++
        j--
      }
    }
    if (k <= j) high = j
    else if (k >= i) low = i
    else return values[k]!
  }
  return values[k]!
}

/** A fast seeded generator (mulberry32) for the simulation only; the draw itself uses SHA-256. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
