import { fromCallback, fromPromise, getNextSnapshot, type AnyActorLogic, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import type { Answer, Simulation } from './simulations'

/** A faked actor of a simulated machine, waiting for the product owner to pick its answer. */
export interface PendingCall {
  key: string
  /** The actor's name in the machine (`src`). */
  src: string
  answers: readonly Answer[]
  answer(answer: Answer): void
}

const isMachine = (logic: AnyActorLogic): logic is AnyStateMachine => 'root' in logic

/**
 * A machine to run on the Flows page with its effects faked: every actor with answers waits for one
 * picked on the page (`pending`), the idle ones (callback actors) do nothing, and a machine it
 * invokes is faked the same way. Nothing leaves the page, and its actor is not inspected.
 */
export function simulate(machine: AnyStateMachine, simulation: Simulation) {
  const pending = new Map<string, PendingCall>()
  const listeners = new Set<() => void>()
  let calls: PendingCall[] = []
  const changed = () => {
    calls = [...pending.values()]
    for (const listener of listeners) listener()
  }

  const fake = (src: string, answers: readonly Answer[]) =>
    fromPromise<unknown>(
      ({ self, signal }) =>
        new Promise((resolve, reject) => {
          const key = self.sessionId
          const settle = () => {
            pending.delete(key)
            changed()
          }
          pending.set(key, {
            key,
            src,
            answers,
            answer: (answer) => {
              settle()
              if ('error' in answer) reject(answer.error)
              else resolve(answer.output)
            },
          })
          signal.addEventListener('abort', settle)
          changed()
        }),
    )

  const faked = (logic: AnyStateMachine): AnyStateMachine => {
    const actors = Object.fromEntries(
      Object.entries(logic.implementations.actors as Record<string, AnyActorLogic>).map(([src, implementation]) => {
        if (isMachine(implementation)) return [src, faked(implementation)]
        const answers = simulation.answers[src]
        return [src, answers ? fake(src, answers) : fromCallback(() => undefined)]
      }),
    )
    return logic.provide({ actors })
  }

  return {
    logic: faked(machine),
    input: simulation.input(),
    /** The actors waiting for an answer, the same array until one comes or goes. */
    pending: () => calls,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/**
 * The samples a product owner is offered in the simulated state: those it takes and that change it,
 * its state or its data. One the state takes and that leaves both as they are would be a button that
 * does nothing (a confirmation given twice).
 */
export function offeredEvents<TEvent extends { type: string }>(logic: AnyStateMachine, snapshot: AnyMachineSnapshot, events: readonly TEvent[]): TEvent[] {
  const now = JSON.stringify([snapshot.value, snapshot.context])
  return events.filter((event) => {
    if (!snapshot.can(event)) return false
    const next = getNextSnapshot(logic, snapshot, event)
    return JSON.stringify([next.value, next.context]) !== now
  })
}
