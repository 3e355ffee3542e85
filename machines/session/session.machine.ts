import { assertEvent, assign, emit, fromCallback, fromPromise, sendTo, setup } from 'xstate'
import { isApiError, toApiError } from '../../contracts/api-error'
import type { Profile } from '../../contracts/athlete.contract'
import type { token as tokenOperation } from '../../contracts/auth.contract'
import { HOUR_MS, SECOND_MS } from '../../contracts/time'
import { destinationAfterLogin, isInternalPath, isPageToComeBackTo, profileInsteadOf } from '../rules/destination'
import { backoffS } from '../rules/server-reading'
import { loginDrawerMachine } from './login-drawer.machine'

/** How long a session lasts when it does not come from the password grant (spec section 9). */
export const TOKEN_LIFETIME_MS = {
  confirmation: 24 * HOUR_MS,
  reset: 24 * HOUR_MS,
  social: HOUR_MS,
} as const
export type TokenSource = keyof typeof TOKEN_LIFETIME_MS

/** What survives a reload, in localStorage. */
export interface StoredSession {
  token: string
  /** Epoch milliseconds on the portal's clock. */
  expiresAt: number
}

/** Why a password sign-in did not go through, as the drawer and the notices tell it. */
export type LoginFailure =
  | 'wrong_password'
  | 'account_not_confirmed'
  | 'too_many_attempts'
  | 'network_error'
  | 'server_error'
  | 'unexpected_answer'
  | 'page_fault'

/** How long to wait after "too many attempts" when the server does not say (no `Retry-After`). */
export const DEFAULT_LOGIN_RETRY_MS = 30 * SECOND_MS
const MAX_LOGIN_RETRY_S = 3_600

/**
 * Why a session's profile cannot be read for now, as the athlete is told it: no connection, a
 * server that is down or busy, or an answer the page cannot use (outside the contract, a fault of
 * the page, a refusal other than a 401). None of them ends the session (decision 061).
 */
export type ProfileFailure = 'profile_offline' | 'profile_server_unavailable' | 'profile_unreadable'

/** The longest wait between two reads of the profile: a `Retry-After` longer than this is cut short. */
const MAX_PROFILE_RETRY_S = 300

/**
 * The one failure mapping of the profile read, and when to read it again by itself (milliseconds),
 * or null when only the athlete's "Try again" or a reload can help. No answer and a failing or busy
 * server heal by themselves: the server's `Retry-After` when it gives one, else the back-off of
 * the reads that follow the server (2, 4, 8 ... 60 s after `failures` failures in a row).
 */
export function profileFailureOf(failed: unknown, failures: number): { failure: ProfileFailure; retryInMs: number | null } {
  const backoffMs = backoffS(failures) * SECOND_MS
  // The read goes through the query cache, which wraps the client's error.
  const error = toApiError(failed)
  if (error.kind === 'network') return { failure: 'profile_offline', retryInMs: backoffMs }
  if (error.kind === 'http' && (error.status >= 500 || error.status === 429)) {
    const asked = error.retryAfterS
    const retryInMs = asked !== undefined && Number.isFinite(asked) ? Math.min(Math.max(asked, 0), MAX_PROFILE_RETRY_S) * SECOND_MS : backoffMs
    return { failure: 'profile_server_unavailable', retryInMs }
  }
  return { failure: 'profile_unreadable', retryInMs: null }
}

/** Codes, not text: `src/` maps them to translated messages. */
export type SessionNotice =
  | LoginFailure
  | 'session_expired'
  | 'require_login_to_access'
  | 'complete_profile'
  /** A token arrived while someone is signed in: the session is kept, never silently switched. */
  | 'already_signed_in'
  /** Another tab of this browser signed out. */
  | 'signed_out_elsewhere'

/** Why the route guard turned the athlete away. */
export type AccessDenial = 'login_required' | 'profile_incomplete'

/**
 * The one failure mapping of the password grant. Only the server's refusal of the credentials is a
 * wrong password; an unreachable or failing server is named as such.
 */
