import type { ProfileFormValues } from './profile-form'

/**
 * Profile changes not saved yet, kept when the form goes away in edit mode (the session expired and
 * the guard sent the athlete off /me, or they followed a link) so that /me brings them back. In
 * memory only, never in storage: it is personal data, and it must not outlive the tab. Only the
 * athlete who typed it gets it back.
 */
let kept: { athleteId: number; values: ProfileFormValues } | null = null

export function keepDraft(athleteId: number, values: ProfileFormValues): void {
  kept = { athleteId, values }
}

/** The athlete's unsaved changes, once: taking them forgets them, and another athlete's are dropped. */
export function takeDraft(athleteId: number): ProfileFormValues | null {
  const draft = kept
  kept = null
  return draft?.athleteId === athleteId ? draft.values : null
}

/** Saved or cancelled: nothing left to bring back. */
export function dropDraft(): void {
  kept = null
}
