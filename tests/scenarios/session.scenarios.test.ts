/**
 * Model-based scenarios of the session (`machines/session/session.machine.ts`) and of the login
 * drawer it drives. tests/scenarios/paths.ts walks the machine to every state and through every
 * transition; each path is replayed against a live session whose server calls are held until the
 * path answers them and whose clock only the path moves. After each step the properties below,
 * written from the spec, are checked on what the screens read (status, drawer, notices,
 * navigations) and on the calls the fake server received; the machine's own transition function
 * is never asked what should happen.
 */
import { describe, expect, it } from 'vitest'
import type { ApiError } from '../../contracts/api-error'
import type { Profile } from '../../contracts/athlete.contract'
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../contracts/time'
import { isInternalPath } from '../../machines/rules/destination'
import { sessionMachine, type SessionEvent, type SessionInput, type SessionNotice } from '../../machines/session/session.machine'
import {
  contractFailure,
  httpFailure,
  makeIncompleteProfile,
  makeProfile,
  networkFailure,
  T0,
  tooManyAttemptsFailure,
  unauthorizedFailure,
  type SessionSnapshot,
} from '../../machines/session/test-harness'
import { writeCoverageAfterAll } from './coverage'
import { drawerView, SPEC_LOGIN_FOCUS_DELAY_MS } from './login-drawer.model'
import { scenarioPaths } from './paths'
import {
  SPEC_TOKEN_LIFETIME_MS,
  specLoginFailure,
  specLoginWaitMs,
  startScenarioSession,
  statusOf,
  type ScenarioSession,
} from './session.model'

writeCoverageAfterAll(import.meta.filename)

// ---------------------------------------------------------------------------------------------
// The model's events

/** The password grant's `expires_in` the fake server gives, in seconds. */
const PASSWORD_EXPIRES_IN_S = 2 * 60 * 60
/** How long the password grant takes to answer. */
const TOKEN_LATENCY_MS = 1_500
/** Further than any session lasts (24 h at most, spec section 9). */
const PAST_ANY_EXPIRY_MS = 2 * DAY_MS

type UserEvent = Exclude<SessionEvent, { type: 'session.tick' }>
type ModelEvent =
  | UserEvent
  /** The clock moves past the expiry of any session (the session hears it as a tick). */
  | { type: 'time.pastExpiry' }
  | { type: 'server.token' }
  | { type: 'server.tokenRefused'; error: ApiError; label: string }
  | { type: 'server.profile'; profile: Profile; label: string }
  | { type: 'server.profileFailed'; error: ApiError }
  | { type: 'server.loggedOut' }
  | { type: 'server.logoutFailed'; error: ApiError }
  /** The wait the server asked for after a 429 is over. */
  | { type: 'time.coolDownOver' }
  /** The wait before the profile is read again by itself is over. */
  | { type: 'time.profileRetryDue' }

const SIGN_INS = [
  { type: 'session.signIn', token: 'confirmation-token', source: 'confirmation', now: T0 },
  { type: 'session.signIn', token: 'reset-token', source: 'reset', now: T0, destination: '/me/races' },
  // A password reset ends every other session: its token takes the place of the one in force.
  { type: 'session.signIn', token: 'reset-token', source: 'reset', now: T0, replaces: true },
  { type: 'session.signIn', token: 'social-token', source: 'social', now: T0, destination: '//evil.com' },
] as const satisfies readonly SessionEvent[]

