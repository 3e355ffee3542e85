import { waitFor } from 'xstate'
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph'
import { describe, expect, it } from 'vitest'
import { sessionMachine, TOKEN_LIFETIME_MS, type SessionEvent, type SessionFailure, type SessionNotice } from './session.machine'
import {
  HOUR_MS,
  MINUTE_MS,
  PASSWORD_EXPIRES_IN,
  PASSWORD_TOKEN,
  RESET_TOKEN,
  SECOND_MS,
  T0,
  deferred,
  failure,
  makeIncompleteProfile,
  makeProfile,
  makeSubscription,
  startSession,
  type SessionHarness,
  type SessionSnapshot,
} from './test-harness'

/** Lets settled promises deliver their answers (no timers involved). */
async function flushMicrotasks() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve()
}

const isReady = (s: SessionSnapshot) => s.matches({ loggedIn: 'ready' })
const isLoggedOut = (s: SessionSnapshot) => s.matches('loggedOut')

const login: SessionEvent = { type: 'session.login', username: 'giulia', password: 's3cret!' }
const socialSignIn = (token: string, now: number): SessionEvent => ({
  type: 'session.signInWithToken',
  token,
  source: 'social',
  now,
})

/** A harness already logged in by password, profile loaded, emissions of the login forgotten. */
async function loggedInByPassword(options: Parameters<typeof startSession>[0] = {}): Promise<SessionHarness> {
  const h = startSession(options)
  h.send(login)
  await waitFor(h.actor, isReady)
  h.emitted.length = 0
  return h
}

/** The context a logged-out session must carry: nothing of the athlete left. */
function expectSignedOut(h: SessionHarness) {
  expect(h.context()).toMatchObject({
    token: null,
    expiresAt: null,
    profile: null,
    possibleSubscriptions: [],
    navigateAfterProfile: false,
  })
}

describe('session: restoring on page load', () => {
  it('a stored session whose expiry is in the future restores logged in and loads the profile without navigating', async () => {
    const stored = { token: 'stored-token', expiresAt: T0 + 30 * MINUTE_MS }
    const h = startSession({ stored })

    expect(h.actor.getSnapshot().matches({ loggedIn: 'loadingProfile' })).toBe(true)
    expect(h.context()).toMatchObject({ token: 'stored-token', expiresAt: T0 + 30 * MINUTE_MS })

    await waitFor(h.actor, isReady)
    expect(h.calls.loadProfile).toEqual([{ token: 'stored-token' }])
    expect(h.context().profile).toEqual(makeProfile())
    expect(h.context().possibleSubscriptions).toEqual([makeSubscription()])
    expect(h.emitted).toEqual([])
  })

  it('a restored session whose profile is incomplete still does not navigate (the route guard handles /me)', async () => {
    const h = startSession({
      stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS },
      backend: { loadProfile: async () => ({ profile: makeIncompleteProfile(), possibleSubscriptions: [] }) },
    })
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual([])
  })

  it('an expired stored session starts logged out', () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 - 1 } })
    expect(h.value()).toBe('loggedOut')
    expectSignedOut(h)
    expect(h.calls.loadProfile).toEqual([])
    expect(h.emitted).toEqual([])
  })

  it('a stored session expiring exactly now starts logged out', () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 } })
    expect(h.value()).toBe('loggedOut')
    expectSignedOut(h)
  })

  it('no stored session starts logged out', () => {
    const h = startSession({ stored: null })
    expect(h.value()).toBe('loggedOut')
    expectSignedOut(h)
    expect(h.context().redirectTo).toBeNull()
    expect(h.clock.watchers).toBe(0)
    expect(h.emitted).toEqual([])
  })
})

