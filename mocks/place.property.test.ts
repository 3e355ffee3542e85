// @vitest-environment node
import fc from 'fast-check'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sha256Hex } from '../contracts/sha256'
import { DAY_MS, HOUR_MS, SECOND_MS } from '../contracts/time'
import { refundQuote } from '../machines/rules/refund'
import { db, type RaceRecord } from './db'
import { controls } from './node'
import { placesLeft } from './place-rule'
import { createProvider, type CheckoutOutcome } from './provider'
import { enrolmentTotal, isActivePlace, randomToken } from './records'
import { api, bearer, post, stageWaitListRace } from './test-api'
import { freeOnePlace } from './wait-list'
import '../tests/setup/mock-backend'

/**
 * Issue 40's property: a place is one truth. Whatever athletes do together on a race, by every path
 * that sells or frees a place (direct entry, the organiser's payment link, a wait-list offer, a
 * transfer, a lottery's draw and the links it sends, withdrawals and deferrals freeing places), with
 * cards decided at the provider in any order and the clock moving past every deadline: the race is
 * never over its places, nobody is
 * charged without a place or twice for one, every card that found no place is refunded whole and
 * named, and every refund is what the published schedule promised (the portal's own rule,
 * machines/rules/refund.ts). The waiting room's held places are the queue's property
 * (queue.property.test.ts), settled by the same rule (place-rule.ts).
 */

const ATHLETES = 6
const PLACES = 2
const OFFER_HOURS = 1
/** The athlete the organiser sends a payment link to when the race is staged. */
const LINKED = 5

type Step =
  | { kind: 'pay' | 'join' | 'withdraw' | 'defer' | 'accept'; who: number }
  | { kind: 'offer'; who: number; to: number }
  | { kind: 'decide'; who: number; outcome: CheckoutOutcome }
  | { kind: 'free' }
  | { kind: 'tick'; seconds: number }

const who = fc.integer({ min: 0, max: ATHLETES - 1 })
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('pay' as const), who }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('decide' as const), who, outcome: fc.constantFrom<CheckoutOutcome>('authorised', 'authorised', 'declined') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('join' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('defer' as const), who }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('offer' as const), who, to: who }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('accept' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('free' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), seconds: fc.constantFrom(2, 4, 60, 3_601, 8 * 86_400) }) },
)

/** Issue 40's finding: two athletes start paying the last place, both cards are authorised. */
const LAST_PLACE_TWICE: Step[] = [
  { kind: 'pay', who: 0 },
  { kind: 'pay', who: 1 },
  { kind: 'pay', who: 2 },
  { kind: 'decide', who: 0, outcome: 'authorised' },
  { kind: 'decide', who: 1, outcome: 'authorised' },
  { kind: 'decide', who: 2, outcome: 'authorised' },
  { kind: 'tick', seconds: 4 },
]

/** Athlete 0 pays a place and passes it to athlete 1, who accepts it and starts paying. */
const PASSED_ON: Step[] = [
  { kind: 'pay', who: 0 },
  { kind: 'decide', who: 0, outcome: 'authorised' },
  { kind: 'tick', seconds: 4 },
  { kind: 'offer', who: 0, to: 1 },
  { kind: 'accept', who: 1 },
  { kind: 'pay', who: 1 },
]

/** Issue 40's finding: a transfer lapses while its recipient is at the checkout, then the card goes through. */
const LATE_TRANSFER_CARD: Step[] = [
  ...PASSED_ON,
  { kind: 'tick', seconds: 8 * 86_400 },
  { kind: 'decide', who: 1, outcome: 'authorised' },
  { kind: 'tick', seconds: 4 },
]

/** Issue 40's finding: a place passed from A to B and back to A. */
const BACK_TO_THE_GIVER: Step[] = [
  ...PASSED_ON,
  { kind: 'decide', who: 1, outcome: 'authorised' },
  { kind: 'tick', seconds: 4 },
  { kind: 'offer', who: 1, to: 0 },
  { kind: 'accept', who: 0 },
  { kind: 'pay', who: 0 },
  { kind: 'decide', who: 0, outcome: 'authorised' },
  { kind: 'tick', seconds: 4 },
  { kind: 'withdraw', who: 0 },
]

/** Four athletes apply to a two-place lottery; after the draw every one of them tries to pay. */
const DRAWN_AND_LATE: Step[] = [
  { kind: 'pay', who: 0 },
  { kind: 'pay', who: 1 },
  { kind: 'pay', who: 2 },
  { kind: 'pay', who: 3 },
  { kind: 'tick', seconds: 3_601 },
  ...[0, 1, 2, 3].map((index): Step => ({ kind: 'decide', who: index, outcome: 'authorised' })),
  ...[0, 1, 2, 3].map((index): Step => ({ kind: 'pay', who: index })),
  { kind: 'tick', seconds: 4 },
]