const MODEL_EVENTS: readonly ModelEvent[] = [
  { type: 'session.login', username: 'giulia', password: 's3cret!' },
  ...SIGN_INS,
  { type: 'session.logout' },
  { type: 'session.unauthorized' },
  { type: 'session.storageCleared' },
  { type: 'session.accessDenied', path: '/me/races', reason: 'login_required' },
  { type: 'session.accessDenied', path: '/race/12/subscribe', reason: 'profile_incomplete' },
  { type: 'session.loginRequested', path: '/race/12/subscribe' },
  { type: 'time.pastExpiry' },
  { type: 'server.token' },
  { type: 'server.tokenRefused', error: httpFailure(400, 'invalid_grant'), label: '400 invalid_grant' },
  { type: 'server.tokenRefused', error: httpFailure(400, 'account_not_confirmed'), label: '400 account_not_confirmed' },
  { type: 'server.tokenRefused', error: httpFailure(503), label: '503' },
  { type: 'server.tokenRefused', error: networkFailure(), label: 'network' },
  { type: 'server.tokenRefused', error: contractFailure(), label: 'an answer outside the contract' },
  { type: 'server.tokenRefused', error: tooManyAttemptsFailure(90), label: '429, Retry-After 90 s' },
  { type: 'server.tokenRefused', error: tooManyAttemptsFailure(), label: '429' },
  { type: 'server.profile', profile: makeProfile(), label: 'complete' },
  { type: 'server.profile', profile: makeIncompleteProfile(), label: 'incomplete' },
  { type: 'server.profileFailed', error: networkFailure('athlete.me') },
  { type: 'server.profileFailed', error: contractFailure('athlete.me') },
  { type: 'server.profileFailed', error: unauthorizedFailure('athlete.me') },
  { type: 'session.retryProfile' },
  { type: 'time.profileRetryDue' },
  { type: 'server.loggedOut' },
  { type: 'server.logoutFailed', error: networkFailure('auth.logout') },
  { type: 'time.coolDownOver' },
]

const COOL_DOWN_OVER = sessionMachine.getStateNodeById('session.coolingDown').after[0]!.eventType
const PROFILE_RETRY_DUE = sessionMachine.getStateNodeById('session.loggedIn.profileUnavailable').after[0]!.eventType

/** The model event as the machine walked as a function gets it (times on the walk's fixed clock, T0). */
function machineEventOf(event: ModelEvent): SessionEvent {
  const internal = (() => {
    switch (event.type) {
      case 'time.pastExpiry':
        return { type: 'session.tick', now: T0 + PAST_ANY_EXPIRY_MS }
      case 'server.token':
        return {
          type: 'xstate.done.actor.requestToken',
          output: { accessToken: 'pw-token', expiresIn: PASSWORD_EXPIRES_IN_S, receivedAt: T0 + TOKEN_LATENCY_MS },
        }
      case 'server.tokenRefused':
        return { type: 'xstate.error.actor.requestToken', error: event.error }
      case 'server.profile':
        return { type: 'xstate.done.actor.loadProfile', output: event.profile }
      case 'server.profileFailed':
        return { type: 'xstate.error.actor.loadProfile', error: event.error }
      case 'server.loggedOut':
        return { type: 'xstate.done.actor.revokeToken', output: undefined }
      case 'server.logoutFailed':
        return { type: 'xstate.error.actor.revokeToken', error: event.error }
      case 'time.coolDownOver':
        return { type: COOL_DOWN_OVER }
      case 'time.profileRetryDue':
        return { type: PROFILE_RETRY_DUE }
      default:
        return event
    }
  })()
  // The graph functions are typed with the machine's own events; these internal ones it handles all the same.
  return internal as SessionEvent
}

const MACHINE_EVENTS = MODEL_EVENTS.map(machineEventOf)
const modelEventOf = new Map(MACHINE_EVENTS.map((event, index) => [event, MODEL_EVENTS[index]!]))

function nameOf(event: ModelEvent): string {
  switch (event.type) {
    case 'session.signIn':
      return `signIn(${event.source}${'destination' in event ? ` → ${event.destination}` : ''}${'replaces' in event ? ', replacing' : ''})`
    case 'session.accessDenied':
      return `accessDenied(${event.reason})`
    case 'server.tokenRefused':
      return `token refused (${event.label})`
    case 'server.profile':
      return `profile (${event.label})`
    case 'server.profileFailed':
      return `profile failed (${event.error.kind})`
    default:
      return event.type.replace(/^session\./, '')
  }
}

// ---------------------------------------------------------------------------------------------
// Paths

interface Start {
  name: string
  input: Omit<SessionInput, 'now'>
}

const STARTS: Start[] = [
  { name: 'no stored session', input: { stored: null } },
  { name: 'a stored session still valid', input: { stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS } } },
  { name: 'a stored session already expired', input: { stored: { token: 'stale-token', expiresAt: T0 - MINUTE_MS } } },
]

