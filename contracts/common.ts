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

/** Path parameter of a numeric id, as it appears in a URL (at most 16 digits: ids are safe integers). */
export const NumericIdParam = z.union([z.number(), z.string().check(z.maxLength(16), z.regex(/^\d+$/))])

/** A locale of the portal (locale.ts lists them). */
export const LocaleSchema = z.enum(LOCALES)

/**
 * Lengths no person reaches, shared by the contracts and the portal's forms (a form says "too long"
 * before the backend has to refuse). Strings are counted in Unicode code points.
 */
export const MAX_EMAIL_LENGTH = 254
/** A first or last name, a contact's name, a team. */
export const MAX_NAME_LENGTH = 100
export const MAX_PASSWORD_LENGTH = 128
/** An idempotency key, and any other key a client makes up. */
export const MAX_KEY_LENGTH = 255
/** An address (URL) on the wire. */
export const MAX_URL_LENGTH = 2048
/** A calendar date earlier than this is a typing slip (a birth date in year 1). */
export const EARLIEST_PLAUSIBLE_DATE = '1900-01-01'
/** The longest a race can take, its time limit included: 14 days. A finish time over it cannot be. */
export const MAX_RACE_DURATION_S = 14 * 24 * 60 * 60
/** A waiver's version (`v1`, `v2`...): the waiver's and the race's (liberatoria.contract.ts, races.contract.ts). */
export const MAX_WAIVER_VERSION_LENGTH = 32
/**
 * An organiser's payment link's code (the unguessable token of `/payment/by-link?code=...`): the
 * link's and the subscription's that it pays (payments.contract.ts, athlete.contract.ts).
 */
export const MAX_PAYMENT_LINK_CODE_LENGTH = 128
/**
 * A payment's reference: `PAY-` and 24 hex digits (96 random bits) today; the bound leaves room for
 * a real provider's references. The payment's and the subscription's it is under way for.
 */
export const MAX_PAYMENT_ID_LENGTH = 64
export const PaymentIdSchema = z.string().check(z.minLength(1), z.maxLength(MAX_PAYMENT_ID_LENGTH))

/** A string of at most `max` code points. */
export function boundedString(max: number) {
  return z.string().check(z.maxLength(max))
}

/**
 * At most `max` keys in an object (a record of answers): an object has no `length` for
 * `z.maxLength`. Counting stops at the first key over the maximum.
 */
export function maxKeys(max: number) {
  return z.check<Record<string, unknown>>((ctx) => {
    let count = 0
    for (const key in ctx.value) {
      if (!Object.hasOwn(ctx.value, key)) continue
      count += 1
      if (count > max) {
        ctx.issues.push({ code: 'too_big', origin: 'object', maximum: max, inclusive: true, input: ctx.value, message: `Too big: expected at most ${String(max)} keys` })
        return
      }
    }
  })
}

/**
 * Bounds every request body is held to before its operation's contract is even looked at, so one
 * request cannot hold the backend. A body whose content type is not its kind's (BODY_MEDIA_TYPES in
 * operation.ts) is `415 unsupported_media_type`; a json or form body over MAX_JSON_BODY_BYTES is
 * `413 payload_too_large`; a JSON body nested deeper than MAX_JSON_DEPTH, with more than
 * MAX_JSON_MEMBERS keys and values, an object of more than MAX_JSON_OBJECT_KEYS keys, a key over
 * MAX_JSON_KEY_LENGTH or a string over MAX_JSON_STRING_LENGTH characters, or a number or white space
 * over MAX_JSON_TOKEN_LENGTH is `400 invalid_request`, found by a scan of the text before it is
 * parsed. Every operation's largest honest body is well below them (a profile with every field and
 * experience answer at its maximum: some 100 KB, 500 keys and values).
 */
export const MAX_JSON_BODY_BYTES = 2 * 1024 * 1024
export const MAX_JSON_DEPTH = 16
export const MAX_JSON_MEMBERS = 1_000
export const MAX_JSON_STRING_LENGTH = 16_384
/** A number, a literal or white space between two marks of a JSON body (`,` `:` brackets quotes). */
export const MAX_JSON_TOKEN_LENGTH = 256
/** Keys in one JSON object (the largest a contract takes is an enrolment's 100 extra-field answers). */
export const MAX_JSON_OBJECT_KEYS = 128
/** A key of a JSON object, as written (a contract's longest key is 100 characters). */
export const MAX_JSON_KEY_LENGTH = 1_024
/** A form body (`application/x-www-form-urlencoded`) has at most this many fields. */
export const MAX_FORM_FIELDS = 100

/** A 400 `invalid_request` lists at most this many issues; `issue_count` says how many there were. */
export const MAX_LISTED_ISSUES = 10

/** One reason a request was refused: where (path, query or body), the path to the field, a code and words. */
export const RequestIssueSchema = z.object({
  where: z.enum(['params', 'query', 'body']),
  path: z.array(z.union([z.string(), z.number()])),
  code: z.string(),
  message: z.string(),
})
export type RequestIssue = z.infer<typeof RequestIssueSchema>

/**
 * The answer of any operation to a request that breaks its contract (before its own errors): the
 * first MAX_LISTED_ISSUES issues and how many there were. Not in the operations' `responses`: the
 * portal, which validates what it sends, never meets it.
 */
export const InvalidRequestSchema = z.looseObject({
  status: z.literal(400),
  title: z.string(),
  code: z.literal('invalid_request'),
  detail: z.optional(z.string()),
  issues: z.array(RequestIssueSchema).check(z.maxLength(MAX_LISTED_ISSUES)),
  issue_count: z.int().check(z.nonnegative()),
})
export type InvalidRequest = z.infer<typeof InvalidRequestSchema>
