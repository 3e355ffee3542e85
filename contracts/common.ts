import * as z from 'zod/mini'
import { LOCALES } from './locale'

/** An ISO 8601 instant with an offset, as the backend sends timestamps. */
export const InstantSchema = z.iso.datetime({ offset: true })
/** A calendar date `YYYY-MM-DD` (birth dates, certificate expiry). */
export const DateOnlySchema = z.iso.date()

/**
 * An address the portal sends the browser to (a provider's sign-in page, a payment page): `http:`
 * or `https:` only, so an answer can never make the portal navigate to `javascript:`, `data:` or
 * `file:`.
 */
export const NavigableUrlSchema = z.url({ protocol: /^https?$/ })

/** A money amount in EUR, as a decimal number of euros on the wire. */
export const EuroAmountSchema = z.number().check(z.nonnegative())

/**
 * The error body of a failed call whose codes are `codes` (an operation's `errors` enum). The
 * organiser's backend does not document one, so every field is optional and unknown fields pass
 * through; `code`, when present, is one the operation declares. The mock's `problem()` builds it.
 */
export function problemOf<Codes extends z.ZodMiniType<string>>(codes: Codes) {
  return z.looseObject({
    status: z.optional(z.number()),
    title: z.optional(z.string()),
    detail: z.optional(z.string()),
    code: z.optional(codes),
    message: z.optional(z.string()),
  })
}

/**
 * A refused Bearer: the portal reads a 401 as "session over" whatever its body says, so its code
 * is not one of the operation's `errors`.
 */
export const UnauthorizedSchema = problemOf(z.enum(['unauthorized']))

/** The body of a call whose answer is its status alone (documented as "not shown" or "status 200"). */
export const UndocumentedBodySchema = z.unknown()

/** Path parameter of a numeric id, as it appears in a URL. */
export const NumericIdParam = z.union([z.number(), z.string().check(z.regex(/^\d+$/))])

/** A locale of the portal (locale.ts lists them). */
export const LocaleSchema = z.enum(LOCALES)