describe('session: login by password grant', () => {
  it('asks for a token with the username and password while authenticating', () => {
    const pending = deferred<never>()
    const h = startSession({ backend: { requestToken: () => pending.promise } })
    h.send(login)
    expect(h.value()).toBe('authenticating')
    expect(h.calls.requestToken).toEqual([{ username: 'giulia', password: 's3cret!' }])
  })

  it('sets expiry to the time the answer arrived plus expires_in seconds', async () => {
    const answer = deferred<{ accessToken: string; expiresIn: number }>()
    const h = startSession({ backend: { requestToken: () => answer.promise } })
    h.send(login)
    h.clock.advance(1_500) // the server takes 1.5 s to answer
    answer.resolve({ accessToken: 'slow-token', expiresIn: 3_600 })
    await waitFor(h.actor, (s) => s.matches('loggedIn'))
    expect(h.context().token).toBe('slow-token')
    expect(h.context().expiresAt).toBe(T0 + 1_500 + 3_600 * SECOND_MS)
  })

  it('loads the profile with the granted token', async () => {
    const h = startSession()
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.calls.loadProfile).toEqual([{ token: PASSWORD_TOKEN }])
    expect(h.context()).toMatchObject({
      token: PASSWORD_TOKEN,
      expiresAt: T0 + PASSWORD_EXPIRES_IN * SECOND_MS,
      profile: makeProfile(),
      possibleSubscriptions: [makeSubscription()],
    })
  })

  it('does not navigate before the profile has loaded', async () => {
    const profile = deferred<{ profile: ReturnType<typeof makeProfile>; possibleSubscriptions: [] }>()
    const h = startSession({ backend: { loadProfile: () => profile.promise } })
    h.send(login)
    await waitFor(h.actor, (s) => s.matches({ loggedIn: 'loadingProfile' }))
    expect(h.navigations()).toEqual([])
    profile.resolve({ profile: makeProfile(), possibleSubscriptions: [] })
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual(['/'])
  })

  it('after the profile loads, goes to the remembered destination and forgets it', async () => {
    const h = startSession()
    h.send({ type: 'session.rememberDestination', path: '/me/races' })
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/me/races' }])
    expect(h.context().redirectTo).toBeNull()
    expect(h.context().navigateAfterProfile).toBe(false)
  })

  it('goes to the remembered destination even when the profile is incomplete', async () => {
    const h = startSession({
      backend: { loadProfile: async () => ({ profile: makeIncompleteProfile(), possibleSubscriptions: [] }) },
    })
    h.send({ type: 'session.rememberDestination', path: '/me/transactions' })
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual(['/me/transactions'])
  })

  it('without a remembered destination goes to / when the profile is complete', async () => {
    const h = startSession()
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/' }])
  })

  it('without a remembered destination goes to /me when the profile is incomplete', async () => {
    const h = startSession({
      backend: { loadProfile: async () => ({ profile: makeIncompleteProfile(), possibleSubscriptions: [] }) },
    })
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/me' }])
  })

  it('shows no notice on success', async () => {
    const h = startSession()
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.notices()).toEqual([])
  })

  it('starts watching the clock once logged in', async () => {
    const h = startSession()
    expect(h.clock.watchers).toBe(0)
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.clock.watchers).toBe(1)
  })
})

describe('session: login failures', () => {
  const cases: Array<{ failure: string; error: unknown; notice: SessionNotice }> = [
    { failure: 'rejected credentials', error: failure('rejected'), notice: 'wrong_password' },
    { failure: 'an account not yet confirmed', error: failure('not_confirmed'), notice: 'account_not_confirmed' },
    { failure: 'a network failure', error: failure('network'), notice: 'network_error' },
    { failure: 'an answer outside the contract', error: failure('unexpected'), notice: 'unexpected_answer' },
    { failure: 'an error without a reason', error: new Error('fetch failed'), notice: 'network_error' },
  ]

  it.each(cases)('$failure -> logged out with notice $notice, token, expiry and profile cleared', async ({ error, notice }) => {
    const h = startSession({
      backend: {
        requestToken: async () => {
          throw error
        },
      },
    })
    h.send(login)
    expect(h.value()).toBe('authenticating')
    await waitFor(h.actor, isLoggedOut)
    expect(h.emitted).toEqual([{ type: 'notice', code: notice }])
    expectSignedOut(h)
    expect(h.calls.loadProfile).toEqual([])
    expect(h.clock.watchers).toBe(0)
  })

  it('a rejected login keeps the remembered destination for the next attempt', async () => {
    let attempt = 0
    const h = startSession({
      backend: {
        requestToken: async () => {
          attempt += 1
          if (attempt === 1) throw failure('rejected') satisfies SessionFailure
          return { accessToken: PASSWORD_TOKEN, expiresIn: PASSWORD_EXPIRES_IN }
        },
      },
    })
    h.send({ type: 'session.rememberDestination', path: '/me/open-subscriptions' })
    h.send(login)
    await waitFor(h.actor, isLoggedOut)
    expect(h.context().redirectTo).toBe('/me/open-subscriptions')

    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.emitted).toEqual([
      { type: 'notice', code: 'wrong_password' },
      { type: 'navigate', to: '/me/open-subscriptions' },
    ])
  })
})

