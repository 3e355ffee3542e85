import * as z from 'zod/mini'
import { NavigableUrlSchema, problemOf, UndocumentedBodySchema } from './common'
import { defineOperation } from './operation'

export const TokenRequestSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().check(z.minLength(1)),
  password: z.string().check(z.minLength(1)),
})
export type TokenRequest = z.infer<typeof TokenRequestSchema>

export const TokenResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.optional(z.string()),
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
  error_description: z.optional(z.string()),
})

/**
 * Why the password grant failed: wrong credentials (`invalid_grant`), no valid client
 * (`invalid_client`), or an account whose e-mail is not confirmed yet. The last is an
 * `invalid_grant` that also carries `code: 'account_not_confirmed'` (the client reads `code`, then
 * `error`).
 */
export const TokenErrorSchema = z.enum(['invalid_grant', 'invalid_client', 'account_not_confirmed'])
export type TokenError = z.infer<typeof TokenErrorSchema>

/** The password grant's error body: OAuth's, plus our `code` for an unconfirmed account. */
export const TokenErrorBodySchema = z.extend(OAuthErrorSchema, {
  code: z.optional(z.literal('account_not_confirmed')),
})

export const token = defineOperation({
  name: 'auth.token',
  summary: 'Password grant: trade e-mail and password for an access token.',
  method: 'POST',
  path: '/api/oauth/token',
  auth: 'basic-client',
  body: { kind: 'form', schema: TokenRequestSchema },
  responses: { 200: TokenResponseSchema, 400: TokenErrorBodySchema, 401: OAuthErrorSchema },
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
  query: z.object({ mail: z.email() }),
  responses: { 200: z.boolean(), 404: problemOf(ForgotErrorSchema) },
  errors: ForgotErrorSchema,
})

export const ResetUserSchema = z.object({
  mail: z.email(),
  nome: z.nullable(z.string()),
})

/** Why a password-reset link did not work: not ours (404), or used or expired (410). */
export const ResetTokenErrorSchema = z.enum(['unknown_token', 'expired_token'])
export type ResetTokenError = z.infer<typeof ResetTokenErrorSchema>
const resetTokenProblem = problemOf(ResetTokenErrorSchema)

export const resetLookup = defineOperation({
  name: 'auth.resetLookup',
  summary: 'Find the account a password-reset token belongs to.',
  method: 'GET',
  path: '/api/v1/reset/:token',
  auth: 'none',
  pathParams: z.object({ token: z.string().check(z.minLength(1)) }),
  responses: { 200: ResetUserSchema, 404: resetTokenProblem, 410: resetTokenProblem },
  errors: ResetTokenErrorSchema,
})

export const ResetPasswordBodySchema = z.object({
  data: z.object({ attributes: z.object({ password: z.string().check(z.minLength(8)) }) }),
})

export const resetPassword = defineOperation({
  name: 'auth.resetPassword',
  summary: 'Set a new password with a reset token; answers an access token (session of 24 h).',
  method: 'POST',
  path: '/api/v1/reset/:token',
  auth: 'none',
  pathParams: z.object({ token: z.string().check(z.minLength(1)) }),
  body: { kind: 'json', schema: ResetPasswordBodySchema },
  responses: {
    200: z.object({ access_token: z.string().check(z.minLength(1)) }),
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
  body: { kind: 'json', schema: z.object({ redirect_uri: z.url() }) },
  responses: { 200: z.object({ authorize_url: NavigableUrlSchema }), 400: problemOf(SocialStartErrorSchema) },
  errors: SocialStartErrorSchema,
})
