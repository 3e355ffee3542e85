import { useEffect, useSyncExternalStore } from 'react'

/**
 * Who tells the athlete that the place kept for them (held from a waiting room, offered from a wait
 * list) went to the next in line. The enrolment wizard does, with its refusal, whenever it holds
 * that place: it stops the moment the place lapses (decision 065). The banner above it says so only
 * where the wizard does not (a wizard opened after the lapse), so the lapse is said once. The two
 * are features apart that meet only in src/app: this is all they share.
 */
const saidByWizard = new Set<number>()
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

function changed() {
  for (const listener of listeners) listener()
}

/** The wizard of race `raceId` says the lapse while `saying`. */
export function useWizardSaysLapse(raceId: number, saying: boolean): void {
  useEffect(() => {
    if (!saying) return
    saidByWizard.add(raceId)
    changed()
    return () => {
      saidByWizard.delete(raceId)
      changed()
    }
  }, [raceId, saying])
}

/** The wizard of race `raceId` says the lapse: a banner keeps its own silent. */
export function useLapseSaidByWizard(raceId: number): boolean {
  return useSyncExternalStore(subscribe, () => saidByWizard.has(raceId))
}
