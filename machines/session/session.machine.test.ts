import { waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../contracts/time'
import { LOGIN_FOCUS_DELAY_MS } from './login-drawer.machine'
import {
  DEFAULT_LOGIN_RETRY_MS,
  loginFailureOf,
  loginRetryDelayOf,
  profileFailureOf,
  TOKEN_LIFETIME_MS,
  type LoginFailure,
  type SessionEvent,
  type TokenSource,
} from './session.machine'
import {
  PASSWORD_EXPIRES_IN,
  PASSWORD_TOKEN,
  T0,
  contractFailure,
  deferred,
  failure,
  flushMicrotasks,
  httpFailure,
  makeIncompleteProfile,
  makeProfile,
  networkFailure,
  startSession,
  tooManyAttemptsFailure,
  unauthorizedFailure,
  type SessionHarness,
  type SessionSnapshot,
  type StartOptions,
} from './test-harness'

const isReady = (s: SessionSnapshot) => s.matches({ loggedIn: 'ready' })
const isLoggedOut = (s: SessionSnapshot) => s.matches('loggedOut')
const isCoolingDown = (s: SessionSnapshot) => s.matches('coolingDown')

const login: SessionEvent = { type: 'session.login', username: 'giulia', password: 's3cret!' }

const signIn = (source: TokenSource, now: number, destination?: string): SessionEvent => ({
  type: 'session.signIn',
  token: `${source}-token`,
  source,
  now,
  ...(destination === undefined ? {} : { destination }),
})

/** The route guard turning a visitor away from a page that needs a login. */
const loginRequiredAt = (path: string): SessionEvent => ({ type: 'session.accessDenied', path, reason: 'login_required' })
/** The route guard turning an athlete with an incomplete profile away from a page that needs it. */
const profileIncompleteAt = (path: string): SessionEvent => ({
  type: 'session.accessDenied',
  path,
  reason: 'profile_incomplete',
})

const home = { type: 'navigate', to: '/', replace: false } as const
/** An ended session leaves the athlete's area; a public page stays. */
const leavePrivate = { ...home, onlyFromPrivate: true } as const
const notice = (code: string) => ({ type: 'notice', code }) as const

/** A harness already logged in by password, profile loaded, what the login emitted or forgot cleared. */
async function loggedInByPassword(options: StartOptions = {}): Promise<SessionHarness> {
  const h = startSession(options)
  h.send(login)
  await waitFor(h.actor, isReady)
  h.emitted.length = 0
  h.forgetAthleteData.mockClear()
  return h
}

/** A logged-out session carries nothing of the athlete's session. */
function expectSignedOut(h: SessionHarness) {
  expect(h.context()).toMatchObject({ token: null, expiresAt: null, navigateAfterProfile: false })
}

describe('session: restoring on page load', () => {
  it('a stored session whose expiry is in the future restores logged in and loads the profile without navigating', async () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + 30 * MINUTE_MS } })

    expect(h.snapshot().matches({ loggedIn: 'loadingProfile' })).toBe(true)
    expect(h.context()).toMatchObject({ token: 'stored-token', expiresAt: T0 + 30 * MINUTE_MS })

    await waitFor(h.actor, isReady)
    expect(h.calls.loadProfile).toEqual([{ token: 'stored-token' }])
    expect(h.emitted).toEqual([])
    expect(h.forgetAthleteData).not.toHaveBeenCalled()
  })

  it('a restored session whose profile is incomplete still does not navigate (the route guard handles /me)', async () => {
    const h = startSession({
      stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS },
      backend: { loadProfile: async () => makeIncompleteProfile() },
    })
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual([])
  })

  it('an expired stored session starts logged out, without loading anything, and says it has expired', () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 - 1 } })
    expect(h.value()).toBe('loggedOut')
    expectSignedOut(h)
    expect(h.calls.loadProfile).toEqual([])
    // As a session running out while the page is open does (issue 20 point 8): never silently.
    expect(h.emitted).toEqual([notice('session_expired')])
  })

  it('a stored session expiring exactly now starts logged out, and says it has expired', () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 } })
    expect(h.value()).toBe('loggedOut')
    expectSignedOut(h)
    expect(h.notices()).toEqual(['session_expired'])
  })

  it('no stored session starts logged out, with the drawer closed and the clock not watched', () => {
    const h = startSession({ stored: null })
    expect(h.value()).toBe('loggedOut')
    expectSignedOut(h)
    expect(h.context()).toMatchObject({ redirectTo: null, loginFailure: null })
    expect(h.drawer()).toBe('closed')
    expect(h.clock.watchers).toBe(0)
    expect(h.emitted).toEqual([])
  })
})

describe('session: login by password grant', () => {
  it('asks for a token with the username and password while authenticating', () => {
    const h = startSession({ hold: ['requestToken'] })
    h.send(login)
    expect(h.value()).toBe('authenticating')
    expect(h.calls.requestToken).toEqual([{ username: 'giulia', password: 's3cret!' }])
  })

  it('sets expiry to the time the answer arrived plus expires_in seconds', async () => {
    const h = startSession({ hold: ['requestToken'] })
    h.send(login)
    h.clock.advance(1_500) // the server takes 1.5 s to answer
    await h.resolve('requestToken', { accessToken: 'slow-token', expiresIn: 3_600 })
    expect(h.snapshot().matches('loggedIn')).toBe(true)
    expect(h.context().token).toBe('slow-token')
    expect(h.context().expiresAt).toBe(T0 + 1_500 + 3_600 * SECOND_MS)
  })

  it('loads the profile with the granted token', async () => {
    const h = startSession()
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.calls.loadProfile).toEqual([{ token: PASSWORD_TOKEN }])
    expect(h.context()).toMatchObject({ token: PASSWORD_TOKEN, expiresAt: T0 + PASSWORD_EXPIRES_IN * SECOND_MS })
  })

  it('does not navigate before the profile has loaded, then goes home (a push, not a replace)', async () => {
    const h = startSession({ hold: ['loadProfile'] })
    h.send(login)
    await waitFor(h.actor, (s) => s.matches({ loggedIn: 'loadingProfile' }))
    expect(h.emitted).toEqual([])

    await h.resolve('loadProfile', makeProfile())
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    expect(h.emitted).toEqual([home])
    expect(h.context()).toMatchObject({ redirectTo: null, navigateAfterProfile: false })
  })

  it('a drawer opened while a stored session is being restored closes once the profile is in', async () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS }, hold: ['loadProfile'] })
    h.snapshot().children.drawer!.send({ type: 'drawer.open', delayed: false })
    await h.resolve('loadProfile', makeProfile())
    expect(h.snapshot().matches({ loggedIn: 'ready' })).toBe(true)
    expect(h.drawer()).toBe('closed')
  })

  it('a "log in first" denial that arrives once a sign-in has begun is dropped: no notice, no trip home', async () => {
    const h = startSession({ hold: ['requestToken'] })
    h.send(login)
    h.send(loginRequiredAt('/me'))
    expect(h.emitted).toEqual([])
    expect(h.context().redirectTo).toBeNull()
  })

  it('a "complete your profile" denial counts only once the profile is in', async () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS }, hold: ['loadProfile'] })
    h.send(profileIncompleteAt('/me/races'))
    expect(h.emitted).toEqual([])
  })

  it('an athlete whose profile is incomplete is sent to /me after logging in', async () => {
    const h = startSession({ backend: { loadProfile: async () => makeIncompleteProfile() } })
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/me', replace: false }])
  })

  it('the drawer the athlete logged in from stays open until the profile has loaded, then closes', async () => {
    const h = startSession({ hold: ['requestToken', 'loadProfile'] })
    h.snapshot().children.drawer!.send({ type: 'drawer.open', delayed: false })
    expect(h.drawer()).toBe('open')

    h.send(login)
    expect(h.drawer()).toBe('open')
    await h.resolve('requestToken', { accessToken: PASSWORD_TOKEN, expiresIn: PASSWORD_EXPIRES_IN })
    expect(h.snapshot().matches({ loggedIn: 'loadingProfile' })).toBe(true)
    expect(h.drawer()).toBe('open')

    await h.resolve('loadProfile', makeProfile())
    expect(h.drawer()).toBe('closed')
  })

  it("forgets the previous athlete's server data once, when the new token arrives", async () => {
    const h = startSession({ hold: ['requestToken'] })
    h.send(login)
    expect(h.forgetAthleteData).not.toHaveBeenCalled()
    await h.resolve('requestToken', { accessToken: PASSWORD_TOKEN, expiresIn: PASSWORD_EXPIRES_IN })
    expect(h.forgottenOn()).toEqual(['xstate.done.actor.requestToken'])
  })

  it('the athlete can log in again after logging out', async () => {
    const h = await loggedInByPassword()
    h.send({ type: 'session.logout' })
    await waitFor(h.actor, isLoggedOut)
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.context().token).toBe(PASSWORD_TOKEN)
    expect(h.navigations()).toEqual(['/', '/'])
  })
})

