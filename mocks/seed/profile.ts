import type { CourseProfile } from '../../contracts/races.contract'
import { createRng, type Rng } from './random'

export interface CourseShape {
  distanza_km: number
  dislivello_m: number
  /** Altitude of the start, metres. */
  quota_partenza_m: number
  /** A loop finishes where it starts; a vertical only climbs. */
  forma: 'loop' | 'vertical'
  /** Aid stations in course order; placed evenly along it. */
  ristori: readonly string[]
}

/** Points along a course: enough for a smooth line at any width, few enough to stay light on the wire. */
const MAX_SEGMENTS = 159
/** An Alpine pass is climbed for about this much on average, so a course gets D+ / this many passes. */
const CLIMB_PER_PASS_M = 1_300

/**
 * A plausible, deterministic elevation profile whose total climb is exactly the race's D+ to the
 * metre: a loop goes over passes and back down to valleys and ends at its start altitude; a
 * vertical only goes up.
 */
export function courseProfile(seed: number, shape: CourseShape): CourseProfile {
  const rng = createRng(seed * 7919)
  const segments = Math.max(8, Math.min(MAX_SEGMENTS, Math.round(shape.distanza_km * 2)))
  const rises = shape.forma === 'vertical' ? verticalRises(rng, segments, shape.dislivello_m) : loopRises(rng, segments, shape.dislivello_m)
  const altitudes = [shape.quota_partenza_m]
  for (const rise of rises) altitudes.push(altitudes[altitudes.length - 1]! + rise)
  const punti = altitudes.map((quota_m, index) => ({
    km: Math.round((index / segments) * shape.distanza_km * 100) / 100,
    quota_m,
  }))
  const ristori = shape.ristori.map((nome, index) => {
    const point = punti[Math.round(((index + 1) / (shape.ristori.length + 1)) * segments)]!
    return { nome, km: point.km, quota_m: point.quota_m }
  })
  return { punti, ristori }
}

/** Integer rises, all upwards, steepest in the middle, adding up to exactly `climb`. */
function verticalRises(rng: Rng, segments: number, climb: number): number[] {
  const weights = Array.from({ length: segments }, (_, index) => 0.6 + Math.sin(((index + 0.5) / segments) * Math.PI) + rng.next() * 0.4)
  const total = weights.reduce((a, b) => a + b, 0)
  const exact = weights.map((weight) => (weight / total) * climb)
  const rises = exact.map(Math.floor)
  // Largest remainders take the metres rounding left over.
  const order = exact.map((value, index) => [value - Math.floor(value), index] as const).sort((a, b) => b[0] - a[0])
  let left = climb - rises.reduce((a, b) => a + b, 0)
  for (const [, index] of order) {
    if (left <= 0) break
    rises[index]! += 1
    left -= 1
  }
  return rises
}

/**
 * Passes and valleys (a smooth curve through alternating high and low nodes, with a little
 * texture), scaled so its climbs add up to `climb`; rounding is then settled on the peaks, where
 * one metre more or less is one metre of D+ more or less.
 */
function loopRises(rng: Rng, segments: number, climb: number): number[] {
  const passes = Math.max(1, Math.min(Math.floor(segments / 4), Math.round(climb / CLIMB_PER_PASS_M)))
  const nodes: Array<[t: number, height: number]> = [[0, 0]]
  for (let pass = 0; pass < passes; pass += 1) {
    nodes.push([(pass + 0.35 + rng.next() * 0.3) / passes, 0.6 + rng.next() * 0.4])
    nodes.push([(pass + 1) / passes, pass === passes - 1 ? 0 : 0.05 + rng.next() * 0.3])
  }
  const raw = Array.from({ length: segments + 1 }, (_, index) => {
    const t = index / segments
    const next = nodes.findIndex(([at]) => at >= t)
    const [t1, h1] = nodes[next]!
    const [t0, h0] = nodes[Math.max(0, next - 1)]!
    const along = t1 === t0 ? 1 : (t - t0) / (t1 - t0)
    const eased = (1 - Math.cos(along * Math.PI)) / 2
    const texture = index === 0 || index === segments ? 0 : (rng.next() - 0.5) * 0.04
    return h0 + (h1 - h0) * eased + texture
  })
  const rawClimb = raw.slice(1).reduce((sum, height, index) => sum + Math.max(0, height - raw[index]!), 0)
  const heights = raw.map((height) => Math.round((height * climb) / rawClimb))

  const climbOf = () => heights.slice(1).reduce((sum, height, index) => sum + Math.max(0, height - heights[index]!), 0)
  const isPeak = (index: number) => heights[index]! > heights[index - 1]! && heights[index]! > heights[index + 1]!
  let left = climb - climbOf()
  for (let index = 1; left !== 0; index = (index % (segments - 1)) + 1) {
    if (!isPeak(index)) continue
    heights[index]! += Math.sign(left)
    left -= Math.sign(left)
  }
  return heights.slice(1).map((height, index) => height - heights[index]!)
}
