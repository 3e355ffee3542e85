import type { ActorsGone } from './inspector'

/**
 * What the Flows page knows of the portal's running actors, from the inspection its tabs post on
 * the channel (inspector.ts): for each actor its machine, current state and last events. A pure
 * reducer over the messages, so the page's view of them is tested without a channel. An actor
 * leaves the page when it stops (its screen was left) or its tab goes.
 */

/** How many of an actor's last events are shown. */
export const EVENTS_KEPT = 10
/** How many actors are kept, the least recently heard of going first (every wizard opened is one). */
const ACTORS_KEPT = 24

export interface LiveEvent {
  /** Order of arrival on the page, unique. */
  seq: number
  type: string
  /** The sanitized event without its type, as JSON; '' when it has nothing else. */
  payload: string
}

export interface LiveActor {
  /** The actor's tab and session id: each tab numbers its actors from `x:0`. */
  key: string
  machineId: string
  /** The state value (`{ loggedIn: 'ready' }`), as the machine's snapshot says. */
  value: unknown
  status: string
  events: LiveEvent[]
  /** When it was last heard of (`seq`). */
  seen: number
}

export interface LiveState {
  seq: number
  actors: LiveActor[]
}

export const NO_ACTORS: LiveState = { seq: 0, actors: [] }

type Message = { tab: string; sessionId: string } & (
  | { type: '@xstate.actor'; name: string; definition?: string; snapshot: { value?: unknown; status?: string } }
  | { type: '@xstate.snapshot'; snapshot: { value?: unknown; status?: string } }
  | { type: '@xstate.event'; event: { type: string } }
)

function isMessage(data: unknown): data is Message {
  if (typeof data !== 'object' || data === null) return false
  const { type, tab, sessionId } = data as { type?: unknown; tab?: unknown; sessionId?: unknown }
  return typeof tab === 'string' && typeof sessionId === 'string' && (type === '@xstate.actor' || type === '@xstate.snapshot' || type === '@xstate.event')
}

function isGone(data: unknown): data is ActorsGone {
  if (typeof data !== 'object' || data === null) return false
  const { type, tab } = data as { type?: unknown; tab?: unknown }
  return type === 'flows.gone' && typeof tab === 'string'
}

const keyOf = (message: Message) => `${message.tab} ${message.sessionId}`

const without = (state: LiveState, gone: (actor: LiveActor) => boolean): LiveState =>
  state.actors.some(gone) ? { seq: state.seq, actors: state.actors.filter((actor) => !gone(actor)) } : state

/** The machine's own id from its definition; an invoked actor's name is its invoke id. */
function machineIdOf(message: Extract<Message, { type: '@xstate.actor' }>): string {
  try {
    const definition: unknown = message.definition ? JSON.parse(message.definition) : null
    if (typeof definition === 'object' && definition !== null && 'id' in definition && typeof definition.id === 'string') return definition.id
  } catch {
    // Not JSON: the name is all there is.
  }
  return message.name
}

function payloadOf(event: { type: string }): string {
  const { type: _type, ...rest } = event
  return Object.keys(rest).length > 0 ? JSON.stringify(rest) : ''
}

export function applyInspection(state: LiveState, data: unknown): LiveState {
  if (isGone(data)) return without(state, (actor) => actor.key.startsWith(`${data.tab} `))
  if (!isMessage(data)) return state
  const key = keyOf(data)
  if (data.type === '@xstate.snapshot' && data.snapshot.status === 'stopped') return without(state, (actor) => actor.key === key)
  const seq = state.seq + 1
  const known = state.actors.find((actor) => actor.key === key)
  let actor: LiveActor | undefined
  if (data.type === '@xstate.actor') {
    actor = { key, machineId: machineIdOf(data), value: data.snapshot.value, status: data.snapshot.status ?? 'active', events: known?.events ?? [], seen: seq }
  } else if (!known) {
    // An actor registered before the page listened: its events say nothing without its machine.
    return state
  } else if (data.type === '@xstate.snapshot') {
    actor = { ...known, value: data.snapshot.value, status: data.snapshot.status ?? known.status, seen: seq }
  } else {
    const event = { seq, type: data.event.type, payload: payloadOf(data.event) }
    actor = { ...known, events: [...known.events, event].slice(-EVENTS_KEPT), seen: seq }
  }
  const others = state.actors.filter((candidate) => candidate.key !== key)
  const actors = [...others, actor].sort((a, b) => b.seen - a.seen).slice(0, ACTORS_KEPT)
  return { seq, actors }
}