describe('session: login failures', () => {
  const cases: Array<{ failure: string; error: unknown; code: LoginFailure }> = [
    { failure: 'credentials the server refuses', error: httpFailure(400, 'invalid_grant'), code: 'wrong_password' },
    {
      failure: 'an account not yet confirmed',
      error: httpFailure(400, 'account_not_confirmed'),
      code: 'account_not_confirmed',
    },
    { failure: 'an unreachable server', error: networkFailure(), code: 'network_error' },
    { failure: 'a failing server', error: httpFailure(503), code: 'server_error' },
    { failure: 'an answer outside the contract', error: contractFailure(), code: 'unexpected_answer' },
  ]

  // Said once, in the drawer where the athlete typed (issue 20 point 8): no notice besides.
  it.each(cases)('$failure -> logged out, told $code in the drawer only (no notice), nothing of a session kept', async ({ error, code }) => {
    const h = startSession({ hold: ['requestToken'] })
    h.send(login)
    await h.reject('requestToken', error)

    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([])
    expect(h.notices()).toEqual([])
    expect(h.context().loginFailure).toBe(code)
    expectSignedOut(h)
    expect(h.calls.loadProfile).toEqual([])
    expect(h.clock.watchers).toBe(0)
    expect(h.forgetAthleteData).not.toHaveBeenCalled()
  })

  it('a new attempt clears the last failure as it starts, and a successful one leaves it cleared', async () => {
    let attempt = 0
    const h = startSession({
      backend: {
        requestToken: async () => {
          attempt += 1
          if (attempt === 1) throw httpFailure(400, 'invalid_grant')
          return { accessToken: PASSWORD_TOKEN, expiresIn: PASSWORD_EXPIRES_IN }
        },
      },
    })
    h.send(login)
    await waitFor(h.actor, isLoggedOut)
    expect(h.context().loginFailure).toBe('wrong_password')

    h.send(login)
    expect(h.value()).toBe('authenticating')
    expect(h.context().loginFailure).toBeNull()
    await waitFor(h.actor, isReady)
    expect(h.context().loginFailure).toBeNull()
  })

  it('a token sign-in after a failed password attempt leaves no failure once the profile has loaded', async () => {
    const h = startSession({
      backend: {
        requestToken: async () => {
          throw httpFailure(400, 'invalid_grant')
        },
      },
    })
    h.send(login)
    await waitFor(h.actor, isLoggedOut)
    h.send(signIn('social', T0))
    await waitFor(h.actor, isReady)
    expect(h.context().loginFailure).toBeNull()
  })

  it('a rejected login keeps the remembered destination for the next attempt', async () => {
    let attempt = 0
    const h = startSession({
      backend: {
        requestToken: async () => {
          attempt += 1
          if (attempt === 1) throw httpFailure(400, 'invalid_grant')
          return { accessToken: PASSWORD_TOKEN, expiresIn: PASSWORD_EXPIRES_IN }
        },
      },
    })
    h.send(loginRequiredAt('/me/open-subscriptions'))
    h.emitted.length = 0
    h.send(login)
    await waitFor(h.actor, isLoggedOut)
    expect(h.context().redirectTo).toBe('/me/open-subscriptions')

    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/me/open-subscriptions', replace: false }])
  })
})

describe('session: too many sign-in attempts (429)', () => {
  /** A session whose password grant the test answers by hand. */
  function refusedFor(error: unknown) {
    const h = startSession({ hold: ['requestToken'] })
    h.send(login)
    return { h, refused: h.reject('requestToken', error) }
  }

  it('closes sign-in for exactly the Retry-After the server sent, says so in the drawer only, and keeps nothing of a session', async () => {
    const { h, refused } = refusedFor(tooManyAttemptsFailure(45))
    await refused

    expect(h.value()).toBe('coolingDown')
    expect(h.context()).toMatchObject({ loginFailure: 'too_many_attempts', loginRetryDelayMs: 45 * SECOND_MS })
    expect(h.emitted).toEqual([])
    expectSignedOut(h)
    expect(h.calls.loadProfile).toEqual([])
    expect(h.clock.watchers).toBe(0)
    expect(h.forgetAthleteData).not.toHaveBeenCalled()

    h.clock.advance(45 * SECOND_MS - 1)
    expect(h.value()).toBe('coolingDown')
    h.clock.advance(1)
    expect(h.value()).toBe('loggedOut')
    // Opening again is silent: the athlete was told once, in the drawer.
    expect(h.emitted).toEqual([])
  })

  it('without a Retry-After, sign-in stays closed for 30 s', async () => {
    expect(DEFAULT_LOGIN_RETRY_MS).toBe(30 * SECOND_MS)
    const { h, refused } = refusedFor(httpFailure(429))
    await refused

    expect(h.context().loginRetryDelayMs).toBe(DEFAULT_LOGIN_RETRY_MS)
    h.clock.advance(DEFAULT_LOGIN_RETRY_MS - 1)
    expect(h.value()).toBe('coolingDown')
    h.clock.advance(1)
    expect(h.value()).toBe('loggedOut')
  })

  it('a login sent while cooling down is ignored: no token is asked for, nothing said, the wait not restarted', async () => {
    const { h, refused } = refusedFor(tooManyAttemptsFailure(20))
    await refused
    h.clock.advance(10 * SECOND_MS)

    h.send(login)
    expect(h.value()).toBe('coolingDown')
    expect(h.calls.requestToken).toHaveLength(1)
    expect(h.context().loginFailure).toBe('too_many_attempts')
    expect(h.emitted).toEqual([])

    // Still the server's 20 s, counted from the refusal.
    h.clock.advance(10 * SECOND_MS - 1)
    expect(h.value()).toBe('coolingDown')
    h.clock.advance(1)
    expect(h.value()).toBe('loggedOut')
  })

  it('after the wait the "too many attempts" message goes away and a login goes through again', async () => {
    const { h, refused } = refusedFor(tooManyAttemptsFailure(5))
    await refused
    h.clock.advance(5 * SECOND_MS - 1)
    expect(h.context().loginFailure).toBe('too_many_attempts')
    h.clock.advance(1)
    expect(h.context().loginFailure).toBeNull()

    h.send(login)
    expect(h.value()).toBe('authenticating')
    expect(h.calls.requestToken).toHaveLength(2)
    expect(h.context().loginFailure).toBeNull()
    await h.resolve('requestToken', { accessToken: PASSWORD_TOKEN, expiresIn: PASSWORD_EXPIRES_IN })
    await waitFor(h.actor, isReady)
    expect(h.context().token).toBe(PASSWORD_TOKEN)
    expect(h.emitted).toEqual([home])
  })

  it('a second refusal after the wait closes sign-in again, for the new Retry-After', async () => {
    const { h, refused } = refusedFor(tooManyAttemptsFailure(5))
    await refused
    h.clock.advance(5 * SECOND_MS)

    h.send(login)
    await h.reject('requestToken', tooManyAttemptsFailure(120))
    expect(h.value()).toBe('coolingDown')
    expect(h.context().loginRetryDelayMs).toBe(120 * SECOND_MS)
    expect(h.context().loginFailure).toBe('too_many_attempts')
    expect(h.notices()).toEqual([])
    h.clock.advance(120 * SECOND_MS - 1)
    expect(h.value()).toBe('coolingDown')
    h.clock.advance(1)
    expect(h.value()).toBe('loggedOut')
  })

  it('the page the guard remembered survives the wait, and the login after it lands there', async () => {
    let attempt = 0
    const h = startSession({
      backend: {
        requestToken: async () => {
          attempt += 1
          if (attempt === 1) throw tooManyAttemptsFailure(10)
          return { accessToken: PASSWORD_TOKEN, expiresIn: PASSWORD_EXPIRES_IN }
        },
      },
    })
    h.send(loginRequiredAt('/me/races'))
    h.send(login)
    await waitFor(h.actor, isCoolingDown)
    expect(h.context().redirectTo).toBe('/me/races')

    h.clock.advance(10 * SECOND_MS)
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual(['/', '/me/races'])
    expect(h.context().redirectTo).toBeNull()
  })

  it('other failures do not close sign-in: the next login goes out at once', async () => {
    const { h, refused } = refusedFor(httpFailure(503))
    await refused
    expect(h.value()).toBe('loggedOut')
    expect(h.context().loginRetryDelayMs).toBe(0)
    h.send(login)
    expect(h.value()).toBe('authenticating')
    expect(h.calls.requestToken).toHaveLength(2)
  })
})

