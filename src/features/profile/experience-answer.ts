import * as z from 'zod/mini'
import * as athlete from '../../../contracts/athlete.contract'
import { MAX_ANSWER_LENGTH, writableProfile, type Profile, type ProfileUpdate } from '../../../contracts/athlete.contract'
import { apiMutation } from '../../lib/api-query'
import { athleteQueries } from '../../lib/athlete-queries'
import { tooLong } from '../../ui/form-messages'

/**
 * The answers to "have you run an experience race?", as the first item of `torexperience` (keys as
 * the backend's own data has them). Spec section 4 counts the question answered when that item has
 * a truthy value, which `esperienza_gara: false` alone is not: a "no" also says `risposta: 'no'`, so
 * it is not asked again. A "yes" says which race and when.
 */
export type ExperienceAnswer = { esperienza_gara: true; gara: string; anno: number } | { esperienza_gara: false; risposta: 'no' }

export const NO_EXPERIENCE: ExperienceAnswer = { esperienza_gara: false, risposta: 'no' }

/** The oldest year an athlete may give; earlier is a typing slip. */
export const EARLIEST_EXPERIENCE_YEAR = 1970

/** "Which race, which year": the race named (2 to MAX_ANSWER_LENGTH characters), the year a plausible one. */
export function experienceSchema(currentYear: number) {
  return z.object({
    gara: z.string().check(z.trim(), z.minLength(1, 'required'), z.minLength(2, 'too_short'), tooLong(MAX_ANSWER_LENGTH)),
    anno: z.string().check(
      z.trim(),
      z.minLength(1, 'required'),
      z.refine((year) => /^\d{4}$/.test(year) && Number(year) >= EARLIEST_EXPERIENCE_YEAR && Number(year) <= currentYear, 'year_invalid'),
    ),
  })
}

export type ExperienceValues = z.infer<ReturnType<typeof experienceSchema>>

/** What a save sends: the profile as it is, without its read-only fields, and the answer. */
export function experiencePayload(profile: Profile, answer: ExperienceAnswer): ProfileUpdate {
  const writable = writableProfile(profile)
  return { ...writable, torexperience: [answer, ...profile.torexperience.slice(1)] }
}

export const experienceMutations = {
  /** The answer saved with the profile (`atleta_torexp`), then the profile read again. */
  save: () =>
    apiMutation(athlete.saveExperience, {
      toInput: (body: ProfileUpdate) => ({ body }),
      onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: athleteQueries.me().queryKey }),
    }),
}