const base = '/api/v1/vdatrailers'

/**
 * How the race sells its places: directly (the wizard, with an organiser's link to one athlete), or
 * by a lottery drawn an hour after staging, whose drawn athletes pay by the link it sends them.
 */
type Sale = 'direct' | 'lottery'

/** A race without a waiting room, with a wait list, transfers and deferrals, selling as `sale` says. */
async function stageRace(athletes = ATHLETES, sale: Sale = 'direct'): Promise<{ raceId: number; tokens: string[] }> {
  const start = controls.now()
  const staged = await stageWaitListRace({ athletes, places: PLACES, offerHours: OFFER_HOURS })
  const closes = new Date(start + 30 * DAY_MS).toISOString()
  await db.races.update((q) => q.where({ id: staged.raceId }), {
    data(race) {
      race.cambi = { cessione: { tassa: 10, rimborso_percento: 80, chiude: closes }, rinvio: { tassa: 15, chiude: closes } }
      if (sale === 'lottery') {
        race.ammissione = 'lotteria'
        const draw = new Date(start + HOUR_MS).toISOString()
        race.lotteria = { chiude: draw, estrazione: draw, posti: PLACES, pagamento_ore: 1, regola: 'raddoppio' }
      }
    },
  })
  if (sale === 'lottery') {
    const seme = randomToken('seed')
    await db.lotteries.create({ race_id: staged.raceId, seme, impegno: await sha256Hex(seme), estratta_at: null, ordine: null })
    return staged
  }
  // The organiser's link to one athlete's place, as a lottery's draw or the office sends it.
  const athleteId = athleteOf(staged.tokens[LINKED]!)
  const race = raceOf(staged.raceId)
  await db.subscriptions.create({
    athlete_id: athleteId,
    project_id: race.id,
    liberatoria: true,
    liberatoria_signed: new Date(start).toISOString(),
    liberatoria_versione: race.liberatoria_versione,
    pettorale: null,
    categoria: 'SM',
    pagato: false,
    opzione_rimborso: 'standard',
    noleggio_gps: false,
    totale: race.prezzo,
    campi: { navetta: 'Aosta' },
    domanda_lotteria: false,
  })
  await db.payments.create({
    pagamento_id: randomToken('PAY').toUpperCase(),
    stato: 'pending',
    project_id: race.id,
    totale: race.prezzo,
    aggiornato: new Date(start).toISOString(),
    athlete_id: athleteId,
    idempotency_key: `link-${String(race.id)}`,
    link_code: randomToken('lnk'),
    scade: start + 2 * HOUR_MS,
    opzione_rimborso: 'standard',
    noleggio_gps: false,
    esito: null,
    settle_at: null,
  })
  return staged
}

const raceOf = (raceId: number): RaceRecord => db.races.findFirst((q) => q.where({ id: raceId }))!
const athleteOf = (token: string) => db.sessions.findFirst((q) => q.where({ token }))!.athlete_id
const placeOf = (athleteId: number, raceId: number) => db.subscriptions.findFirst((q) => q.where({ athlete_id: athleteId, project_id: raceId }))

function expectInvariants(raceId: number, athleteIds: number[]): void {
  const race = raceOf(raceId)
  const offers = db.waitEntries.findMany((q) => q.where({ race_id: raceId, stato: 'offerta' }))
  const entrants = db.entrants.findMany((q) => q.where({ race_id: raceId }))
  // Never over its places; the count is the entrants and the places offers keep.
  expect(race.iscritti).toBeLessThanOrEqual(race.posti)
  expect(race.iscritti).toBe(entrants.length + offers.length)
  for (const athleteId of athleteIds) {
    const active = isActivePlace(placeOf(athleteId, raceId))
    // A place is one row on the list, and only a place is.
    expect(entrants.filter((row) => row.athlete_id === athleteId)).toHaveLength(active ? 1 : 0)
    // Charged once for the place held, once for each place deferred into a credit, never otherwise:
    // every other line was refunded (a withdrawal, a transfer's giver, a card that found no place).
    const charged = db.transactions.findMany((q) => q.where({ athlete_id: athleteId, gara_id: raceId, stato: 'paid' })).filter((line) => !line.rimborso)
    const credits = db.credits.findMany((q) => q.where({ athlete_id: athleteId, da_gara_id: raceId }))
    expect(charged).toHaveLength((active ? 1 : 0) + credits.length)
  }
  // A card that found no place is voided whole, and says why.
  for (const payment of db.payments.findMany((q) => q.where({ project_id: raceId, stato: 'failed', esito: 'authorised' }))) {
    expect(payment.motivo).toMatch(/^(already_paid|offer_expired|transfer_expired|sold_out)$/)
    const line = db.transactions.findFirst((q) => q.where({ id: `TX-${payment.pagamento_id}` }))
    expect(line?.stato).toBe('refunded')
    expect(line?.rimborso?.importo).toBe(payment.totale)
  }
}

