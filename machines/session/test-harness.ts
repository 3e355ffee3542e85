/**
 * Fixtures and fake actors for the session machine tests. No React, no network, no real timers:
 * time only moves when a test calls `clock.advance(ms)`.
 */
import { createActor, fromCallback, fromPromise, type SnapshotFrom } from 'xstate'
import type { Profile, Subscription } from '../../contracts/athlete.contract'
import {
  sessionMachine,
  type GrantedToken,
  type LoadedProfile,
  type SessionEmitted,
  type SessionEvent,
  type SessionFailure,
  type SessionNotice,
  type StoredSession,
} from './session.machine'

export const SECOND_MS = 1_000
export const MINUTE_MS = 60 * SECOND_MS
export const HOUR_MS = 60 * MINUTE_MS

/** A fixed "now" for every test: 1 June 2025, 08:00 UTC. */
export const T0 = Date.UTC(2025, 5, 1, 8, 0, 0)

/** A complete profile: all 21 completeness fields filled and the privacy policy accepted. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1042,
    nome: 'Giulia',
    cognome: 'Rosset',
    mail: 'giulia.rosset@example.org',
    sesso: 'F',
    data_nascita: '1991-04-17',
    nazione_nascita: 'IT',
    provincia_nascita: 'AO',
    citta_nascita: 'Aosta',
    cod_fiscale: 'RSSGLI91D57A326X',
    paese: 'IT',
    provincia: 'AO',
    citta: 'Courmayeur',
    via: 'Strada Regionale',
    civico: '12',
    cap: '11013',
    telefono: '+39 333 1234567',
    contatto_emergenza: 'Marco Rosset',
    telefono_emergenze: '+39 333 7654321',
    taglia_maglietta: 'M',
    privacy_policy: true,
    torexperience: [],
    ...overrides,
  }
}

/** A profile that misses one completeness field (the tax code). */
export function makeIncompleteProfile(overrides: Partial<Profile> = {}): Profile {
  return makeProfile({ cod_fiscale: null, ...overrides })
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    project_id: 7,
    liberatoria: false,
    liberatoria_signed: null,
    pettorale: null,
    categoria: null,
    pagato: false,
    opzione_rimborso: null,
    noleggio_gps: false,
    totale: null,
    ...overrides,
  }
}

/** A logical clock: `advance` moves time and tells every watcher, as production's clock module does. */
export interface TestClock {
  readonly now: number
  advance(ms: number): void
  /** Registers a watcher; returns the function that removes it. */
  watch(listener: (now: number) => void): () => void
  /** How many watchers are registered right now (the session's `watchClock` while logged in). */
  readonly watchers: number
}

