import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import * as auth from '../../../contracts/auth.contract'
import { MINUTE_MS } from '../../../contracts/time'
import { enrolmentMachine } from '../../../machines/enrolment/enrolment.machine'
import { viewOf, waitingRoomMachine, type WaitingRoomEmitted } from '../../../machines/opening/waiting-room.machine'
import { controls } from '../../../mocks/node'
import { PERSONAS } from '../../../mocks/seed'
import '../../../tests/setup/mock-backend'
import { callApi } from '../../lib/api-client'
import { configureApiClient } from '../../lib/api-config'
import { now, resetClockSource, setClockSource } from '../../lib/clock'
import { queueQueries } from '../../lib/queue-queries'
import { enrolmentActors } from '../enrolment/enrolment-binding'
import { waitingRoomActors } from './waiting-room-binding'

/** The seeded rush race (mocks/README.md): room at 10:30 Rome, registration at 11:00. */
const RACE = 260
const ROOM_OPENS = Date.parse('2026-03-02T09:30:00Z')
const REGISTRATION_OPENS = Date.parse('2026-03-02T10:00:00Z')
const completo = PERSONAS.find((persona) => persona.key === 'completo')!

let queryClient: QueryClient
/** Every actor a test starts, stopped after it. */
const started: Array<{ stop: () => void }> = []

beforeEach(async () => {
  setClockSource(() => controls.now())
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const signedIn = await callApi(auth.token, { body: { grant_type: 'password', username: completo.mail, password: completo.password } })
  if (!signedIn.ok) throw new Error('sign-in failed')
  configureApiClient({ getToken: () => signedIn.data.access_token })
})
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop()
  resetClockSource()
  configureApiClient({ getToken: () => null })
})

/** One page's room (the room page joins by itself), ticked as the portal ticks it. */
function roomPage(autoJoin = true) {
  const actor = createActor(waitingRoomMachine.provide({ actors: waitingRoomActors(queryClient) }), {
    input: { raceId: RACE, now: now(), opensAt: REGISTRATION_OPENS, roomOpensAt: ROOM_OPENS, jitterSeed: 7, autoJoin },
  })
  const emitted: WaitingRoomEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  const tick = () => actor.send({ type: 'clock.tick', now: now() })
  started.push(actor)
  return { actor: actor.start(), emitted, tick }
}

function gateRefusals() {
  const actor = createActor(enrolmentMachine.provide({ actors: enrolmentActors(queryClient, completo.athleteId) }), {
    input: { raceId: RACE, athleteId: completo.athleteId, phase: 'open', keySeed: 'seed' },
  }).start()
  started.push(actor)
  return waitFor(actor, (snapshot) => snapshot.matches('refused') || snapshot.matches('wizard'))
}

describe("the waiting room's actors against the simulated backend", () => {
  it('before the room opens: no ticket, a countdown; once it opens the page joins, and the ticket is in the cache', async () => {
    const { actor, tick } = roomPage()
    await waitFor(actor, (snapshot) => viewOf(snapshot) === 'beforeRoom')
    controls.setNow(ROOM_OPENS)
    tick()
    await waitFor(actor, (snapshot) => viewOf(snapshot) === 'inRoom')
    const cached = queryClient.getQueryData(queueQueries.status(RACE).queryKey)
    expect(cached?.stato).toBe('in_sala')
    expect(actor.getSnapshot().context.ticket?.id).toBe(cached?.biglietto)
  })

  it('another tab (or a reload) finds the same ticket: the place is not changed', async () => {
    controls.setNow(ROOM_OPENS)
    const first = roomPage()
    await waitFor(first.actor, (snapshot) => viewOf(snapshot) === 'inRoom')
    const second = roomPage()
    await waitFor(second.actor, (snapshot) => viewOf(snapshot) === 'inRoom')
    expect(second.actor.getSnapshot().context.ticket?.id).toBe(first.actor.getSnapshot().context.ticket?.id)
  })

  it("the wizard's gate sends an athlete without a held place to the room, and lets one holding a place in", async () => {
    controls.setNow(ROOM_OPENS)
    expect((await gateRefusals()).context.refusals).toEqual([
      { code: 'waiting_room', roomOpensAt: '2026-03-02T09:30:00.000Z', opensAt: '2026-03-02T10:00:00.000Z' },
    ])

    const { actor, emitted, tick } = roomPage()
    await waitFor(actor, (snapshot) => viewOf(snapshot) === 'inRoom')
    controls.setNow(REGISTRATION_OPENS + 2 * MINUTE_MS)
    tick()
    await waitFor(actor, (snapshot) => viewOf(snapshot) === 'held', { timeout: 5_000 })
    expect(emitted).toContainEqual({ type: 'admitted' })
    expect(queryClient.getQueryData(queueQueries.status(RACE).queryKey)?.stato).toBe('posto')

    expect((await gateRefusals()).context.refusals).toEqual([])
  })
})