describe('session: remembered destination', () => {
  it.each(['/me/races', '/me', '/race/12/subscribe', '/me/races?tab=past#top'])('accepts the internal path %s', (path) => {
    const h = startSession()
    h.send({ type: 'session.rememberDestination', path })
    expect(h.context().redirectTo).toBe(path)
  })

  it.each(['//evil.com', 'https://evil.com', '/\\evil', 'me/races', 'javascript:alert(1)', '/me\r\nLocation: //evil.com'])(
    'refuses %j and keeps what was remembered before',
    (path) => {
      const h = startSession()
      h.send({ type: 'session.rememberDestination', path: '/me/races' })
      h.send({ type: 'session.rememberDestination', path })
      expect(h.context().redirectTo).toBe('/me/races')
    },
  )

  it('refuses an external destination when nothing was remembered', () => {
    const h = startSession()
    h.send({ type: 'session.rememberDestination', path: '//evil.com' })
    expect(h.context().redirectTo).toBeNull()
  })

  it('forgetDestination clears it', () => {
    const h = startSession()
    h.send({ type: 'session.rememberDestination', path: '/me/races' })
    h.send({ type: 'session.forgetDestination' })
    expect(h.context().redirectTo).toBeNull()
  })

  it('a later destination replaces an earlier one', () => {
    const h = startSession()
    h.send({ type: 'session.rememberDestination', path: '/me/races' })
    h.send({ type: 'session.rememberDestination', path: '/me/transactions' })
    expect(h.context().redirectTo).toBe('/me/transactions')
  })

  it('is remembered and forgotten while logged in too, without navigating or changing state', async () => {
    const h = await loggedInByPassword()
    h.send({ type: 'session.rememberDestination', path: '/me/races' })
    expect(h.context().redirectTo).toBe('/me/races')
    h.send({ type: 'session.forgetDestination' })
    expect(h.context().redirectTo).toBeNull()
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    expect(h.emitted).toEqual([])
  })

  it('forgetting the destination before login makes login use the profile rule', async () => {
    const h = startSession()
    h.send({ type: 'session.rememberDestination', path: '/me/races' })
    h.send({ type: 'session.forgetDestination' })
    h.send(login)
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual(['/'])
  })
})

