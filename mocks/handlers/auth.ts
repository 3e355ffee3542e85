import { SECOND_MS } from '../../contracts/time'
import { db } from '../db'
import { mailLanguageOf, mailLinks, sendMail } from '../outbox'
import { oauthError, portalOriginOf, problem, reply, type MockContext, type ResourceHandlers } from '../handler'
import {
  findAthleteByMail,
  MAIL_SESSION_TTL_MS,
  openSession,
  PASSWORD_GRANT_TTL_S,
  randomToken,
  RESET_TOKEN_TTL_MS,
  SOCIAL_SESSION_TTL_MS,
} from '../records'

/** The account the simulated social provider signs in. */
const SOCIAL_ACCOUNT_MAIL = 'social@pettorale.test'

export function authHandlers(ctx: MockContext): ResourceHandlers<'auth'> {
  const portal = portalOriginOf(ctx)
  return {
    // Errors as RFC 6749 section 5.2 words them (`error`), with the project's `code` beside.
    token: async ({ body, request, now }) => {
      // The Basic header is there (the handler layer checks that); it must also be one.
      if (!isBasicClient(request.headers.get('authorization'))) {
        return reply(401, oauthError('invalid_client', 'the client credentials are not a Basic id:secret', 'invalid_client'))
      }
      if (!body.grant_type) return reply(400, oauthError('invalid_request', 'grant_type is missing', 'invalid_request'))
      if (body.grant_type !== 'password') {
        return reply(400, oauthError('unsupported_grant_type', 'only the password grant is served', 'unsupported_grant_type'))
      }
      if (!body.username || !body.password) {
        return reply(400, oauthError('invalid_request', 'the password grant needs username and password', 'invalid_request'))
      }
      const athlete = findAthleteByMail(body.username)
      if (!athlete || athlete.password !== body.password) {
        // As the organiser's backend answers it: OAuth's error alone, which the portal reads as the code.
        return reply(400, oauthError('invalid_grant', 'wrong_password'))
      }
      if (!athlete.confermato) {
        // An invalid grant to OAuth; `code` tells the portal why.
        return reply(400, oauthError('invalid_grant', 'account_not_confirmed', 'account_not_confirmed'))
      }
      const token = await openSession(athlete.id, now + PASSWORD_GRANT_TTL_S * SECOND_MS)
      return reply(200, { access_token: token, token_type: 'bearer', expires_in: PASSWORD_GRANT_TTL_S })
    },

    logout: ({ session }) => {
      db.sessions.delete((q) => q.where({ token: session.token }))
      return reply(200, {})
    },

    forgot: async ({ query, now }) => {
      const athlete = findAthleteByMail(query.mail)
      if (!athlete) return reply(404, problem(404, 'unknown_mail'))
      const token = randomToken('rst')
      await db.mailTokens.create({ token, athlete_id: athlete.id, kind: 'reset', expires_at: now + RESET_TOKEN_TTL_MS, used: false })
      await sendMail({ to: athlete.mail ?? query.mail, lingua: mailLanguageOf(athlete), kind: 'reset', link: mailLinks.reset(token), sent_at: now })
      return reply(200, true)
    },

    resetLookup: ({ params, now }) => {
      const found = usableResetToken(params.token, now)
      if (found.status !== 200) return found
      return reply(200, { mail: found.athlete.mail ?? '', nome: found.athlete.nome })
    },

    resetPassword: async ({ params, body, now }) => {
      const found = usableResetToken(params.token, now)
      if (found.status !== 200) return found
      const { athlete } = found
      await db.athletes.update((q) => q.where({ id: athlete.id }), {
        data(record) {
          record.password = body.data.attributes.password
        },
      })
      // This link is used, and every other one the athlete was sent is void: an older link in a
      // mailbox someone else reads no longer resets the password.
      await db.mailTokens.updateMany((q) => q.where({ athlete_id: athlete.id, kind: 'reset', used: false }), {
        data(record) {
          record.used = true
        },
      })
      // Whoever held a session (a thief who knew the old password, a forgotten device) is out.
      await endSessionsOf(athlete.id)
      const token = await openSession(athlete.id, now + MAIL_SESSION_TTL_MS)
      return reply(200, { access_token: token })
    },

    socialStart: async ({ body, now }) => {
      // Only the portal's own pages: an open redirect would hand the new session's token to anyone.
      if (!isPortalAddress(body.redirect_uri, portal)) return reply(400, problem(400, 'invalid_redirect_uri'))
      const athlete = findAthleteByMail(SOCIAL_ACCOUNT_MAIL)
      if (!athlete) throw new Error('the seed lacks the social sign-in account')
      const token = await openSession(athlete.id, now + SOCIAL_SESSION_TTL_MS)
      // The simulated provider consents at once and returns straight to the portal.
      const back = new URL(body.redirect_uri)
      back.searchParams.set('token', token)
      return reply(200, { authorize_url: back.toString() })
    },
  }
}

/** Ends every session of an athlete: their tokens answer 401 from now on. */
async function endSessionsOf(athleteId: number): Promise<void> {
  await db.sessions.deleteMany((q) => q.where({ athlete_id: athleteId }))
}

/** An `Authorization: Basic` header that carries client credentials: base64 of `id:secret`, with an id. */
function isBasicClient(authorization: string | null): boolean {
  const encoded = authorization?.startsWith('Basic ') ? authorization.slice(6).trim() : ''
  let decoded: string
  try {
    decoded = atob(encoded)
  } catch {
    return false
  }
  return decoded.indexOf(':') > 0
}

function usableResetToken(token: string, now: number) {
  const record = db.mailTokens.findFirst((q) => q.where({ token, kind: 'reset' }))
  const athlete = record ? db.athletes.findFirst((q) => q.where({ id: record.athlete_id })) : undefined
  if (!record || !athlete) return { status: 404 as const, body: problem(404, 'unknown_token') }
  if (record.used || record.expires_at <= now) return { status: 410 as const, body: problem(410, 'expired_token') }
  return { status: 200 as const, athlete }
}

/**
 * An absolute address of a page on the portal: its origin, no credentials, no fragment, nothing
 * the URL parser would read differently from a browser (backslashes, control characters), and a
 * path that is not protocol-relative.
 */
export function isPortalAddress(address: string, portalOrigin: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\\\u0000-\u001f\u007f]/.test(address)) return false
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return false
  }
  return (
    url.origin === portalOrigin &&
    url.username === '' &&
    url.password === '' &&
    url.hash === '' &&
    !address.includes('#') &&
    url.pathname.startsWith('/') &&
    !url.pathname.startsWith('//')
  )
}