export function loginFailureOf(error: unknown): LoginFailure {
  if (!isApiError<typeof tokenOperation>(error)) return 'page_fault'
  switch (error.kind) {
    case 'network':
      return 'network_error'
    case 'http':
      // A 429 means the credentials were not even checked, whatever code its body carries.
      if (error.status === 429) return 'too_many_attempts'
      if (error.code === 'account_not_confirmed') return 'account_not_confirmed'
      if (error.code === 'invalid_grant') return 'wrong_password'
      return error.status >= 500 ? 'server_error' : 'unexpected_answer'
    case 'unauthorized':
    case 'contract':
      return 'unexpected_answer'
    case 'fault':
      return 'page_fault'
  }
}

/** How long the server asked the athlete to wait before trying to sign in again. */
export function loginRetryDelayOf(error: unknown): number {
  const seconds = isApiError(error) && error.kind === 'http' ? error.retryAfterS : undefined
  if (seconds === undefined || !Number.isFinite(seconds)) return DEFAULT_LOGIN_RETRY_MS
  // An hour at most: a timer cannot hold much more, and nobody waits longer at a login form.
  return Math.min(Math.max(seconds, 0), MAX_LOGIN_RETRY_S) * SECOND_MS
}

export interface GrantedToken {
  accessToken: string
  /** Seconds, as the server's `expires_in`. */
  expiresIn: number
  /** When the answer arrived, on the portal's clock. */
  receivedAt: number
}

/**
 * The session itself, nothing of the server's data: the athlete's profile and subscriptions live in
 * the query cache (DESIGN.md section 4).
 */
export interface SessionContext {
  token: string | null
  expiresAt: number | null
  /** The login-required path a visitor tried to open, to go to after signing in. */
  redirectTo: string | null
  /** Only a sign-in made now moves the athlete on; a session restored on reload stays put. */
  navigateAfterProfile: boolean
  /** The outcome of the last password sign-in, shown inside the login drawer. */
  loginFailure: LoginFailure | null
  /** While the session is kept but its profile cannot be read: why, for the page to say. */
  profileFailure: ProfileFailure | null
  /** Failed reads of the profile in a row, for the back-off. */
  profileFailures: number
  /** When the profile is read again by itself; null: only when the athlete asks. */
  profileRetryInMs: number | null
  /** After "too many attempts": how long sign-in stays closed. */
  loginRetryDelayMs: number
  /**
   * The page opened on a stored session whose time was up: the athlete is told it has expired as
   * the machine starts (read only then: `restoring` is never entered again).
   */
  expiredOnArrival: boolean
}

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string }
  /** A token obtained elsewhere: confirmation link, password reset, social provider. */
  /**
   * `replaces`: the token is the same athlete's and the backend has ended the session in force (a
   * password reset ends every other session), so it takes that session's place.
   */
  | { type: 'session.signIn'; token: string; source: TokenSource; now: number; destination?: string; replaces?: boolean }
  | { type: 'session.logout' }
  | { type: 'session.tick'; now: number }
  | { type: 'session.unauthorized' }
  | { type: 'session.storageCleared' }
  /** The route guard turned the athlete away from `path`. */
  | { type: 'session.accessDenied'; path: string; reason: AccessDenial }
  /** A page open to visitors asks the athlete to sign in and come back to it (`path`). */
  | { type: 'session.loginRequested'; path: string }
  /** The athlete asks to read the profile again, after it could not be read. */
  | { type: 'session.retryProfile' }

export type SessionEmitted =
  | { type: 'notice'; code: SessionNotice }
  /** `onlyFromPrivate`: only a page that needs the session is left (a public page stays as it is). */
  | { type: 'navigate'; to: string; replace: boolean; onlyFromPrivate?: true }

export interface SessionInput {
  stored: StoredSession | null
  now: number
}

/** A profile read: whatever kept it from being read has passed. */
const profileRead = { profileFailure: null, profileFailures: 0, profileRetryInMs: null } satisfies Partial<SessionContext>