/**
 * What decides a transition or where the athlete goes: the state, whether the sign-in was made now,
 * whether a page is remembered, how long a cool-down lasts.
 */
const serializeState = (snapshot: SessionSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    signInJustMade: snapshot.context.navigateAfterProfile,
    remembered: snapshot.context.redirectTo !== null,
    ...(snapshot.matches('coolingDown') ? { waitMs: snapshot.context.loginRetryDelayMs } : {}),
  })

const SCENARIOS = STARTS.map((start) => ({
  start,
  paths: scenarioPaths(sessionMachine, { input: { ...start.input, now: T0 }, events: MACHINE_EVENTS, serializeState }).map((events) =>
    events.map((event) => modelEventOf.get(event)!),
  ),
}))

// ---------------------------------------------------------------------------------------------
// The oracle: what the spec says, from what the athlete did and the fake server answered

/** What the test itself knows of the path so far, from the events it delivered. */
interface Spec {
  /** Each token the path was given, with when it expires by the spec's lifetimes (section 9). */
  expiryOf: Map<string, number>
  /** The last page the athlete was sent away from or asked to return to, since they last arrived somewhere. */
  remembered: string | null
  /** After a 429: sign-in stays closed from `since` until `until` (the server's `Retry-After`). */
  coolDown: { since: number; until: number } | null
  /**
   * Since the profile of the session in force could not be read: when it is read again by itself
   * (null: only when the athlete asks), and the failures in a row so far.
   */
  profileRetry: { token: string; dueAt: number | null; failures: number } | null
  /** Tokens whose sign-in already took the athlete on, though their profile could not be read. */
  movedOn: Set<string>
}

/** What the screens and the fake server saw after one step. */
interface Step {
  event: ModelEvent
  index: number
  name: string
  before: SessionSnapshot
  after: SessionSnapshot
  notices: SessionNotice[]
  navigations: Array<{ to: string; replace: boolean; onlyFromPrivate?: true }>
  newCalls: ScenarioSession['calls']
  forgotten: { athleteData: number; keptWork: number }
}

const inSession = (snapshot: SessionSnapshot) => snapshot.matches('loggedIn')
const signedOut = (snapshot: SessionSnapshot) => snapshot.matches('loggedOut') || snapshot.matches('coolingDown')

/**
 * Section 4: "It counts as logged in only while the logged flag and a token are set and expiry has
 * not passed." Section 9: the lifetime is `expires_in` for the password grant, 24 h after a
 * confirmation or a reset, 1 h after a token sign-in. Whenever the session is signed in (or loading
 * its profile), its token is one the path was given, the expiry is the one the spec gives that
 * token, and the clock has not reached it.
 */
function neverLoggedInPastExpiry(s: ScenarioSession, spec: Spec, name: string) {
  const { context } = s.snapshot()
  if (!inSession(s.snapshot())) return
  expect(context.token, `${name}: a session holds a token`).not.toBeNull()
  const expiry = spec.expiryOf.get(context.token!)
  expect(expiry, `${name}: the token in force is one the path was given`).toBeDefined()
  expect(context.expiresAt, `${name}: the session expires when the spec says its token does`).toBe(expiry)
  expect(s.clock.now, `${name}: logged in before expiry only`).toBeLessThan(expiry!)
}

/** Section 4: "Logout clears token, expiry and profile": a signed-out session sends no token. */
function signedOutHoldsNoToken(s: ScenarioSession, name: string) {
  const snapshot = s.snapshot()
  if (inSession(snapshot) || snapshot.matches('loggingOut')) return
  expect({ token: snapshot.context.token, expiresAt: snapshot.context.expiresAt }, name).toEqual({ token: null, expiresAt: null })
}

/**
 * Section 7 (Bearer calls): every profile read carries a token the path was given, still in force
 * when it was sent; the logout revokes a token the path holds.
 */
function callsCarryALiveToken(s: ScenarioSession, spec: Spec, name: string) {
  for (const call of s.calls) {
    if (call.name === 'requestToken') continue
    expect(call.token, `${name}: ${call.name} carries a token`).not.toBeNull()
    expect(call.at, `${name}: ${call.name} sent before its token expired`).toBeLessThan(spec.expiryOf.get(call.token!) ?? -Infinity)
  }
}