describe('session: loginRetryDelayOf, how long the server asked to wait', () => {
  const rows: Array<{ error: string; value: unknown; ms: number }> = [
    { error: 'a 429 with Retry-After: 120', value: tooManyAttemptsFailure(120), ms: 120 * SECOND_MS },
    { error: 'a 429 with Retry-After: 1', value: tooManyAttemptsFailure(1), ms: SECOND_MS },
    { error: 'a 429 with Retry-After: 0', value: tooManyAttemptsFailure(0), ms: 0 },
    { error: 'a 429 with a code and Retry-After: 60', value: tooManyAttemptsFailure(60, 'invalid_client'), ms: 60 * SECOND_MS },
    { error: 'a 429 without Retry-After', value: httpFailure(429), ms: DEFAULT_LOGIN_RETRY_MS },
    { error: 'a 429 asking for 30 days (more than a timer holds)', value: tooManyAttemptsFailure(30 * DAY_MS / SECOND_MS), ms: HOUR_MS },
    { error: 'a 429 with a negative Retry-After', value: tooManyAttemptsFailure(-5), ms: 0 },
    { error: 'a 429 with a Retry-After that is not a number', value: tooManyAttemptsFailure(Number.NaN), ms: DEFAULT_LOGIN_RETRY_MS },
    {
      error: 'a 503 with Retry-After: 5',
      value: failure({ kind: 'http', status: 503, code: null, body: null, retryAfterS: 5 }),
      ms: 5 * SECOND_MS,
    },
    { error: 'a network failure', value: networkFailure(), ms: DEFAULT_LOGIN_RETRY_MS },
    { error: 'an unauthorized answer', value: unauthorizedFailure(), ms: DEFAULT_LOGIN_RETRY_MS },
    { error: 'a plain Error', value: new Error('fetch failed'), ms: DEFAULT_LOGIN_RETRY_MS },
    {
      error: 'an object that only looks like a 429 (no operation)',
      value: { kind: 'http', status: 429, retryAfterS: 9 },
      ms: DEFAULT_LOGIN_RETRY_MS,
    },
    { error: 'null', value: null, ms: DEFAULT_LOGIN_RETRY_MS },
  ]

  it.each(rows)('$error -> $ms ms', ({ value, ms }) => {
    expect(loginRetryDelayOf(value)).toBe(ms)
  })
})

describe('session: loginFailureOf, the one failure mapping of the password grant', () => {
  const rows: Array<[string, unknown, LoginFailure]> = [
    ['http 400 invalid_grant', httpFailure(400, 'invalid_grant'), 'wrong_password'],
    ['http 401 invalid_grant', httpFailure(401, 'invalid_grant'), 'wrong_password'],
    ['http 400 account_not_confirmed', httpFailure(400, 'account_not_confirmed'), 'account_not_confirmed'],
    ['http 400 invalid_client', httpFailure(400, 'invalid_client'), 'unexpected_answer'],
    ['http 400 without a code', httpFailure(400), 'unexpected_answer'],
    ['http 499 without a code', httpFailure(499), 'unexpected_answer'],
    ['http 500 without a code', httpFailure(500), 'server_error'],
    ['http 503 without a code', httpFailure(503), 'server_error'],
    ['http 502 invalid_client', httpFailure(502, 'invalid_client'), 'server_error'],
    ['http 429 without a code', httpFailure(429), 'too_many_attempts'],
    ['http 429 whose body says invalid_grant (the password was never checked)', httpFailure(429, 'invalid_grant'), 'too_many_attempts'],
    ['http 429 without a code, with Retry-After', tooManyAttemptsFailure(60), 'too_many_attempts'],
    ['http 429 invalid_client', tooManyAttemptsFailure(undefined, 'invalid_client'), 'too_many_attempts'],
    ['http 429 invalid_request, with Retry-After', tooManyAttemptsFailure(60, 'invalid_request'), 'too_many_attempts'],
    ['network', networkFailure(), 'network_error'],
    ['unauthorized', unauthorizedFailure(), 'unexpected_answer'],
    ['contract (response)', contractFailure(), 'unexpected_answer'],
    ['a fault in the page', failure({ kind: 'fault', detail: 'x is undefined' }), 'page_fault'],
    [
      'contract (request)',
      failure({ kind: 'contract', direction: 'request', detail: 'username: too short' }),
      'unexpected_answer',
    ],
    ['a plain Error', new Error('fetch failed'), 'page_fault'],
    ['a TypeError from fetch', new TypeError('Failed to fetch'), 'page_fault'],
    ['an object shaped like an ApiError but without operation', { kind: 'network' }, 'page_fault'],
    ["the old failure shape { reason: 'rejected' }", { reason: 'rejected' }, 'page_fault'],
    ['the string invalid_grant', 'invalid_grant', 'page_fault'],
    ['null', null, 'page_fault'],
    ['undefined', undefined, 'page_fault'],
  ]

  it.each(rows)('%s -> %s', (_, error, expected) => {
    expect(loginFailureOf(error)).toBe(expected)
  })
})

