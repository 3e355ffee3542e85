/**
 * Machine coverage for the scenario tests: which states were entered and which transitions were
 * taken, observed on the live actors through XState's inspection API, never computed from the
 * paths a test meant to take. `npm run test:coverage:machines` (scripts/machine-coverage.ts) runs the
 * scenarios, merges what each file recorded and compares it with every state and transition the
 * machines declare.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterAll } from 'vitest'
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate'

/** Where each scenario file writes what it covered, for the coverage command to merge. */
export const COVERAGE_DIR = join(process.cwd(), 'tests/scenarios/.coverage')

export interface MachineInventory {
  states: string[]
  transitions: string[]
}

const isStateNode = (node: unknown): node is AnyStateNode => typeof node === 'object' && node !== null && 'path' in node

function targetsOf(transition: AnyTransitionDefinition): string {
  const targets = (transition.target ?? []).map((target) => (target as AnyStateNode).id)
  return targets.length > 0 ? targets.join(', ') : '(no target)'
}

function eventLabel(eventType: string): string {
  return eventType === '' ? 'always' : eventType
}

/**
 * A transition's name in the report: its source, event, guard, targets and its rank among the
 * source's transitions for that event (two guarded branches of one event are two transitions).
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source as AnyStateNode
  const siblings = (transition.eventType === '' ? source.always : source.transitions.get(transition.eventType)) ?? []
  const rank = siblings.indexOf(transition)
  const guard = transition.guard ? ` [${typeof transition.guard === 'string' ? transition.guard : ((transition.guard as { type?: string }).type ?? 'guard')}]` : ''
  return `${source.id} --${eventLabel(transition.eventType)}${guard}#${String(rank)}--> ${targetsOf(transition)}`
}

/** Every state (but the machine's root) and every transition a machine declares. */
export function inventoryOf(machine: AnyStateMachine): MachineInventory {
  const states: string[] = []
  const transitions: string[] = []
  const visit = (node: AnyStateNode) => {
    if (node.path.length > 0) states.push(node.id)
    for (const list of node.transitions.values()) for (const transition of list) transitions.push(transitionKey(transition))
    for (const transition of node.always ?? []) transitions.push(transitionKey(transition))
    for (const child of Object.values(node.states)) if (isStateNode(child)) visit(child)
  }
  visit(machine.root)
  return { states, transitions }
}

interface Covered {
  states: Set<string>
  transitions: Set<string>
}

const covered = new Map<string, Covered>()

function coveredOf(machineId: string): Covered {
  let entry = covered.get(machineId)
  if (!entry) covered.set(machineId, (entry = { states: new Set(), transitions: new Set() }))
  return entry
}

type MachineSnapshotLike = { machine?: { id: string }; _nodes?: AnyStateNode[] }

/**
 * The `inspect` option of every actor a scenario runs: records, for each machine by its id (a
 * machine's `provide()`d copy keeps the id; a child machine is recorded under its own), the states
 * its snapshots are in or its microsteps leave, and the transitions its microsteps take.
 */
export function recordCoverage(event: InspectionEvent): void {
  if (event.type !== '@xstate.snapshot' && event.type !== '@xstate.microstep') return
  const snapshot = event.snapshot as MachineSnapshotLike
  const machineId = snapshot.machine?.id
  if (!machineId) return
  const entry = coveredOf(machineId)
  for (const node of snapshot._nodes ?? []) if (node.path.length > 0) entry.states.add(node.id)
  if (event.type !== '@xstate.microstep') return
  for (const transition of event._transitions) {
    entry.transitions.add(transitionKey(transition))
    // A transient initial state (`restoring`) is entered and left in the actor's first microstep,
    // which XState does not inspect, so no snapshot shows it: a transition out of a state proves it
    // was entered.
    const source = transition.source as AnyStateNode
    if (source.path.length > 0) entry.states.add(source.id)
  }
}

/**
 * Call once at the top of a scenario file: when the coverage command runs it, what the file's
 * actors covered is written for the command to merge.
 */
export function writeCoverageAfterAll(testFile: string): void {
  afterAll(() => {
    if (!process.env.PETTORALE_MACHINE_COVERAGE) return
    mkdirSync(COVERAGE_DIR, { recursive: true })
    const data = Object.fromEntries(
      [...covered].map(([machineId, { states, transitions }]) => [machineId, { states: [...states], transitions: [...transitions] }]),
    )
    writeFileSync(join(COVERAGE_DIR, `${basename(testFile)}.json`), JSON.stringify(data, null, 1))
  })
}
