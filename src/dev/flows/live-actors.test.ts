import { describe, expect, it } from 'vitest'
import { applyInspection, EVENTS_KEPT, NO_ACTORS, type LiveState } from './live-actors'

const registered = (sessionId: string, machineId: string, value: unknown) => ({
  type: '@xstate.actor',
  sessionId,
  name: sessionId,
  definition: JSON.stringify({ id: machineId, initial: 'x' }),
  snapshot: { value, status: 'active' },
})
const event = (sessionId: string, type: string, rest: object = {}) => ({ type: '@xstate.event', sessionId, event: { type, ...rest } })
const snapshot = (sessionId: string, value: unknown, status = 'active') => ({ type: '@xstate.snapshot', sessionId, snapshot: { value, status } })

const apply = (...messages: unknown[]): LiveState => messages.reduce<LiveState>(applyInspection, NO_ACTORS)

describe('the running actors the Flows page shows', () => {
  it('names each actor by its machine, and follows its state', () => {
    const state = apply(registered('x:1', 'session', 'restoring'), snapshot('x:1', { loggedIn: 'ready' }))
    expect(state.actors).toMatchObject([{ sessionId: 'x:1', machineId: 'session', value: { loggedIn: 'ready' }, status: 'active' }])
  })

  it('keeps the last events of each actor, newest last, with their payload but not their type', () => {
    const events = Array.from({ length: EVENTS_KEPT + 2 }, (_, index) => event('x:1', 'session.tick', { now: index }))
    const [actor] = apply(registered('x:1', 'session', 'loggedOut'), ...events).actors
    expect(actor!.events).toHaveLength(EVENTS_KEPT)
    expect(actor!.events.at(-1)).toMatchObject({ type: 'session.tick', payload: JSON.stringify({ now: EVENTS_KEPT + 1 }) })
    expect(apply(registered('x:1', 'session', 'loggedOut'), event('x:1', 'session.logout')).actors[0]!.events[0]!.payload).toBe('')
  })

  it('lists several instances, the one heard of last first', () => {
    const state = apply(registered('x:1', 'enrolment', 'checking'), registered('x:2', 'enrolment', 'checking'), snapshot('x:1', 'refused'))
    expect(state.actors.map((actor) => actor.sessionId)).toEqual(['x:1', 'x:2'])
  })

  it('drops an actor when it stops, and those of a tab that is gone', () => {
    const three = [registered('x:1', 'session', 'loggedOut'), registered('x:2', 'enrolment', 'checking'), registered('x:3', 'loginDrawer', 'closed')]
    expect(apply(...three, snapshot('x:2', 'checking', 'stopped')).actors.map((actor) => actor.sessionId)).toEqual(['x:3', 'x:1'])
    expect(apply(...three, { type: 'flows.gone', sessionIds: ['x:1', 'x:3', 'x:9'] }).actors.map((actor) => actor.sessionId)).toEqual(['x:2'])
    expect(apply(...three, snapshot('x:2', 'done', 'done')).actors).toHaveLength(3)
  })

  it('ignores what is not an inspection, and actors it never saw registered', () => {
    expect(apply({ hello: true }, 'text', null, snapshot('x:9', 'ready'), event('x:9', 'a'))).toEqual(NO_ACTORS)
  })
})
