import { createBrowserInspector, createInspector, type StatelyInspectionEvent } from '@statelyai/inspect'
import type { ActorRefLike, InspectionEvent, Snapshot } from 'xstate'
import type { Inspect } from '../../lib/inspection'
import { randomId } from '../../lib/random-id'
import { sanitizeContext, sanitizeEvent } from './sanitize'

/** The channel the portal's tabs post their actors' inspection on, and the Flows page listens to. */
export const FLOWS_CHANNEL = 'pettorale-flows'

/**
 * What the Flows page posts as it opens: every portal tab answers with its running actors, as
 * registrations carrying their current snapshot, so the page sees a wizard begun before it opened.
 */
export const ASK_FOR_ACTORS = { type: 'flows.ask' } as const

/** What a tab posts as it goes (`pagehide`): the actors it ran are gone with it. */
export interface ActorsGone {
  type: 'flows.gone'
  tab: string
}

/** The part of a `BroadcastChannel` the inspector uses: a test hands a fake. */
export interface FlowsChannel {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (message: MessageEvent<unknown>) => void): void
  close(): void
}

/** The part of `window` the inspector listens to for the tab going and coming back. */
export type FlowsTab = Pick<EventTarget, 'addEventListener'>

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
 * Every message carries its tab's id: XState numbers the actors of each page from `x:0`, so two
 * tabs' actors share session ids.
 */
function channelAdapter(channel: FlowsChannel, tabId: string) {
  return {
    send(event: StatelyInspectionEvent) {
      channel.postMessage({ ...(JSON.parse(JSON.stringify(event)) as object), tab: tabId })
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
function observe(inspector: Inspector): (event: InspectionEvent) => void {
  return (event: InspectionEvent) =>
    queueMicrotask(() => {
      if (event.type === '@xstate.actor') inspector.actor(event.actorRef, event.actorRef.getSnapshot() as object)
      else if (event.type === '@xstate.event') inspector.event(event.actorRef, event.event, { source: event.sourceRef })
      else if (event.type === '@xstate.snapshot') inspector.snapshot(event.actorRef, event.snapshot as object, { event: event.event })
    })
}

const isAsk = (data: unknown) => typeof data === 'object' && data !== null && (data as { type?: unknown }).type === ASK_FOR_ACTORS.type

/**
 * The `inspect` option that posts on `channel`, sanitized, and answers the Flows page's ask with the
 * actors still running in this tab (`tab`, named `tabId` on the channel). When the tab goes it posts
 * that its actors are gone; if the browser brings it back from its page cache, it registers them again.
 */
export function flowsInspector(channel: FlowsChannel, tab: FlowsTab, tabId: string): Inspect {
  const inspector = createInspector(channelAdapter(channel, tabId), inspectorOptions())
  const inspect = observe(inspector)
  // Every actor until it ends: the filter keeps machines only when they are registered again.
  const running = new Map<string, ActorRefLike>()
  const registerRunning = () => {
    for (const [sessionId, actorRef] of running) {
      const snapshot = actorRef.getSnapshot() as Snapshot<unknown>
      if (snapshot.status === 'active') inspector.actor(actorRef, snapshot)
      else running.delete(sessionId)
    }
  }
  channel.addEventListener('message', (message) => {
    if (isAsk(message.data)) registerRunning()
  })
  tab.addEventListener('pagehide', () => {
    const gone: ActorsGone = { type: 'flows.gone', tab: tabId }
    channel.postMessage(gone)
  })
  tab.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) registerRunning()
  })
  return (event: InspectionEvent) => {
    const { actorRef } = event
    // An actor is created before it starts, and React's StrictMode creates one it never starts and
    // stops the other to start it again: one is shown from its first step to its stop, each time.
    if (event.type === '@xstate.actor') return
    if (event.type === '@xstate.snapshot' && event.snapshot.status !== 'active') {
      if (running.delete(actorRef.sessionId)) inspect(event)
      return
    }
    if (!running.has(actorRef.sessionId)) {
      running.set(actorRef.sessionId, actorRef)
      inspect({ type: '@xstate.actor', actorRef, rootId: event.rootId })
    }
    inspect(event)
  }
}

/**
 * The inspector src/dev/entry.ts sets (`setInspector`) before the portal starts its actors: posted
 * on `FLOWS_CHANNEL` for the Flows page, or, with `?inspect=stately` in the address (`search`), to
 * Stately's hosted inspector (it opens stately.ai in a window, so it needs the network). Both are
 * sanitized the same way.
 */
export function startFlowsInspector(search: string): Inspect {
  if (new URLSearchParams(search).get('inspect') === 'stately') return observe(createBrowserInspector(inspectorOptions()))
  return flowsInspector(new BroadcastChannel(FLOWS_CHANNEL), window, randomId())
}