const signedOut = {
  token: null,
  expiresAt: null,
  navigateAfterProfile: false,
  ...profileRead,
} satisfies Partial<SessionContext>

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    input: {} as SessionInput,
    children: {} as { drawer: 'loginDrawer' },
  },
  actors: {
    // Implementations come from src/ through `provide`; these stand-ins only carry the types.
    requestToken: fromPromise<GrantedToken, { username: string; password: string }>(async () => {
      throw new Error('requestToken not provided')
    }),
    /** Reads the athlete into the query cache; the machine keeps only what routing needs. */
    loadProfile: fromPromise<Profile>(async () => {
      throw new Error('loadProfile not provided')
    }),
    revokeToken: fromPromise<void, { token: string }>(async () => {
      throw new Error('revokeToken not provided')
    }),
    /** Sends `session.tick` with the current time, periodically and whenever the clock moves. */
    watchClock: fromCallback<SessionEvent>(() => {
      throw new Error('watchClock not provided')
    }),
    loginDrawer: loginDrawerMachine,
  },
  guards: {
    hasUsableStoredSession: ({ context }) => context.token !== null,
    isExpiredOnArrival: ({ context }) => context.expiredOnArrival,
    isSignInJustMade: ({ context }) => context.navigateAfterProfile,
    /**
     * A session still in force, which another sign-in must not switch silently: one whose time is up
     * is about to end, and one the backend ended for this sign-in (`replaces`), do not count.
     */
    hasSession: ({ context, event }) => {
      assertEvent(event, 'session.signIn')
      return context.token !== null && context.expiresAt !== null && event.now < context.expiresAt && !event.replaces
    },
    isRateLimited: ({ event }) => loginFailureOf((event as { error?: unknown }).error) === 'too_many_attempts',
    /** The server refused the token (401): the session is over, whatever call heard it. */
    isSessionRefused: ({ event }) => {
      return toApiError((event as { error?: unknown }).error).kind === 'unauthorized'
    },
    retriesProfileByItself: ({ context }) => context.profileRetryInMs !== null,
    hasPageAskedFor: ({ context }) => context.navigateAfterProfile && context.redirectTo !== null,
    isExpired: ({ context, event }) => {
      assertEvent(event, 'session.tick')
      return context.expiresAt === null || event.now >= context.expiresAt
    },
    isLoginRequired: ({ event }) => {
      assertEvent(event, 'session.accessDenied')
      return event.reason === 'login_required'
    },
    isProfileIncomplete: ({ event }) => {
      assertEvent(event, 'session.accessDenied')
      return event.reason === 'profile_incomplete'
    },
  },
  delays: {
    loginRetryDelay: ({ context }) => context.loginRetryDelayMs,
    profileRetryDelay: ({ context }) => context.profileRetryInMs ?? 0,
  },
  actions: {
    clearSession: assign(signedOut),
    /** Whatever the server said about the previous athlete leaves with the session. */
    forgetAthleteData: () => {},
    /**
     * Work kept in the browser for the athlete to come back to (an enrolment wizard half done)
     * leaves on a deliberate logout, as on a shared computer it should; an expired session keeps it,
     * for the athlete who signs in again to carry on.
     */
    forgetKeptWork: () => {},
    notify: emit((_, code: SessionNotice) => ({ type: 'notice' as const, code })),
    goHome: emit({ type: 'navigate', to: '/', replace: false }),
    // An expired session leaves the athlete's area; a public page (the enrolment wizard) keeps
    // what the athlete was doing and asks to sign in again there.
    leavePrivatePage: emit({ type: 'navigate', to: '/', replace: false, onlyFromPrivate: true }),
    // A page not worth coming back to (the home page, a page a link lands on) keeps the one the
    // guard remembered: the visitor turned away from /me/races who reopens the drawer at home still
    // goes there.
    rememberRequestedPath: assign({
      redirectTo: ({ event, context }) => {
        assertEvent(event, 'session.loginRequested')
        return isPageToComeBackTo(event.path) ? event.path : context.redirectTo
      },
    }),
    openDrawerNow: sendTo('drawer', { type: 'drawer.open', delayed: false }),
    closeDrawer: sendTo('drawer', { type: 'drawer.close' }),
    /** The page a visitor was turned away from, to go to after signing in (internal paths only). */
    rememberDeniedPath: assign({
      redirectTo: ({ event }) => {
        assertEvent(event, 'session.accessDenied')
        return isInternalPath(event.path) ? event.path : null
      },
    }),
    goHomeInstead: emit({ type: 'navigate', to: '/', replace: true }),
    goToProfileInstead: emit(({ event }) => {
      assertEvent(event, 'session.accessDenied')
      return { type: 'navigate' as const, to: profileInsteadOf(event.path), replace: true }
    }),
    openDrawerSoon: sendTo('drawer', { type: 'drawer.open', delayed: true }),
    goToDestination: emit(({ context }, profile: Profile) => ({
      type: 'navigate' as const,
      to: destinationAfterLogin(context.redirectTo, profile),
      replace: false,
    })),
    forgetDestination: assign({ redirectTo: null, navigateAfterProfile: false }),
    /** A sign-in made now whose profile cannot be read still takes the athlete where they asked. */
    goToRememberedPage: emit(({ context }) => ({ type: 'navigate' as const, to: context.redirectTo ?? '/', replace: false })),
    rememberProfileFailure: assign(({ context, event }) => {
      const failures = context.profileFailures + 1
      const { failure, retryInMs } = profileFailureOf((event as { error?: unknown }).error, failures)
      return { loginFailure: null, profileFailure: failure, profileFailures: failures, profileRetryInMs: retryInMs }
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const usable = input.stored !== null && input.stored.expiresAt > input.now
    return {
      ...signedOut,
      token: usable ? input.stored!.token : null,
      expiresAt: usable ? input.stored!.expiresAt : null,
      redirectTo: null,
      loginFailure: null,
      loginRetryDelayMs: 0,
      expiredOnArrival: input.stored !== null && !usable,
    }
  },
  invoke: { id: 'drawer', src: 'loginDrawer' },
  initial: 'restoring',
  on: {
    // Not `reenter`: that would restart the root's own drawer actor. Targeting the child still exits
    // and enters `loggedIn`, so the clock watch and the first profile load start afresh.
    'session.signIn': [
      { guard: 'hasSession', actions: { type: 'notify', params: 'already_signed_in' } },
      {
      target: '.loggedIn',
      actions: [
        'forgetAthleteData',
        assign(({ event, context }) => ({
          ...signedOut,
          token: event.token,
          expiresAt: event.now + TOKEN_LIFETIME_MS[event.source],
          navigateAfterProfile: true,
          redirectTo: event.destination && isInternalPath(event.destination) ? event.destination : context.redirectTo,
        })),
      ],
      },
    ],
  },
  states: {
    // A session that ran out while the page was closed ends as one that runs out while it is open:
    // the athlete is told, rather than finding themselves signed out without a word.
    restoring: {
      always: [
        { guard: 'hasUsableStoredSession', target: 'loggedIn' },
        {
          guard: 'isExpiredOnArrival',
          target: 'loggedOut',
          actions: { type: 'notify', params: 'session_expired' },
        },
        { target: 'loggedOut' },
      ],
    },

    // A denial counts only where it can be true: "log in" while signed out, "complete your profile"
    // once the profile is in. One that arrives late (the guard's effect after a sign-in began) is dropped.
    loggedOut: {
      on: {
        'session.login': 'authenticating',
        'session.loginRequested': { actions: ['rememberRequestedPath', 'openDrawerNow'] },
        'session.accessDenied': {
          guard: 'isLoginRequired',
          actions: ['rememberDeniedPath', { type: 'notify', params: 'require_login_to_access' }, 'goHomeInstead', 'openDrawerSoon'],
        },
      },
    },

    authenticating: {
      entry: assign({ loginFailure: null }),
      invoke: {
        id: 'requestToken',
        src: 'requestToken',
        input: ({ event }) => {
          assertEvent(event, 'session.login')
          return { username: event.username, password: event.password }
        },
        onDone: {
          target: 'loggedIn',
          actions: [
            'forgetAthleteData',
            assign({
              token: ({ event }) => event.output.accessToken,
              expiresAt: ({ event }) => event.output.receivedAt + event.output.expiresIn * SECOND_MS,
              navigateAfterProfile: true,
            }),
          ],
        },
        onError: [
          // A failed sign-in is said once, where the athlete typed: in the drawer (`loginFailure`,
          // announced there as an alert), never again as a notice.
          {
            guard: 'isRateLimited',
            target: 'coolingDown',
            actions: [
              'clearSession',
              assign({ loginFailure: 'too_many_attempts', loginRetryDelayMs: ({ event }) => loginRetryDelayOf(event.error) }),
            ],
          },
          {
            target: 'loggedOut',
            actions: ['clearSession', assign({ loginFailure: ({ event }) => loginFailureOf(event.error) })],
          },
        ],
      },
    },

    // The server asked to wait (429): sign-in stays closed for as long as it said.
    // The drawer still opens (it says why sign-in waits), and remembers the page it was opened on.
    coolingDown: {
      after: { loginRetryDelay: { target: 'loggedOut', actions: assign({ loginFailure: null }) } },
      on: {
        'session.loginRequested': { actions: ['rememberRequestedPath', 'openDrawerNow'] },
        'session.accessDenied': {
            guard: 'isLoginRequired',
            actions: ['rememberDeniedPath', { type: 'notify', params: 'require_login_to_access' }, 'goHomeInstead', 'openDrawerSoon'],
          },
      },
    },

    loggedIn: {
      invoke: { id: 'watchClock', src: 'watchClock' },
      initial: 'loadingProfile',
      on: {
        'session.tick': {
          guard: 'isExpired',
          target: 'loggedOut',
          actions: ['clearSession', 'forgetAthleteData', { type: 'notify', params: 'session_expired' }, 'leavePrivatePage'],
        },
        'session.unauthorized': {
          target: 'loggedOut',
          actions: ['clearSession', 'forgetAthleteData', { type: 'notify', params: 'session_expired' }, 'leavePrivatePage'],
        },
        'session.storageCleared': {
          target: 'loggedOut',
          actions: ['clearSession', 'forgetAthleteData', { type: 'notify', params: 'signed_out_elsewhere' }, 'goHome'],
        },
        'session.logout': 'loggingOut',
      },
      states: {
        // The first load after a sign-in or a reload decides where a sign-in goes; later refetches
        // are the query cache's, and keep the last good profile on failure. Only a refused token
        // (401) ends the session here too: a server down or a lost connection keeps it (decision 061).
        loadingProfile: {
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: [
              {
                guard: 'isSignInJustMade',
                target: 'ready',
                actions: [
                  assign({ loginFailure: null, ...profileRead }),
                  'closeDrawer',
                  { type: 'goToDestination', params: ({ event }) => event.output },
                  'forgetDestination',
                ],
              },
              // A session restored on reload stays on the page the athlete reloaded.
              { target: 'ready', actions: [assign(profileRead), 'closeDrawer'] },
            ],
            onError: [
              {
                guard: 'isSessionRefused',
                target: '#session.loggedOut',
                actions: ['clearSession', 'forgetAthleteData', { type: 'notify', params: 'session_expired' }, 'leavePrivatePage'],
              },
              // Signed in all the same: the drawer has done its work, and a page asked for is
              // reached. Without one the athlete stays, as on a restored session: the spec's choice
              // between / and /me needs the profile, and the guard sends an incomplete one to /me
              // once it is in.
              {
                guard: 'hasPageAskedFor',
                target: 'profileUnavailable',
                actions: ['rememberProfileFailure', 'closeDrawer', 'goToRememberedPage', 'forgetDestination'],
              },
              { target: 'profileUnavailable', actions: ['rememberProfileFailure', 'closeDrawer', 'forgetDestination'] },
            ],
          },
        },
        // Signed in, the profile not read yet: the pages say so, and it is read again by itself
        // (unless only the athlete can tell when) or when the athlete asks.
        profileUnavailable: {
          after: { profileRetryDelay: { guard: 'retriesProfileByItself', target: 'loadingProfile' } },
          on: { 'session.retryProfile': 'loadingProfile' },
        },
        ready: {
          on: {
            'session.accessDenied': {
              guard: 'isProfileIncomplete',
              actions: [{ type: 'notify', params: 'complete_profile' }, 'goToProfileInstead'],
            },
          },
        },
      },
    },

    loggingOut: {
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        input: ({ context }) => ({ token: context.token! }),
        // Signing out locally must not depend on the server: both outcomes end the session.
        onDone: { target: 'loggedOut', actions: ['clearSession', 'forgetAthleteData', 'forgetKeptWork', 'goHome'] },
        onError: { target: 'loggedOut', actions: ['clearSession', 'forgetAthleteData', 'forgetKeptWork', 'goHome'] },
      },
    },
  },
})
