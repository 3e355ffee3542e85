import { assign, emit, enqueueActions, fromCallback, fromPromise, setup } from 'xstate'
import type { Profile, Subscription } from '../../contracts/athlete.contract'
import { destinationAfterLogin, isInternalPath } from '../rules/destination'

const HOUR_MS = 3_600_000

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

/** Codes, not text: `src/` maps them to translated messages. */
export type SessionNotice =
  | 'wrong_password'
  | 'account_not_confirmed'
  | 'cant_retrieve_profile'
  | 'cannot_confirm_account'
  | 'session_expired'
  | 'network_error'
  | 'unexpected_answer'
  | 'account_confirmed'
  | 'password_changed'

/** Why an actor failed, as the machine needs to know it. */
export type SessionFailure = { reason: 'rejected' | 'not_confirmed' | 'network' | 'unexpected' }

const LOGIN_FAILURE_NOTICE: Record<SessionFailure['reason'], SessionNotice> = {
  rejected: 'wrong_password',
  not_confirmed: 'account_not_confirmed',
  network: 'network_error',
  unexpected: 'unexpected_answer',
}

export interface GrantedToken {
  accessToken: string
  /** Seconds, as the server's `expires_in`. */
  expiresIn: number
  /** When the answer arrived, on the portal's clock. */
  receivedAt: number
}

export interface LoadedProfile {
  profile: Profile
  possibleSubscriptions: Subscription[]
}

export interface SessionContext {
  token: string | null
  expiresAt: number | null
  profile: Profile | null
  possibleSubscriptions: Subscription[]
  /** The login-required path a visitor tried to open, to go to after signing in. */
  redirectTo: string | null
  /** Only a sign-in made now moves the athlete on; a session restored on reload stays put. */
  navigateAfterProfile: boolean
}

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string }
  | { type: 'session.signInWithToken'; token: string; source: 'social'; now: number }
  | { type: 'session.confirmAccount'; contactId: number; token: string }
  | { type: 'session.resetPassword'; token: string; password: string }
  | { type: 'session.logout' }
  | { type: 'session.tick'; now: number }
  | { type: 'session.unauthorized' }
  | { type: 'session.storageCleared' }
  | { type: 'session.rememberDestination'; path: string }
  | { type: 'session.forgetDestination' }
  | { type: 'session.profileChanged'; profile: Profile }
  | { type: 'session.reloadProfile' }

export type SessionEmitted =
  | { type: 'notice'; code: SessionNotice }
  | { type: 'navigate'; to: string }

export interface SessionInput {
  stored: StoredSession | null
  now: number
}

const signedOut = {
  token: null,
  expiresAt: null,
  profile: null,
  possibleSubscriptions: [],
  navigateAfterProfile: false,
} satisfies Partial<SessionContext>