/**
 * One sign-in, one request: a password is sent only when the athlete asks (section 7's POST
 * /api/oauth/token), never twice at once, and never while the server's wait after a 429 runs.
 */
function oneSignInRequestPerAttempt(s: ScenarioSession, spec: Spec, step: Step) {
  expect(s.overlapping, `${step.name}: a call started while another of its kind was in flight`).toEqual([])
  const requests = step.newCalls.filter((call) => call.name === 'requestToken')
  expect(requests.length, `${step.name}: token requests this step`).toBeLessThanOrEqual(step.event.type === 'session.login' ? 1 : 0)
  if (spec.coolDown && requests.length > 0) {
    expect(s.clock.now < spec.coolDown.since || s.clock.now >= spec.coolDown.until, `${step.name}: a password sent during the wait`).toBe(true)
  }
}

/**
 * Section 8 ("Login failure: negative notification 'wrong_password'; logged state cleared"): a
 * refused sign-in is named for what it is, only a wrong password as one, in the drawer the athlete
 * typed in, and the session holds no token. After a 429 the drawer says sign-in is closed.
 */
function refusedSignInIsNamed(step: Step, error: ApiError) {
  const expected = specLoginFailure(error)
  expect(step.after.context.loginFailure, step.name).toBe(expected.name)
  expect(step.after.context.token, step.name).toBeNull()
  expect(step.after.matches('coolingDown'), `${step.name}: sign-in closed`).toBe(expected.wayForward === 'wait')
}

/**
 * Decision 061 (issue 42), narrowing section 8's "Profile load failure: user logged out": a profile
 * that cannot be read for now (no connection, a server down, an answer the page cannot use) keeps
 * the session, its token and the athlete's data; the drawer closes; a sign-in made now takes the
 * athlete to the page asked for, if any, and nowhere else. Only a 401 ends it (`endedSessionKeepsThePlace`).
 */
function profileFailureKeepsTheSession(step: Step, spec: Spec) {
  expect(statusOf(step.after), step.name).toBe('pending')
  expect(step.after.context.token, `${step.name}: the token stays`).toBe(step.before.context.token)
  expect(step.notices, step.name).toEqual([])
  expect(step.forgotten, step.name).toEqual({ athleteData: 0, keptWork: 0 })
  expect(drawerView(step.after.children.drawer!.getSnapshot()).requested, `${step.name}: drawer closed`).toBe(false)
  const token = step.before.context.token!
  const signedInNow = !token.startsWith('stored-token') && !spec.movedOn.has(token)
  expect(step.navigations, step.name).toEqual(signedInNow && spec.remembered !== null ? [{ type: 'navigate', to: spec.remembered, replace: false }] : [])
}

/** Decision 061: no answer and a failing or busy server heal by themselves, after 2, 4, 8 ... 60 s; the rest waits for the athlete. */
function specProfileRetryInMs(error: ApiError, failures: number): number | null {
  const healsByItself = error.kind === 'network' || (error.kind === 'http' && (error.status >= 500 || error.status === 429))
  return healsByItself ? Math.min(60, 2 ** failures) * SECOND_MS : null
}

/**
 * Section 4 ("once passed the user is logged out") and issue 21: a 401 from any call, like an expiry,
 * ends the session and keeps where the athlete was: the notice says the session expired, only a page
 * that needs the session is left (a public page such as the wizard stays), and the work kept for
 * the athlete to come back to is not dropped (decisions 019 and 033); the athlete's server data is.
 */
function endedSessionKeepsThePlace(step: Step) {
  expect(statusOf(step.after), step.name).toBe('loggedOut')
  expect(step.notices, step.name).toEqual(['session_expired'])
  expect(step.navigations, `${step.name}: leaves only a private page`).toEqual([{ type: 'navigate', to: '/', replace: false, onlyFromPrivate: true }])
  expect(step.forgotten, step.name).toEqual({ athleteData: 1, keptWork: 0 })
}

