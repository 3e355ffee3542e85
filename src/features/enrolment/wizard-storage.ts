import type { ExtraAnswer } from '../../../machines/enrolment/enrolment.machine'
import type { KeptProgress } from '../../../machines/enrolment/kept-progress'

/**
 * Where the browser keeps a wizard's progress (machines/enrolment/kept-progress.ts), per athlete
 * and race. This file only stores and fetches: what a kept value means is the machine's to decide.
 * The release before kept raw snapshots under `pettorale.enrolment.v1.…`: read here too, so the
 * machine can tell the athlete it could not be resumed, and then gone.
 */

const PREFIX = 'pettorale.enrolment'
const LEGACY_PREFIX = `${PREFIX}.v1`

const keyOf = (athleteId: number, raceId: number) => `${PREFIX}.${String(athleteId)}.${String(raceId)}`

/**
 * Every answer of a wizard, free text included, for this tab only: a session that ends mid-way
 * rebuilds the wizard without a reload, and the athlete's typing must not be lost with it.
 */
const answersInMemory = new Map<string, Record<string, ExtraAnswer>>()
const legacyKeyOf = (athleteId: number, raceId: number) => `${LEGACY_PREFIX}.${String(athleteId)}.${String(raceId)}`

export function keepWizard(progress: KeptProgress, answers: Record<string, ExtraAnswer>): void {
  answersInMemory.set(keyOf(progress.athleteId, progress.raceId), answers)
  try {
    localStorage.setItem(keyOf(progress.athleteId, progress.raceId), JSON.stringify(progress))
  } catch {
    // Storage full or blocked: the wizard still works, it just will not survive a reload.
  }
}

/** What is kept for this athlete and race, unread: `undefined` when nothing, else its JSON (or its text, when not JSON). */
export function keptWizard(athleteId: number, raceId: number): unknown {
  const raw = localStorage.getItem(keyOf(athleteId, raceId)) ?? localStorage.getItem(legacyKeyOf(athleteId, raceId))
  localStorage.removeItem(legacyKeyOf(athleteId, raceId))
  if (raw === null) return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return raw
  }
}

/** The answers this tab holds for the wizard, free text included (see `answersInMemory`). */
export function answersInThisTab(athleteId: number, raceId: number): Record<string, ExtraAnswer> | undefined {
  return answersInMemory.get(keyOf(athleteId, raceId))
}

export function dropKeptWizard(athleteId: number, raceId: number): void {
  answersInMemory.delete(keyOf(athleteId, raceId))
  localStorage.removeItem(keyOf(athleteId, raceId))
}

/** Every kept wizard of this browser, whoever's: a deliberate logout leaves none behind. */
export function dropEveryWizard(): void {
  answersInMemory.clear()
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i))
  for (const key of keys) if (key?.startsWith(`${PREFIX}.`)) localStorage.removeItem(key)
}