describe('session: a public page asks the visitor to sign in', () => {
  it('opens the drawer at once, stays on the page, and comes back to it after signing in', async () => {
    const h = startSession()
    h.send({ type: 'session.loginRequested', path: '/race/203/subscribe' })
    expect(h.drawer()).toBe('open')
    expect(h.emitted).toEqual([])
    expect(h.context().redirectTo).toBe('/race/203/subscribe')

    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/race/203/subscribe', replace: false }])
  })

  it('never remembers an address outside the portal', () => {
    const h = startSession()
    h.send({ type: 'session.loginRequested', path: '//evil.example/x' })
    expect(h.context().redirectTo).toBeNull()
  })

  it('a race page is remembered with its query string, and the login lands there', async () => {
    const h = startSession()
    h.send({ type: 'session.loginRequested', path: '/race/203?tab=route' })
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual(['/race/203?tab=route'])
  })

  it('the home page or a page a link lands on keeps the page the guard remembered', async () => {
    const h = startSession()
    h.send(loginRequiredAt('/me/races'))
    h.send({ type: 'session.loginRequested', path: '/' })
    h.send({ type: 'session.loginRequested', path: '/register' })
    expect(h.context().redirectTo).toBe('/me/races')
    h.emitted.length = 0
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual(['/me/races'])
  })

  it('while sign-in waits after too many attempts, the drawer still opens and remembers the page', async () => {
    const h = startSession({ backend: { requestToken: async () => Promise.reject(tooManyAttemptsFailure(30)) } })
    h.send(login)
    await waitFor(h.actor, isCoolingDown)
    h.snapshot().children.drawer!.send({ type: 'drawer.close' })

    h.send({ type: 'session.loginRequested', path: '/race/203' })
    expect(h.drawer()).toBe('open')
    expect(h.context().redirectTo).toBe('/race/203')
  })
})

describe('session: turned away by the route guard', () => {
  it('a visitor turned away from /me/races is sent home, told to log in, and the drawer opens 800 ms later', () => {
    const h = startSession()
    h.send(loginRequiredAt('/me/races'))

    expect(h.emitted).toEqual([notice('require_login_to_access'), { type: 'navigate', to: '/', replace: true }])
    expect(h.value()).toBe('loggedOut')
    expect(h.context().redirectTo).toBe('/me/races')

    expect(h.drawer()).toBe('waiting')
    h.clock.advance(LOGIN_FOCUS_DELAY_MS - 1)
    expect(h.drawer()).toBe('waiting')
    h.clock.advance(1)
    expect(h.drawer()).toBe('open')
  })

  it('after logging in from that drawer, the athlete lands on /me/races and the path is forgotten', async () => {
    const h = startSession()
    h.send(loginRequiredAt('/me/races'))
    h.clock.advance(LOGIN_FOCUS_DELAY_MS)
    h.emitted.length = 0

    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/me/races', replace: false }])
    expect(h.context()).toMatchObject({ redirectTo: null, navigateAfterProfile: false })
    expect(h.drawer()).toBe('closed')
  })

  it('the remembered page wins over the profile rule even when the profile is incomplete', async () => {
    const h = startSession({ backend: { loadProfile: async () => makeIncompleteProfile() } })
    h.send(loginRequiredAt('/me/transactions'))
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual(['/', '/me/transactions'])
  })

  it('the same denial twice (React StrictMode) still opens the drawer 800 ms after the first', () => {
    const h = startSession()
    h.send(loginRequiredAt('/me/races'))
    h.clock.advance(LOGIN_FOCUS_DELAY_MS / 2)
    h.send(loginRequiredAt('/me/races'))
    h.clock.advance(LOGIN_FOCUS_DELAY_MS / 2 - 1)
    expect(h.drawer()).toBe('waiting')
    h.clock.advance(1)
    expect(h.drawer()).toBe('open')
  })

  it('a later denial replaces the page remembered by an earlier one', () => {
    const h = startSession()
    h.send(loginRequiredAt('/me/races'))
    h.send(loginRequiredAt('/me/transactions'))
    expect(h.context().redirectTo).toBe('/me/transactions')
  })

  it.each(['/me/races', '/me', '/race/12/subscribe', '/me/races?tab=past#top'])('remembers the internal path %s', (path) => {
    const h = startSession()
    h.send(loginRequiredAt(path))
    expect(h.context().redirectTo).toBe(path)
  })

  it.each(['//evil.com', 'https://evil.com/me', '/\\evil.com', 'me/races', 'javascript:alert(1)', '/me\r\nLocation: //evil.com'])(
    'a path outside the portal (%j) is not remembered, though the visitor is still sent home and asked to log in',
    async (path) => {
      const h = startSession()
      h.send(loginRequiredAt(path))
      expect(h.context().redirectTo).toBeNull()
      expect(h.emitted).toEqual([notice('require_login_to_access'), { type: 'navigate', to: '/', replace: true }])
      h.clock.advance(LOGIN_FOCUS_DELAY_MS)
      expect(h.drawer()).toBe('open')

      h.send(login)
      await waitFor(h.actor, isReady)
      expect(h.navigations().at(-1)).toBe('/')
    },
  )

  it('an athlete with an incomplete profile turned away from /race/12/subscribe is sent to /me, with the way back, and asked to complete it', async () => {
    const h = await loggedInByPassword({ backend: { loadProfile: async () => makeIncompleteProfile() } })
    h.send(profileIncompleteAt('/race/12/subscribe'))

    expect(h.emitted).toEqual([notice('complete_profile'), { type: 'navigate', to: '/me?return=%2Frace%2F12%2Fsubscribe', replace: true }])
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    expect(h.context()).toMatchObject({ token: PASSWORD_TOKEN, redirectTo: null })
    h.clock.advance(LOGIN_FOCUS_DELAY_MS)
    expect(h.drawer()).toBe('closed')
    expect(h.forgetAthleteData).not.toHaveBeenCalled()
  })
})

