import type { Snapshot } from 'xstate'
import type { RegistrationDisplay } from '../../../machines/rules/registration-display'

/**
 * The wizard's persisted snapshot, per athlete and race, so a reload or a trip to the profile comes
 * back to the same step with every choice. It holds choices and codes only (the machine's context),
 * never personal or health data. It is dropped once the enrolment ends (paid or applied) and when
 * the race's registration has changed state since (opened, sold out, closed).
 */

const PREFIX = 'pettorale.enrolment.v1'

export type RegistrationPhase = 'before' | 'open' | 'full' | 'over'

/** The registration state a kept wizard belongs to: `open` and `closing` are the same window. */
export function registrationPhase(display: RegistrationDisplay): RegistrationPhase {
  switch (display.kind) {
    case 'opening':
      return 'before'
    case 'open':
    case 'closing':
      return 'open'
    case 'full':
      return 'full'
    case 'closed':
    case 'live':
      return 'over'
  }
}

interface Stored {
  phase: RegistrationPhase
  snapshot: Snapshot<unknown>
}

const keyOf = (athleteId: number, raceId: number) => `${PREFIX}.${String(athleteId)}.${String(raceId)}`

export function keepWizard(athleteId: number, raceId: number, phase: RegistrationPhase, snapshot: Snapshot<unknown>): void {
  try {
    localStorage.setItem(keyOf(athleteId, raceId), JSON.stringify({ phase, snapshot } satisfies Stored))
  } catch {
    // Storage full or blocked: the wizard still works, it just will not survive a reload.
  }
}

/** The kept snapshot, unless the race's registration has changed state since (then it is dropped). */
export function keptWizard(athleteId: number, raceId: number, phase: RegistrationPhase): Snapshot<unknown> | null {
  const raw = localStorage.getItem(keyOf(athleteId, raceId))
  if (!raw) return null
  try {
    const stored = JSON.parse(raw) as Partial<Stored>
    if (stored.phase === phase && stored.snapshot) return stored.snapshot
  } catch {
    // Not ours to read: dropped below.
  }
  dropWizard(athleteId, raceId)
  return null
}

export function dropWizard(athleteId: number, raceId: number): void {
  localStorage.removeItem(keyOf(athleteId, raceId))
}

/** Every kept wizard of this browser, whoever's: a deliberate logout leaves none behind. */
export function dropEveryWizard(): void {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i))
  for (const key of keys) if (key?.startsWith(`${PREFIX}.`)) localStorage.removeItem(key)
}
