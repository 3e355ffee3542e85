import { describe, expect, it } from 'vitest'
import type { AnyActorLogic, AnyStateMachine } from 'xstate'
import { FLOW_MACHINES } from './flow-machines'
import { flowGraphOf } from './machine-graph'
import { SIMULATIONS } from './simulations'

/** The event types a screen (or an actor's callback) sends the machine: not XState's own (done, error, after, always). */
const acceptedEvents = (machine: AnyStateMachine) =>
  new Set(flowGraphOf(machine).transitions.map((transition) => transition.event).filter((event) => event !== '' && !event.startsWith('xstate.')))

/** The names of the actors a simulation fakes: the machine's, and those of the machines it invokes. */
function actorNames(machine: AnyStateMachine): string[] {
  return Object.entries(machine.implementations.actors as Record<string, AnyActorLogic>).flatMap(([src, logic]) =>
    'root' in logic ? actorNames(logic as AnyStateMachine) : [src],
  )
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort()

describe.each(FLOW_MACHINES.map(({ machine }) => [machine.id, machine] as const))('the simulation of the %s machine', (id, machine) => {
  const simulation = SIMULATIONS[id]!

  it('has a sample of every event the machine accepts, or says why not, and none it does not', () => {
    const sampled = simulation.events.map((event) => event.type)
    const unsampled = Object.keys(simulation.unsampled ?? {})
    expect(sorted([...sampled, ...unsampled])).toEqual(sorted(acceptedEvents(machine)))
    expect(unsampled.filter((type) => sampled.includes(type))).toEqual([])
  })

  it('has answers for every actor the machine invokes, or says why it stays idle, and none for an actor it lacks', () => {
    const answered = Object.keys(simulation.answers)
    const idle = Object.keys(simulation.idle)
    expect(sorted([...answered, ...idle])).toEqual(sorted(actorNames(machine)))
    expect(idle.filter((name) => answered.includes(name))).toEqual([])
    for (const name of answered) expect(simulation.answers[name], name).not.toHaveLength(0)
  })
})