const failureReason = (error: unknown): SessionFailure['reason'] =>
  (error as Partial<SessionFailure> | null)?.reason ?? 'network'

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    input: {} as SessionInput,
  },
  actors: {
    // Implementations come from src/ through `provide`; these stand-ins only carry the types.
    requestToken: fromPromise<GrantedToken, { username: string; password: string }>(async () => {
      throw new Error('requestToken not provided')
    }),
    confirmAccount: fromPromise<{ token: string; receivedAt: number }, { contactId: number; token: string }>(async () => {
      throw new Error('confirmAccount not provided')
    }),
    resetPassword: fromPromise<{ accessToken: string; receivedAt: number }, { token: string; password: string }>(
      async () => {
        throw new Error('resetPassword not provided')
      },
    ),
    loadProfile: fromPromise<LoadedProfile, { token: string }>(async () => {
      throw new Error('loadProfile not provided')
    }),
    revokeToken: fromPromise<void, { token: string }>(async () => {
      throw new Error('revokeToken not provided')
    }),
    /** Sends `session.tick` with the current time, periodically and whenever the clock moves. */
    watchClock: fromCallback<SessionEvent>(() => {
      throw new Error('watchClock not provided')
    }),
  },
  guards: {
    hasUsableStoredSession: ({ context }) => context.token !== null,
    isExpired: ({ context, event }) =>
      event.type === 'session.tick' && (context.expiresAt === null || event.now >= context.expiresAt),
    isInternalDestination: ({ event }) => event.type === 'session.rememberDestination' && isInternalPath(event.path),
  },
  actions: {
    clearSession: assign(signedOut),
    notify: emit((_, code: SessionNotice) => ({ type: 'notice' as const, code })),
    goHome: emit({ type: 'navigate', to: '/' }),
    goToDestination: enqueueActions(({ context, enqueue }) => {
      if (!context.navigateAfterProfile || !context.profile) return
      enqueue.emit({ type: 'navigate', to: destinationAfterLogin(context.redirectTo, context.profile) })
      enqueue.assign({ redirectTo: null, navigateAfterProfile: false })
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
    }
  },
  initial: 'restoring',
  on: {
    'session.rememberDestination': {
      guard: 'isInternalDestination',
      actions: assign({ redirectTo: ({ event }) => event.path }),
    },
    'session.forgetDestination': { actions: assign({ redirectTo: null }) },
    'session.signInWithToken': {
      target: '.loggedIn',
      reenter: true,
      actions: assign({
        // A new sign-in replaces the whole session: nothing of a previous athlete stays visible.
        ...signedOut,
        token: ({ event }) => event.token,
        expiresAt: ({ event }) => event.now + TOKEN_LIFETIME_MS[event.source],
        navigateAfterProfile: true,
      }),
    },
  },
  states: {
    restoring: {
      always: [{ guard: 'hasUsableStoredSession', target: 'loggedIn' }, { target: 'loggedOut' }],
    },

    loggedOut: {
      on: {
        'session.login': 'authenticating',
        'session.confirmAccount': 'confirming',
        'session.resetPassword': 'resetting',
      },
    },

    authenticating: {
      invoke: {
        src: 'requestToken',
        input: ({ event }) => {
          if (event.type !== 'session.login') throw new Error(`unexpected ${event.type}`)
          return { username: event.username, password: event.password }
        },
        onDone: {
          target: 'loggedIn',
          actions: assign({
            token: ({ event }) => event.output.accessToken,
            expiresAt: ({ event }) => event.output.receivedAt + event.output.expiresIn * 1000,
            navigateAfterProfile: true,
          }),
        },
        onError: {
          target: 'loggedOut',
          actions: [
            'clearSession',
            {
              type: 'notify',
              params: ({ event }) => LOGIN_FAILURE_NOTICE[failureReason(event.error)],
            },
          ],
        },
      },
    },

    confirming: {
      invoke: {
        src: 'confirmAccount',
        input: ({ event }) => {
          if (event.type !== 'session.confirmAccount') throw new Error(`unexpected ${event.type}`)
          return { contactId: event.contactId, token: event.token }
        },
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({
              token: ({ event }) => event.output.token,
              expiresAt: ({ event }) => event.output.receivedAt + TOKEN_LIFETIME_MS.confirmation,
              navigateAfterProfile: true,
            }),
            { type: 'notify', params: 'account_confirmed' },
          ],
        },
        onError: { target: 'loggedOut', actions: ['clearSession', { type: 'notify', params: 'cannot_confirm_account' }] },
      },
    },

    resetting: {
      invoke: {
        src: 'resetPassword',
        input: ({ event }) => {
          if (event.type !== 'session.resetPassword') throw new Error(`unexpected ${event.type}`)
          return { token: event.token, password: event.password }
        },
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({
              token: ({ event }) => event.output.accessToken,
              expiresAt: ({ event }) => event.output.receivedAt + TOKEN_LIFETIME_MS.reset,
              navigateAfterProfile: true,
            }),
            { type: 'notify', params: 'password_changed' },
          ],
        },
        onError: { target: 'loggedOut', actions: ['clearSession', { type: 'notify', params: 'cannot_confirm_account' }] },
      },
    },

    loggedIn: {
      invoke: { src: 'watchClock' },
      initial: 'loadingProfile',
      on: {
        'session.tick': {
          guard: 'isExpired',
          target: 'loggedOut',
          actions: ['clearSession', { type: 'notify', params: 'session_expired' }, 'goHome'],
        },
        'session.unauthorized': {
          target: 'loggedOut',
          actions: ['clearSession', { type: 'notify', params: 'session_expired' }, 'goHome'],
        },
        'session.storageCleared': { target: 'loggedOut', actions: ['clearSession', 'goHome'] },
        'session.logout': 'loggingOut',
      },
      states: {
        loadingProfile: {
          invoke: {
            src: 'loadProfile',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              target: 'ready',
              actions: [
                assign({
                  profile: ({ event }) => event.output.profile,
                  possibleSubscriptions: ({ event }) => event.output.possibleSubscriptions,
                }),
                'goToDestination',
              ],
            },
            onError: {
              target: '#session.loggedOut',
              actions: ['clearSession', { type: 'notify', params: 'cant_retrieve_profile' }, 'goHome'],
            },
          },
        },
        ready: {
          on: {
            'session.profileChanged': { actions: assign({ profile: ({ event }) => event.profile }) },
            'session.reloadProfile': 'loadingProfile',
          },
        },
      },
    },

    loggingOut: {
      invoke: {
        src: 'revokeToken',
        input: ({ context }) => ({ token: context.token! }),
        // Signing out locally must not depend on the server: both outcomes end the session.
        onDone: { target: 'loggedOut', actions: ['clearSession', 'goHome'] },
        onError: { target: 'loggedOut', actions: ['clearSession', 'goHome'] },
      },
    },
  },
})