/** Section 4: "Logout clears token, expiry and profile and goes to /", whatever the server answers. */
function logoutEndsTheSession(s: ScenarioSession, step: Step) {
  expect(statusOf(step.after), step.name).toBe('loggedOut')
  expect(step.navigations, step.name).toEqual([{ type: 'navigate', to: '/', replace: false }])
  // On a shared computer the athlete's kept work leaves with them (decision 033).
  expect(step.forgotten, step.name).toEqual({ athleteData: 1, keptWork: 1 })
  const revoked = s.calls.filter((call) => call.name === 'revokeToken').at(-1)
  expect(revoked?.token, `${step.name}: the server was asked to end this session`).toBe(step.before.context.token)
}

/**
 * Section 2: "After login the user goes to the remembered destination; otherwise to / if the
 * profile is complete, else to /me." Only a sign-in made now moves the athlete (a session restored
 * on reload stays on its page), never off the portal; the login drawer closes (decision 012).
 */
function arrivesWhereAsked(step: Step, spec: Spec, profileComplete: boolean, signedInNow: boolean) {
  expect(drawerView(step.after.children.drawer!.getSnapshot()).requested, `${step.name}: drawer closed`).toBe(false)
  if (!signedInNow) {
    expect(step.navigations, `${step.name}: a restored session stays on its page`).toEqual([])
    return
  }
  expect(step.navigations, step.name).toHaveLength(1)
  const to = step.navigations[0]!.to
  expect(isInternalPath(to), `${step.name}: ${to} stays on the portal`).toBe(true)
  expect(to, step.name).toBe(spec.remembered ?? (profileComplete ? '/' : '/me'))
}

/**
 * Section 2: "A not-logged-in user opening a login-required route is sent to / with a warning that
 * login is required ('require_login_to_access'); the intended destination is remembered; the login
 * drawer opens [...] after about 800 ms." A denial while a session is in force or a sign-in is under
 * way is the guard's late effect: it changes nothing.
 */
function deniedVisitorIsSentHome(step: Step) {
  if (!signedOut(step.before)) {
    expect({ notices: step.notices, navigations: step.navigations }, `${step.name}: a late denial is dropped`).toEqual({ notices: [], navigations: [] })
    return
  }
  expect(step.notices, step.name).toEqual(['require_login_to_access'])
  expect(step.navigations, step.name).toEqual([{ type: 'navigate', to: '/', replace: true }])
  const drawer = drawerView(step.after.children.drawer!.getSnapshot())
  const wasOpen = drawerView(step.before.children.drawer!.getSnapshot()).open
  expect(drawer, `${step.name}: the drawer is asked for, and waits unless it is open`).toEqual({ open: wasOpen, requested: true })
}

/** Section 2: "A logged-in user whose profile is incomplete is sent to /me with the warning 'complete_profile'." */
function incompleteProfileIsSentToMe(step: Step) {
  if (statusOf(step.before) !== 'loggedIn') {
    expect({ notices: step.notices, navigations: step.navigations }, step.name).toEqual({ notices: [], navigations: [] })
    return
  }
  expect(step.notices, step.name).toEqual(['complete_profile'])
  expect(step.navigations.map((n) => [n.to.split('?')[0], n.replace]), step.name).toEqual([['/me', true]])
}

/**
 * Decision "race/{id}/subscribe" (spec decisions, routes): for a visitor the page "remembers the
 * route and opens the login drawer" at once.
 */
function loginRequestOpensTheDrawer(step: Step) {
  if (!signedOut(step.before)) return
  expect(drawerView(step.after.children.drawer!.getSnapshot()).open, step.name).toBe(true)
}

/**
 * A token arriving while a session is in force (a confirmation link opened while signed in) never
 * switches the athlete silently: the session stays and the athlete is told. A reset that ended the
 * session in force (`replaces`), or a session whose time is up, gives way. Section 9's lifetime
 * starts at the sign-in.
 */
function signInKeepsOrStarts(step: Step, spec: Spec, event: Extract<SessionEvent, { type: 'session.signIn' }>, now: number) {
  const inForce = step.before.context.token !== null && now < (spec.expiryOf.get(step.before.context.token) ?? -Infinity)
  if (inForce && !event.replaces) {
    expect(step.notices, step.name).toEqual(['already_signed_in'])
    expect(step.after.context.token, `${step.name}: the session in force stays`).toBe(step.before.context.token)
    return
  }
  expect(step.after.context.token, step.name).toBe(event.token)
  expect(statusOf(step.after), `${step.name}: signing in (profile loading)`).toBe('pending')
  expect(step.forgotten.athleteData, `${step.name}: the previous athlete's data leaves`).toBe(1)
}

