import * as z from 'zod/mini'
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MAX_URL_LENGTH, NavigableUrlSchema, problemOf, UndocumentedBodySchema } from './common'
import { defineOperation } from './operation'

// Bounds no person reaches, so a careless or hostile client cannot make the server hold or check
// megabytes (issue 19 row 7).

/** A password the athlete sets (reset): at least 8 characters, at most MAX_PASSWORD_LENGTH (as at registration). */
export const MIN_PASSWORD_LENGTH = 8
/**
 * A password the password grant checks: generous, so that no password set under an older or wider
 * rule is ever cut off; a longer one is refused before it is hashed.
 */
export const MAX_GRANT_PASSWORD_LENGTH = 1_024
/** An OAuth `grant_type` (RFC 6749 names are short; an extension grant is a URI). */
export const MAX_GRANT_TYPE_LENGTH = 255
/** A token e-mailed in a link (`rst-` and 32 hex digits today). */
export const MAX_MAIL_TOKEN_LENGTH = 128
/** An access token the backend hands out. */
export const MAX_ACCESS_TOKEN_LENGTH = 4_096

// The length first: the e-mail's pattern is never run on a megabyte.
const MailSchema = z.string().check(z.maxLength(MAX_EMAIL_LENGTH, { abort: true }), z.email())
const MailTokenSchema = z.string().check(z.minLength(1), z.maxLength(MAX_MAIL_TOKEN_LENGTH))
const AccessTokenSchema = z.string().check(z.minLength(1), z.maxLength(MAX_ACCESS_TOKEN_LENGTH))

/**
 * The token request (a form). Only the password grant is served, but every parameter is optional
 * here and checked by the server as RFC 6749 says (section 5.2), so that a client asking for another
 * grant (`client_credentials`) is told `unsupported_grant_type` and one that leaves a parameter out
 * `invalid_request`, in OAuth's words, rather than the project's generic `invalid_request` problem.
 * The portal always sends `grant_type: 'password'` with both credentials.
 */
export const TokenRequestSchema = z.object({
  grant_type: z.optional(z.string().check(z.maxLength(MAX_GRANT_TYPE_LENGTH))),
  username: z.optional(z.string().check(z.maxLength(MAX_EMAIL_LENGTH))),
  password: z.optional(z.string().check(z.maxLength(MAX_GRANT_PASSWORD_LENGTH))),
})
export type TokenRequest = z.infer<typeof TokenRequestSchema>

export const TokenResponseSchema = z.object({
  access_token: AccessTokenSchema,
  token_type: z.optional(z.string().check(z.maxLength(64))),
  /** Lifetime of the token in seconds from now. */
  expires_in: z.number().check(z.int(), z.positive()),
})
export type TokenResponse = z.infer<typeof TokenResponseSchema>

/** The `error` codes of an OAuth error answer (RFC 6749 section 5.2). */
export const OAuthErrorCodeSchema = z.enum([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
])
export type OAuthErrorCode = z.infer<typeof OAuthErrorCodeSchema>

/** OAuth error body (RFC 6749 section 5.2). */
export const OAuthErrorSchema = z.looseObject({
  error: OAuthErrorCodeSchema,
  error_description: z.optional(z.string().check(z.maxLength(1_024))),
})

/**
 * Why the password grant failed, RFC 6749's `error` (section 5.2): wrong credentials
 * (`invalid_grant`), no valid client (`invalid_client`, 401), a parameter missing
 * (`invalid_request`), a grant other than the password grant (`unsupported_grant_type`); or an
 * account whose e-mail is not confirmed yet, an `invalid_grant` whose `code` says
 * `account_not_confirmed` (the client reads `code`, then `error`).
 */
export const TokenErrorSchema = z.enum([
  'invalid_grant',
  'invalid_client',
  'invalid_request',
  'unsupported_grant_type',
  'account_not_confirmed',
])
export type TokenError = z.infer<typeof TokenErrorSchema>

/**
 * The password grant's error body: OAuth's `error` (and `error_description`), with the project's
 * `code` beside it: the same as `error` (a wrong password may come with `error` alone, as the
 * organiser's backend sends it), but `account_not_confirmed` for an unconfirmed account.
 */
export const TokenErrorBodySchema = z.extend(OAuthErrorSchema, {
  code: z.optional(TokenErrorSchema),
})