describe('session: sign-in with a token (confirmation link, password reset, social provider)', () => {
  it('the lifetimes are those of the spec: 24 h, 24 h and 1 h', () => {
    expect(TOKEN_LIFETIME_MS).toEqual({ confirmation: 24 * HOUR_MS, reset: 24 * HOUR_MS, social: HOUR_MS })
  })

  it.each([
    { source: 'confirmation' as const, hours: 24 },
    { source: 'reset' as const, hours: 24 },
    { source: 'social' as const, hours: 1 },
  ])('a $source sign-in lasts exactly $hours h, counted from the time the event carries', async ({ source, hours }) => {
    const h = startSession()
    // The page's call answered 5 minutes after the session started; the event says so.
    const signedAt = T0 + 5 * MINUTE_MS
    h.send(signIn(source, signedAt))
    expect(h.context()).toMatchObject({ token: `${source}-token`, expiresAt: signedAt + hours * HOUR_MS })

    await waitFor(h.actor, isReady)
    expect(h.calls.loadProfile).toEqual([{ token: `${source}-token` }])
    expect(h.emitted).toEqual([home])

    h.clock.advance(5 * MINUTE_MS + hours * HOUR_MS - 1)
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    expect(h.notices()).toEqual([])

    h.clock.advance(1)
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([home, notice('session_expired'), leavePrivate])
    expectSignedOut(h)
  })

  it('goes to the internal destination the event carries once the profile has loaded', async () => {
    const h = startSession({ hold: ['loadProfile'] })
    h.send(signIn('social', T0, '/me/medical-certificate'))
    expect(h.context().redirectTo).toBe('/me/medical-certificate')
    expect(h.navigations()).toEqual([])
    await h.resolve('loadProfile', makeProfile())
    expect(h.navigations()).toEqual(['/me/medical-certificate'])
    expect(h.context().redirectTo).toBeNull()
  })

  it('without a destination of its own, goes to the page the guard remembered', async () => {
    const h = startSession()
    h.send(loginRequiredAt('/me/races'))
    h.send(signIn('confirmation', T0))
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual(['/', '/me/races'])
  })

  it('a destination outside the portal is ignored: the remembered page, else the profile, decides', async () => {
    const remembered = startSession()
    remembered.send(loginRequiredAt('/me/races'))
    remembered.send(signIn('social', T0, '//evil.com'))
    await waitFor(remembered.actor, isReady)
    expect(remembered.navigations()).toEqual(['/', '/me/races'])

    const fresh = startSession({ backend: { loadProfile: async () => makeIncompleteProfile() } })
    fresh.send(signIn('social', T0, 'https://evil.com/me'))
    expect(fresh.context().redirectTo).toBeNull()
    await waitFor(fresh.actor, isReady)
    expect(fresh.navigations()).toEqual(['/me'])
  })

  it("a reset of the signed-in athlete's own password takes the place of the session it ended", async () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + 10 * HOUR_MS } })
    await waitFor(h.actor, isReady)

    h.send({ type: 'session.signIn', token: 'reset-token', source: 'reset', now: h.clock.now, replaces: true })
    expect(h.emitted).not.toContainEqual(notice('already_signed_in'))
    expect(h.context()).toMatchObject({ token: 'reset-token', expiresAt: h.clock.now + TOKEN_LIFETIME_MS.reset })
    expect(h.forgetAthleteData).toHaveBeenCalled()
    await waitFor(h.actor, isReady)
    expect(h.calls.loadProfile.at(-1)).toEqual({ token: 'reset-token' })
  })

  it('a second sign-in link while signed in is refused and says so; the athlete stays who they were', async () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + 10 * HOUR_MS } })
    await waitFor(h.actor, isReady)
    expect(h.emitted).toEqual([])
    const before = h.snapshot()

    h.clock.advance(5 * MINUTE_MS)
    h.send(signIn('social', h.clock.now, '/me/races'))
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    expect(h.context()).toEqual(before.context)
    expect(h.context()).toMatchObject({ token: 'stored-token', expiresAt: T0 + 10 * HOUR_MS, redirectTo: null })
    expect(h.emitted).toEqual([notice('already_signed_in')])
    expect(h.forgetAthleteData).not.toHaveBeenCalled()

    await flushMicrotasks()
    expect(h.calls.loadProfile).toEqual([{ token: 'stored-token' }])
    expect(h.navigations()).toEqual([])
    expect(h.clock.watchers).toBe(1)

    // The session keeps its own expiry, not the 1 h the link's token would have had.
    h.clock.advance(HOUR_MS)
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    h.clock.advance(10 * HOUR_MS - 65 * MINUTE_MS - 1)
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    h.clock.advance(1)
    expect(h.value()).toBe('loggedOut')
    expect(h.notices()).toEqual(['already_signed_in', 'session_expired'])
  })

  it('a link arriving once the session time is up (before the next tick noticed) is taken, not refused', async () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + MINUTE_MS } })
    await waitFor(h.actor, isReady)
    h.send(signIn('confirmation', T0 + MINUTE_MS))
    expect(h.notices()).toEqual([])
    expect(h.context()).toMatchObject({ token: 'confirmation-token', expiresAt: T0 + MINUTE_MS + 24 * HOUR_MS })
  })

  it('each refused link says so again, and the athlete can still sign in with it after logging out', async () => {
    const h = await loggedInByPassword()
    h.send(signIn('confirmation', h.clock.now))
    h.send(signIn('reset', h.clock.now))
    expect(h.notices()).toEqual(['already_signed_in', 'already_signed_in'])
    expect(h.context().token).toBe(PASSWORD_TOKEN)

    h.send({ type: 'session.logout' })
    await waitFor(h.actor, isLoggedOut)
    h.send(signIn('reset', h.clock.now))
    await waitFor(h.actor, isReady)
    expect(h.context().token).toBe('reset-token')
    expect(h.notices()).toEqual(['already_signed_in', 'already_signed_in'])
  })

  /** Where a token sign-in can arrive, and whether a session is there to keep. */
  type Setup = (h: SessionHarness) => Promise<void> | void
  type StateMatch = Parameters<SessionSnapshot['matches']>[0]
  const withoutSession: Array<[string, StateMatch, StartOptions, Setup]> = [
    ['loggedOut', 'loggedOut', {}, () => {}],
    ['authenticating', 'authenticating', { hold: ['requestToken'] }, (h) => h.send(login)],
    [
      'coolingDown',
      'coolingDown',
      { hold: ['requestToken'] },
      async (h) => {
        h.send(login)
        await h.reject('requestToken', tooManyAttemptsFailure(60))
      },
    ],
  ]

  it.each(withoutSession)('signs in from %s, where there is no session to keep', async (_, state, options, setup) => {
    const h = startSession(options)
    await setup(h)
    expect(h.snapshot().matches(state)).toBe(true)
    h.forgetAthleteData.mockClear()
    h.emitted.length = 0

    h.send(signIn('social', h.clock.now))
    await waitFor(h.actor, isReady)
    expect(h.context()).toMatchObject({ token: 'social-token', expiresAt: h.clock.now + HOUR_MS, loginFailure: null })
    expect(h.calls.loadProfile).toEqual([{ token: 'social-token' }])
    expect(h.forgottenOn()).toEqual(['session.signIn'])
    expect(h.emitted).toEqual([home])
    expect(h.clock.watchers).toBe(1)

    // Whatever was under way there is over: no late answer or timer ends the new session.
    h.clock.advance(2 * MINUTE_MS)
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    expect(h.emitted).toEqual([home])
  })

  const withSession: Array<[string, StateMatch, StartOptions, Setup]> = [
    [
      'loggedIn.loadingProfile',
      { loggedIn: 'loadingProfile' },
      { stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS }, hold: ['loadProfile'] },
      () => {},
    ],
    [
      'loggedIn.ready',
      { loggedIn: 'ready' },
      {},
      async (h) => {
        h.send(login)
        await waitFor(h.actor, isReady)
      },
    ],
    [
      'loggingOut',
      'loggingOut',
      { hold: ['revokeToken'] },
      async (h) => {
        h.send(login)
        await waitFor(h.actor, isReady)
        h.send({ type: 'session.logout' })
      },
    ],
  ]

  it.each(withSession)(
    'is refused in %s: same token, expiry and state; nothing forgotten, loaded or navigated',
    async (_, state, options, setup) => {
      const h = startSession(options)
      await setup(h)
      expect(h.snapshot().matches(state)).toBe(true)
      const before = h.snapshot()
      const loads = h.calls.loadProfile.length
      h.forgetAthleteData.mockClear()
      h.emitted.length = 0

      h.send(signIn('social', h.clock.now, '/me/races'))
      await flushMicrotasks()
      expect(h.value()).toEqual(before.value)
      expect(h.context()).toEqual(before.context)
      expect(h.context().token).not.toBe('social-token')
      expect(h.calls.loadProfile).toHaveLength(loads)
      expect(h.forgetAthleteData).not.toHaveBeenCalled()
      expect(h.navigations()).toEqual([])
      expect(h.emitted).toEqual([notice('already_signed_in')])
    },
  )

  it('a link refused while the restored profile loads leaves that load in charge: it answers, and nobody is moved', async () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS }, hold: ['loadProfile'] })
    h.send(signIn('confirmation', h.clock.now, '/me/races'))
    await h.resolve('loadProfile', makeIncompleteProfile())
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    expect(h.context()).toMatchObject({ token: 'stored-token', redirectTo: null })
    expect(h.calls.loadProfile).toEqual([{ token: 'stored-token' }])
    expect(h.emitted).toEqual([notice('already_signed_in')])
  })

  it('a link refused while logging out leaves the logout to finish: nothing of either session remains', async () => {
    const h = await loggedInByPassword({ hold: ['revokeToken'] })
    h.send({ type: 'session.logout' })
    h.send(signIn('social', h.clock.now))
    expect(h.value()).toBe('loggingOut')

    await h.resolve('revokeToken', undefined)
    expect(h.value()).toBe('loggedOut')
    expectSignedOut(h)
    expect(h.calls.revokeToken).toEqual([{ token: PASSWORD_TOKEN }])
    expect(h.emitted).toEqual([notice('already_signed_in'), home])
  })

  it('the abandoned profile load of a session that ended is ignored when it answers late', async () => {
    const first = deferred<ReturnType<typeof makeProfile>>()
    let loads = 0
    const h = startSession({
      stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS },
      backend: {
        loadProfile: () => {
          loads += 1
          return loads === 1 ? first.promise : Promise.resolve(makeProfile({ nome: 'Social' }))
        },
      },
    })
    h.send({ type: 'session.unauthorized' })
    h.send(signIn('social', h.clock.now))
    await waitFor(h.actor, isReady)
    expect(h.calls.loadProfile).toEqual([{ token: 'stored-token' }, { token: 'social-token' }])
    const before = h.snapshot()

    first.resolve(makeIncompleteProfile({ nome: 'Stale' }))
    await flushMicrotasks()
    expect(h.snapshot()).toBe(before)
    expect(h.navigations()).toEqual(['/', '/'])
  })
})

