/**
 * Fixtures and fake actors for the session machine tests. No React, no network, no real timers:
 * time only moves when a test calls `clock.advance(ms)`, which moves both the portal's clock (the
 * session's `watchClock` ticks) and XState's own timers (the login drawer's 800 ms).
 */
import { vi } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import type { Profile } from '../../contracts/athlete.contract'
import {
  sessionMachine,
  type GrantedToken,
  type SessionEmitted,
  type SessionEvent,
  type SessionNotice,
  type StoredSession,
} from './session.machine'

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

// ---------------------------------------------------------------------------------------------
// Time

/**
 * A logical clock: `advance` moves time and tells every watcher, as production's clock module
 * does, and moves XState's timers by the same amount.
 */
export interface TestClock {
  readonly now: number
  advance(ms: number): void
  /** Registers a watcher; returns the function that removes it. */
  watch(listener: (now: number) => void): () => void
  /** How many watchers are registered right now (the session's `watchClock` while logged in). */
  readonly watchers: number
  /** XState's clock (`createActor(…, { clock })`): delayed transitions wait on it. */
  readonly simulated: SimulatedClock
}

export function createTestClock(start: number = T0): TestClock {
  let now = start
  const listeners = new Set<(now: number) => void>()
  const simulated = new SimulatedClock()
  simulated.set(start)
  return {
    get now() {
      return now
    },
    advance(ms: number) {
      now += ms
      // The portal's clock first: in the page, a call reads the session's expiry before it is sent
      // (the API client's `getToken`), so no timer that falls due in the same jump sends a token
      // whose time is up.
      for (const listener of [...listeners]) listener(now)
      simulated.set(now)
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
    simulated,
  }
}

// ---------------------------------------------------------------------------------------------
// Promises settled by hand

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

/** A promise that never settles: the call stays in flight for the whole test. */
export const never = <T>(): Promise<T> => new Promise<T>(() => {})

/** Lets settled promises deliver their answers to the machine (no timers involved). */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await Promise.resolve()
}

// ---------------------------------------------------------------------------------------------
// Failures, as the API client throws them

type WithoutOperation<E> = E extends unknown ? Omit<E, 'operation'> & { operation?: string } : never

/** An `ApiError` as the API client throws it; the operation is the password grant unless named. */
export function failure(error: WithoutOperation<ApiError>): ApiError {
  return { ...error, operation: error.operation ?? 'auth.token' } as ApiError
}

/** No answer at all: offline, dropped connection, timeout. */
export const networkFailure = (operation?: string): ApiError => failure({ kind: 'network', operation })

/** A status outside 2xx; `code` is the error code the body named (OAuth's `error`, or our `code`). */
export const httpFailure = (status: number, code: string | null = null, operation?: string): ApiError =>
  failure({ kind: 'http', status, code, body: code === null ? null : { error: code }, operation })

/**
 * A 429: the server will not look at another attempt for now. `retryAfterS` is its `Retry-After`
 * in seconds (absent when the server does not say); `code` what the body named, if anything.
 */
export const tooManyAttemptsFailure = (retryAfterS?: number, code: string | null = null, operation?: string): ApiError =>
  failure({
    kind: 'http',
    status: 429,
    code,
    body: code === null ? null : { error: code },
    operation,
    ...(retryAfterS === undefined ? {} : { retryAfterS }),
  })

/** A 401, or a Bearer call made without a token. */
export const unauthorizedFailure = (operation?: string): ApiError => failure({ kind: 'unauthorized', operation })

/** An answer outside the contract. */
export const contractFailure = (operation?: string): ApiError =>
  failure({ kind: 'contract', direction: 'response', status: 200, detail: 'access_token: expected string', operation })

// ---------------------------------------------------------------------------------------------
// The simulated backend behind the actors

export interface Credentials {
  username: string
  password: string
}

/** The password grant's answer; the harness stamps `receivedAt` when it arrives, as production does. */
export type TokenAnswer = Omit<GrantedToken, 'receivedAt'>

/** Each function answers one call, or throws an `ApiError`. */
export interface FakeBackend {
  requestToken(input: Credentials): Promise<TokenAnswer>
  loadProfile(): Promise<Profile>
  revokeToken(input: { token: string }): Promise<void>
}

/** The actors the tests may hold in flight and settle by hand. */
export type FakeActorId = keyof FakeBackend
type AnswerOf<Id extends FakeActorId> = Awaited<ReturnType<FakeBackend[Id]>>