/** Plays the steps on a newly staged race, checking the invariants after each; answers the race and its athletes. */
async function play(steps: readonly Step[], provider: ReturnType<typeof createProvider>, sale: Sale = 'direct'): Promise<{ raceId: number; athleteIds: number[] }> {
  const { raceId, tokens } = await stageRace(ATHLETES, sale)
  const athleteIds = tokens.map(athleteOf)
  for (const [index, action] of steps.entries()) {
    const token = 'who' in action ? tokens[action.who]! : tokens[0]!
    const me = athleteOf(token)
    const race = raceOf(raceId)
    let status = 0
    if (action.kind === 'tick') controls.setNow(controls.now() + action.seconds * SECOND_MS)
    else if (action.kind === 'free') await freeOnePlace(race, controls.now())
    else if (action.kind === 'join') status = (await post(token, `${base}/gara/${String(raceId)}/lista_attesa`, {})).status
    else if (action.kind === 'pay') {
      const kept = db.transfers.findFirst((q) => q.where({ recipient_id: me, race_id: raceId, stato: 'accettata' }))
      const choice = { opzione_rimborso: 'standard' as const, noleggio_gps: false }
      // A transfer's recipient enrolled when accepting; anyone else enrols first.
      if (!kept) status = (await post(token, `${base}/iscrizione`, { project_id: raceId, ...choice, campi: { navetta: 'Aosta', itra_id: '2704155' } })).status
      await post(token, `${base}/sign_liberatoria`, { project_id: raceId })
      const totale_atteso = enrolmentTotal(race, choice, me)
      status = (await post(token, `${base}/pagamenti`, { project_id: raceId, ...choice, totale_atteso, idempotency_key: `place-prop-${String(raceId)}-${String(index)}` })).status
    } else if (action.kind === 'decide') {
      const open = db.payments.findMany((q) => q.where({ athlete_id: me, project_id: raceId, stato: 'pending' })).find((payment) => !payment.esito)
      if (open) await provider.decide(open.pagamento_id, action.outcome)
    } else if (action.kind === 'withdraw') {
      const place = placeOf(me, raceId)
      if (place) {
        const outlook = refundQuote(race, place, controls.now())
        const answer = await post(token, `${base}/iscrizione/${String(raceId)}/ritiro`, { rimborso_atteso: outlook.quote.totale, chiave: `w-${String(index)}` })
        status = answer.status
        // The refund is the one the published schedule gives today, to the cent.
        if (status === 200) expect((answer.body.transazione as { rimborso: { importo: number } }).rimborso.importo).toBe(outlook.quote.totale)
      }
    } else if (action.kind === 'defer') status = (await post(token, `${base}/iscrizione/${String(raceId)}/rinvio`, { chiave: `d-${String(index)}` })).status
    else if (action.kind === 'offer') {
      const mail = db.athletes.findFirst((q) => q.where({ id: athleteIds[action.to]! }))!.mail!
      status = (await post(token, `${base}/iscrizione/${String(raceId)}/cessione`, { mail, chiave: `o-${String(index)}` })).status
    } else {
      const offered = db.transfers.findMany((q) => q.where({ recipient_id: me, race_id: raceId })).at(-1)
      if (offered) status = (await post(token, `${base}/cessione/${offered.codice}/accetta`, { noleggio_gps: false })).status
    }
    // Every answer is one the contract allows (the mock fails its own answers otherwise).
    expect(status).not.toBe(500)
    // The settlements and deadlines due are applied before a request reads anything.
    await api(`${base}/lista_attesa`, { headers: bearer(tokens[0]!) })
    expectInvariants(raceId, athleteIds)
  }
  // Long after: every offer, link and transfer taken or lapsed, every authorisation settled.
  controls.setNow(controls.now() + 10 * DAY_MS)
  await api(`${base}/lista_attesa`, { headers: bearer(tokens[0]!) })
  expectInvariants(raceId, athleteIds)
  // A transfer completed refunded its giver the rule's share of the fee.
  for (const done of db.transfers.findMany((q) => q.where({ race_id: raceId, stato: 'completata' }))) {
    const refunded = db.transactions.findMany((q) => q.where({ athlete_id: done.giver_id, gara_id: raceId })).filter((line) => line.rimborso)
    expect(refunded.map((line) => line.rimborso!.importo)).toContain(Math.floor(done.prezzo * done.rimborso_percento) / 100)
  }
  return { raceId, athleteIds }
}

