import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph'

/**
 * A machine as its charts draw it, read from its own definition by `xstate/graph`: the Mermaid
 * files of `npm run flows` and the Flows page's SVG come from this one walk, so neither can drift
 * from the machine.
 */

export interface FlowState {
  /** The state node's id (`enrolment.wizard.dataCheck`); the machine's root is its id alone. */
  id: string
  /** Its key in its parent (`dataCheck`); the root's is the machine id. */
  key: string
  parentId: string | null
  /** The ids of its child states, in the order the machine lists them. */
  children: string[]
  initial: string | null
  final: boolean
}

export interface FlowTransition {
  /** Unique in the machine: source, event, rank among the source's transitions, target. */
  id: string
  source: string
  /** The source itself for a transition without a target (it acts and stays). */
  target: string
  /** The event as XState names it (`xstate.done.actor.0.enrolment.checking`, '' for `always`). */
  event: string
  /** The event as a reader names it: `done`, `error`, `after 800 ms`, `always`, or the event type. */
  label: string
  guard: string | null
  /** No target: the state stays (the actions run), as a self-loop on the chart. */
  internal: boolean
}

export interface FlowGraph {
  machineId: string
  /** Every state node, the root first, parents before their children. */
  states: FlowState[]
  transitions: FlowTransition[]
}

function guardName(guard: unknown): string | null {
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type)
  return 'guarded'
}

export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always'
  if (eventType.startsWith('xstate.done.actor.')) return 'done'
  if (eventType.startsWith('xstate.error.actor.')) return 'error'
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.split('.')[2] ?? ''} ms`
  return eventType
}

function stateOf(node: AnyStateNode): FlowState {
  const initial = node.config.initial
  return {
    id: node.id,
    key: node.path.at(-1) ?? node.id,
    parentId: node.parent?.id ?? null,
    children: Object.values(node.states as Record<string, AnyStateNode>).map((child) => child.id),
    initial: typeof initial === 'string' ? (node.states[initial] as AnyStateNode).id : null,
    final: node.type === 'final',
  }
}

function transitionsOf(node: AnyStateNode, edges: DirectedGraphNode['edges']): FlowTransition[] {
  // `toDirectedGraph` draws a transition without target as one to its source; `always` it leaves out.
  const declared = [
    ...edges.map((edge) => ({ transition: edge.transition, target: edge.target })),
    ...(node.always ?? []).flatMap((transition: AnyTransitionDefinition) =>
      (transition.target ?? [node]).map((target) => ({ transition, target: target as AnyStateNode })),
    ),
  ]
  const ranks = new Map<string, number>()
  return declared.map(({ transition, target }) => {
    const rank = ranks.get(transition.eventType) ?? 0
    ranks.set(transition.eventType, rank + 1)
    return {
      id: `${node.id}|${transition.eventType}|${String(rank)}|${target.id}`,
      source: node.id,
      target: target.id,
      event: transition.eventType,
      label: eventLabel(transition.eventType),
      guard: guardName(transition.guard),
      internal: !transition.target?.length,
    }
  })
}

export function flowGraphOf(machine: AnyStateMachine): FlowGraph {
  const states: FlowState[] = []
  const transitions: FlowTransition[] = []
  const visit = (graphNode: DirectedGraphNode) => {
    states.push(stateOf(graphNode.stateNode))
    transitions.push(...transitionsOf(graphNode.stateNode, graphNode.edges))
    graphNode.children.forEach(visit)
  }
  visit(toDirectedGraph(machine))
  return { machineId: machine.id, states, transitions }
}
