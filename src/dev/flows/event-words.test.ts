// @vitest-environment node
import { setupI18n } from '@lingui/core'
import { afterEach, describe, expect, it } from 'vitest'
import { HOUR_MS, MINUTE_MS } from '../../../contracts/time'
import { resetClockSource, setClockSource } from '../../lib/clock'
import { eventWords } from './event-words'
import { FLOW_MACHINES } from './flow-machines'
import { flowGraphOf } from './machine-graph'
import { REDACTED } from './sanitize'
import { SIMULATIONS } from './simulations'

// The source words: the catalogs get these messages when they are next extracted.
const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

const T0 = Date.UTC(2026, 5, 1, 12)

afterEach(resetClockSource)

/** What the words say of an event type they do not know. */
const unknownEvent = (type: string) => eventWords(i18n, 'enrolment', { type: 'no.such.event' }).replace('no.such.event', type)

/** What the words say of an actor's event (`xstate.done.actor.<id>`) when they do not know the actor. */
function unknownActor(event: { type: string }): string | null {
  const [, kind, actorId] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? []
  if (!actorId) return null
  return eventWords(i18n, 'enrolment', { ...event, type: `xstate.${kind!}.actor.no-such-actor` }).replace('no-such-actor', actorId)
}

describe.each(FLOW_MACHINES.map(({ machine }) => [machine.id, machine] as const))('the events of the %s machine in words', (id, machine) => {
  const simulation = SIMULATIONS[id]!

  it('say every sample the page steps it with', () => {
    for (const event of simulation.events) {
      expect(eventWords(i18n, id, event), event.type).not.toBe(unknownEvent(event.type))
    }
  })

  it('tell apart the samples of one type whose payload changes what happened', () => {
    const types = new Set(simulation.events.map((event) => event.type))
    for (const type of types) {
      const samples = simulation.events.filter((event) => event.type === type)
      const words = samples.map((sample) => eventWords(i18n, id, sample))
      expect(new Set(words).size, `${type}: ${words.join(' | ')}`).toBe(samples.length)
    }
  })

  it('say XState’s own events: its start, an actor’s answer or failure named in words, a delay running out', () => {
    const own = flowGraphOf(machine)
      .transitions.map((transition) => transition.event)
      .filter((type) => type.startsWith('xstate.'))
    const unknownDelay = eventWords(i18n, id, { type: 'xstate.after.noSuchDelay.x' })
    for (const type of ['xstate.init', ...own]) {
      const event = { type, error: { kind: 'network', operation: 'simulated' } }
      const words = eventWords(i18n, id, event)
      expect(words, type).not.toBe(unknownEvent(type))
      expect(words, type).not.toBe(unknownActor(event))
      if (type.startsWith('xstate.after.')) expect(words, type).not.toBe(unknownDelay)
    }
  })

  it('name every actor it invokes', () => {
    for (const actor of [...Object.keys(simulation.answers), ...Object.keys(simulation.idle)]) {
      const event = { type: `xstate.done.actor.${actor}` }
      expect(eventWords(i18n, id, event), actor).not.toBe(unknownActor(event))
    }
  })
})

