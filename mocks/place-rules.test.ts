// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Subscription } from '../contracts/athlete.contract'
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../contracts/time'
import { hasStarted, isActivePlace, transferWindow } from '../machines/rules/place'
import { db, type PaymentRecord } from './db'
import { controls } from './node'
import { sentMail } from './outbox'
import { placeAtSettlement, placeFor, placesLeft } from './place-rule'
import { createProvider, hasLapsed, SETTLE_DELAY_MS } from './provider'
import { markPaying } from './queue'
import { stageRush } from './queue-stage'
import { isActivePlace as serverIsActive } from './records'
import { SEED_NOW_MS, SEED_TOKENS } from './seed'
import { ATHLETE_IDS } from './seed/personas'
import { api, get, persona, post, signIn } from './test-api'
import { freeOnePlace } from './wait-list'
import '../tests/setup/mock-backend'

/**
 * Decision 038, issue 40: the simulated backend reads a place's rules itself (mocks/records.ts
 * `isActivePlace`, which mocks/transfer.ts and mocks/places.ts `placeOf` use, and places.ts
 * `started`), as a real backend would, and may not import the portal's (DESIGN.md section 2). Over a table of subscriptions and moments, its HTTP
 * answers must agree with the portal's one rule (machines/rules/place.ts): what the portal offers
 * or refuses up front is what the server does.
 */

const RACE = 202
const race = () => db.races.findFirst((q) => q.where({ id: RACE }))!
const offer = (token: string, mail: string, chiave: string) => post(token, `/api/v1/vdatrailers/iscrizione/${String(RACE)}/cessione`, { mail, chiave })
const accept = (token: string, code: string) => post(token, `/api/v1/vdatrailers/cessione/${code}/accetta`, { noleggio_gps: false })
const withdraw = (token: string, chiave: string) => post(token, `/api/v1/vdatrailers/iscrizione/${String(RACE)}/ritiro`, { rimborso_atteso: 22.5, chiave })

type Facts = Pick<Subscription, 'pagato' | 'stato'>

/** Every state a subscription can be in, paid or not (a record from before issue 23 has no `stato`). */
const TABLE: readonly Facts[] = [true, false].flatMap((pagato) =>
  ([undefined, 'attiva', 'ritirata', 'ceduta', 'rinviata'] as const).map((stato) => (stato === undefined ? { pagato } : { pagato, stato })),
)

/** The seed's moments: 2 March (race 202 open to transfers), 1 June (its deadline passed), race day after the start. */
const MOMENTS = ['2026-03-02T09:00:00+01:00', '2026-06-01T12:00:00+02:00', '2026-06-14T10:00:00+02:00'] as const

async function setPlace(key: keyof typeof ATHLETE_IDS, facts: Facts) {
  await db.subscriptions.update((q) => q.where({ athlete_id: ATHLETE_IDS[key], project_id: RACE }), {
    data(record) {
      record.pagato = facts.pagato
      if (facts.stato === undefined) delete record.stato
      else record.stato = facts.stato
    },
  })
}

const name = (facts: Facts) => `${facts.pagato ? 'paid' : 'unpaid'}, ${facts.stato ?? 'no state'}`

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {})
})

describe('the rule itself', () => {
  it.each(TABLE.map((facts) => [name(facts), facts] as const))('reads a place %s as the portal does', (_, facts) => {
    expect(serverIsActive(facts)).toBe(isActivePlace(facts))
  })
})

