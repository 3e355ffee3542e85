/**
 * Model-based paths through the session machine. `xstate/graph` walks the machine as a pure
 * function (no actors run) to reach every state, each reached state is extended by every event
 * that makes a transition there, and every path is then replayed against a live session actor with
 * the fake actors of the harness. A transition no path takes fails the coverage test, so a new
 * transition cannot land without being exercised. A delayed transition is an event of the model
 * like the others; the live session gets it by moving the simulated clock by the delay.
 */
import { initialTransition, matchesState, transition, type AnyStateNode, type AnyTransitionDefinition, type StateValue } from 'xstate'
import { getShortestPaths, getStateNodes, toDirectedGraph, type DirectedGraphNode } from 'xstate/graph'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '../../contracts/api-error'
import type { Profile } from '../../contracts/athlete.contract'
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../contracts/time'
import {
  DEFAULT_LOGIN_RETRY_MS,
  sessionMachine,
  type GrantedToken,
  type SessionEmitted,
  type SessionEvent,
  type SessionInput,
} from './session.machine'
import {
  PASSWORD_EXPIRES_IN,
  PASSWORD_TOKEN,
  T0,
  httpFailure,
  makeProfile,
  networkFailure,
  startSession,
  tooManyAttemptsFailure,
  type FakeActorId,
  type SessionHarness,
  type SessionSnapshot,
} from './test-harness'

// ---------------------------------------------------------------------------------------------
// The events of the model

/** What the invoked actors answer: internal events, which `SessionEvent` does not list. */
type ActorOutcome =
  | { type: 'xstate.done.actor.requestToken'; output: GrantedToken }
  | { type: 'xstate.error.actor.requestToken'; error: unknown }
  | { type: 'xstate.done.actor.loadProfile'; output: Profile }
  | { type: 'xstate.error.actor.loadProfile'; error: unknown }
  | { type: 'xstate.done.actor.revokeToken'; output: undefined }
  | { type: 'xstate.error.actor.revokeToken'; error: unknown }

/** The end of the cool-down after a 429: XState's event for `after: { loginRetryDelay }` of `coolingDown`. */
const COOL_DOWN_OVER = 'xstate.after.loginRetryDelay.session.coolingDown'
type Delayed = { type: typeof COOL_DOWN_OVER }

type ModelEvent = SessionEvent | ActorOutcome | Delayed

/** Every expiry the model can produce lies between these two ticks. */
const TICK_BEFORE_EXPIRY = T0 + MINUTE_MS
const TICK_AFTER_EXPIRY = T0 + 2 * DAY_MS
/** When the password grant's answer arrives in the model. */
const TOKEN_RECEIVED_AT = T0 + 1_500
/** The `Retry-After` of the model's 429 that carries one (the other has none: 30 s by default). */
const RETRY_AFTER_S = 90

const MODEL_EVENTS: readonly ModelEvent[] = [
  { type: 'session.login', username: 'giulia', password: 's3cret!' },
  { type: 'session.signIn', token: 'confirmation-token', source: 'confirmation', now: T0 },
  { type: 'session.signIn', token: 'reset-token', source: 'reset', now: T0, destination: '/me/races' },
  { type: 'session.signIn', token: 'social-token', source: 'social', now: T0, destination: '//evil.com' },
  { type: 'session.logout' },
  { type: 'session.tick', now: TICK_BEFORE_EXPIRY },
  { type: 'session.tick', now: TICK_AFTER_EXPIRY },
  { type: 'session.unauthorized' },
  { type: 'session.storageCleared' },
  { type: 'session.accessDenied', path: '/me/races', reason: 'login_required' },
  { type: 'session.accessDenied', path: '/race/12/subscribe', reason: 'profile_incomplete' },
  { type: 'session.loginRequested', path: '/race/12/subscribe' },
  {
    type: 'xstate.done.actor.requestToken',
    output: { accessToken: PASSWORD_TOKEN, expiresIn: PASSWORD_EXPIRES_IN, receivedAt: TOKEN_RECEIVED_AT },
  },
  { type: 'xstate.error.actor.requestToken', error: httpFailure(400, 'invalid_grant') },
  { type: 'xstate.error.actor.requestToken', error: tooManyAttemptsFailure(RETRY_AFTER_S) },
  { type: 'xstate.error.actor.requestToken', error: httpFailure(429) },
  { type: 'xstate.done.actor.loadProfile', output: makeProfile() },
  { type: 'xstate.error.actor.loadProfile', error: networkFailure('athlete.me') },
  { type: 'xstate.done.actor.revokeToken', output: undefined },
  { type: 'xstate.error.actor.revokeToken', error: networkFailure('auth.logout') },
  { type: COOL_DOWN_OVER },
]

