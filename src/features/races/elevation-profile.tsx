import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, useLayoutEffect, useRef, useState } from 'react'
import type { AidStation, CourseProfile } from '../../../contracts/races.contract'
import { formatNumber } from '../../lib/format'
import { activeLocale } from '../../lib/i18n'
import { Bone } from '../../ui/skeleton'
import styles from './elevation-profile.module.css'

/** Drawing area inside the SVG: room for the altitude labels on the left and the km labels below. */
export const CHART_MARGIN = { top: 26, right: 14, bottom: 30, left: 46 } as const

/** Until the container is measured (and where nothing is laid out, as in unit tests). */
const FALLBACK_SIZE = { width: 640, height: 256 } as const

/** Labels at least this far apart: a distance label is up to 5 characters wide, an altitude one line high. */
const MIN_TICK_GAP_PX = { x: 56, y: 36 } as const

/** At least this much altitude on the axis, so a nearly flat course is not drawn as a cliff. */
const MIN_ALTITUDE_SPAN_M = 100

export interface Axis {
  /** Value at the start and end of the axis. */
  min: number
  max: number
  /** Round values where a tick and its label go, inside [min, max]. */
  ticks: number[]
  /** Decimals the labels need for the step (0.5 km needs 1). */
  fractionDigits: number
}

export interface ProfileFacts {
  start: { km: number; quota_m: number }
  finish: { km: number; quota_m: number }
  highest: { km: number; quota_m: number }
  lowest: { km: number; quota_m: number }
  /** Aid stations in course order. */
  stations: AidStation[]
}

export interface ChartGeometry {
  width: number
  height: number
  plot: { left: number; top: number; right: number; bottom: number }
  x: Axis & { scale: (km: number) => number }
  y: Axis & { scale: (quota_m: number) => number }
  /** The course as a line, and the same closed down to the axis as an area. */
  linePath: string
  areaPath: string
  highest: { km: number; quota_m: number; cx: number; cy: number }
  stations: Array<AidStation & { number: number; cx: number; cy: number }>
}

/**
 * The smallest round step (1, 2, 2.5 or 5 times a power of ten) that cuts `span` into at most
 * `count` parts (`count` may be fractional: the room there is, over the room a label needs).
 */
export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count)
  if (!(raw > 0) || !Number.isFinite(raw)) return 1
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const normalised = raw / magnitude
  const factor = normalised <= 1 ? 1 : normalised <= 2 ? 2 : normalised <= 2.5 ? 2.5 : normalised <= 5 ? 5 : 10
  return round(factor * magnitude)
}

/** Decimals needed to write every multiple of `step` exactly (2.5 -> 1, 0.25 -> 2, 500 -> 0). */
export function decimalsOf(step: number): number {
  const [, decimals = ''] = String(round(step)).split('.')
  return decimals.length
}

/** Multiples of `step` from `from` to `to`, both included when they are multiples. */
function multiples(from: number, to: number, step: number): number[] {
  const ticks: number[] = []
  const first = Math.ceil(round(from / step))
  const last = Math.floor(round(to / step))
  for (let index = first; index <= last; index += 1) ticks.push(round(index * step))
  return ticks
}

/** Rounding away floating-point dust (0.30000000000000004) before values are compared or written. */
function round(value: number, digits = 9): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

/** Coordinates in the SVG are written with one decimal: enough at any width, and short. */
function coordinate(value: number): string {
  return String(Math.round(value * 10) / 10)
}

function byKm<T extends { km: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.km - b.km)
}

/** Start, finish, highest and lowest points of a profile, and its aid stations in course order. */
export function profileFacts(profile: CourseProfile): ProfileFacts {
  const points = byKm(profile.punti)
  const first = points[0] ?? { km: 0, quota_m: 0 }
  let highest = first
  let lowest = first
  for (const point of points) {
    // The first of equal highs: where the athlete first reaches that altitude.
    if (point.quota_m > highest.quota_m) highest = point
    if (point.quota_m < lowest.quota_m) lowest = point
  }
  const last = points[points.length - 1] ?? first
  const pick = ({ km, quota_m }: { km: number; quota_m: number }) => ({ km, quota_m })
  return {
    start: pick(first),
    finish: pick(last),
    highest: pick(highest),
    lowest: pick(lowest),
    stations: byKm(profile.ristori),
  }
}

/**
 * Everything the chart draws, for a drawing of `width` x `height` user units: the two axes with
 * round ticks (labels at least 56 px apart along the distance, 36 px along the altitude), the course as a path,
 * the highest point and the aid stations. Pure, so it is tested without a browser.
 */
