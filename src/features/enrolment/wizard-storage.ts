import { ExtraFieldValueSchema } from '../../../contracts/races.contract'
import type { ExtraAnswer } from '../../../machines/enrolment/enrolment.machine'
import type { KeptProgress } from '../../../machines/enrolment/kept-progress'

/**
 * Where the browser keeps a wizard's progress (machines/enrolment/kept-progress.ts), per athlete
 * and race. This file only stores and fetches: what a kept value means is the machine's to decide.
 * The release before kept raw snapshots under `pettorale.enrolment.v1.…`: read here too, so the
 * machine can tell the athlete it could not be resumed, and then gone.
 *
 * Every answer, free text included, is kept for this tab only, in `sessionStorage` under the same
 * key (decision 065): a reload or a session that ends mid-way gives the athlete's typing back, while
 * the browser's lasting storage keeps choices and codes only (decision 020). The tab's answers go
 * when the tab closes, at a logout, and once the wizard is done.
 */

const PREFIX = 'pettorale.enrolment'
const LEGACY_PREFIX = `${PREFIX}.v1`

const keyOf = (athleteId: number, raceId: number) => `${PREFIX}.${String(athleteId)}.${String(raceId)}`

const legacyKeyOf = (athleteId: number, raceId: number) => `${LEGACY_PREFIX}.${String(athleteId)}.${String(raceId)}`

export function keepWizard(progress: KeptProgress, answers: Record<string, ExtraAnswer>): void {
  const key = keyOf(progress.athleteId, progress.raceId)
  try {
    localStorage.setItem(key, JSON.stringify(progress))
    sessionStorage.setItem(key, JSON.stringify(answers))
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

/**
 * The answers this tab holds for the wizard, free text included: each one that is still an answer
 * (a value the server takes), so one that is not costs the athlete only itself.
 */
export function answersInThisTab(athleteId: number, raceId: number): Record<string, ExtraAnswer> | undefined {
  const raw = sessionStorage.getItem(keyOf(athleteId, raceId))
  if (raw === null) return undefined
  let stored: unknown
  try {
    stored = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined
  return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, ExtraAnswer] => ExtraFieldValueSchema.safeParse(entry[1]).success))
}

export function dropKeptWizard(athleteId: number, raceId: number): void {
  sessionStorage.removeItem(keyOf(athleteId, raceId))
  localStorage.removeItem(keyOf(athleteId, raceId))
}

/** Every kept wizard of this browser, whoever's: a deliberate logout leaves none behind, nor any answer. */
export function dropEveryWizard(): void {
  for (const storage of [localStorage, sessionStorage]) {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i))
    for (const key of keys) if (key?.startsWith(`${PREFIX}.`)) storage.removeItem(key)
  }
}
