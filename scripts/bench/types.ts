/**
 * The bench's shared shapes: what a measure is given (`Bench`) and what it returns (`Line`s). Apart
 * from index.ts so a measure's file can import them without importing the runner.
 */
import type { Browser } from '@playwright/test'
import type { Manifest } from 'vite'
import type { Lighthouse } from './lighthouse'

export interface Line {
  name: string
  /** `null`: not measured on this machine (`note` says why); it neither passes nor fails. */
  value: number | null
  unit: string
  /** `null`: a figure printed to read beside the others, with no budget of its own. */
  budget: number | null
  /** Whether the figure must stay at most (`max`) or at least (`min`) the budget. */
  kind: 'max' | 'min'
  note?: string
  /** A cell of a table (the Lighthouse lines: a page in a locale by a figure), printed as one. */
  cell?: { row: string; column: string }
}

export interface Bench {
  outDir: string
  manifest: Manifest
  /** The build and its API as the browsers reach them: nginx over HTTPS, on 127.0.0.1. */
  url: string
  /** The simulated backend itself, for calls from Node (which would refuse the host's certificate). */
  backend: string
  browser: Browser
  /** One Chrome kept open for Lighthouse; `null` when Lighthouse is not installed (`npm --prefix bench ci`). */
  lighthouse: Lighthouse | null
}

export type Measure = (bench: Bench) => Promise<Line[]>