export function createTestClock(start: number = T0): TestClock {
  let now = start
  const listeners = new Set<(now: number) => void>()
  return {
    get now() {
      return now
    },
    advance(ms: number) {
      now += ms
      for (const listener of [...listeners]) listener(now)
    },
    watch(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    get watchers() {
      return listeners.size
    },
  }
}

export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

/** A promise the test settles by hand, to hold an actor in flight. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** How the API client reports a failure to the machine. */
export const failure = (reason: SessionFailure['reason']): SessionFailure => ({ reason })

/**
 * The simulated backend behind the actors. Each function answers one call; the harness adds
 * `receivedAt: clock.now` at the moment the answer arrives, like production's actors.
 */
export interface FakeBackend {
  requestToken(input: { username: string; password: string }): Promise<Omit<GrantedToken, 'receivedAt'>>
  confirmAccount(input: { contactId: number; token: string }): Promise<{ token: string }>
  resetPassword(input: { token: string; password: string }): Promise<{ accessToken: string }>
  loadProfile(input: { token: string }): Promise<LoadedProfile>
  revokeToken(input: { token: string }): Promise<void>
}

export const PASSWORD_TOKEN = 'pw-access-token'
export const RESET_TOKEN = 'reset-access-token'
/** Seconds, as `expires_in` of the password grant. */
export const PASSWORD_EXPIRES_IN = 2 * 60 * 60

export function defaultBackend(): FakeBackend {
  return {
    requestToken: async () => ({ accessToken: PASSWORD_TOKEN, expiresIn: PASSWORD_EXPIRES_IN }),
    // Production returns the token the confirmation link carried.
    confirmAccount: async ({ token }) => ({ token }),
    resetPassword: async () => ({ accessToken: RESET_TOKEN }),
    loadProfile: async () => ({ profile: makeProfile(), possibleSubscriptions: [makeSubscription()] }),
    revokeToken: async () => undefined,
  }
}

export interface Calls {
  requestToken: Array<{ username: string; password: string }>
  confirmAccount: Array<{ contactId: number; token: string }>
  resetPassword: Array<{ token: string; password: string }>
  loadProfile: Array<{ token: string }>
  revokeToken: Array<{ token: string }>
}

export interface StartOptions {
  /** What localStorage held at page load; none by default. */
  stored?: StoredSession | null
  clock?: TestClock
  backend?: Partial<FakeBackend>
}

/** The session machine with fake actors bound to a test clock, as `src/` binds the real ones. */
export function provideFakes(clock: TestClock, backend: FakeBackend, calls: Calls) {
  return sessionMachine.provide({
    actors: {
      requestToken: fromPromise<GrantedToken, { username: string; password: string }>(async ({ input }) => {
        calls.requestToken.push(input)
        const answer = await backend.requestToken(input)
        return { ...answer, receivedAt: clock.now }
      }),
      confirmAccount: fromPromise<{ token: string; receivedAt: number }, { contactId: number; token: string }>(
        async ({ input }) => {
          calls.confirmAccount.push(input)
          const answer = await backend.confirmAccount(input)
          return { ...answer, receivedAt: clock.now }
        },
      ),
      resetPassword: fromPromise<{ accessToken: string; receivedAt: number }, { token: string; password: string }>(
        async ({ input }) => {
          calls.resetPassword.push(input)
          const answer = await backend.resetPassword(input)
          return { ...answer, receivedAt: clock.now }
        },
      ),
      loadProfile: fromPromise<LoadedProfile, { token: string }>(async ({ input }) => {
        calls.loadProfile.push(input)
        return backend.loadProfile(input)
      }),
      revokeToken: fromPromise<void, { token: string }>(async ({ input }) => {
        calls.revokeToken.push(input)
        await backend.revokeToken(input)
      }),
      watchClock: fromCallback<SessionEvent>(({ sendBack }) =>
        clock.watch((now) => sendBack({ type: 'session.tick', now })),
      ),
    },
  })
}

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** Starts a session actor; collects what it emits, every snapshot it goes through and every call it makes. */
export function startSession(options: StartOptions = {}) {
  const clock = options.clock ?? createTestClock()
  const backend: FakeBackend = { ...defaultBackend(), ...options.backend }
  const calls: Calls = { requestToken: [], confirmAccount: [], resetPassword: [], loadProfile: [], revokeToken: [] }
  const emitted: SessionEmitted[] = []
  const snapshots: SessionSnapshot[] = []

  const actor = createActor(provideFakes(clock, backend, calls), {
    input: { stored: options.stored ?? null, now: clock.now },
  })
  actor.on('*', (event) => {
    emitted.push(event)
  })
  actor.subscribe((snapshot) => {
    snapshots.push(snapshot)
  })
  actor.start()

  return {
    actor,
    clock,
    calls,
    emitted,
    snapshots,
    send: (event: SessionEvent) => actor.send(event),
    context: () => actor.getSnapshot().context,
    value: () => actor.getSnapshot().value,
    notices: (): SessionNotice[] => emitted.flatMap((e) => (e.type === 'notice' ? [e.code] : [])),
    navigations: (): string[] => emitted.flatMap((e) => (e.type === 'navigate' ? [e.to] : [])),
  }
}

export type SessionHarness = ReturnType<typeof startSession>