describe("the giver's place: what the portal offers is what the server takes", () => {
  it.each(TABLE.map((facts) => [name(facts), facts] as const))('an offer of a place %s, in the window', async (_, facts) => {
    controls.setNow(MOMENTS[0])
    await setPlace('completo', facts)
    const { pagato } = facts
    const offered = await offer(await signIn('completo'), persona('pax').mail, `key-${name(facts)}`)
    if (isActivePlace(facts)) expect(offered.status, 'an active place in the window is offered').toBe(201)
    else expect([offered.status, offered.body.code], 'not an active place: refused as such').toEqual([409, pagato ? 'place_changed' : 'not_paid'])
  })

  it.each(MOMENTS.map((at) => [at] as const))('an active place at %s is offered exactly while the window is open, and withdrawn until the start', async (at) => {
    controls.setNow(at)
    const token = await signIn('completo')
    const offered = await offer(token, persona('pax').mail, `key-${at}`)
    if (transferWindow(race(), controls.now()).open) expect(offered.status).toBe(201)
    else expect(offered.body.code).toBe('transfer_closed')
    if (hasStarted(race(), controls.now())) expect((await withdraw(token, `w-${at}`)).body.code).toBe('withdrawal_closed')
  })

  it.each(TABLE.map((facts) => [name(facts), facts] as const))('a withdrawal of a place %s is refused as the portal says', async (_, facts) => {
    controls.setNow(MOMENTS[0])
    await setPlace('completo', facts)
    const { pagato } = facts
    const answer = await withdraw(await signIn('completo'), `w-${name(facts)}`)
    if (isActivePlace(facts)) expect(answer.status).toBe(200)
    else expect([answer.status, answer.body.code]).toEqual([409, pagato ? 'place_changed' : 'not_paid'])
  })

})

describe("the recipient's own place: refused up front by the portal exactly when the server refuses it", () => {
  it.each(TABLE.map((facts) => [name(facts), facts] as const))('pax holding a subscription %s', async (_, facts) => {
    controls.setNow(MOMENTS[0])
    const giver = await signIn('completo')
    expect((await offer(giver, persona('pax').mail, 'to-pax')).status).toBe(201)
    const code = sentMail().findLast((mail) => mail.kind === 'transfer_offer')!.link.replace('/transfer/', '')
    await db.subscriptions.create({ ...db.subscriptions.findFirst((q) => q.where({ athlete_id: ATHLETE_IDS.completo, project_id: RACE }))!, athlete_id: ATHLETE_IDS.pax })
    await setPlace('pax', facts)
    const answer = await accept(await signIn('pax'), code)
    // The portal's machine ends `enrolled` before accepting exactly for an active place (a place
    // passed on and offered back is not one); the server refuses the same and takes the others.
    if (isActivePlace(facts)) expect(answer.body.code).toBe('already_enrolled')
    else expect(answer.status).toBe(200)
  })
})

/**
 * Issue 40's one rule of a place (mocks/place-rule.ts) at its edges, read where it is decided: the
 * places left with an organiser's link open, what an enrolment or a payment may start on, and what
 * an authorised payment takes as it settles.
 */