describe('session: token sign-in (social)', () => {
  it('from logged out lasts exactly one hour: still logged in at +59 min ticks, logged out at +60 min', async () => {
    const h = startSession()
    h.send(socialSignIn('social-token', h.clock.now))
    expect(h.context()).toMatchObject({ token: 'social-token', expiresAt: T0 + TOKEN_LIFETIME_MS.social })
    expect(TOKEN_LIFETIME_MS.social).toBe(HOUR_MS)
    await waitFor(h.actor, isReady)
    expect(h.calls.loadProfile).toEqual([{ token: 'social-token' }])
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/' }])

    for (let minute = 1; minute <= 59; minute += 1) {
      h.clock.advance(MINUTE_MS)
      expect(h.actor.getSnapshot().matches('loggedIn'), `at +${minute} min`).toBe(true)
    }
    expect(h.notices()).toEqual([])

    h.clock.advance(MINUTE_MS)
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([
      { type: 'navigate', to: '/' },
      { type: 'notice', code: 'session_expired' },
      { type: 'navigate', to: '/' },
    ])
    expectSignedOut(h)
  })

  it('counts the hour from the time carried by the event', async () => {
    const h = startSession()
    h.send(socialSignIn('social-token', T0 + 10 * MINUTE_MS))
    await waitFor(h.actor, isReady)
    expect(h.context().expiresAt).toBe(T0 + 70 * MINUTE_MS)
  })

  it('goes to the remembered destination after the profile loads', async () => {
    const h = startSession()
    h.send({ type: 'session.rememberDestination', path: '/me/medical-certificate' })
    h.send(socialSignIn('social-token', h.clock.now))
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual(['/me/medical-certificate'])
    expect(h.context().redirectTo).toBeNull()
  })

  it('replaces an existing session when logged in: new token, one hour, profile reloaded, navigates', async () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + 10 * HOUR_MS } })
    await waitFor(h.actor, isReady)
    expect(h.emitted).toEqual([])

    h.clock.advance(5 * MINUTE_MS)
    h.send(socialSignIn('social-token', h.clock.now))
    expect(h.actor.getSnapshot().matches({ loggedIn: 'loadingProfile' })).toBe(true)
    expect(h.context()).toMatchObject({ token: 'social-token', expiresAt: T0 + 65 * MINUTE_MS })
    // Nothing of the previous athlete stays visible while the new profile loads.
    expect(h.context()).toMatchObject({ profile: null, possibleSubscriptions: [] })
    await waitFor(h.actor, isReady)
    expect(h.calls.loadProfile).toEqual([{ token: 'stored-token' }, { token: 'social-token' }])
    expect(h.navigations()).toEqual(['/'])
    // The clock watcher was restarted, not doubled.
    expect(h.clock.watchers).toBe(1)

    h.clock.advance(60 * MINUTE_MS - 1)
    expect(h.actor.getSnapshot().matches('loggedIn')).toBe(true)
    h.clock.advance(1)
    expect(h.value()).toBe('loggedOut')
    expect(h.notices()).toEqual(['session_expired'])
  })

  // A token sign-in is handled at the root: whatever the session is doing, it wins.
  type Setup = (h: SessionHarness) => Promise<void> | void
  const never = () => new Promise<never>(() => {})
  const states: Array<[string, Parameters<typeof startSession>[0], Setup]> = [
    ['loggedOut', {}, () => {}],
    ['authenticating', { backend: { requestToken: never } }, (h) => h.send(login)],
    ['confirming', { backend: { confirmAccount: never } }, (h) => h.send({ type: 'session.confirmAccount', contactId: 1, token: 't' })],
    ['resetting', { backend: { resetPassword: never } }, (h) => h.send({ type: 'session.resetPassword', token: 't', password: 'p' })],
    [
      'loggingOut',
      { backend: { revokeToken: never } },
      async (h) => {
        h.send(login)
        await waitFor(h.actor, isReady)
        h.send({ type: 'session.logout' })
      },
    ],
  ]

  it.each(states)('works from %s', async (state, options, setup) => {
    const h = startSession(options)
    await setup(h)
    expect(h.actor.getSnapshot().matches(state as 'loggedOut')).toBe(true)
    h.send(socialSignIn('social-token', h.clock.now))
    await waitFor(h.actor, isReady)
    expect(h.context()).toMatchObject({ token: 'social-token', expiresAt: h.clock.now + HOUR_MS })
    expect(h.calls.loadProfile.at(-1)).toEqual({ token: 'social-token' })
    expect(h.clock.watchers).toBe(1)
  })

  it('works while the profile is loading, and the abandoned load is ignored', async () => {
    const first = deferred<{ profile: ReturnType<typeof makeProfile>; possibleSubscriptions: [] }>()
    const h = startSession({
      stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS },
      backend: {
        loadProfile: ({ token }) =>
          token === 'stored-token'
            ? first.promise
            : Promise.resolve({ profile: makeProfile({ nome: 'Social' }), possibleSubscriptions: [] }),
      },
    })
    h.send(socialSignIn('social-token', h.clock.now))
    await waitFor(h.actor, isReady)
    first.resolve({ profile: makeProfile({ nome: 'Stale' }), possibleSubscriptions: [] })
    await flushMicrotasks()
    expect(h.context().profile?.nome).toBe('Social')
    expect(h.context().token).toBe('social-token')
  })
})

