// @vitest-environment node
import * as z from 'zod/mini'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PaymentLinkStatusSchema } from '../contracts/payments.contract'
import { QueueTicketSchema } from '../contracts/queue.contract'
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../contracts/time'
import { WaitEntrySchema } from '../contracts/wait-list.contract'
import { holdOf, isHoldLive, isOfferLive, offerEndsAt } from '../machines/rules/held-place'
import { isLinkOpen, isLinkPayable } from '../machines/rules/payment-link'
import { db } from './db'
import { controls } from './node'
import { createProvider, hasLapsed, isOpenLink, isPayableLink } from './provider'
import { enrolmentGate, markPaying } from './queue'
import { stageRush } from './queue-stage'
import { SEED_NOW_MS, SEED_TOKENS } from './seed'
import { api, get, persona, post, signIn } from './test-api'
import { freeOnePlace, offerReserved } from './wait-list'
import '../tests/setup/mock-backend'

/**
 * The simulated backend keeps its own readings of a place kept for an athlete and of a payment
 * link (it may not import the portal's machines, DESIGN.md section 2); here they are held to the
 * portal's rules (machines/rules/held-place.ts, payment-link.ts) over a table of moments, each
 * side reading what it reads in use: the server its records, the portal the answer it is served.
 */

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})

const iso = (ms: number) => new Date(ms).toISOString()

describe('a held place (decision 037): the gate of the enrolment calls and the portal agree', () => {
  const ROOM_OPENS = SEED_NOW_MS + 10 * MINUTE_MS
  const OPENING = SEED_NOW_MS + 40 * MINUTE_MS

  /** One athlete holding a place of a staged room race; its deadline, the athlete and how to read the ticket. */
  async function heldPlace() {
    const { raceId, tokens } = await stageRush({
      athletes: 1,
      places: 5,
      admissionsPerMinute: 60,
      admissionSeconds: 300,
      holdSeconds: 600,
      roomOpensAt: iso(ROOM_OPENS),
      registrationOpensAt: iso(OPENING),
    })
    const token = tokens[0]!
    const coda = `/api/v1/vdatrailers/gara/${String(raceId)}/coda`
    const ticket = async () => z.parse(QueueTicketSchema, (await get(token, coda)).body)
    controls.setNow(ROOM_OPENS)
    await post(token, coda, {})
    controls.setNow(OPENING + MINUTE_MS)
    const admitted = await ticket()
    const held = z.parse(QueueTicketSchema, (await post(token, `/api/v1/vdatrailers/gara/${String(raceId)}/posto`, { ammissione: admitted.ammissione!.token })).body)
    const athleteId = db.queueTickets.findFirst((q) => q.where({ race_id: raceId }))!.athlete_id
    const race = db.races.findFirst((q) => q.where({ id: raceId }))!
    return { raceId, race, athleteId, ticket, deadline: Date.parse(held.posto!.scade) }
  }

  it.each([
    { at: 'a minute before its deadline', offset: -MINUTE_MS, paying: false, live: true },
    { at: 'a second before it', offset: -SECOND_MS, paying: false, live: true },
    { at: 'on it', offset: 0, paying: false, live: false },
    { at: 'a minute after it', offset: MINUTE_MS, paying: false, live: false },
    { at: 'a minute after it, a card authorised in time', offset: MINUTE_MS, paying: true, live: true },
  ])('$at: live $live', async ({ offset, paying, live }) => {
    const place = await heldPlace()
    if (paying) await markPaying(place.athleteId, place.raceId, controls.now())
    controls.setNow(place.deadline + offset)
    // The portal reads the ticket as served (the server first moves the room to now) and judges it
    // when it arrives; the gate reads its record then. The mock's clock runs on from where it is set.
    const served = await place.ticket()
    const now = controls.now()
    const hold = holdOf(served)
    expect(hold !== null && isHoldLive(hold, now), 'the portal').toBe(live)
    expect(enrolmentGate(place.athleteId, place.race, now) === 'held', 'the server').toBe(live)
  })
})