/** Another tab signed out: this one follows, says so and goes home. */
function signedOutElsewhere(step: Step) {
  if (!inSession(step.before)) return
  expect(statusOf(step.after), step.name).toBe('loggedOut')
  expect(step.notices, step.name).toEqual(['signed_out_elsewhere'])
  expect(step.navigations.map((n) => n.to), step.name).toEqual(['/'])
}

// ---------------------------------------------------------------------------------------------
// Replaying a path

function observe(s: ScenarioSession) {
  return { snapshot: s.snapshot(), emitted: s.emitted.length, calls: s.calls.length, forgotten: { ...s.forgotten } }
}

function stepOf(s: ScenarioSession, event: ModelEvent, index: number, name: string, mark: ReturnType<typeof observe>): Step {
  const emitted = s.emitted.slice(mark.emitted)
  return {
    event,
    index,
    name,
    before: mark.snapshot,
    after: s.snapshot(),
    notices: emitted.flatMap((e) => (e.type === 'notice' ? [e.code] : [])),
    navigations: emitted.flatMap((e) => (e.type === 'navigate' ? [e] : [])),
    newCalls: s.calls.slice(mark.calls),
    forgotten: { athleteData: s.forgotten.athleteData - mark.forgotten.athleteData, keptWork: s.forgotten.keptWork - mark.forgotten.keptWork },
  }
}

async function replay(start: Start, events: readonly ModelEvent[], title: string) {
  const s = startScenarioSession(start.input)
  const spec: Spec = { expiryOf: new Map(), remembered: null, coolDown: null, profileRetry: null, movedOn: new Set() }
  if (start.input.stored) spec.expiryOf.set(start.input.stored.token, start.input.stored.expiresAt)
  startsAsStored(s, start)

  for (const [index, event] of events.entries()) {
    const name = `${title}, step ${String(index + 1)} (${nameOf(event)})`
    const mark = observe(s)
    await deliver(s, spec, event, index, name)
    const step = stepOf(s, event, index, name, mark)
    check(s, spec, step)
    neverLoggedInPastExpiry(s, spec, name)
    signedOutHoldsNoToken(s, name)
    callsCarryALiveToken(s, spec, name)
    oneSignInRequestPerAttempt(s, spec, step)
  }
  await atTheEnd(s, spec, events.at(-1), `${title}, at the end`)
  s.actor.stop()
}

/**
 * Section 4 applied to the session stored at the last visit: one whose time is up is not restored,
 * and the athlete is told it expired; one still valid is restored and its profile read with it.
 */
function startsAsStored(s: ScenarioSession, start: Start) {
  const { stored } = start.input
  const notices = s.emitted.flatMap((e) => (e.type === 'notice' ? [e.code] : []))
  if (stored === null) expect({ status: statusOf(s.snapshot()), notices }).toEqual({ status: 'loggedOut', notices: [] })
  else if (stored.expiresAt <= s.clock.now) expect({ status: statusOf(s.snapshot()), notices }).toEqual({ status: 'loggedOut', notices: ['session_expired'] })
  else {
    expect(statusOf(s.snapshot())).toBe('pending')
    expect(s.calls).toEqual([{ name: 'loadProfile', at: s.clock.now, token: stored.token }])
  }
}

/** Tokens are made unique per step, so the spec's expiry of each is known. */
const tokenOf = (event: { token: string }, index: number) => `${event.token}#${String(index)}`

/** The session in force is one whose last profile read failed, and no read is in flight. */
function failedProfileInForce(s: ScenarioSession, spec: Spec): boolean {
  return spec.profileRetry !== null && spec.profileRetry.token === s.snapshot().context.token && !s.inFlight('loadProfile')
}

