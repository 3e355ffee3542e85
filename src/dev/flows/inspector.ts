import { createBrowserInspector, createInspector, type StatelyInspectionEvent } from '@statelyai/inspect'
import type { InspectionEvent } from 'xstate'
import type { Inspect } from '../../lib/inspection'
import { sanitizeContext, sanitizeEvent } from './sanitize'

/** The channel the portal's tabs post their actors' inspection on, and the Flows page listens to. */
export const FLOWS_CHANNEL = 'pettorale-flows'

/** The part of a `BroadcastChannel` the adapter uses: a test hands a fake. */
export interface FlowsChannel {
  postMessage(message: unknown): void
  close(): void
}

/**
 * Machines only: the promise and callback actors they invoke carry their input and output whole
 * (the password grant's credentials, a loaded profile) and draw no chart. Their outcome reaches the
 * machine as an event, which is sanitized. An actor registers before its first event, so its
 * events are kept when its registration was.
 */
function machinesOnly() {
  const machines = new Set<string>()
  return (event: StatelyInspectionEvent): boolean => {
    if (event.type === '@xstate.event') return machines.has(event.sessionId)
    const snapshot: unknown = event.snapshot
    const isMachine = typeof snapshot === 'object' && snapshot !== null && 'value' in snapshot
    if (isMachine && event.type === '@xstate.actor') machines.add(event.sessionId)
    return isMachine
  }
}

/** Shared by both inspectors, so Stately's hosted one receives exactly what the Flows page does. */
const inspectorOptions = () => ({ filter: machinesOnly(), sanitizeContext, sanitizeEvent })

/**
 * The adapter of `createInspector` over a channel. A snapshot is posted as its JSON (a machine
 * snapshot writes itself without its machine and functions), since a channel clones plain data only.
 */
export function channelAdapter(channel: FlowsChannel) {
  return {
    send(event: StatelyInspectionEvent) {
      channel.postMessage(JSON.parse(JSON.stringify(event)) as unknown)
    },
    stop() {
      channel.close()
    },
  }
}

type Inspector = Pick<ReturnType<typeof createInspector>, 'actor' | 'event' | 'snapshot'>

/**
 * XState's inspection handed to `inspector` as it happens, not when the thread is idle as the
 * package's own observer does: a tab the athlete is not looking at gets no idle time, and the Flows
 * page would miss its actors. A microtask, because an actor registers before its first snapshot exists.
 */
function observe(inspector: Inspector): Inspect {
  return (event: InspectionEvent) =>
    queueMicrotask(() => {
      if (event.type === '@xstate.actor') inspector.actor(event.actorRef, event.actorRef.getSnapshot() as object)
      else if (event.type === '@xstate.event') inspector.event(event.actorRef, event.event, { source: event.sourceRef })
      else if (event.type === '@xstate.snapshot') inspector.snapshot(event.actorRef, event.snapshot as object, { event: event.event })
    })
}

/** The `inspect` option that posts on `channel`, sanitized. */
export function flowsInspector(channel: FlowsChannel): Inspect {
  return observe(createInspector(channelAdapter(channel), inspectorOptions()))
}

/**
 * The inspector src/dev/entry.ts sets (`setInspector`) before the portal starts its actors: posted
 * on `FLOWS_CHANNEL` for the Flows page, or, with `?inspect=stately` in the address (`search`), to
 * Stately's hosted inspector (it opens stately.ai in a window, so it needs the network). Both are
 * sanitized the same way.
 */
export function startFlowsInspector(search: string): Inspect {
  if (new URLSearchParams(search).get('inspect') === 'stately') return observe(createBrowserInspector(inspectorOptions()))
  return flowsInspector(new BroadcastChannel(FLOWS_CHANNEL))
}