const paymentsOf = (athleteId: number, raceId: number) => db.payments.findMany((q) => q.where({ athlete_id: athleteId, project_id: raceId }))

describe('a place under any interleaving of every path', () => {
  // The outbox says every e-mail on the console: hundreds here (the config restores mocks after each test).
  beforeEach(() => void vi.spyOn(console, 'info').mockImplementation(() => undefined))
  const provider = createProvider(controls.now, () => undefined)

  it('sells the last place once: three cards authorised for it, one charged, two refunded as sold out', async () => {
    const { raceId, athleteIds } = await play(LAST_PLACE_TWICE, provider)
    // Two places, one promised by the organiser's link: one left for the three.
    expect(athleteIds.slice(0, 3).map((id) => paymentsOf(id, raceId)[0]?.stato)).toEqual(['success', 'failed', 'failed'])
    expect(athleteIds.slice(1, 3).map((id) => paymentsOf(id, raceId)[0]?.motivo)).toEqual(['sold_out', 'sold_out'])
  })

  it('leaves one of thirty athletes paying the last place at once charged, and the race full', async () => {
    const { raceId, tokens } = await stageRace(30)
    const race = raceOf(raceId)
    const choice = { opzione_rimborso: 'standard' as const, noleggio_gps: false }
    const payers = tokens.filter((_, index) => index !== LINKED)
    const started = await Promise.all(
      payers.map(async (token, index) => {
        await post(token, `${base}/iscrizione`, { project_id: raceId, ...choice, campi: { navetta: 'Aosta' } })
        await post(token, `${base}/sign_liberatoria`, { project_id: raceId })
        return post(token, `${base}/pagamenti`, { project_id: raceId, ...choice, totale_atteso: race.prezzo, idempotency_key: `thirty-${String(index)}` })
      }),
    )
    // Every start finds the last place free: a start does not reserve it.
    expect(started.map((answer) => answer.status)).toEqual(payers.map(() => 201))
    await Promise.all(started.map((answer) => provider.decide(String(answer.body.pagamento_id), 'authorised')))
    controls.setNow(controls.now() + 4 * SECOND_MS)
    await api(`${base}/lista_attesa`, { headers: bearer(tokens[0]!) })
    const outcomes = db.payments.findMany((q) => q.where({ project_id: raceId, link_code: null }))
    expect(outcomes.filter((payment) => payment.stato === 'success')).toHaveLength(1)
    expect(outcomes.filter((payment) => payment.motivo === 'sold_out')).toHaveLength(payers.length - 1)
    // One place paid, one promised by the organiser's link: full, never over.
    expect(raceOf(raceId).iscritti).toBe(1)
    expect(placesLeft(raceOf(raceId), controls.now())).toBe(0)
    expectInvariants(raceId, tokens.map(athleteOf))
  })

  it("sells a lottery's places to the drawn, by their links, and to nobody else", async () => {
    const { raceId, athleteIds } = await play(DRAWN_AND_LATE, provider, 'lottery')
    const drawn = db.lotteryApplications.findMany((q) => q.where({ race_id: raceId, esito: 'estratto' })).map((application) => application.athlete_id)
    expect(drawn).toHaveLength(PLACES)
    const paid = athleteIds.filter((id) => isActivePlace(placeOf(id, raceId)))
    expect(paid.sort()).toEqual(drawn.sort())
    expect(raceOf(raceId).iscritti).toBe(PLACES)
  })

  it("gives a lapsed transfer's late card nothing: refunded, and the giver keeps the place", async () => {
    const { raceId, athleteIds } = await play(LATE_TRANSFER_CARD, provider)
    const [giver, recipient] = athleteIds as [number, number]
    expect(paymentsOf(recipient, raceId).map((payment) => payment.motivo)).toEqual(['transfer_expired'])
    expect(isActivePlace(placeOf(giver, raceId))).toBe(true)
    expect(isActivePlace(placeOf(recipient, raceId))).toBe(false)
  })

  it("lets a place go from A to B and back to A, as a new place of A's to pay and withdraw from", async () => {
    const { raceId, athleteIds } = await play(BACK_TO_THE_GIVER, provider)
    const [first, second] = athleteIds as [number, number]
    expect(paymentsOf(first, raceId).map((payment) => payment.stato)).toEqual(['success', 'success'])
    expect(placeOf(second, raceId)?.stato).toBe('ceduta')
    expect(placeOf(first, raceId)?.stato).toBe('ritirata')
  })

  it('holds for any interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40, size: 'max' }), fc.constantFrom<Sale>('direct', 'lottery'), (steps, sale) =>
        play(steps, provider, sale).then(() => undefined),
      ),
      { numRuns: 30 },
    )
  }, 240_000)
})