/** Read again by itself on the dot of the wait, not a millisecond before; never when only the athlete can tell. */
function profileReadAgainWhenDue(s: ScenarioSession, spec: Spec, name: string) {
  if (!failedProfileInForce(s, spec)) return
  const reads = () => s.calls.filter((call) => call.name === 'loadProfile').length
  const before = reads()
  const dueAt = spec.profileRetry!.dueAt
  if (dueAt === null) {
    s.clock.advance(MINUTE_MS)
    if (inSession(s.snapshot())) expect(reads(), `${name}: not read again by itself`).toBe(before)
    return
  }
  s.clock.advance(dueAt - 1 - s.clock.now)
  expect(reads(), `${name}: not before the wait is over`).toBe(before)
  s.clock.advance(1)
  expect(reads(), `${name}: read again`).toBe(before + 1)
}

async function deliver(s: ScenarioSession, spec: Spec, event: ModelEvent, index: number, name: string) {
  const readsBefore = s.calls.filter((call) => call.name === 'loadProfile').length
  switch (event.type) {
    case 'time.pastExpiry':
      return s.clock.advance(PAST_ANY_EXPIRY_MS)
    case 'session.signIn': {
      const token = tokenOf(event, index)
      const issuedAt = s.clock.now
      spec.expiryOf.set(token, issuedAt + SPEC_TOKEN_LIFETIME_MS[event.source])
      return s.send({ ...event, token, now: issuedAt })
    }
    case 'server.token': {
      const token = `pw-token#${String(index)}`
      s.clock.advance(TOKEN_LATENCY_MS)
      spec.expiryOf.set(token, s.clock.now + PASSWORD_EXPIRES_IN_S * SECOND_MS)
      return s.answer('requestToken', { accessToken: token, expiresIn: PASSWORD_EXPIRES_IN_S })
    }
    case 'server.tokenRefused':
      if (specLoginFailure(event.error).wayForward === 'wait') spec.coolDown = { since: s.clock.now, until: s.clock.now + specLoginWaitMs(event.error) }
      return s.fail('requestToken', event.error)
    case 'server.profile':
      return s.answer('loadProfile', event.profile)
    case 'server.profileFailed': {
      const token = s.snapshot().context.token!
      const failures = spec.profileRetry?.token === token ? spec.profileRetry.failures + 1 : 1
      const retryInMs = specProfileRetryInMs(event.error, failures)
      spec.profileRetry = { token, dueAt: retryInMs === null ? null : s.clock.now + retryInMs, failures }
      return s.fail('loadProfile', event.error)
    }
    case 'time.profileRetryDue':
      return profileReadAgainWhenDue(s, spec, name)
    case 'session.retryProfile': {
      // Read again at once, with the token in force, while its profile could not be read.
      const expected = failedProfileInForce(s, spec) ? 1 : 0
      s.send(event)
      expect(s.calls.filter((call) => call.name === 'loadProfile').length - readsBefore, name).toBe(expected)
      return
    }
    case 'server.loggedOut':
      return s.answer('revokeToken', undefined)
    case 'server.logoutFailed':
      return s.fail('revokeToken', event.error)
    case 'time.coolDownOver': {
      // Sign-in stays closed until the last millisecond of the server's wait, a try included.
      const { until } = spec.coolDown!
      s.clock.advance(until - 1 - s.clock.now)
      s.send({ type: 'session.login', username: 'giulia', password: 's3cret!' })
      expect(s.snapshot().matches('coolingDown'), `${name}: still closed 1 ms before the wait is over`).toBe(true)
      s.clock.advance(1)
      return
    }
    default:
      return s.send(event)
  }
}

