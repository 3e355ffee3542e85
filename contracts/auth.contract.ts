import * as z from 'zod/mini'
import { ProblemSchema, UndocumentedBodySchema } from './common'
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

/** OAuth error body (RFC 6749 section 5.2). */
export const OAuthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: z.optional(z.string()),
})

export const token = defineOperation({
  name: 'auth.token',
  summary: 'Password grant: trade e-mail and password for an access token.',
  method: 'POST',
  path: '/api/oauth/token',
  auth: 'basic-client',
  body: { kind: 'form', schema: TokenRequestSchema },
  responses: { 200: TokenResponseSchema, 400: OAuthErrorSchema, 401: OAuthErrorSchema },
})

export const logout = defineOperation({
  name: 'auth.logout',
  summary: 'Revoke the current access token.',
  method: 'GET',
  path: '/api/logout',
  auth: 'bearer',
  responses: { 200: UndocumentedBodySchema },
})

export const forgot = defineOperation({
  name: 'auth.forgot',
  summary: 'Send a password-reset link to the given e-mail.',
  method: 'GET',
  path: '/api/v1/users/forgot',
  auth: 'none',
  query: z.object({ mail: z.email() }),
  responses: { 200: z.boolean(), 404: ProblemSchema },
})

export const ResetUserSchema = z.object({
  mail: z.email(),
  nome: z.nullable(z.string()),
})

export const resetLookup = defineOperation({
  name: 'auth.resetLookup',
  summary: 'Find the account a password-reset token belongs to.',
  method: 'GET',
  path: '/api/v1/reset/:token',
  auth: 'none',
  pathParams: z.object({ token: z.string().check(z.minLength(1)) }),
  responses: { 200: ResetUserSchema, 404: ProblemSchema, 410: ProblemSchema },
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
    404: ProblemSchema,
    410: ProblemSchema,
  },
})

export const SocialProviderSchema = z.enum(['google', 'apple'])
export type SocialProvider = z.infer<typeof SocialProviderSchema>

export const socialStart = defineOperation({
  name: 'auth.socialStart',
  summary:
    'Start a social sign-in; the provider returns to redirect_uri with ?token= (session of 1 h).',
  method: 'POST',
  path: '/api/v1/social/:provider/start',
  auth: 'none',
  inferred: true,
  pathParams: z.object({ provider: SocialProviderSchema }),
  body: { kind: 'json', schema: z.object({ redirect_uri: z.url() }) },
  responses: { 200: z.object({ authorize_url: z.url() }) },
})