describe('session: account confirmation', () => {
  it('calls confirmAccount with the link data while confirming', () => {
    const h = startSession({ backend: { confirmAccount: () => new Promise<never>(() => {}) } })
    h.send({ type: 'session.confirmAccount', contactId: 42, token: 'link-token' })
    expect(h.value()).toBe('confirming')
    expect(h.calls.confirmAccount).toEqual([{ contactId: 42, token: 'link-token' }])
  })

  it('success -> logged in for 24 h with the link token', async () => {
    const h = startSession()
    h.send({ type: 'session.confirmAccount', contactId: 42, token: 'link-token' })
    await waitFor(h.actor, isReady)
    expect(h.context()).toMatchObject({ token: 'link-token', expiresAt: T0 + 24 * HOUR_MS })
    expect(h.calls.loadProfile).toEqual([{ token: 'link-token' }])
    expect(h.navigations()).toEqual(['/'])

    h.clock.advance(24 * HOUR_MS - 1)
    expect(h.actor.getSnapshot().matches('loggedIn')).toBe(true)
    h.clock.advance(1)
    expect(h.value()).toBe('loggedOut')
    expect(h.notices()).toEqual(['account_confirmed', 'session_expired'])
  })

  it('success counts the 24 h from when the answer arrived', async () => {
    const answer = deferred<{ token: string }>()
    const h = startSession({ backend: { confirmAccount: () => answer.promise } })
    h.send({ type: 'session.confirmAccount', contactId: 42, token: 'link-token' })
    h.clock.advance(2 * SECOND_MS)
    answer.resolve({ token: 'link-token' })
    await waitFor(h.actor, isReady)
    expect(h.context().expiresAt).toBe(T0 + 2 * SECOND_MS + TOKEN_LIFETIME_MS.confirmation)
  })

  it('success with an incomplete profile goes to /me', async () => {
    const h = startSession({
      backend: { loadProfile: async () => ({ profile: makeIncompleteProfile(), possibleSubscriptions: [] }) },
    })
    h.send({ type: 'session.confirmAccount', contactId: 42, token: 'link-token' })
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual(['/me'])
  })

  it("failure -> logged out with 'cannot_confirm_account' and the token cleared", async () => {
    const h = startSession({
      backend: {
        confirmAccount: async () => {
          throw failure('rejected')
        },
      },
    })
    h.send({ type: 'session.confirmAccount', contactId: 42, token: 'link-token' })
    await waitFor(h.actor, isLoggedOut)
    expect(h.emitted).toEqual([{ type: 'notice', code: 'cannot_confirm_account' }])
    expectSignedOut(h)
    expect(h.calls.loadProfile).toEqual([])
  })
})

describe('session: password reset', () => {
  it('calls resetPassword with the path token and the new password while resetting', () => {
    const h = startSession({ backend: { resetPassword: () => new Promise<never>(() => {}) } })
    h.send({ type: 'session.resetPassword', token: 'reset-path-token', password: 'N3w-pass!' })
    expect(h.value()).toBe('resetting')
    expect(h.calls.resetPassword).toEqual([{ token: 'reset-path-token', password: 'N3w-pass!' }])
  })

  it('success -> logged in for 24 h with the returned token', async () => {
    const h = startSession()
    h.send({ type: 'session.resetPassword', token: 'reset-path-token', password: 'N3w-pass!' })
    await waitFor(h.actor, isReady)
    expect(h.context()).toMatchObject({ token: RESET_TOKEN, expiresAt: T0 + TOKEN_LIFETIME_MS.reset })
    expect(TOKEN_LIFETIME_MS.reset).toBe(24 * HOUR_MS)
    expect(h.calls.loadProfile).toEqual([{ token: RESET_TOKEN }])
    expect(h.navigations()).toEqual(['/'])
    expect(h.notices()).toEqual(['password_changed'])

    h.clock.advance(24 * HOUR_MS - 1)
    expect(h.actor.getSnapshot().matches('loggedIn')).toBe(true)
    h.clock.advance(1)
    expect(h.value()).toBe('loggedOut')
  })

  it('success goes to the remembered destination', async () => {
    const h = startSession()
    h.send({ type: 'session.rememberDestination', path: '/me/races' })
    h.send({ type: 'session.resetPassword', token: 'reset-path-token', password: 'N3w-pass!' })
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual(['/me/races'])
  })

  it("failure -> logged out with 'cannot_confirm_account' and the token cleared", async () => {
    const h = startSession({
      backend: {
        resetPassword: async () => {
          throw failure('rejected')
        },
      },
    })
    h.send({ type: 'session.resetPassword', token: 'reset-path-token', password: 'N3w-pass!' })
    await waitFor(h.actor, isLoggedOut)
    expect(h.emitted).toEqual([{ type: 'notice', code: 'cannot_confirm_account' }])
    expectSignedOut(h)
    expect(h.calls.loadProfile).toEqual([])
  })
})