export const PASSWORD_TOKEN = 'pw-access-token'
/** Seconds, as `expires_in` of the password grant. */
export const PASSWORD_EXPIRES_IN = 2 * 60 * 60

export function defaultBackend(): FakeBackend {
  return {
    requestToken: async () => ({ accessToken: PASSWORD_TOKEN, expiresIn: PASSWORD_EXPIRES_IN }),
    loadProfile: async () => makeProfile(),
    revokeToken: async () => undefined,
  }
}

export interface Calls {
  requestToken: Credentials[]
  /** The token the API client sent with each profile load (read from the session, as production's client does). */
  loadProfile: Array<{ token: string | null }>
  revokeToken: Array<{ token: string }>
}

export interface StartOptions {
  /** What localStorage held at page load; none by default. */
  stored?: StoredSession | null
  clock?: TestClock
  backend?: Partial<FakeBackend>
  /** Actors whose every call stays in flight until the test calls `resolve`/`reject` on the harness. */
  hold?: readonly FakeActorId[]
}

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** Starts a session actor; collects what it emits, every snapshot it goes through and every call it makes. */
export function startSession(options: StartOptions = {}) {
  const clock = options.clock ?? createTestClock()
  const calls: Calls = { requestToken: [], loadProfile: [], revokeToken: [] }
  const emitted: SessionEmitted[] = []
  const snapshots: SessionSnapshot[] = []
  /** The call in flight of each held actor (the latest one: an abandoned call is never answered). */
  const pending: { [Id in FakeActorId]?: Deferred<AnswerOf<Id>> } = {}

  const backend: FakeBackend = { ...defaultBackend(), ...options.backend }
  for (const id of options.hold ?? []) {
    backend[id] = (() => {
      const call = deferred<never>()
      pending[id] = call
      return call.promise
    }) as never
  }

  /** Production provides this to clear the query cache; here it only counts. */
  const forgetAthleteData = vi.fn<(args: { event: AnyEventObject }) => void>()

  /** Production provides this to drop the kept enrolment wizards; here it only counts. */
  const forgetKeptWork = vi.fn()

  const machine = sessionMachine.provide({
    actions: { forgetAthleteData, forgetKeptWork },
    actors: {
      requestToken: fromPromise<GrantedToken, Credentials>(async ({ input }) => {
        calls.requestToken.push(input)
        const answer = await backend.requestToken(input)
        return { ...answer, receivedAt: clock.now }
      }),
      loadProfile: fromPromise<Profile>(async () => {
        // Production's API client reads the token from the session when the call is made.
        calls.loadProfile.push({ token: actor.getSnapshot().context.token })
        return backend.loadProfile()
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

  const actor = createActor(machine, {
    input: { stored: options.stored ?? null, now: clock.now },
    clock: clock.simulated,
  })
  actor.on('*', (event) => {
    emitted.push(event)
  })
  actor.subscribe((snapshot) => {
    snapshots.push(snapshot)
  })
  actor.start()

  /** Settles the held call of `id` in flight and lets the machine take the answer. */
  async function settle<Id extends FakeActorId>(id: Id, settleCall: (call: Deferred<AnswerOf<Id>>) => void) {
    const call = pending[id] as Deferred<AnswerOf<Id>> | undefined
    if (!call) throw new Error(`no ${id} call is held in flight`)
    delete pending[id]
    settleCall(call)
    await flushMicrotasks()
  }

  return {
    actor,
    clock,
    calls,
    emitted,
    snapshots,
    forgetAthleteData,
    forgetKeptWork,
    send: (event: SessionEvent) => actor.send(event),
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
    value: () => actor.getSnapshot().value,
    /** The login drawer's state ('closed', 'waiting', 'open'). */
    drawer: () => actor.getSnapshot().children.drawer?.getSnapshot().value,
    notices: (): SessionNotice[] => emitted.flatMap((e) => (e.type === 'notice' ? [e.code] : [])),
    navigations: (): string[] => emitted.flatMap((e) => (e.type === 'navigate' ? [e.to] : [])),
    /** The events on which the session told the app to forget the athlete's server data. */
    forgottenOn: (): string[] => forgetAthleteData.mock.calls.map(([{ event }]) => event.type),
    /** Whether a held actor has a call in flight. */
    isHeld: (id: FakeActorId): boolean => pending[id] !== undefined,
    resolve: <Id extends FakeActorId>(id: Id, answer: AnswerOf<Id>) => settle(id, (call) => call.resolve(answer)),
    reject: (id: FakeActorId, error: unknown) => settle(id, (call) => call.reject(error)),
  }
}

export type SessionHarness = ReturnType<typeof startSession>
