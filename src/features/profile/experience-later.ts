/**
 * "Later" on the experience question, held for the rest of the signed-in session: wherever the
 * athlete goes and through reloads of the tab (the session survives a reload, so the answer does).
 * sessionStorage, because a tab is where the athlete said it; a deliberate logout forgets it
 * (`forgetExperienceLater`), so the next sign-in asks again.
 */

const KEY = 'pettorale.experience.later'

/** Blocked storage must not bring the question back on the next page of this visit. */
let inMemory: number | null = null

export function putOffExperienceQuestion(athleteId: number): void {
  inMemory = athleteId
  try {
    sessionStorage.setItem(KEY, String(athleteId))
  } catch {
    // Storage full or blocked: "Later" still holds until the page is loaded again.
  }
}

/** Whether this athlete said "Later" in this session; another athlete signing in here is asked. */
export function isExperienceQuestionPutOff(athleteId: number): boolean {
  if (inMemory === athleteId) return true
  try {
    return sessionStorage.getItem(KEY) === String(athleteId)
  } catch {
    return false
  }
}

export function forgetExperienceLater(): void {
  inMemory = null
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing could have been stored.
  }
}