/** Not sent by anyone: an actor's answer or a timer (never a probe: a state without it cannot get it). */
const isInternal = (event: ModelEvent): event is ActorOutcome | Delayed => event.type.startsWith('xstate.')

// The graph functions and `transition` are typed with the machine's own events; the actors'
// done/error events and the delayed event are internal ones the machine handles all the same.
const asMachineEvent = (event: ModelEvent) => event as SessionEvent

/** A failure, briefly: `429, Retry-After 90 s`, `400 invalid_grant`, `network`. */
function describeError(error: unknown): string {
  const e = error as ApiError
  if (e.kind !== 'http') return e.kind
  const status = `${e.status}${e.code ? ` ${e.code}` : ''}`
  return e.retryAfterS === undefined ? status : `${status}, Retry-After ${e.retryAfterS} s`
}

function nameOf(event: ModelEvent): string {
  switch (event.type) {
    case COOL_DOWN_OVER:
      return 'cool-down over'
    case 'xstate.error.actor.requestToken':
    case 'xstate.error.actor.loadProfile':
    case 'xstate.error.actor.revokeToken':
      return `${event.type.replace(/^xstate\.error\.actor\./, '')}.error(${describeError(event.error)})`
    case 'session.signIn':
      return `signIn(${event.source}${event.destination ? ` → ${event.destination}` : ''})`
    case 'session.tick':
      return event.now < TICK_AFTER_EXPIRY ? 'tick(before expiry)' : 'tick(after expiry)'
    case 'session.accessDenied':
      return `accessDenied(${event.reason})`
    default:
      return event.type.replace(/^session\./, '').replace(/^xstate\.(done|error)\.actor\.(.+)$/, '$2.$1')
  }
}

// ---------------------------------------------------------------------------------------------
// Transitions, named

function guardName(guard: AnyTransitionDefinition['guard']): string | undefined {
  if (guard === undefined) return undefined
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') return guard.name || 'inline'
  return String(guard.type)
}

const label = (sourceId: string, event: string, guard: string | undefined, targetId: string) =>
  `${sourceId} --${event || '(always)'}${guard ? ` [${guard}]` : ''}--> ${targetId}`

/** One label per target; a targetless transition stays in its source, as `toDirectedGraph` draws it. */
function labelsOf(transition: AnyTransitionDefinition): string[] {
  const targets: readonly AnyStateNode[] = transition.target?.length ? transition.target : [transition.source]
  return targets.map((target) => label(transition.source.id, transition.eventType, guardName(transition.guard), target.id))
}

/** Every transition the machine declares: the directed graph's edges, and the eventless ones it leaves out. */
function declaredTransitionLabels(): string[] {
  const edges = (node: DirectedGraphNode): string[] => [
    ...node.edges.map((edge) => label(edge.source.id, edge.label.text, guardName(edge.transition.guard), edge.target.id)),
    ...node.children.flatMap(edges),
  ]
  const eventless = [sessionMachine.root, ...getStateNodes(sessionMachine.root)].flatMap((node) =>
    (node.always ?? []).flatMap(labelsOf),
  )
  return [...edges(toDirectedGraph(sessionMachine)), ...eventless]
}

/** The state value that says "in this node", e.g. `{ loggedIn: 'ready' }`. */
function valueOf(node: AnyStateNode): StateValue {
  return node.path.reduceRight<StateValue | undefined>((inner, key) => (inner === undefined ? key : { [key]: inner }), undefined)!
}

