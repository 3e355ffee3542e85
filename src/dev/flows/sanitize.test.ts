// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { REDACTED, sanitizeContext, sanitizeEvent } from './sanitize'
import { DRIVES, KEPT, leakedIn, SECRETS } from './test-drives'

describe('what an inspector sees of a machine', () => {
  it.each(Object.entries(DRIVES))('has none of the %s machine’s secrets in its context or events', async (_, driveIt) => {
    const run = await driveIt()
    const context = run.actor.getSnapshot().context as object
    // The secrets are there before: the drive reached them.
    expect(leakedIn(JSON.stringify([context, run.sent])).length).toBeGreaterThanOrEqual(2)
    expect(leakedIn(JSON.stringify([sanitizeContext(context), run.sent.map(sanitizeEvent)]))).toEqual([])
  })

  it('keeps what says what happened: event types, the race, the options chosen, empty fields', async () => {
    const run = await DRIVES.enrolment()
    const context = sanitizeContext(run.actor.getSnapshot().context)
    expect(context).toMatchObject({ raceId: KEPT.raceId, choices: { refund: KEPT.refund, extra: REDACTED }, disclaimerText: REDACTED })
    expect(run.sent.map(sanitizeEvent)).toContainEqual({ type: 'refund.choose', option: KEPT.refund })
    expect(run.sent.map(sanitizeEvent)).toContainEqual({ type: 'extra.answer', name: 'tshirt', value: REDACTED })
    expect(sanitizeContext({ token: null, expiresAt: null })).toEqual({ token: null, expiresAt: null })
  })

  it('redacts a password sign-in, a token given by link and the profile an actor loaded', () => {
    expect(sanitizeEvent({ type: 'session.login', username: 'sim@example.org', password: SECRETS.password })).toEqual({
      type: 'session.login',
      username: 'sim@example.org',
      password: REDACTED,
    })
    const loaded = sanitizeEvent({
      type: 'xstate.done.actor.loadProfile',
      output: { id: 1, cod_fiscale: SECRETS.taxCode, torexperience: [{ note: SECRETS.experience }], scadenza_certificato: null },
    })
    expect(loaded).toEqual({ type: 'xstate.done.actor.loadProfile', output: { id: 1, cod_fiscale: REDACTED, torexperience: REDACTED, scadenza_certificato: null } })
  })

  it('redacts the e-mail of the athlete a place is passed on to (issue 23), in the giver’s context and in what it sends', () => {
    expect(sanitizeContext({ mail: 'recipient@example.org', problem: null })).toEqual({ mail: REDACTED, problem: null })
    expect(sanitizeEvent({ type: 'xstate.done.actor.offer', output: { codice: 'T-1', a: 'T', mail: 'recipient@example.org' } })).toMatchObject({ output: { mail: REDACTED } })
  })

  it('redacts an actor’s bare answer, such as a certificate’s review, which no field name can judge', () => {
    expect(sanitizeEvent({ type: 'xstate.done.actor.0.certificate.reloading', output: SECRETS.certificateReview })).toEqual({
      type: 'xstate.done.actor.0.certificate.reloading',
      output: REDACTED,
    })
    expect(sanitizeEvent({ type: 'xstate.done.actor.enrol', output: undefined })).toEqual({ type: 'xstate.done.actor.enrol', output: undefined })
  })
})