describe("session: forgetting the athlete's server data", () => {
  // Each way a session ends, from a session whose profile has loaded.
  const endings: Array<[string, StartOptions, (h: SessionHarness) => Promise<void> | void, string]> = [
    ['it expires (a tick at its expiry)', {}, (h) => h.clock.advance(PASSWORD_EXPIRES_IN * SECOND_MS), 'session.tick'],
    ['the API answers 401', {}, (h) => h.send({ type: 'session.unauthorized' }), 'session.unauthorized'],
    ['another tab logs out', {}, (h) => h.send({ type: 'session.storageCleared' }), 'session.storageCleared'],
    [
      'the athlete logs out and the token is revoked',
      { hold: ['revokeToken'] },
      async (h) => {
        h.send({ type: 'session.logout' })
        expect(h.forgetAthleteData).not.toHaveBeenCalled()
        await h.resolve('revokeToken', undefined)
      },
      'xstate.done.actor.revokeToken',
    ],
    [
      'the athlete logs out and the revocation fails',
      { hold: ['revokeToken'] },
      async (h) => {
        h.send({ type: 'session.logout' })
        await h.reject('revokeToken', networkFailure('auth.logout'))
      },
      'xstate.error.actor.revokeToken',
    ],
  ]

  it.each(endings)('happens once when %s', async (_, options, end, on) => {
    const h = await loggedInByPassword(options)
    await end(h)
    expect(h.forgottenOn()).toEqual([on])
  })

  it('does not happen when a sign-in link arrives while signed in: the link is refused, the session kept', async () => {
    const h = await loggedInByPassword()
    h.send(signIn('reset', h.clock.now))
    await flushMicrotasks()
    expect(h.forgetAthleteData).not.toHaveBeenCalled()
    expect(h.notices()).toEqual(['already_signed_in'])
  })

  it('happens once when a token sign-in starts a session while signed out', async () => {
    const h = startSession()
    h.send(signIn('confirmation', h.clock.now))
    await waitFor(h.actor, isReady)
    expect(h.forgottenOn()).toEqual(['session.signIn'])
  })

  it('happens once when a password sign-in gets its token, not when the new profile cannot be read for now', async () => {
    const h = startSession({ hold: ['loadProfile'] })
    h.send(login)
    await waitFor(h.actor, (s) => s.matches({ loggedIn: 'loadingProfile' }))
    expect(h.forgottenOn()).toEqual(['xstate.done.actor.requestToken'])
    await h.reject('loadProfile', networkFailure('athlete.me'))
    expect(h.forgottenOn()).toEqual(['xstate.done.actor.requestToken'])
  })

  it('happens when the server refuses a restored session its profile (401)', async () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS }, hold: ['loadProfile'] })
    await h.reject('loadProfile', unauthorizedFailure('athlete.me'))
    expect(h.forgottenOn()).toEqual(['xstate.error.actor.loadProfile'])
  })

  it('does not happen on a tick before expiry, a guard denial, a failed or refused-for-now login, or a loaded profile', async () => {
    const h = await loggedInByPassword()
    h.clock.advance(PASSWORD_EXPIRES_IN * SECOND_MS - 1)
    h.send(profileIncompleteAt('/race/12/subscribe'))
    expect(h.value()).toEqual({ loggedIn: 'ready' })

    const visitor = startSession({
      backend: {
        requestToken: async () => {
          throw httpFailure(400, 'invalid_grant')
        },
      },
    })
    visitor.send(loginRequiredAt('/me/races'))
    visitor.send(login)
    await waitFor(visitor.actor, isLoggedOut)

    const restored = startSession({ stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS } })
    await waitFor(restored.actor, isReady)

    const hurried = startSession({
      backend: {
        requestToken: async () => {
          throw tooManyAttemptsFailure(10)
        },
      },
    })
    hurried.send(login)
    await waitFor(hurried.actor, isCoolingDown)
    hurried.clock.advance(10 * SECOND_MS)
    expect(hurried.value()).toBe('loggedOut')

    expect(h.forgetAthleteData).not.toHaveBeenCalled()
    expect(visitor.forgetAthleteData).not.toHaveBeenCalled()
    expect(restored.forgetAthleteData).not.toHaveBeenCalled()
    expect(hurried.forgetAthleteData).not.toHaveBeenCalled()
  })
})

describe('session: periodic expiry check', () => {
  it('ticks before expiry keep the session; the first tick at expiry logs out and goes home', async () => {
    const h = await loggedInByPassword({ backend: { requestToken: async () => ({ accessToken: 'tok', expiresIn: 600 }) } })
    const expiresAt = T0 + 600 * SECOND_MS
    expect(h.context().expiresAt).toBe(expiresAt)

    h.clock.advance(5 * MINUTE_MS)
    h.clock.advance(5 * MINUTE_MS - 1)
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    expect(h.emitted).toEqual([])

    h.clock.advance(1)
    expect(h.clock.now).toBe(expiresAt)
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([notice('session_expired'), leavePrivate])
    expectSignedOut(h)
  })

  it('the first tick after expiry (e.g. after the laptop slept) logs out once, and the clock is no longer watched', async () => {
    const h = await loggedInByPassword()
    h.clock.advance(PASSWORD_EXPIRES_IN * SECOND_MS + 3 * HOUR_MS)
    expect(h.value()).toBe('loggedOut')
    expect(h.clock.watchers).toBe(0)
    h.clock.advance(HOUR_MS)
    expect(h.notices()).toEqual(['session_expired'])
    expect(h.navigations()).toEqual(['/'])
  })

  it('a tick while the profile is still loading expires the session too', () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + MINUTE_MS }, hold: ['loadProfile'] })
    expect(h.snapshot().matches({ loggedIn: 'loadingProfile' })).toBe(true)
    h.clock.advance(MINUTE_MS)
    expect(h.value()).toBe('loggedOut')
    expect(h.notices()).toEqual(['session_expired'])
  })

  it('a tick while logged out does nothing (no watcher runs)', () => {
    const h = startSession()
    expect(h.clock.watchers).toBe(0)
    h.send({ type: 'session.tick', now: T0 + 10 * HOUR_MS })
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([])
  })
})

