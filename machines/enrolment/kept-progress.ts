import * as z from 'zod/mini'
import { RefundOptionSchema } from '../../contracts/athlete.contract'
import type { RegistrationDisplay } from '../rules/registration-display'

/**
 * What the wizard keeps in the browser so a reload or a trip to the profile comes back to the same
 * step: the athlete's progress as data (step, choices, payment attempt), versioned and checked
 * with zod on the way back in, never the interpreter's snapshot, so a release that renames a state
 * cannot break it (design card, DESIGN.md section 5). No personal or health data, no free-text
 * answer and no typed waiver sentence: choices and codes only (decision 020).
 */

export const KEPT_PROGRESS_VERSION = 2

/** The steps a wizard can be kept at; `confirming` is a payment sent to the provider. */
export const KEPT_STEPS = ['dataCheck', 'extraFields', 'rules', 'refund', 'gps', 'summary', 'disclaimer', 'payment', 'confirming'] as const
export type KeptStep = (typeof KEPT_STEPS)[number]

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

const id = z.number().check(z.int(), z.positive())
/** Far above any real value, so a tampered store cannot make the wizard carry megabytes. */
const code = z.string().check(z.minLength(1), z.maxLength(255))

export const KeptProgressSchema = z.object({
  version: z.literal(KEPT_PROGRESS_VERSION),
  athleteId: id,
  raceId: id,
  phase: z.enum(['before', 'open', 'full', 'over']),
  step: z.enum(KEPT_STEPS),
  choices: z.object({
    dataConfirmed: z.boolean(),
    rulesAccepted: z.boolean(),
    refund: z.nullable(RefundOptionSchema),
    gps: z.nullable(z.boolean()),
    /** Answers to the race's questions that are choices (a select, a checkbox), not free text. */
    extra: z.record(code, z.union([code, z.boolean()])).check(z.refine((answers) => Object.keys(answers).length <= 100)),
  }),
  /** Payment attempts made so far: a restored wizard numbers its keys after them. */
  attempts: z.number().check(z.int(), z.nonnegative(), z.maximum(1_000)),
  attempt: z.nullable(
    z.object({
      key: code,
      refund: RefundOptionSchema,
      gps: z.boolean(),
      /** Cents. */
      expectedTotal: z.number().check(z.int(), z.nonnegative()),
      paymentId: z.nullable(code),
    }),
  ),
})
export type KeptProgress = z.infer<typeof KeptProgressSchema>

/** Whose wizard is being opened, and the race's registration phase now. */
export interface KeptOwner {
  athleteId: number
  raceId: number
  phase: RegistrationPhase
}

/**
 * What a kept value means for a wizard opening now:
 * - `fresh`: nothing kept;
 * - `kept`: progress to resume;
 * - `stale`: the athlete's own, from another registration phase (opened, sold out, closed since):
 *   the gate will say what changed, so it goes without a word;
 * - `unreadable`: from an older release, corrupt, or not this athlete's and race's: dropped, and
 *   the athlete is told the enrolment starts again.
 */
export type Restored =
  | { kind: 'fresh' }
  | { kind: 'kept'; progress: KeptProgress }
  | { kind: 'stale' }
  | { kind: 'unreadable' }

export function restoreProgress(raw: unknown, owner: KeptOwner): Restored {
  if (raw === null || raw === undefined) return { kind: 'fresh' }
  const parsed = KeptProgressSchema.safeParse(raw)
  if (!parsed.success) return { kind: 'unreadable' }
  const progress = parsed.data
  if (progress.athleteId !== owner.athleteId || progress.raceId !== owner.raceId) return { kind: 'unreadable' }
  if (progress.phase !== owner.phase) return { kind: 'stale' }
  return { kind: 'kept', progress }
}