/** The event-specific properties of one step. */
function check(s: ScenarioSession, spec: Spec, step: Step) {
  const { event } = step
  switch (event.type) {
    case 'server.tokenRefused':
      return refusedSignInIsNamed(step, event.error)
    case 'server.profileFailed':
      if (event.error.kind === 'unauthorized') return endedSessionKeepsThePlace(step)
      profileFailureKeepsTheSession(step, spec)
      spec.movedOn.add(step.before.context.token!)
      spec.remembered = null
      return
    case 'server.profile': {
      // The token in force came from this path (a sign-in made now), or from the stored session;
      // a sign-in that already took the athlete on while its profile could not be read moves nobody.
      const token = step.before.context.token!
      arrivesWhereAsked(step, spec, event.label === 'complete', !token.startsWith('stored-token') && !spec.movedOn.has(token))
      spec.remembered = null
      spec.profileRetry = null
      return
    }
    case 'session.retryProfile':
    case 'time.profileRetryDue':
      // Checked as delivered: whether the profile is read again.
      return
    case 'session.unauthorized':
    case 'time.pastExpiry':
      if (inSession(step.before)) endedSessionKeepsThePlace(step)
      else expect({ notices: step.notices, navigations: step.navigations }, `${step.name}: no session to end`).toEqual({ notices: [], navigations: [] })
      return
    case 'session.storageCleared':
      return signedOutElsewhere(step)
    case 'server.loggedOut':
    case 'server.logoutFailed':
      return logoutEndsTheSession(s, step)
    case 'session.accessDenied':
      if (event.reason === 'login_required') {
        deniedVisitorIsSentHome(step)
        if (signedOut(step.before)) spec.remembered = isInternalPath(event.path) ? event.path : null
        return
      }
      return incompleteProfileIsSentToMe(step)
    case 'session.loginRequested':
      loginRequestOpensTheDrawer(step)
      // Signed out, or waiting after too many attempts: the page is remembered either way.
      if (signedOut(step.before)) spec.remembered = event.path
      return
    case 'session.signIn': {
      const sent = { ...event, token: tokenOf(event, step.index) }
      signInKeepsOrStarts(step, spec, sent, s.clock.now)
      if (step.after.context.token === sent.token && event.destination !== undefined && isInternalPath(event.destination)) spec.remembered = event.destination
      return
    }
    case 'time.coolDownOver':
      expect({ coolingDown: step.after.matches('coolingDown'), failure: step.after.context.loginFailure }, `${step.name}: sign-in open again`).toEqual({
        coolingDown: false,
        failure: null,
      })
      return
    case 'session.login':
    case 'session.logout':
    case 'server.token':
      // Checked on every step (one request per attempt, the token's expiry) and when answered.
      return
  }
}

/**
 * Where a path ends, what the athlete can do next, on the live session: after a refused sign-in, the
 * way forward the failure names; a session in force ends on the dot of its expiry; a drawer waiting
 * opens after the 800 ms.
 */
async function atTheEnd(s: ScenarioSession, spec: Spec, last: ModelEvent | undefined, name: string) {
  if (last?.type === 'server.tokenRefused') {
    const before = s.calls.length
    s.send({ type: 'session.login', username: 'giulia', password: 'an0ther!' })
    const retried = s.calls.slice(before).filter((call) => call.name === 'requestToken').length
    expect(retried, `${name}: trying again ${specLoginFailure(last.error).wayForward === 'wait' ? 'waits' : 'is possible at once'}`).toBe(
      specLoginFailure(last.error).wayForward === 'wait' ? 0 : 1,
    )
    return
  }
  if (drawerView(s.drawer()).requested && !drawerView(s.drawer()).open) {
    s.clock.advance(SPEC_LOGIN_FOCUS_DELAY_MS - 1)
    expect(drawerView(s.drawer()).open, `${name}: the drawer waits ${String(SPEC_LOGIN_FOCUS_DELAY_MS)} ms`).toBe(false)
    s.clock.advance(1)
    expect(drawerView(s.drawer()).open, `${name}: then opens`).toBe(true)
    return
  }
  if (inSession(s.snapshot())) {
    const expiry = spec.expiryOf.get(s.snapshot().context.token!)!
    s.clock.advance(expiry - 1 - s.clock.now)
    expect(inSession(s.snapshot()), `${name}: still in force 1 ms before its expiry`).toBe(true)
    const emitted = s.emitted.length
    s.clock.advance(1)
    expect(statusOf(s.snapshot()), `${name}: over at its expiry`).toBe('loggedOut')
    expect(s.emitted.slice(emitted).filter((e) => e.type === 'notice'), name).toEqual([{ type: 'notice', code: 'session_expired' }])
  }
}

// ---------------------------------------------------------------------------------------------

describe.each(SCENARIOS)('session scenarios, starting with $start.name', ({ start, paths }) => {
  it.each(paths.map((events) => [['start', ...events.map(nameOf)].join(' → '), events] as const))('%s', async (title, events) => {
    await replay(start, events, title)
  })
})