describe('session: a profile that cannot be read (decision 061)', () => {
  /** A session restored on reload whose profile read the test answers by hand. */
  function restoredWithProfileHeld() {
    return startSession({ stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS }, hold: ['loadProfile'] })
  }
  const isUnavailable = (s: SessionSnapshot) => s.matches({ loggedIn: 'profileUnavailable' })

  it.each([
    ['a lost connection', networkFailure('athlete.me'), 'profile_offline'],
    ['a 503', httpFailure(503, null, 'athlete.me'), 'profile_server_unavailable'],
    ['a 500', httpFailure(500, null, 'athlete.me'), 'profile_server_unavailable'],
  ] as const)('%s on reload keeps the session: token kept, nobody moved, nothing forgotten, the failure named', async (_, error, named) => {
    const h = restoredWithProfileHeld()
    await h.reject('loadProfile', error)

    expect(h.snapshot().matches({ loggedIn: 'profileUnavailable' })).toBe(true)
    expect(h.context()).toMatchObject({ token: 'stored-token', expiresAt: T0 + HOUR_MS, profileFailure: named })
    expect(h.emitted).toEqual([])
    expect(h.forgetAthleteData).not.toHaveBeenCalled()
    // Still a session: its expiry is still watched.
    expect(h.clock.watchers).toBe(1)
  })

  it('reads the profile again by itself after the back-off, and is ready once the server answers', async () => {
    const h = restoredWithProfileHeld()
    await h.reject('loadProfile', networkFailure('athlete.me'))
    expect(h.context().profileRetryInMs).toBe(2 * SECOND_MS)

    h.clock.advance(2 * SECOND_MS - 1)
    expect(h.calls.loadProfile).toHaveLength(1)
    h.clock.advance(1)
    expect(h.calls.loadProfile).toEqual([{ token: 'stored-token' }, { token: 'stored-token' }])

    await h.reject('loadProfile', networkFailure('athlete.me'))
    expect(h.context()).toMatchObject({ profileFailures: 2, profileRetryInMs: 4 * SECOND_MS })
    h.clock.advance(4 * SECOND_MS)
    await h.resolve('loadProfile', makeProfile())

    expect(h.value()).toEqual({ loggedIn: 'ready' })
    expect(h.context()).toMatchObject({ token: 'stored-token', profileFailure: null, profileFailures: 0, profileRetryInMs: null })
    // A restored session stays on the page it was reloaded on, recovered or not.
    expect(h.emitted).toEqual([])
  })

  it("waits for the server's Retry-After before reading again", async () => {
    const h = restoredWithProfileHeld()
    await h.reject('loadProfile', tooManyAttemptsFailure(20, null, 'athlete.me'))
    expect(h.context()).toMatchObject({ profileFailure: 'profile_server_unavailable', profileRetryInMs: 20 * SECOND_MS })
    h.clock.advance(20 * SECOND_MS - 1)
    expect(h.isHeld('loadProfile')).toBe(false)
    h.clock.advance(1)
    expect(h.isHeld('loadProfile')).toBe(true)
  })

  it('reads again at once when the athlete asks, and a failure again keeps the session', async () => {
    const h = restoredWithProfileHeld()
    await h.reject('loadProfile', httpFailure(503, null, 'athlete.me'))
    h.send({ type: 'session.retryProfile' })
    expect(h.snapshot().matches({ loggedIn: 'loadingProfile' })).toBe(true)
    await h.reject('loadProfile', networkFailure('athlete.me'))
    expect(h.context()).toMatchObject({ token: 'stored-token', profileFailure: 'profile_offline' })
    expect(h.emitted).toEqual([])
  })

  it.each([
    ['an answer outside the contract', contractFailure('athlete.me')],
    ['a fault of the page', new TypeError('x is undefined')],
    ['a 404', httpFailure(404, null, 'athlete.me')],
  ])('%s keeps the session too, and waits for the athlete to try again rather than retrying by itself', async (_, error) => {
    const h = restoredWithProfileHeld()
    await h.reject('loadProfile', error)
    expect(h.context()).toMatchObject({ token: 'stored-token', profileFailure: 'profile_unreadable', profileRetryInMs: null })
    h.clock.advance(10 * MINUTE_MS)
    expect(h.isHeld('loadProfile')).toBe(false)
    h.send({ type: 'session.retryProfile' })
    expect(h.isHeld('loadProfile')).toBe(true)
  })

  it.each([
    ['as the client throws it', unauthorizedFailure('athlete.me')],
    ['as the query cache wraps it', { error: unauthorizedFailure('athlete.me') }],
  ])('a refused token (401), %s, ends the session as expired, leaving only a private page', async (_, refused) => {
    const h = restoredWithProfileHeld()
    await h.reject('loadProfile', refused)
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([notice('session_expired'), leavePrivate])
    expectSignedOut(h)
    expect(h.forgottenOn()).toEqual(['xstate.error.actor.loadProfile'])
  })

  it('a session kept without its profile still ends at its expiry', async () => {
    const h = restoredWithProfileHeld()
    await h.reject('loadProfile', tooManyAttemptsFailure(3_600, null, 'athlete.me'))
    h.clock.advance(HOUR_MS)
    expect(h.value()).toBe('loggedOut')
    expect(h.notices()).toEqual(['session_expired'])
    expectSignedOut(h)
  })

  it('after a password sign-in: the drawer closes and the athlete stays, signed in; once the profile is read nobody is moved', async () => {
    const h = startSession({ hold: ['loadProfile'] })
    h.snapshot().children.drawer!.send({ type: 'drawer.open', delayed: false })
    h.send(login)
    await waitFor(h.actor, (s) => s.matches({ loggedIn: 'loadingProfile' }))
    await h.reject('loadProfile', httpFailure(503, null, 'athlete.me'))

    expect(isUnavailable(h.snapshot())).toBe(true)
    expect(h.context()).toMatchObject({ token: PASSWORD_TOKEN, loginFailure: null, navigateAfterProfile: false })
    expect(h.drawer()).toBe('closed')
    expect(h.emitted).toEqual([])

    h.send({ type: 'session.retryProfile' })
    await h.resolve('loadProfile', makeProfile())
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    expect(h.emitted).toEqual([])
  })

  it('after signing in from a page that asked for it, the athlete is taken there at once, and not again later', async () => {
    const h = startSession({ hold: ['loadProfile'] })
    h.send({ type: 'session.loginRequested', path: '/race/203?tab=route' })
    h.send(login)
    await waitFor(h.actor, (s) => s.matches({ loggedIn: 'loadingProfile' }))
    await h.reject('loadProfile', networkFailure('athlete.me'))

    expect(h.emitted).toEqual([{ type: 'navigate', to: '/race/203?tab=route', replace: false }])
    expect(h.context()).toMatchObject({ redirectTo: null, navigateAfterProfile: false })
    h.clock.advance(2 * SECOND_MS)
    await h.resolve('loadProfile', makeProfile())
    expect(h.navigations()).toEqual(['/race/203?tab=route'])
  })

  it('logging out while the profile cannot be read ends the session as a logout does', async () => {
    const h = restoredWithProfileHeld()
    await h.reject('loadProfile', networkFailure('athlete.me'))
    h.send({ type: 'session.logout' })
    await waitFor(h.actor, isLoggedOut)
    expect(h.calls.revokeToken).toEqual([{ token: 'stored-token' }])
    expectSignedOut(h)
    expect(h.context().profileFailure).toBeNull()
    expect(h.navigations()).toEqual(['/'])
  })
})