describe('session: periodic expiry check', () => {
  it('ticks before expiry keep the session; the first tick at expiry logs out', async () => {
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
    expect(h.emitted).toEqual([
      { type: 'notice', code: 'session_expired' },
      { type: 'navigate', to: '/' },
    ])
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

  it('a tick while the profile is still loading expires the session too', async () => {
    const h = startSession({
      stored: { token: 'stored-token', expiresAt: T0 + MINUTE_MS },
      backend: { loadProfile: () => new Promise<never>(() => {}) },
    })
    expect(h.actor.getSnapshot().matches({ loggedIn: 'loadingProfile' })).toBe(true)
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

describe('session: profile', () => {
  it("load failure after login -> logged out, notice 'cant_retrieve_profile', navigate '/'", async () => {
    const h = startSession({
      backend: {
        loadProfile: async () => {
          throw failure('network')
        },
      },
    })
    h.send(login)
    await waitFor(h.actor, isLoggedOut)
    expect(h.emitted).toEqual([
      { type: 'notice', code: 'cant_retrieve_profile' },
      { type: 'navigate', to: '/' },
    ])
    expectSignedOut(h)
    expect(h.clock.watchers).toBe(0)
  })

  it('load failure of a restored session logs out the same way', async () => {
    const h = startSession({
      stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS },
      backend: {
        loadProfile: async () => {
          throw failure('rejected')
        },
      },
    })
    await waitFor(h.actor, isLoggedOut)
    expect(h.notices()).toEqual(['cant_retrieve_profile'])
    expect(h.navigations()).toEqual(['/'])
    expectSignedOut(h)
  })

  it('profileChanged replaces the profile without loading or navigating', async () => {
    const h = await loggedInByPassword()
    const saved = makeProfile({ telefono: '+39 347 0000000', team: 'Trail Team Aosta' })
    h.send({ type: 'session.profileChanged', profile: saved })
    expect(h.context().profile).toEqual(saved)
    expect(h.value()).toEqual({ loggedIn: 'ready' })
    expect(h.calls.loadProfile).toHaveLength(1)
    expect(h.emitted).toEqual([])
  })

  it('reloadProfile loads it again with the session token, without navigating', async () => {
    let version = 0
    const h = await loggedInByPassword({
      backend: {
        loadProfile: async () => {
          version += 1
          return {
            profile: makeProfile({ certificato_valido: version > 1 }),
            possibleSubscriptions: version > 1 ? [makeSubscription({ liberatoria: true })] : [],
          }
        },
      },
    })
    h.send({ type: 'session.reloadProfile' })
    expect(h.actor.getSnapshot().matches({ loggedIn: 'loadingProfile' })).toBe(true)
    await waitFor(h.actor, isReady)
    expect(h.calls.loadProfile).toEqual([{ token: PASSWORD_TOKEN }, { token: PASSWORD_TOKEN }])
    expect(h.context().profile?.certificato_valido).toBe(true)
    expect(h.context().possibleSubscriptions).toEqual([makeSubscription({ liberatoria: true })])
    expect(h.emitted).toEqual([])
  })

  it('reloadProfile does not go to a destination remembered after login', async () => {
    const h = await loggedInByPassword()
    h.send({ type: 'session.rememberDestination', path: '/me/races' })
    h.send({ type: 'session.reloadProfile' })
    await waitFor(h.actor, isReady)
    expect(h.navigations()).toEqual([])
    expect(h.context().redirectTo).toBe('/me/races')
  })
})

describe('session: logout', () => {
  it('calls revokeToken with the token, then clears token, expiry and profile and navigates to /', async () => {
    const revoke = deferred<void>()
    const h = await loggedInByPassword({ backend: { revokeToken: () => revoke.promise } })
    h.send({ type: 'session.logout' })
    expect(h.value()).toBe('loggingOut')
    expect(h.calls.revokeToken).toEqual([{ token: PASSWORD_TOKEN }])
    expect(h.emitted).toEqual([])

    revoke.resolve()
    await waitFor(h.actor, isLoggedOut)
    expectSignedOut(h)
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/' }])
    expect(h.clock.watchers).toBe(0)
  })

  it('ends the session also when revokeToken fails', async () => {
    const h = await loggedInByPassword({
      backend: {
        revokeToken: async () => {
          throw failure('network')
        },
      },
    })
    h.send({ type: 'session.logout' })
    await waitFor(h.actor, isLoggedOut)
    expect(h.calls.revokeToken).toEqual([{ token: PASSWORD_TOKEN }])
    expectSignedOut(h)
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/' }])
  })

  it('works while the profile is still loading', async () => {
    const h = startSession({
      stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS },
      backend: { loadProfile: () => new Promise<never>(() => {}) },
    })
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

describe('session: signals from outside', () => {
  it("session.unauthorized while logged in -> logged out with 'session_expired'", async () => {
    const h = await loggedInByPassword()
    h.send({ type: 'session.unauthorized' })
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([
      { type: 'notice', code: 'session_expired' },
      { type: 'navigate', to: '/' },
    ])
    expectSignedOut(h)
    expect(h.calls.revokeToken).toEqual([])
  })

  it('session.unauthorized while logged out is ignored', () => {
    const h = startSession()
    h.send({ type: 'session.unauthorized' })
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([])
  })

  it('session.storageCleared (logout in another tab) -> logged out, navigate /, no revokeToken call', async () => {
    const h = await loggedInByPassword()
    h.send({ type: 'session.storageCleared' })
    expect(h.value()).toBe('loggedOut')
    expect(h.emitted).toEqual([{ type: 'navigate', to: '/' }])
    expectSignedOut(h)
    expect(h.calls.revokeToken).toEqual([])
    expect(h.clock.watchers).toBe(0)
  })
})

describe('session: context', () => {
  it('every state visited carries a serialisable context', async () => {
    const h = startSession({ stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS } })
    await waitFor(h.actor, isReady) // loggedIn.loadingProfile -> ready
    h.send({ type: 'session.rememberDestination', path: '/me/races' })
    h.send({ type: 'session.logout' }) // loggingOut
    await waitFor(h.actor, isLoggedOut)
    h.send(login) // authenticating
    await waitFor(h.actor, isReady)
    h.send({ type: 'session.storageCleared' })
    h.send({ type: 'session.confirmAccount', contactId: 42, token: 'link-token' }) // confirming
    await waitFor(h.actor, isReady)
    h.send({ type: 'session.unauthorized' })
    h.send({ type: 'session.resetPassword', token: 'reset-path-token', password: 'N3w-pass!' }) // resetting
    await waitFor(h.actor, isReady)

    const visited = new Set(h.snapshots.map((s) => JSON.stringify(s.value)))
    expect([...visited].sort()).toEqual(
      [
        '"authenticating"',
        '"confirming"',
        '"loggedOut"',
        '"loggingOut"',
        '"resetting"',
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

// Every (source state, event) edge of the machine, written from reading session.machine.ts. Each one
// is exercised above. When someone adds a transition, this list (and a test for it) must grow.
const EXPECTED_EDGES = [
  'session --session.rememberDestination [isInternalDestination]--> session',
  'session --session.forgetDestination--> session',
  'session --session.signInWithToken--> session.loggedIn',
  'session.restoring --(always) [hasUsableStoredSession]--> session.loggedIn',
  'session.restoring --(always)--> session.loggedOut',
  'session.loggedOut --session.login--> session.authenticating',
  'session.loggedOut --session.confirmAccount--> session.confirming',
  'session.loggedOut --session.resetPassword--> session.resetting',
  'session.authenticating --done(requestToken)--> session.loggedIn',
  'session.authenticating --error(requestToken)--> session.loggedOut',
  'session.confirming --done(confirmAccount)--> session.loggedIn',
  'session.confirming --error(confirmAccount)--> session.loggedOut',
  'session.resetting --done(resetPassword)--> session.loggedIn',
  'session.resetting --error(resetPassword)--> session.loggedOut',
  'session.loggedIn --session.tick [isExpired]--> session.loggedOut',
  'session.loggedIn --session.unauthorized--> session.loggedOut',
  'session.loggedIn --session.storageCleared--> session.loggedOut',
  'session.loggedIn --session.logout--> session.loggingOut',
  'session.loggedIn.loadingProfile --done(loadProfile)--> session.loggedIn.ready',
  'session.loggedIn.loadingProfile --error(loadProfile)--> session.loggedOut',
  'session.loggedIn.ready --session.profileChanged--> session.loggedIn.ready',
  'session.loggedIn.ready --session.reloadProfile--> session.loggedIn.loadingProfile',
  'session.loggingOut --done(revokeToken)--> session.loggedOut',
  'session.loggingOut --error(revokeToken)--> session.loggedOut',
]

type AnyStateNode = DirectedGraphNode['stateNode']
type AnyTransition = DirectedGraphNode['edges'][number]['transition']

function describeEdge(source: AnyStateNode, eventLabel: string, transition: AnyTransition, targetId: string): string {
  const guard = transition.guard
  const guardName = typeof guard === 'string' ? guard : guard && 'type' in guard ? String(guard.type) : undefined
  return `${source.id} --${eventLabel}${guardName ? ` [${guardName}]` : ''}--> ${targetId}`
}

/** Names `xstate.done.actor.<id>` after the invoked actor (`done(requestToken)`), so invoke ids do not matter. */
function eventLabel(source: AnyStateNode, eventType: string): string {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  if (!match) return eventType
  const invoke = source.invoke.find((definition) => definition.id === match[2])
  return `${match[1]}(${typeof invoke?.src === 'string' ? invoke.src : '?'})`
}

function edgesOf(node: DirectedGraphNode): string[] {
  const own = node.edges.map((edge) => describeEdge(edge.source, eventLabel(edge.source, edge.label.text), edge.transition, edge.target.id))
  // Eventless (`always`) transitions are not in the directed graph's edges; list them too.
  const eventless = (node.stateNode.always ?? []).flatMap((t) =>
    (t.target ?? [node.stateNode]).map((target) => describeEdge(node.stateNode, '(always)', t, target.id)),
  )
  return [...own, ...eventless, ...node.children.flatMap(edgesOf)]
}

describe('session: model coverage', () => {
  it('the machine has exactly the transitions these tests cover (a new transition needs a new test)', () => {
    const actual = edgesOf(toDirectedGraph(sessionMachine))
    expect([...actual].sort()).toEqual([...EXPECTED_EDGES].sort())
    expect(new Set(actual).size).toBe(actual.length)
  })

  it('the machine has exactly these states', () => {
    const ids = (node: DirectedGraphNode): string[] => [node.id, ...node.children.flatMap(ids)]
    expect(ids(toDirectedGraph(sessionMachine)).sort()).toEqual(
      [
        'session',
        'session.restoring',
        'session.loggedOut',
        'session.authenticating',
        'session.confirming',
        'session.resetting',
        'session.loggedIn',
        'session.loggedIn.loadingProfile',
        'session.loggedIn.ready',
        'session.loggingOut',
      ].sort(),
    )
  })
})