describe('the words of an event', () => {
  it('say what was chosen', () => {
    expect(eventWords(i18n, 'enrolment', { type: 'data.confirm', confirmed: true })).toBe('The athlete confirms their personal data')
    expect(eventWords(i18n, 'enrolment', { type: 'refund.choose', option: 'protetto' })).toBe('The athlete chooses the protected refund')
    expect(eventWords(i18n, 'enrolment', { type: 'refund.choose', option: 'standard' })).toBe('The athlete chooses the standard refund')
    expect(eventWords(i18n, 'enrolment', { type: 'gps.choose', rent: true })).toBe('The athlete rents a GPS tracker')
    expect(eventWords(i18n, 'enrolment', { type: 'gps.choose', rent: false })).toBe('The athlete chooses not to rent a GPS tracker')
    expect(eventWords(i18n, 'transferTake', { type: 'gps.choose', rent: true })).toBe('The recipient rents a GPS tracker')
  })

  it('say how far the clock moves from now', () => {
    setClockSource(() => T0)
    expect(eventWords(i18n, 'enrolment', { type: 'clock.tick' })).toBe('Time passes')
    expect(eventWords(i18n, 'enrolment', { type: 'clock.tick', now: T0 + 20_000 })).toBe('Time passes')
    expect(eventWords(i18n, 'enrolment', { type: 'clock.tick', now: T0 + 48 * HOUR_MS })).toBe('The clock moves 48 hours on')
    expect(eventWords(i18n, 'waitList', { type: 'clock.tick', now: T0 + 48 * HOUR_MS + MINUTE_MS })).toBe('The clock moves 48 hours and 1 minute on')
    expect(eventWords(i18n, 'waitingRoom', { type: 'clock.tick', now: T0 + 10 * MINUTE_MS })).toBe('The clock moves 10 minutes on')
    expect(eventWords(i18n, 'session', { type: 'session.tick', now: T0 - HOUR_MS })).toBe('The clock reads 1 hour earlier than now')
  })

  it('say an actor’s answer and why it failed, by the kind of error', () => {
    expect(eventWords(i18n, 'enrolment', { type: 'xstate.init' })).toBe('The machine starts')
    expect(eventWords(i18n, 'enrolment', { type: 'xstate.done.actor.0.enrolment.checking', output: {} })).toBe('The eligibility check answered')
    const failed = (error: unknown) => eventWords(i18n, 'enrolment', { type: 'xstate.error.actor.0.enrolment.wizard.enrolling', error })
    expect(failed({ kind: 'network', operation: 'simulated' })).toBe('The enrolment request failed: no connection')
    expect(failed({ kind: 'unauthorized', operation: 'simulated' })).toBe('The enrolment request failed: the session was over')
    expect(failed({ kind: 'http', operation: 'simulated', status: 409, code: 'sold_out', body: null })).toBe(
      'The enrolment request failed: the server refused it (409 sold_out)',
    )
    expect(failed({ kind: 'http', operation: 'simulated', status: 503, code: null, body: null, retryAfterS: 20 })).toBe(
      'The enrolment request failed: the server was busy and asked to wait 20 seconds',
    )
    expect(failed(REDACTED)).toBe('The enrolment request failed: an error the page cannot name')
    expect(eventWords(i18n, 'session', { type: 'xstate.error.actor.someone', error: null })).toBe('someone failed: an error the page cannot name')
  })

  it('never say a secret of the payload', () => {
    const said = [
      eventWords(i18n, 'session', { type: 'session.login', username: 'athlete@example.org', password: 'hunter2' }),
      eventWords(i18n, 'session', { type: 'session.signIn', token: 'SECRET-token', source: 'reset', now: T0 }),
      eventWords(i18n, 'transferGive', { type: 'mail.change', value: 'friend@example.org' }),
      eventWords(i18n, 'enrolment', { type: 'disclaimer.type', text: 'I have read and accept' }),
    ].join(' ')
    for (const secret of ['athlete@example.org', 'hunter2', 'SECRET-token', 'friend@example.org', 'I have read']) expect(said).not.toContain(secret)
  })

  it('judge a typed address as the machine does, and a redacted one not at all', () => {
    const typed = (value: string) => eventWords(i18n, 'transferGive', { type: 'mail.change', value })
    expect(typed('friend@example.org')).toBe('The athlete types a valid e-mail address for the recipient')
    expect(typed('not an address')).toBe('The athlete types something that is not an e-mail address')
    expect(typed(REDACTED)).toBe("The athlete types the recipient's e-mail address")
  })

  it('name an event it has no words for by its type', () => {
    expect(eventWords(i18n, 'enrolment', { type: 'wizard.teleport', to: 'paid' })).toBe('The machine receives the event wizard.teleport')
    expect(eventWords(i18n, 'noSuchMachine', { type: 'constructor' })).toBe('The machine receives the event constructor')
  })
})