describe('a wait-list offer (decision 038): the server keeping the place and the portal agree', () => {
  const RACE = 206
  const LIST = `/api/v1/vdatrailers/gara/${String(RACE)}/lista_attesa`
  const race = () => db.races.findFirst((q) => q.where({ id: RACE }))!

  /** An athlete offered the place that came back; the deadline and how to read the entry. */
  async function offered() {
    const token = await signIn('completo')
    await post(token, LIST, {})
    await freeOnePlace(race(), controls.now())
    // Signed in afresh: the morning's session has run out by a deadline two days on.
    const entry = async () => z.parse(WaitEntrySchema, (await get(await signIn('completo'), LIST)).body)
    const deadline = offerEndsAt(await entry())!
    return { entry, deadline, athleteId: persona('completo').athleteId }
  }

  /**
   * A second before the deadline, the athlete enters and the provider authorises the card: the offer
   * is being taken until the backend hears of it, provider.ts SETTLE_DELAY_MS (3 s) later: past the deadline.
   */
  async function authorisedInTime(deadline: number) {
    controls.setNow(deadline - SECOND_MS)
    const token = await signIn('completo')
    await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: RACE, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Aosta' } })
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE })
    const started = await post(token, '/api/v1/vdatrailers/pagamenti', { project_id: RACE, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: race().prezzo, idempotency_key: 'live-rules-offer' })
    await createProvider(controls.now, () => undefined).decide(String(started.body.pagamento_id), 'authorised')
  }

  // `reserved`: the server keeps the place for the athlete; `mayTake`: the portal lets the athlete take it.
  it.each([
    { at: 'an hour before its deadline', offset: -HOUR_MS, paying: false, reserved: true, mayTake: true },
    { at: 'a second before it', offset: -SECOND_MS, paying: false, reserved: true, mayTake: true },
    { at: 'on it', offset: 0, paying: false, reserved: false, mayTake: false },
    { at: 'a minute after it', offset: MINUTE_MS, paying: false, reserved: false, mayTake: false },
    // Kept for the card under way (settled 3 s after it); the portal shows it
    // still offered and waits for the settlement.
    { at: 'a second after it, a card authorised in time', offset: SECOND_MS, paying: true, reserved: true, mayTake: false },
  ])('$at: reserved $reserved, may be taken $mayTake', async ({ offset, paying, reserved, mayTake }) => {
    const offer = await offered()
    if (paying) await authorisedInTime(offer.deadline)
    controls.setNow(offer.deadline + offset)
    const served = await offer.entry()
    const now = controls.now()
    const endsAt = offerEndsAt(served)
    expect(endsAt !== null && isOfferLive(endsAt, now), 'the portal').toBe(mayTake)
    // What the server keeps is what it still shows as offered.
    expect(endsAt !== null, 'the answer').toBe(reserved)
    expect(offerReserved(offer.athleteId, race(), now), 'the server').toBe(reserved)
  })
})

describe("an organiser's payment link (decision 026): the server's readings and the portal's agree", () => {
  const CODE = SEED_TOKENS.paymentLinkPending
  /** The seeded link's deadline: 9 March 2026, 23:59 in Rome. */
  const DEADLINE = '2026-03-09T22:59:00.000Z'
  const DEADLINE_MS = Date.parse(DEADLINE)
  const payment = () => db.payments.findFirst((q) => q.where({ link_code: CODE }))!

  it.each([
    { at: 'a day before its deadline', offset: -24 * HOUR_MS, esito: null, open: true, payable: true },
    { at: 'a second before it', offset: -SECOND_MS, esito: null, open: true, payable: true },
    { at: 'on it', offset: 0, esito: null, open: false, payable: false },
    { at: 'an hour after it', offset: HOUR_MS, esito: null, open: false, payable: false },
    // A declined card, once the backend has heard of it, leaves the link to be paid with another.
    { at: 'before it, a card declined', offset: -HOUR_MS, esito: 'declined', open: true, payable: true },
    { at: 'after it, a card declined', offset: HOUR_MS, esito: 'declined', open: false, payable: false },
    { at: 'before it, a card authorised', offset: -HOUR_MS, esito: 'authorised', open: false, payable: false },
    { at: 'after it, a card authorised in time', offset: HOUR_MS, esito: 'authorised', open: false, payable: false },
  ] as const)('$at: open $open, payable now $payable', async ({ offset, esito, open, payable }) => {
    if (esito) {
      controls.setNow(DEADLINE_MS - 2 * HOUR_MS)
      await createProvider(controls.now, () => undefined).decide(payment().pagamento_id, esito)
    }
    controls.setNow(DEADLINE_MS + offset)
    const answer = await api(`/api/v1/vdatrailers/pagamenti/link/${CODE}`)
    const now = controls.now()
    const link = answer.status === 200 ? z.parse(PaymentLinkStatusSchema, answer.body) : null

    // The server's readings of its record.
    expect(isOpenLink(payment(), now), 'the server: open').toBe(open)
    expect(isPayableLink(payment(), now), 'the server: payable').toBe(payable)
    // The portal: the link's deadline (what the subscription's `scadenza_pagamento` carries) and the answer it is served.
    const undecided = esito !== 'authorised'
    expect(undecided && isLinkOpen(DEADLINE, now), 'the portal: open').toBe(open)
    expect(link !== null && isLinkPayable(link) && isLinkOpen(link.scade!, now), 'the portal: payable').toBe(payable)
    // Lapsed: past the deadline with nothing under way; the portal is told so (410) and the deadline says so.
    expect(hasLapsed(payment(), now), 'the server: lapsed').toBe(undecided && !isLinkOpen(DEADLINE, now))
    expect(answer.status === 410, 'the answer: lapsed').toBe(hasLapsed(payment(), now))
  })
})