describe('the one rule of a place, at its edges', () => {
  /** pax's link for the flagship (201), seeded pending until 9 March 2026, 23:59 in Rome. */
  const FLAGSHIP = 201
  const LINK = SEED_TOKENS.paymentLinkPending
  const DEADLINE_MS = Date.parse('2026-03-09T22:59:00.000Z')
  const raceOf = (id: number) => db.races.findFirst((q) => q.where({ id }))!
  const link = () => db.payments.findFirst((q) => q.where({ link_code: LINK }))!
  const provider = () => createProvider(controls.now, () => undefined)
  /** The places nobody has paid or been offered: the count alone, before any link's promise. */
  const uncounted = (id: number) => raceOf(id).posti - raceOf(id).iscritti
  const setCount = (id: number, iscritti: number) => db.races.update((q) => q.where({ id }), { data: (race) => void (race.iscritti = iscritti) })
  /** A card payment of the athlete's place, authorised at the checkout, as placeAtSettlement is given it. */
  const card = (athleteId: number, raceId: number): PaymentRecord => ({
    ...link(),
    pagamento_id: 'PAY-RULE-CARD',
    athlete_id: athleteId,
    project_id: raceId,
    link_code: null,
    scade: null,
    esito: 'authorised',
  })

  const WAIT_LIST_RACE = 206
  const LIST = `/api/v1/vdatrailers/gara/${String(WAIT_LIST_RACE)}/lista_attesa`

  /** One athlete of a staged room race (one place) holding that place; how to pay it. */
  async function heldPlace() {
    const opening = SEED_NOW_MS + 40 * MINUTE_MS
    const { raceId, tokens } = await stageRush({
      athletes: 1,
      places: 1,
      admissionsPerMinute: 60,
      admissionSeconds: 300,
      holdSeconds: 600,
      roomOpensAt: new Date(SEED_NOW_MS + 10 * MINUTE_MS).toISOString(),
      registrationOpensAt: new Date(opening).toISOString(),
    })
    const token = tokens[0]!
    const coda = `/api/v1/vdatrailers/gara/${String(raceId)}/coda`
    controls.setNow(SEED_NOW_MS + 10 * MINUTE_MS)
    await post(token, coda, {})
    controls.setNow(opening + MINUTE_MS)
    const { ammissione } = (await get(token, coda)).body as { ammissione: { token: string } }
    await post(token, `/api/v1/vdatrailers/gara/${String(raceId)}/posto`, { ammissione: ammissione.token })
    const athleteId = db.queueTickets.findFirst((q) => q.where({ race_id: raceId }))!.athlete_id
    const pay = async () => {
      await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: raceId, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Aosta' } })
      await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: raceId })
      const started = await post(token, '/api/v1/vdatrailers/pagamenti', { project_id: raceId, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: raceOf(raceId).prezzo, idempotency_key: 'rule-held' })
      await provider().decide(String(started.body.pagamento_id), 'authorised')
      controls.advance(SETTLE_DELAY_MS)
      await get(token, coda)
    }
    return { raceId, athleteId, pay }
  }

  describe("an organiser's link promises its place until it lapses", () => {
    it.each([
      { at: 'a second before its deadline', offset: -SECOND_MS, authorised: false, promised: true },
      { at: 'on it', offset: 0, authorised: false, promised: false },
      { at: 'an hour after it', offset: HOUR_MS, authorised: false, promised: false },
      // Authorised a second before the deadline: the provider tells the backend SETTLE_DELAY_MS later.
      { at: 'a second after it, a card authorised in time and not yet settled', offset: SECOND_MS, authorised: true, promised: true },
    ])('$at: promised $promised', async ({ offset, authorised, promised }) => {
      if (authorised) {
        controls.setNow(DEADLINE_MS - SECOND_MS)
        await provider().payLink(LINK, 'authorised')
      }
      controls.setNow(DEADLINE_MS + offset)
      expect(placesLeft(raceOf(FLAGSHIP), controls.now())).toBe(uncounted(FLAGSHIP) - Number(promised))
    })

    it('so the last place is sold out to everyone else until the link lapses, and on sale again at its deadline exactly', async () => {
      await setCount(FLAGSHIP, raceOf(FLAGSHIP).posti - 1)
      const completo = persona('completo').athleteId
      controls.setNow(DEADLINE_MS - SECOND_MS)
      expect(placeFor(completo, raceOf(FLAGSHIP), controls.now())).toEqual({ ok: false, code: 'sold_out' })
      controls.setNow(DEADLINE_MS)
      expect(placeFor(completo, raceOf(FLAGSHIP), controls.now())).toEqual({ ok: true, basis: 'free' })
    })

    it('promises nothing in another race, and nothing once paid: the place is then in the count, once', async () => {
      const left = placesLeft(raceOf(FLAGSHIP), controls.now())
      expect(placesLeft(raceOf(202), controls.now())).toBe(uncounted(202))
      await provider().payLink(LINK, 'authorised')
      controls.advance(SETTLE_DELAY_MS)
      // The settlement lands with the next request, as the provider's webhook would.
      await api(`/api/v1/vdatrailers/pagamenti/link/${LINK}`)
      expect(link().stato).toBe('success')
      expect(placesLeft(raceOf(FLAGSHIP), controls.now())).toBe(left)
    })

    it('a link without a deadline (the record allows one) never lapses, so it promises its place until it is paid', async () => {
      await db.payments.update((q) => q.where({ link_code: LINK }), { data: (payment) => void (payment.scade = null) })
      controls.setNow(DEADLINE_MS + 365 * 24 * HOUR_MS)
      expect(hasLapsed(link(), controls.now())).toBe(false)
      expect(placesLeft(raceOf(FLAGSHIP), controls.now())).toBe(uncounted(FLAGSHIP) - 1)
    })
  })

  describe('what an enrolment or a payment may start on', () => {
    it('an athlete whose wait-list offer lapsed, with nobody after them, may take the place back on sale like anyone', async () => {
      await post(await signIn('completo'), LIST, {})
      await freeOnePlace(raceOf(WAIT_LIST_RACE), controls.now())
      controls.setNow(controls.now() + 48 * HOUR_MS)
      // Signed in afresh: the morning's session has run out two days on.
      expect((await get(await signIn('completo'), LIST)).body).toMatchObject({ stato: 'scaduta' })
      expect(uncounted(WAIT_LIST_RACE)).toBe(1)
      expect(placeFor(persona('completo').athleteId, raceOf(WAIT_LIST_RACE), controls.now())).toEqual({ ok: true, basis: 'free' })
    })

    it("a held place is the athlete's, whatever the count says; so is the place they paid once the race is full", async () => {
      const { raceId, athleteId, pay } = await heldPlace()
      expect(placeFor(athleteId, raceOf(raceId), controls.now())).toEqual({ ok: true, basis: 'held' })
      // The room holds places against the count alone (queue.ts); an organiser's link may promise one too.
      expect(placeFor(athleteId, { ...raceOf(raceId), iscritti: raceOf(raceId).posti }, controls.now())).toEqual({ ok: true, basis: 'held' })
      await pay()
      expect(raceOf(raceId).iscritti).toBe(raceOf(raceId).posti)
      // Not sold out: the call's own check answers (already enrolled, already paid).
      expect(placeFor(athleteId, raceOf(raceId), controls.now())).toEqual({ ok: true, basis: 'held' })
    })
  })

  describe('what an authorised payment takes as it settles', () => {
    it("an organiser's link takes the race's last place, its own promise; once the race is full it is voided as sold out, refunded whole", async () => {
      await provider().payLink(LINK, 'authorised')
      await setCount(FLAGSHIP, raceOf(FLAGSHIP).posti - 1)
      expect(placeAtSettlement(link(), raceOf(FLAGSHIP), controls.now())).toEqual({ ok: true })
      // The organiser sent more links than places, and another was paid first.
      await setCount(FLAGSHIP, raceOf(FLAGSHIP).posti)
      controls.advance(SETTLE_DELAY_MS)
      await api(`/api/v1/vdatrailers/pagamenti/link/${LINK}`)
      expect(link()).toMatchObject({ stato: 'failed', motivo: 'sold_out' })
      expect(db.transactions.findFirst((q) => q.where({ id: 'TX-2026-0004' }))).toMatchObject({ stato: 'refunded', rimborso: { importo: link().totale } })
      expect(db.subscriptions.findFirst((q) => q.where({ athlete_id: persona('pax').athleteId, project_id: FLAGSHIP }))!.pagato).toBe(false)
    })

    it('a place kept by a wait-list offer is taken whatever the count', async () => {
      await post(await signIn('completo'), LIST, {})
      await freeOnePlace(raceOf(WAIT_LIST_RACE), controls.now())
      expect(raceOf(WAIT_LIST_RACE).iscritti).toBe(raceOf(WAIT_LIST_RACE).posti)
      const payment = { ...card(persona('completo').athleteId, WAIT_LIST_RACE), per_offerta: true }
      expect(placeAtSettlement(payment, raceOf(WAIT_LIST_RACE), controls.now())).toEqual({ ok: true })
    })

    it('a held place is taken only while a card authorised in time is paying it', async () => {
      const { raceId, athleteId } = await heldPlace()
      expect(placeAtSettlement(card(athleteId, raceId), raceOf(raceId), controls.now())).toEqual({ ok: false, motivo: 'hold_expired' })
      await markPaying(athleteId, raceId, controls.now())
      expect(placeAtSettlement(card(athleteId, raceId), raceOf(raceId), controls.now())).toEqual({ ok: true })
    })

    it('a card of a race without a room takes a place left, and is voided as sold out once none is', async () => {
      const completo = persona('completo').athleteId
      expect(placeAtSettlement(card(completo, 203), raceOf(203), controls.now())).toEqual({ ok: true })
      await setCount(203, raceOf(203).posti)
      expect(placeAtSettlement(card(completo, 203), raceOf(203), controls.now())).toEqual({ ok: false, motivo: 'sold_out' })
    })
  })
})
