import * as z from 'zod/mini'

/** An ISO 8601 instant with an offset, as the backend sends timestamps. */
export const InstantSchema = z.iso.datetime({ offset: true })
/** A calendar date `YYYY-MM-DD` (birth dates, certificate expiry). */
export const DateOnlySchema = z.iso.date()

/** A money amount in EUR, as a decimal number of euros on the wire. */
export const EuroAmountSchema = z.number().check(z.nonnegative())

/**
 * The error body the portal reads from a failed call. The organiser's backend does not document
 * one, so every field is optional and unknown fields pass through.
 */
export const ProblemSchema = z.looseObject({
  status: z.optional(z.number()),
  title: z.optional(z.string()),
  detail: z.optional(z.string()),
  code: z.optional(z.string()),
  message: z.optional(z.string()),
})
export type Problem = z.infer<typeof ProblemSchema>

/** The body of a call whose answer is its status alone (documented as "not shown" or "status 200"). */
export const UndocumentedBodySchema = z.unknown()

/** Path parameter of a numeric id, as it appears in a URL. */
export const NumericIdParam = z.union([z.number(), z.string().check(z.regex(/^\d+$/))])
