import { describe, expect, it } from 'vitest'
import { applyInspection, EVENTS_KEPT, NO_ACTORS, type LiveState } from './live-actors'

const registered = (sessionId: string, machineId: string, value: unknown, tab = 'A') => ({
  type: '@xstate.actor',
  tab,
  sessionId,
  name: sessionId,
  definition: JSON.stringify({ id: machineId, initial: 'x' }),
  snapshot: { value, status: 'active' },
})
const event = (sessionId: string, type: string, rest: object = {}) => ({ type: '@xstate.event', tab: 'A', sessionId, event: { type, ...rest } })
const snapshot = (sessionId: string, value: unknown, status = 'active', tab = 'A') => ({ type: '@xstate.snapshot', tab, sessionId, snapshot: { value, status } })

const apply = (...messages: unknown[]): LiveState => messages.reduce<LiveState>(applyInspection, NO_ACTORS)
const keys = (state: LiveState) => state.actors.map((actor) => actor.key)

describe('the running actors the Flows page shows', () => {
  it('names each actor by its machine, and follows its state', () => {
    const state = apply(registered('x:1', 'session', 'restoring'), snapshot('x:1', { loggedIn: 'ready' }))
    expect(state.actors).toMatchObject([{ key: 'A x:1', machineId: 'session', value: { loggedIn: 'ready' }, status: 'active' }])
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
    expect(keys(state)).toEqual(['A x:1', 'A x:2'])
  })

  it('tells apart two tabs whose actors have the same session ids, and drops only those of the tab that goes', () => {
    const both = apply(
      registered('x:0', 'session', 'loggedOut', 'A'),
      registered('x:4', 'enrolment', { wizard: 'extraFields' }, 'A'),
      registered('x:0', 'session', { loggedIn: 'ready' }, 'B'),
      registered('x:4', 'paymentWait', 'waiting', 'B'),
      snapshot('x:4', 'settled', 'stopped', 'B'),
    )
    expect(both.actors.map((actor) => [actor.key, actor.machineId, actor.value])).toEqual([
      ['B x:0', 'session', { loggedIn: 'ready' }],
      ['A x:4', 'enrolment', { wizard: 'extraFields' }],
      ['A x:0', 'session', 'loggedOut'],
    ])
    expect(keys(applyInspection(both, { type: 'flows.gone', tab: 'A' }))).toEqual(['B x:0'])
  })

  it('drops an actor when it stops, and those of a tab that is gone', () => {
    const three = [registered('x:1', 'session', 'loggedOut'), registered('x:2', 'enrolment', 'checking'), registered('x:3', 'loginDrawer', 'closed')]
    expect(keys(apply(...three, snapshot('x:2', 'checking', 'stopped')))).toEqual(['A x:3', 'A x:1'])
    expect(keys(apply(...three, registered('x:1', 'session', 'loggedOut', 'B'), { type: 'flows.gone', tab: 'A' }))).toEqual(['B x:1'])
    expect(apply(...three, snapshot('x:2', 'done', 'done')).actors).toHaveLength(3)
  })

  it('ignores what is not an inspection, what names no tab, and actors it never saw registered', () => {
    const untabbed = { ...registered('x:1', 'session', 'loggedOut'), tab: undefined }
    expect(apply({ hello: true }, 'text', null, untabbed, snapshot('x:9', 'ready'), event('x:9', 'a'))).toEqual(NO_ACTORS)
  })
})