describe('session: profileFailureOf, what a failed profile read is and when to read it again', () => {
  it.each([
    ['no answer', networkFailure('athlete.me'), 1, { failure: 'profile_offline', retryInMs: 2 * SECOND_MS }],
    ['no answer, as the query cache wraps it', { error: networkFailure('athlete.me') }, 1, { failure: 'profile_offline', retryInMs: 2 * SECOND_MS }],
    ['no answer, the third time in a row', networkFailure('athlete.me'), 3, { failure: 'profile_offline', retryInMs: 8 * SECOND_MS }],
    ['a 500, many times in a row', httpFailure(500, null, 'athlete.me'), 12, { failure: 'profile_server_unavailable', retryInMs: 60 * SECOND_MS }],
    ['a 503 with Retry-After 30 s', failure({ kind: 'http', status: 503, code: null, body: null, retryAfterS: 30, operation: 'athlete.me' }), 1, { failure: 'profile_server_unavailable', retryInMs: 30 * SECOND_MS }],
    ['a 429 with a Retry-After of a day', tooManyAttemptsFailure(86_400, null, 'athlete.me'), 1, { failure: 'profile_server_unavailable', retryInMs: 300 * SECOND_MS }],
    ['a 400', httpFailure(400, null, 'athlete.me'), 1, { failure: 'profile_unreadable', retryInMs: null }],
    ['an answer outside the contract', contractFailure('athlete.me'), 1, { failure: 'profile_unreadable', retryInMs: null }],
    ['something that is not an ApiError', new Error('boom'), 1, { failure: 'profile_unreadable', retryInMs: null }],
  ] as const)('%s', (_, error, failures, expected) => {
    expect(profileFailureOf(error, failures)).toEqual(expected)
  })
})

describe('session: logout', () => {
  it('calls revokeToken with the token, then clears the session and navigates to /', async () => {
    const h = await loggedInByPassword({ hold: ['revokeToken'] })
    h.send({ type: 'session.logout' })
    expect(h.value()).toBe('loggingOut')
    expect(h.calls.revokeToken).toEqual([{ token: PASSWORD_TOKEN }])
    expect(h.emitted).toEqual([])

    await h.resolve('revokeToken', undefined)
    expect(h.value()).toBe('loggedOut')
    expectSignedOut(h)
    expect(h.emitted).toEqual([home])
    expect(h.clock.watchers).toBe(0)
    expect(h.forgetKeptWork).toHaveBeenCalledTimes(1)
  })

  it('forgets the work kept in the browser only on a logout: an expired or elsewhere-ended session keeps it', async () => {
    const expired = await loggedInByPassword()
    expired.send({ type: 'session.unauthorized' })
    expect(expired.value()).toBe('loggedOut')
    const elsewhere = await loggedInByPassword()
    elsewhere.send({ type: 'session.storageCleared' })
    expect(elsewhere.value()).toBe('loggedOut')
    expect(expired.forgetKeptWork).not.toHaveBeenCalled()
    expect(elsewhere.forgetKeptWork).not.toHaveBeenCalled()

    const failing = await loggedInByPassword({
      backend: {
        revokeToken: async () => {
          throw networkFailure('auth.logout')
        },
      },
    })
    failing.send({ type: 'session.logout' })
    await waitFor(failing.actor, isLoggedOut)
    expect(failing.forgetKeptWork).toHaveBeenCalledTimes(1)
  })

  it('ends the session also when revokeToken fails', async () => {
    const h = await loggedInByPassword({
      backend: {
        revokeToken: async () => {
          throw networkFailure('auth.logout')
        },
      },
    })
    h.send({ type: 'session.logout' })
    await waitFor(h.actor, isLoggedOut)
    expect(h.calls.revokeToken).toEqual([{ token: PASSWORD_TOKEN }])
    expectSignedOut(h)
    expect(h.emitted).toEqual([home])
  })

  it('works while the profile is still loading', async () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS }, hold: ['loadProfile'] })
    h.send({ type: 'session.logout' })
    await waitFor(h.actor, isLoggedOut)
    expect(h.calls.revokeToken).toEqual([{ token: 'stored-token' }])
    expectSignedOut(h)
  })

  it('logout while logged out calls nothing', () => {
    const h = startSession()
    h.send({ type: 'session.logout' })
    expect(h.value()).toBe('loggedOut')
    expect(h.calls.revokeToken).toEqual([])
    expect(h.emitted).toEqual([])
  })
})

describe('session: signals from outside', () => {
  it("session.unauthorized while logged in -> logged out with 'session_expired', home, nothing revoked", async () => {
    const h = await loggedInByPassword()
    h.send({ type: 'session.unauthorized' })
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([notice('session_expired'), leavePrivate])
    expectSignedOut(h)
    expect(h.calls.revokeToken).toEqual([])
  })

  it('session.unauthorized while logged out is ignored', () => {
    const h = startSession()
    h.send({ type: 'session.unauthorized' })
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([])
  })

  it("session.storageCleared (logout in another tab) -> logged out, 'signed_out_elsewhere', home, nothing revoked", async () => {
    const h = await loggedInByPassword()
    h.send({ type: 'session.storageCleared' })
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([notice('signed_out_elsewhere'), home])
    expectSignedOut(h)
    expect(h.calls.revokeToken).toEqual([])
    expect(h.clock.watchers).toBe(0)
  })

  it('session.storageCleared while the profile is still loading signs out the same way', () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS }, hold: ['loadProfile'] })
    h.send({ type: 'session.storageCleared' })
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([notice('signed_out_elsewhere'), home])
    expectSignedOut(h)
  })

  it.each([
    ['logged out', {}, () => {}],
    [
      'cooling down',
      { hold: ['requestToken'] },
      async (h: SessionHarness) => {
        h.send(login)
        await h.reject('requestToken', tooManyAttemptsFailure(60))
      },
    ],
    [
      'logging out (this tab is signing out already)',
      { hold: ['revokeToken'] },
      async (h: SessionHarness) => {
        h.send(login)
        await waitFor(h.actor, isReady)
        h.send({ type: 'session.logout' })
      },
    ],
  ] as Array<[string, StartOptions, (h: SessionHarness) => Promise<void> | void]>)(
    'session.storageCleared while %s is ignored: nothing to sign out, nothing said',
    async (_, options, setup) => {
      const h = startSession(options)
      await setup(h)
      const before = h.snapshot()
      h.emitted.length = 0
      h.send({ type: 'session.storageCleared' })
      expect(h.value()).toEqual(before.value)
      expect(h.context()).toEqual(before.context)
      expect(h.emitted).toEqual([])
    },
  )
})

describe('session: context', () => {
  it('every state visited carries a serialisable context', async () => {
    let attempt = 0
    const h = startSession({
      stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS },
      backend: {
        requestToken: async () => {
          attempt += 1
          if (attempt === 1) throw tooManyAttemptsFailure(15)
          return { accessToken: PASSWORD_TOKEN, expiresIn: PASSWORD_EXPIRES_IN }
        },
      },
    })
    await waitFor(h.actor, isReady) // loggedIn.loadingProfile -> ready
    h.send({ type: 'session.logout' }) // loggingOut
    await waitFor(h.actor, isLoggedOut)
    h.send(login) // authenticating, refused with a 429
    await waitFor(h.actor, isCoolingDown)
    h.clock.advance(15 * SECOND_MS)
    h.send(loginRequiredAt('/me/races'))
    h.send(login)
    await waitFor(h.actor, isReady)
    h.send({ type: 'session.storageCleared' })
    h.send(signIn('confirmation', h.clock.now, '/me'))
    await waitFor(h.actor, isReady)

    const visited = new Set(h.snapshots.map((s) => JSON.stringify(s.value)))
    expect([...visited].sort()).toEqual(
      [
        '"authenticating"',
        '"coolingDown"',
        '"loggedOut"',
        '"loggingOut"',
        '{"loggedIn":"loadingProfile"}',
        '{"loggedIn":"ready"}',
      ].sort(),
    )
    for (const snapshot of h.snapshots) {
      expect(JSON.parse(JSON.stringify(snapshot.context))).toEqual(snapshot.context)
    }
  })

  it('the persisted snapshot is plain JSON', async () => {
    const h = await loggedInByPassword()
    const persisted = JSON.parse(JSON.stringify(h.actor.getPersistedSnapshot())) as { context: unknown; value: unknown }
    expect(persisted.value).toEqual({ loggedIn: 'ready' })
    expect(persisted.context).toEqual(h.context())
  })
})