/** The eventless transitions taken on the way into the initial state (out of `restoring`). */
/** Whether a transition's named guard holds for the snapshot's context (no guard: it does). */
function guardHolds(t: AnyTransitionDefinition, snapshot: SessionSnapshot): boolean {
  if (typeof t.guard !== 'string') return t.guard === undefined
  const guard = (sessionMachine.implementations.guards as Record<string, (args: { context: unknown; event: unknown }) => boolean>)[t.guard]
  return guard!({ context: snapshot.context, event: { type: 'xstate.init' } })
}

function initialTransitions(initial: SessionSnapshot): AnyTransitionDefinition[] {
  const taken: AnyTransitionDefinition[] = []
  for (let node = sessionMachine.root.initial.target[0]; node !== undefined; node = node.initial?.target[0]) {
    // Targets differ, so the transition whose targets are all active is the one that was taken.
    // Two may share a target (an expired stored session is said, none is not): the first whose guard holds.
    const always = (node.always ?? []).find(
      (t) => t.target?.every((target) => matchesState(valueOf(target), initial.value)) && guardHolds(t, initial),
    )
    if (always) taken.push(always)
  }
  return taken
}

// ---------------------------------------------------------------------------------------------
// Paths

interface Start {
  name: string
  input: SessionInput
}

const STARTS: Start[] = [
  { name: 'no stored session', input: { stored: null, now: T0 } },
  { name: 'a stored session still valid', input: { stored: { token: 'stored-token', expiresAt: T0 + HOUR_MS }, now: T0 } },
  { name: 'a stored session already expired', input: { stored: { token: 'stale-token', expiresAt: T0 - MINUTE_MS }, now: T0 } },
]

interface ModelStep {
  event: ModelEvent | { type: 'xstate.init' }
  state: SessionSnapshot
  /** The transitions this step takes (none for an event the state ignores). */
  transitions: AnyTransitionDefinition[]
  /** What the machine emits on this step, how often it forgets the athlete's data, which calls it starts. */
  emitted: SessionEmitted[]
  forgets: number
  started: Started
}

/** The server calls the session makes (the harness's fake actors), and how many of each one step starts. */
const CALLS = ['requestToken', 'loadProfile', 'revokeToken'] as const satisfies readonly FakeActorId[]
type Started = Record<FakeActorId, number>
const NOTHING_STARTED: Started = { requestToken: 0, loadProfile: 0, revokeToken: 0 }

interface ModelPath {
  name: string
  start: Start
  steps: ModelStep[]
}

/**
 * Only what decides a transition: the state, whether a sign-in is in progress (`isSignInJustMade`)
 * and, while cooling down, how long the wait is (each delay gets a path that waits it out).
 */
const serializeState = (snapshot: SessionSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    signInJustMade: snapshot.context.navigateAfterProfile,
    ...(snapshot.matches('coolingDown') ? { waitMs: snapshot.context.loginRetryDelayMs } : {}),
  })

/** Replays `events` through the machine as a pure function, recording what each step does. */
function modelPath(start: Start, events: readonly ModelEvent[]): ModelPath {
  const [initial, initialActions] = initialTransition(sessionMachine, start.input)
  const steps: ModelStep[] = [
    { event: { type: 'xstate.init' }, state: initial, transitions: initialTransitions(initial), ...effectsOf(initialActions) },
  ]
  let snapshot = initial
  for (const event of events) {
    const transitions = sessionMachine.getTransitionData(snapshot, asMachineEvent(event))
    const [next, actions] = transition(sessionMachine, snapshot, asMachineEvent(event))
    steps.push({ event, state: next, transitions, ...effectsOf(actions) })
    snapshot = next
  }
  return { name: `${start.name}: ${['start', ...events.map(nameOf)].join(' → ')}`, start, steps }
}