export function profileChart(profile: CourseProfile, size: { width: number; height: number }): ChartGeometry {
  const { width, height } = size
  const plot = {
    left: CHART_MARGIN.left,
    top: CHART_MARGIN.top,
    right: Math.max(CHART_MARGIN.left + 1, width - CHART_MARGIN.right),
    bottom: Math.max(CHART_MARGIN.top + 1, height - CHART_MARGIN.bottom),
  }
  const facts = profileFacts(profile)
  const points = byKm(profile.punti)

  const kmMax = Math.max(facts.finish.km, ...facts.stations.map((station) => station.km))
  const kmSpan = kmMax > 0 ? kmMax : 1
  const xStep = niceStep(kmSpan, Math.max(1, Math.min(12, (plot.right - plot.left) / MIN_TICK_GAP_PX.x)))
  const x = { min: 0, max: kmSpan, ticks: multiples(0, kmSpan, xStep), fractionDigits: decimalsOf(xStep) }

  const altitudes = [...points, ...facts.stations].map((point) => point.quota_m)
  let low = Math.min(...altitudes)
  let high = Math.max(...altitudes)
  if (high - low < MIN_ALTITUDE_SPAN_M) {
    const middle = (high + low) / 2
    low = middle - MIN_ALTITUDE_SPAN_M / 2
    high = middle + MIN_ALTITUDE_SPAN_M / 2
  }
  const yStep = niceStep(high - low, Math.max(1, Math.min(6, (plot.bottom - plot.top) / MIN_TICK_GAP_PX.y)))
  const yMin = round(Math.floor(round(low / yStep)) * yStep)
  const yMax = round(Math.ceil(round(high / yStep)) * yStep)
  const y = { min: yMin, max: yMax, ticks: multiples(yMin, yMax, yStep), fractionDigits: decimalsOf(yStep) }

  const xScale = (km: number) => plot.left + (km / x.max) * (plot.right - plot.left)
  const yScale = (quota_m: number) => plot.bottom - ((quota_m - y.min) / (y.max - y.min)) * (plot.bottom - plot.top)

  const line = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${coordinate(xScale(point.km))} ${coordinate(yScale(point.quota_m))}`)
  const linePath = line.join(' ')
  const firstX = coordinate(xScale(points[0]?.km ?? 0))
  const lastX = coordinate(xScale(points[points.length - 1]?.km ?? 0))
  const areaPath = `${linePath} L${lastX} ${coordinate(plot.bottom)} L${firstX} ${coordinate(plot.bottom)} Z`

  return {
    width,
    height,
    plot,
    x: { ...x, scale: xScale },
    y: { ...y, scale: yScale },
    linePath,
    areaPath,
    highest: { ...facts.highest, cx: xScale(facts.highest.km), cy: yScale(facts.highest.quota_m) },
    stations: facts.stations.map((station, index) => ({
      ...station,
      number: index + 1,
      cx: xScale(station.km),
      cy: yScale(station.quota_m),
    })),
  }
}

/** The size the chart has in the page, in CSS pixels, so one user unit is one pixel and text keeps its size. */
function useBoxSize() {
  const box = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState<{ width: number; height: number }>(FALLBACK_SIZE)
  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const measure = () => {
      const width = Math.round(element.clientWidth)
      const height = Math.round(element.clientHeight)
      // Nothing laid out (hidden, or a test's DOM without layout): keep the last good size.
      if (width > 0 && height > 0) {
        setSize((current) => (current.width === width && current.height === height ? current : { width, height }))
      }
    }
    // The observer's first call comes once the box is laid out: reading the size here instead would
    // lay the whole new page out inside React's commit, one long task on a slow phone.
    if (typeof ResizeObserver === 'undefined') return measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { box, size }
}

interface ElevationProfileProps {
  profile: CourseProfile
  /** The race's total climb (D+), from the race's facts: the profile's points are a sample. */
  climbM: number
  /** The race's name, for the chart's accessible name. */
  raceName: string
}

/**
 * The course's elevation profile: an SVG drawn at the width it is given (one user unit per pixel,
 * so labels stay legible from a 360 px phone to a wide screen), with a summary for screen readers
 * and the aid stations listed beneath.
 */
export function ElevationProfile({ profile, climbM, raceName }: ElevationProfileProps) {
  const { t } = useLingui()
  const locale = activeLocale()
  const { box, size } = useBoxSize()
  const chart = profileChart(profile, size)
  const facts = profileFacts(profile)
  const descriptionId = useId()
  const km = (value: number) => formatNumber(locale, value, value % 1 === 0 ? 0 : 1)
  const metres = (value: number) => formatNumber(locale, value)

  const { plot } = chart
  const highestLabel = `${metres(chart.highest.quota_m)} m`
  const plotWidth = plot.right - plot.left
  const highestAnchor =
    chart.highest.cx - plot.left < plotWidth * 0.15 ? 'start' : plot.right - chart.highest.cx < plotWidth * 0.15 ? 'end' : 'middle'

  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>
        <span>
          <Trans>
            Highest point <strong className={styles.value}>{highestLabel}</strong> at km {km(facts.highest.km)}
          </Trans>
        </span>
        <span>
          <Trans>
            Total climb <strong className={styles.value}>{metres(climbM)} m D+</strong>
          </Trans>
        </span>
      </figcaption>
      <div ref={box} className={styles.chart}>
        <svg
          className={styles.svg}
          role="img"
          aria-label={t`Elevation profile of ${raceName}`}
          aria-describedby={descriptionId}
          viewBox={`0 0 ${String(chart.width)} ${String(chart.height)}`}
          width="100%"
          height="100%"
          preserveAspectRatio="xMidYMid meet"
        >
          <g className={styles.grid}>
            {chart.y.ticks.map((tick) => (
              <line key={tick} x1={plot.left} x2={plot.right} y1={chart.y.scale(tick)} y2={chart.y.scale(tick)} />
            ))}
          </g>
          <path className={styles.area} d={chart.areaPath} />
          <path className={styles.line} d={chart.linePath} />
          <g className={styles.axis}>
            <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
            {chart.x.ticks.map((tick) => (
              <g key={tick}>
                <line x1={chart.x.scale(tick)} x2={chart.x.scale(tick)} y1={plot.bottom} y2={plot.bottom + 5} />
                <text x={chart.x.scale(tick)} y={plot.bottom + 18} textAnchor="middle">
                  {formatNumber(locale, tick, chart.x.fractionDigits)}
                </text>
              </g>
            ))}
            <text x={plot.left - 10} y={plot.bottom + 18} textAnchor="end" className={styles.unit}>
              km
            </text>
            {chart.y.ticks.map((tick) => (
              <text key={tick} x={plot.left - 6} y={chart.y.scale(tick)} dy="0.35em" textAnchor="end">
                {formatNumber(locale, tick, chart.y.fractionDigits)}
              </text>
            ))}
            <text x={plot.left - 6} y={plot.top - 12} textAnchor="end" className={styles.unit}>
              m
            </text>
          </g>
          <g className={styles.stations}>
            {chart.stations.map((station) => (
              <g key={`${String(station.number)}-${station.nome}`}>
                <line x1={station.cx} x2={station.cx} y1={station.cy} y2={plot.bottom} />
                <circle cx={station.cx} cy={station.cy} r={9} />
                <text x={station.cx} y={station.cy} dy="0.35em" textAnchor="middle">
                  {station.number}
                </text>
              </g>
            ))}
          </g>
          <g className={styles.highest}>
            <path d={`M${coordinate(chart.highest.cx)} ${coordinate(chart.highest.cy - 3)} l-5 -8 h10 Z`} />
            <text x={chart.highest.cx} y={chart.highest.cy - 14} textAnchor={highestAnchor}>
              {highestLabel}
            </text>
          </g>
        </svg>
      </div>
      <ProfileSummary id={descriptionId} facts={facts} climbM={climbM} km={km} metres={metres} />
      {facts.stations.length > 0 ? (
        <div className={styles.legend}>
          <h3 className={styles.legendTitle}>
            <Plural value={facts.stations.length} one="# aid station" other="# aid stations" />
          </h3>
          <ol className={styles.stationList}>
            {facts.stations.map((station, index) => (
              <li key={`${String(index)}-${station.nome}`}>
                <span className={styles.marker} aria-hidden="true">
                  {index + 1}
                </span>
                <span>
                  <span className={styles.stationName}>{station.nome}</span>{' '}
                  <span className={styles.stationWhere}>
                    km {km(station.km)} · {metres(station.quota_m)} m
                  </span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </figure>
  )
}

interface SummaryProps {
  id: string
  facts: ProfileFacts
  climbM: number
  km: (value: number) => string
  metres: (value: number) => string
}

/** What the chart shows, in words, for screen readers: start and finish, highest point, climb, aid stations. */
function ProfileSummary({ id, facts, climbM, km, metres }: SummaryProps) {
  const { t } = useLingui()
  const start = metres(facts.start.quota_m)
  const finish = metres(facts.finish.quota_m)
  const highest = metres(facts.highest.quota_m)
  const highestKm = km(facts.highest.km)
  const climb = metres(climbM)
  const count = facts.stations.length
  const list = facts.stations
    .map((station) => {
      const { nome } = station
      const at = km(station.km)
      return t`${nome} (km ${at})`
    })
    .join(', ')
  return (
    <p id={id} className="visually-hidden">
      <Trans>
        Starts at {start} m and finishes at {finish} m. Highest point {highest} m at km {highestKm}. Total climb{' '}
        {climb} m D+.
      </Trans>{' '}
      {count === 0 ? (
        <Trans>No aid stations.</Trans>
      ) : (
        <Plural value={count} one={`# aid station: ${list}.`} other={`# aid stations: ${list}.`} />
      )}
    </p>
  )
}

/** The chart's place while the race loads: caption, the chart's box at its final height, the legend. */
export function ElevationProfileSkeleton() {
  return (
    <div className={styles.figure}>
      <Bone width="70%" />
      <div className={styles.chart} />
      <Bone width="40%" />
      <Bone width="85%" />
    </div>
  )
}
