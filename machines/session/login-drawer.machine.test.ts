import { createActor, SimulatedClock } from 'xstate'
import { describe, expect, it } from 'vitest'
import { LOGIN_FOCUS_DELAY_MS, loginDrawerMachine } from './login-drawer.machine'

function start() {
  const clock = new SimulatedClock()
  const actor = createActor(loginDrawerMachine, { clock }).start()
  return { clock, actor }
}

describe('login drawer', () => {
  it('opens at once when the athlete asks for it', () => {
    const { actor } = start()
    actor.send({ type: 'drawer.open', delayed: false })
    expect(actor.getSnapshot().value).toBe('open')
  })

  it('opens about 800 ms after a redirect to the home page asks for it', () => {
    const { actor, clock } = start()
    actor.send({ type: 'drawer.open', delayed: true })
    clock.increment(LOGIN_FOCUS_DELAY_MS - 1)
    expect(actor.getSnapshot().value).toBe('waiting')
    clock.increment(1)
    expect(actor.getSnapshot().value).toBe('open')
  })

  it('does not open later when closed while waiting', () => {
    const { actor, clock } = start()
    actor.send({ type: 'drawer.open', delayed: true })
    actor.send({ type: 'drawer.close' })
    clock.increment(LOGIN_FOCUS_DELAY_MS * 2)
    expect(actor.getSnapshot().value).toBe('closed')
  })

  it('opens at once when asked directly while waiting', () => {
    const { actor } = start()
    actor.send({ type: 'drawer.open', delayed: true })
    actor.send({ type: 'drawer.open', delayed: false })
    expect(actor.getSnapshot().value).toBe('open')
  })

  it('a second delayed request while waiting keeps the first 800 ms (StrictMode runs effects twice)', () => {
    const { actor, clock } = start()
    actor.send({ type: 'drawer.open', delayed: true })
    clock.increment(LOGIN_FOCUS_DELAY_MS / 2)
    actor.send({ type: 'drawer.open', delayed: true })
    expect(actor.getSnapshot().value).toBe('waiting')
    clock.increment(LOGIN_FOCUS_DELAY_MS / 2)
    expect(actor.getSnapshot().value).toBe('open')
  })

  it('closes', () => {
    const { actor } = start()
    actor.send({ type: 'drawer.open', delayed: false })
    actor.send({ type: 'drawer.close' })
    expect(actor.getSnapshot().value).toBe('closed')
  })
})