function effectsOf(actions: ReadonlyArray<{ type: string; params?: unknown }>) {
  const spawned = actions.flatMap((a) => (a.type === 'xstate.spawnChild' ? [(a.params as { src: unknown }).src] : []))
  return {
    emitted: actions.flatMap((a) => (a.type === 'xstate.emit' ? [(a.params as { event: SessionEmitted }).event] : [])),
    forgets: actions.filter((a) => a.type === 'forgetAthleteData').length,
    started: Object.fromEntries(CALLS.map((id) => [id, spawned.filter((src) => src === id).length])) as Started,
  }
}

/**
 * For one start: the shortest path to every reached state, extended by each event that makes a
 * transition there (one path per transition out of each state), and by each user event the state
 * ignores (`probes`: the live session must ignore it too).
 */
function generate(start: Start) {
  const reached = getShortestPaths(sessionMachine, {
    input: start.input,
    events: MODEL_EVENTS.map(asMachineEvent),
    serializeState,
  })
  const paths: ModelPath[] = []
  const probes: ModelPath[] = []
  for (const path of reached) {
    const prefix = path.steps.slice(1).map((step) => step.event as ModelEvent)
    const replayed = modelPath(start, prefix)
    if (serializeState(replayed.steps.at(-1)!.state) !== serializeState(path.state)) {
      throw new Error(`replaying ${replayed.name} does not reach ${serializeState(path.state)}`)
    }
    for (const event of MODEL_EVENTS) {
      const takes = sessionMachine.getTransitionData(path.state, asMachineEvent(event)).length > 0
      if (takes) paths.push(modelPath(start, [...prefix, event]))
      else if (!isInternal(event)) probes.push(modelPath(start, [...prefix, event]))
    }
  }
  return { reached, paths, probes }
}

const generated = STARTS.map((start) => ({ start, ...generate(start) }))
const ALL_PATHS = generated.flatMap((g) => g.paths)

// ---------------------------------------------------------------------------------------------
// Running a path against a live session

/**
 * User events are sent as they are; an actor's answer settles its call held in flight; a delayed
 * event comes from the simulated clock, moved by the delay the state `before` it waits for.
 */
async function deliver(h: SessionHarness, event: ModelEvent, before: ModelStep): Promise<void> {
  switch (event.type) {
    case COOL_DOWN_OVER: {
      const delay = before.state.context.loginRetryDelayMs
      h.clock.advance(delay - 1)
      expect(h.value(), `still cooling down 1 ms before the ${delay} ms are over`).toBe('coolingDown')
      h.clock.advance(1)
      return
    }
    case 'xstate.done.actor.requestToken': {
      const { receivedAt, ...answer } = event.output
      // The harness stamps the answer with the clock when it arrives.
      h.clock.advance(receivedAt - h.clock.now)
      return h.resolve('requestToken', answer)
    }
    case 'xstate.error.actor.requestToken':
      return h.reject('requestToken', event.error)
    case 'xstate.done.actor.loadProfile':
      return h.resolve('loadProfile', event.output)
    case 'xstate.error.actor.loadProfile':
      return h.reject('loadProfile', event.error)
    case 'xstate.done.actor.revokeToken':
      return h.resolve('revokeToken', event.output)
    case 'xstate.error.actor.revokeToken':
      return h.reject('revokeToken', event.error)
    default:
      h.send(event)
  }
}

/** How far the live session's records went, to read what one step added. */
function mark(h: SessionHarness) {
  return {
    emitted: h.emitted.length,
    forgets: h.forgetAthleteData.mock.calls.length,
    calls: Object.fromEntries(CALLS.map((id) => [id, h.calls[id].length])) as Started,
  }
}

const START_MARK = { emitted: 0, forgets: 0, calls: NOTHING_STARTED }

function observed(h: SessionHarness, since: ReturnType<typeof mark>) {
  return {
    value: h.value(),
    context: h.context(),
    emitted: h.emitted.slice(since.emitted),
    forgets: h.forgetAthleteData.mock.calls.length - since.forgets,
    started: Object.fromEntries(CALLS.map((id) => [id, h.calls[id].length - since.calls[id]])) as Started,
  }
}