export const token = defineOperation({
  name: 'auth.token',
  summary: 'Password grant: trade e-mail and password for an access token.',
  method: 'POST',
  path: '/api/oauth/token',
  auth: 'basic-client',
  body: { kind: 'form', schema: TokenRequestSchema },
  responses: { 200: TokenResponseSchema, 400: TokenErrorBodySchema, 401: TokenErrorBodySchema },
  errors: TokenErrorSchema,
})

export const logout = defineOperation({
  name: 'auth.logout',
  summary: 'Revoke the current access token.',
  method: 'GET',
  path: '/api/logout',
  auth: 'bearer',
  responses: { 200: UndocumentedBodySchema },
})

/** No account has the e-mail a reset link was asked for. */
export const ForgotErrorSchema = z.enum(['unknown_mail'])
export type ForgotError = z.infer<typeof ForgotErrorSchema>

export const forgot = defineOperation({
  name: 'auth.forgot',
  summary: 'Send a password-reset link to the given e-mail.',
  method: 'GET',
  path: '/api/v1/users/forgot',
  auth: 'none',
  query: z.object({ mail: MailSchema }),
  responses: { 200: z.boolean(), 404: problemOf(ForgotErrorSchema) },
  errors: ForgotErrorSchema,
})

export const ResetUserSchema = z.object({
  mail: MailSchema,
  nome: z.nullable(z.string().check(z.maxLength(255))),
})

/**
 * Why a password-reset link did not work: not ours (404), or used, voided or expired (410). Using a
 * link voids every other link the athlete was sent.
 */
export const ResetTokenErrorSchema = z.enum(['unknown_token', 'expired_token'])
export type ResetTokenError = z.infer<typeof ResetTokenErrorSchema>
const resetTokenProblem = problemOf(ResetTokenErrorSchema)

export const resetLookup = defineOperation({
  name: 'auth.resetLookup',
  summary: 'Find the account a password-reset token belongs to.',
  method: 'GET',
  path: '/api/v1/reset/:token',
  auth: 'none',
  pathParams: z.object({ token: MailTokenSchema }),
  responses: { 200: ResetUserSchema, 404: resetTokenProblem, 410: resetTokenProblem },
  errors: ResetTokenErrorSchema,
})

export const ResetPasswordBodySchema = z.object({
  data: z.object({
    attributes: z.object({ password: z.string().check(z.minLength(MIN_PASSWORD_LENGTH), z.maxLength(MAX_PASSWORD_LENGTH)) }),
  }),
})

export const resetPassword = defineOperation({
  name: 'auth.resetPassword',
  summary:
    "Set a new password with a reset token; answers an access token (session of 24 h). Ends the athlete's other sessions and voids their other reset links.",
  method: 'POST',
  path: '/api/v1/reset/:token',
  auth: 'none',
  pathParams: z.object({ token: MailTokenSchema }),
  body: { kind: 'json', schema: ResetPasswordBodySchema },
  responses: {
    200: z.object({ access_token: AccessTokenSchema }),
    404: resetTokenProblem,
    410: resetTokenProblem,
  },
  errors: ResetTokenErrorSchema,
})

export const SocialProviderSchema = z.enum(['google', 'apple'])
export type SocialProvider = z.infer<typeof SocialProviderSchema>

/**
 * The return address is not one of the portal's own: `redirect_uri` must be on the portal's origin,
 * without credentials or fragment (an open redirector would hand the session token to anyone).
 */
export const SocialStartErrorSchema = z.enum(['invalid_redirect_uri'])
export type SocialStartError = z.infer<typeof SocialStartErrorSchema>

export const socialStart = defineOperation({
  name: 'auth.socialStart',
  summary:
    'Start a social sign-in; the provider returns to redirect_uri (a portal address) with ?token= (session of 1 h).',
  method: 'POST',
  path: '/api/v1/social/:provider/start',
  auth: 'none',
  inferred: true,
  pathParams: z.object({ provider: SocialProviderSchema }),
  body: { kind: 'json', schema: z.object({ redirect_uri: z.string().check(z.maxLength(MAX_URL_LENGTH, { abort: true }), z.url()) }) },
  responses: { 200: z.object({ authorize_url: NavigableUrlSchema }), 400: problemOf(SocialStartErrorSchema) },
  errors: SocialStartErrorSchema,
})
