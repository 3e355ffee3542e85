/**
 * The session's side of the scenario tests: a live session whose server calls are held in flight
 * until the path answers them, recorded in the order they were made with the token each carried,
 * and what the spec says of a session's lifetime and of a refused sign-in. The harness of the
 * machine's own tests (machines/session/test-harness.ts) lends its clock, promises and failures;
 * this one creates the actor with the coverage recorder and logs every call with its moment.
 */
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { ApiError } from '../../contracts/api-error'
import type { Profile } from '../../contracts/athlete.contract'
import { DAY_MS, HOUR_MS, SECOND_MS } from '../../contracts/time'
import {
  sessionMachine,
  type GrantedToken,
  type LoginFailure,
  type SessionEmitted,
  type SessionEvent,
  type SessionInput,
  type TokenSource,
} from '../../machines/session/session.machine'
import { createTestClock, deferred, flushMicrotasks, type Credentials, type Deferred, type SessionSnapshot } from '../../machines/session/test-harness'
import { recordCoverage } from './coverage'

/** Spec section 9: "after account confirmation or password reset 24 hours; after token sign-in 1 hour". */
export const SPEC_TOKEN_LIFETIME_MS: Record<TokenSource, number> = { confirmation: DAY_MS, reset: DAY_MS, social: HOUR_MS }

/**
 * How long sign-in stays closed after a 429 that names no `Retry-After`: the portal's own default
 * (the spec does not name one; `DEFAULT_LOGIN_RETRY_MS` of the session machine, 30 s).
 */
export const SPEC_DEFAULT_LOGIN_WAIT_MS = 30 * SECOND_MS

/**
 * A refused sign-in named for what it is (spec section 8, "wrong_password" only when the password is
 * wrong), from the failure the server gave, and the athlete's way forward: try again at once, or
 * wait as long as the server said.
 */
export function specLoginFailure(error: ApiError): { name: LoginFailure; wayForward: 'tryAgain' | 'wait' } {
  if (error.kind === 'network') return { name: 'network_error', wayForward: 'tryAgain' }
  if (error.kind === 'http' && error.status === 429) return { name: 'too_many_attempts', wayForward: 'wait' }
  if (error.kind === 'http' && error.code === 'account_not_confirmed') return { name: 'account_not_confirmed', wayForward: 'tryAgain' }
  if (error.kind === 'http' && error.code === 'invalid_grant') return { name: 'wrong_password', wayForward: 'tryAgain' }
  if (error.kind === 'http' && error.status >= 500) return { name: 'server_error', wayForward: 'tryAgain' }
  return { name: 'unexpected_answer', wayForward: 'tryAgain' }
}

/** How long the server asked the athlete to wait after a 429 (spec: its `Retry-After`). */
export const specLoginWaitMs = (error: ApiError): number =>
  error.kind === 'http' && error.retryAfterS !== undefined ? error.retryAfterS * SECOND_MS : SPEC_DEFAULT_LOGIN_WAIT_MS

/** What every screen reads of the session (src/app/session-runtime.ts): signed in, signed out, or not known yet. */
export function statusOf(snapshot: SessionSnapshot): 'loggedIn' | 'pending' | 'loggedOut' {
  if (snapshot.matches({ loggedIn: 'ready' })) return 'loggedIn'
  if (snapshot.matches('loggedIn') || snapshot.matches('restoring') || snapshot.matches('loggingOut')) return 'pending'
  return 'loggedOut'
}

export type CallName = 'requestToken' | 'loadProfile' | 'revokeToken'

/** One server call the session made: when, and with which token (the one in force, or the one revoked). */
export interface Call {
  name: CallName
  at: number
  token: string | null
}

type AnswerOf = { requestToken: Omit<GrantedToken, 'receivedAt'>; loadProfile: Profile; revokeToken: undefined }

/**
 * A session started on `input`, every call held until `answer`/`fail` settles it, time moved only
 * by `clock.advance` (which ticks the session, as the portal's clock does).
 */
export function startScenarioSession(input: Omit<SessionInput, 'now'>) {
  const clock = createTestClock()
  const calls: Call[] = []
  const emitted: SessionEmitted[] = []
  const forgotten = { athleteData: 0, keptWork: 0 }
  const pending: { [Name in CallName]?: Deferred<AnswerOf[Name]> } = {}
  /** Calls started while another of the same name was still in flight. */
  const overlapping: CallName[] = []

  /** The call stays in flight until the path settles it, or until the session abandons it (the client aborts). */
  function held<Name extends CallName>(name: Name, token: string | null, signal: AbortSignal): Promise<AnswerOf[Name]> {
    if (pending[name]) overlapping.push(name)
    calls.push({ name, at: clock.now, token })
    const call = deferred<AnswerOf[Name]>()
    const slots = pending as Record<CallName, Deferred<unknown> | undefined>
    slots[name] = call as Deferred<unknown>
    signal.addEventListener('abort', () => {
      if (slots[name] === call) delete slots[name]
    })
    return call.promise
  }

  const machine = sessionMachine.provide({
    actions: {
      forgetAthleteData: () => void (forgotten.athleteData += 1),
      forgetKeptWork: () => void (forgotten.keptWork += 1),
    },
    actors: {
      requestToken: fromPromise<GrantedToken, Credentials>(async ({ signal }) => ({
        ...(await held('requestToken', null, signal)),
        receivedAt: clock.now,
      })),
      // The API client reads the token from the session when the call is made.
      loadProfile: fromPromise<Profile>(({ signal }) => held('loadProfile', actor.getSnapshot().context.token, signal)),
      revokeToken: fromPromise<void, { token: string }>(({ input: { token }, signal }) => held('revokeToken', token, signal)),
      watchClock: fromCallback<SessionEvent>(({ sendBack }) => clock.watch((now) => sendBack({ type: 'session.tick', now }))),
    },
  })
  const actor = createActor(machine, { input: { ...input, now: clock.now }, clock: clock.simulated, inspect: recordCoverage })
  actor.on('*', (event) => void emitted.push(event))
  actor.start()

  async function settle<Name extends CallName>(name: Name, how: (call: Deferred<AnswerOf[Name]>) => void) {
    const call = pending[name]
    if (!call) throw new Error(`no ${name} call is in flight`)
    delete pending[name]
    how(call)
    await flushMicrotasks()
  }

  return {
    actor,
    clock,
    calls,
    emitted,
    forgotten,
    overlapping,
    send: (event: SessionEvent) => actor.send(event),
    snapshot: () => actor.getSnapshot(),
    drawer: () => actor.getSnapshot().children.drawer!.getSnapshot(),
    inFlight: (name: CallName) => pending[name] !== undefined,
    answer: <Name extends CallName>(name: Name, answer: AnswerOf[Name]) => settle(name, (call) => call.resolve(answer)),
    fail: (name: CallName, error: unknown) => settle(name, (call) => call.reject(error)),
  }
}

export type ScenarioSession = ReturnType<typeof startScenarioSession>
