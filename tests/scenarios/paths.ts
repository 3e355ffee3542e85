/**
 * The paths a scenario file replays: `xstate/graph` walks the machine as a pure function (no actor
 * runs) to the shortest path to every state the model's events reach, and each path is extended by
 * every event that takes a transition there, so each transition the model can take ends some path.
 * An event that leaves the walk where it was (a page remembered, a file chosen) changes what comes
 * next without changing the state the walk sees, so its path also goes on by every event that takes
 * a transition after it. A path is only its events: the scenario replays them on a live actor with
 * faked actors, and what each step must show comes from the spec, never from this walk.
 */
import { transition, type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic, type InputFrom, type SnapshotFrom } from 'xstate'
import { getShortestPaths } from 'xstate/graph'

export interface ScenarioPathOptions<M extends AnyStateMachine> {
  input?: InputFrom<M>
  /** The model's events, as the machine gets them (actors' done/error events and timers' included). */
  events: ReadonlyArray<EventFromLogic<M>>
  /** What decides a transition: two snapshots with one serialization are one state of the walk. */
  serializeState: (snapshot: SnapshotFrom<M>) => string
  /**
   * Events also tried where they take no transition: the live actor must ignore them, and the
   * properties hold all the same (a second request while one is in flight, a late denial).
   */
  probe?: (event: EventFromLogic<M>) => boolean
}

/** Each path's events, in order; the events are the very objects of `options.events`. */
export function scenarioPaths<M extends AnyStateMachine>(machine: M, options: ScenarioPathOptions<M>): Array<Array<EventFromLogic<M>>> {
  const serialize = (snapshot: AnyMachineSnapshot) => `${snapshot.status} ${options.serializeState(snapshot as SnapshotFrom<M>)}`
  const takes = (snapshot: AnyMachineSnapshot, event: EventFromLogic<M>) => machine.getTransitionData(snapshot, event).length > 0
  // An actor fails only where it runs: an error event nothing handles would put the walked machine
  // in error, a state no live actor can be in.
  const eventsIn = (snapshot: AnyMachineSnapshot) =>
    options.events.filter((event) => !event.type.startsWith('xstate.error.actor.') || takes(snapshot, event))

  const reached = getShortestPaths(machine, {
    input: options.input,
    events: (snapshot) => eventsIn(snapshot as AnyMachineSnapshot),
    serializeState: (snapshot) => serialize(snapshot as AnyMachineSnapshot),
  })
  const paths: Array<Array<EventFromLogic<M>>> = []
  for (const path of reached) {
    const state = path.state as AnyMachineSnapshot
    // A final state ends the path that reached it, which extends its predecessor's.
    if (state.status !== 'active') continue
    // The first step is the machine's start, not an event of the model.
    const prefix = path.steps.slice(1).map((step) => step.event as EventFromLogic<M>)
    for (const event of options.events) {
      if (!takes(state, event)) {
        if (options.probe?.(event)) paths.push([...prefix, event])
        continue
      }
      paths.push([...prefix, event])
      const next = transition(machine, state as SnapshotFrom<M>, event)[0] as AnyMachineSnapshot
      if (next.status !== 'active' || serialize(next) !== serialize(state)) continue
      for (const after of eventsIn(next)) if (takes(next, after)) paths.push([...prefix, event, after])
    }
  }
  return paths
}