const expected = (step: ModelStep) => ({
  value: step.state.value,
  context: step.state.context,
  emitted: step.emitted,
  forgets: step.forgets,
  started: step.started,
})

async function run(path: ModelPath): Promise<void> {
  const h = startSession({ stored: path.start.input.stored, hold: CALLS })
  const [first, ...rest] = path.steps
  expect(observed(h, START_MARK), `${path.name}, at the start`).toEqual(expected(first!))
  for (const [index, step] of rest.entries()) {
    const event = step.event as ModelEvent
    const since = mark(h)
    await deliver(h, event, path.steps[index]!)
    expect(observed(h, since), `${path.name}, step ${index + 1} (${nameOf(event)})`).toEqual(expected(step))
  }
  h.actor.stop()
}

// ---------------------------------------------------------------------------------------------

describe('session model: coverage', () => {
  const taken = ALL_PATHS.flatMap((path) => path.steps.flatMap((step) => step.transitions))

  it('the paths take every transition the machine declares, and nothing else', () => {
    const declared = declaredTransitionLabels()
    // Two transitions with one label would hide each other below.
    expect(new Set(declared).size).toBe(declared.length)
    expect([...new Set(taken.flatMap(labelsOf))].sort()).toEqual([...declared].sort())
  })

  it('the model names the delayed event as the machine does', () => {
    const after = sessionMachine.getStateNodeById('session.coolingDown').after
    expect(after.map((t) => t.eventType)).toEqual([COOL_DOWN_OVER])
  })

  it("the cool-down is waited out on the live session both for the server's Retry-After and for the default", () => {
    const waited = ALL_PATHS.flatMap((path) =>
      path.steps.flatMap((step, i) =>
        step.event.type === COOL_DOWN_OVER ? [path.steps[i - 1]!.state.context.loginRetryDelayMs] : [],
      ),
    )
    expect([...new Set(waited)].sort((a, b) => a - b)).toEqual([DEFAULT_LOGIN_RETRY_MS, RETRY_AFTER_S * SECOND_MS])
  })

  it('every state of the machine is reached (a transient one by leaving it)', () => {
    const visited = ALL_PATHS.flatMap((path) => path.steps.map((step) => step.state))
    const left = getStateNodes(sessionMachine.root).filter(
      (node) => !visited.some((state) => matchesState(valueOf(node), state.value)) && !taken.some((t) => t.source === node),
    )
    expect(left.map((node) => node.id)).toEqual([])
  })
})

describe.each(generated)('session model, starting with $start.name', ({ paths, probes }) => {
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    await run(path)
  })

  it(`ignores, with no effect, each user event a reached state has no transition for (${probes.length} probes)`, async () => {
    for (const probe of probes) {
      const last = probe.steps.at(-1)!
      const before = probe.steps.at(-2)!
      // The model itself says nothing happens…
      expect(last.transitions.flatMap(labelsOf), probe.name).toEqual([])
      expect({ value: last.state.value, context: last.state.context }, probe.name).toEqual({
        value: before.state.value,
        context: before.state.context,
      })
      expect({ emitted: last.emitted, forgets: last.forgets, started: last.started }, probe.name).toEqual({
        emitted: [],
        forgets: 0,
        started: NOTHING_STARTED,
      })
      // …and the live session agrees.
      await run(probe)
    }
  })
})

// Keep the durations the model relies on honest: every expiry lies between the two ticks.
describe('session model: the ticks bracket every expiry', () => {
  it('the tick before expiry comes before the shortest session ends; the tick after, after the longest', () => {
    const expiries = ALL_PATHS.flatMap((path) => path.steps.map((step) => step.state.context.expiresAt)).filter(
      (expiresAt): expiresAt is number => expiresAt !== null,
    )
    expect(Math.min(...expiries)).toBeGreaterThan(TICK_BEFORE_EXPIRY)
    expect(Math.max(...expiries)).toBeLessThanOrEqual(TICK_AFTER_EXPIRY)
  })
})
