// @vitest-environment node
import * as z from 'zod/mini'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_IDEMPOTENCY_KEY_LENGTH, MAX_PAYMENT_ID_LENGTH, start } from '../contracts/payments.contract'
import { db } from './db'
import { controls } from './node'
import { createProvider, SETTLE_DELAY_MS } from './provider'
import { createSeed, SEED_TOKENS } from './seed'
import { api, bearer, persona, post, signIn } from './test-api'
import '../tests/setup/mock-backend'

/**
 * Issue 19 at the payments API: the refusals that keep one live payment per place (rows 1 and 2)
 * with the payment to use instead, a payment's status for its athlete only and ids nobody can
 * guess (row 11), pay-by-link still anonymous, and every field bounded (row 7).
 */

const PAY = '/api/v1/vdatrailers/pagamenti'
/** `PAY-` and 24 hex digits: 96 random bits. */
const PAYMENT_ID = /^PAY-[0-9A-F]{24}$/


const status = (token: string | null, id: string) => api(`${PAY}/${id}`, token ? { headers: bearer(token) } : {})

/** completo's place in race 203: entered, waiver signed, payable. */
async function payable(): Promise<string> {
  const token = await signIn('completo')
  await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: 203, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Cogne' } })
  await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: 203 })
  return token
}
const order = (key: string, extra: Record<string, unknown> = {}) => ({
  project_id: 203,
  opzione_rimborso: 'standard',
  noleggio_gps: false,
  totale_atteso: db.races.findFirst((q) => q.where({ id: 203 }))!.prezzo,
  idempotency_key: key,
  ...extra,
})
const provider = () => createProvider(controls.now, () => undefined)
/** The athlete's subscription to race 203, as their history reads it: the card payment under way, or null. */
async function placeUnderWay(token: string): Promise<unknown> {
  const query = `contact_id=${String(persona('completo').athleteId)}&from_date=2000-01-01&to_date=2099-12-31`
  const { body } = await api(`/api/v1/vdatrailers/iscrizioni/?${query}`, { headers: bearer(token) })
  const history = body.iscrizioni as Array<{ project_id: number; pagamento_in_corso?: unknown }>
  return history.find((subscription) => subscription.project_id === 203)?.pagamento_in_corso
}
const seededLinkPayment = () => db.payments.findFirst((q) => q.where({ link_code: SEED_TOKENS.paymentLinkPending }))!
/** pax's 330 km, as the wizard would pay it: the seeded place, standard options. */
const paxOrder = (key: string) => ({ project_id: 201, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: 950, idempotency_key: key })

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})

describe('one live payment per place (issue 19 row 1)', () => {
  it("refuses a card payment while the organiser's link is open: 409 payment_link_open with the link's code, nothing created", async () => {
    const token = await signIn('pax')
    const before = db.payments.all().length
    const answer = await post(token, PAY, paxOrder('pax-card-0001'))
    expect(answer).toEqual({
      status: 409,
      body: { status: 409, title: 'payment_link_open', code: 'payment_link_open', codice_link: SEED_TOKENS.paymentLinkPending },
    })
    // The portal reads the code through the contract: the 409 schema keeps it.
    expect(z.parse(start.responses[409], answer.body)).toMatchObject({ codice_link: SEED_TOKENS.paymentLinkPending })
    expect(db.payments.all()).toHaveLength(before)
    expect(seededLinkPayment().stato).toBe('pending')
  })

  it('lets the card pay once the link has lapsed, and the lapsed link can no longer charge', async () => {
    controls.setNow(seededLinkPayment().scade! + 1_000)
    const token = await signIn('pax')
    const answer = await post(token, PAY, paxOrder('pax-card-0002'))
    expect(answer.status).toBe(201)
    expect(seededLinkPayment().stato).toBe('expired')
    expect((await api(`${PAY}/link/${SEED_TOKENS.paymentLinkPending}`)).body.code).toBe('request_expired')
    await provider().payLink(SEED_TOKENS.paymentLinkPending, 'authorised')
    expect(seededLinkPayment().esito ?? null).toBeNull()
    // Its pending line among the athlete's transactions is closed.
    const lines = db.transactions.findMany((q) => q.where({ athlete_id: persona('pax').athleteId, gara_id: 201 }))
    expect(lines.map((line) => line.stato)).toEqual(['failed'])
  })

  it('pays the place by link once: settled, the link pays the place with one bib and the card is then already paid', async () => {
    const token = await signIn('pax')
    const paymentId = await provider().payLink(SEED_TOKENS.paymentLinkPending, 'authorised')
    controls.advance(SETTLE_DELAY_MS)
    expect((await status(token, paymentId!)).body).toMatchObject({ stato: 'success' })
    const lines = db.transactions.findMany((q) => q.where({ athlete_id: persona('pax').athleteId, gara_id: 201 }))
    // The seed's pending line of the link becomes the paid one: one line, not a second.
    expect(lines.map((line) => [line.id, line.stato, line.metodo])).toEqual([['TX-2026-0004', 'paid', 'link']])
    expect((await post(token, PAY, paxOrder('pax-card-0003'))).body.code).toBe('already_paid')
  })
})

describe('an authorised payment is never dropped (issue 19 row 2)', () => {
  it('refuses a second start while the first is authorised: 409 payment_in_progress with its id; it then settles paid', async () => {
    const token = await payable()
    const first = String((await post(token, PAY, order('tab-one-0001'))).body.pagamento_id)
    await provider().decide(first, 'authorised')
    const second = await post(token, PAY, order('tab-two-0001'))
    expect(second).toEqual({ status: 409, body: { status: 409, title: 'payment_in_progress', code: 'payment_in_progress', pagamento_id: first } })
    expect(z.parse(start.responses[409], second.body)).toMatchObject({ pagamento_id: first })
    // The place says so too, so Places awaiting payment waits for that payment instead of offering to pay again.
    expect(await placeUnderWay(token)).toBe(first)
    controls.advance(SETTLE_DELAY_MS)
    expect((await status(token, first)).body.stato).toBe('success')
    expect(await placeUnderWay(token)).toBeNull()
    expect(db.payments.findMany((q) => q.where({ athlete_id: persona('completo').athleteId, project_id: 203 }))).toHaveLength(1)
  })

  it('a payment only pending (the athlete left the checkout) is still superseded by a new one', async () => {
    const token = await payable()
    const left = String((await post(token, PAY, order('left-0001'))).body.pagamento_id)
    const again = await post(token, PAY, order('left-0002'))
    expect(again.status).toBe(201)
    expect((await status(token, left)).body.stato).toBe('expired')
  })

  it('the provider decides a payment once: a later cancel (another tab, a back button) never replaces the authorisation', async () => {
    const token = await payable()
    const id = String((await post(token, PAY, order('decide-once-1'))).body.pagamento_id)
    await provider().decide(id, 'authorised')
    await provider().decide(id, 'cancelled')
    controls.advance(SETTLE_DELAY_MS)
    expect((await status(token, id)).body.stato).toBe('success')
    expect(db.transactions.findFirst((q) => q.where({ id: `TX-${id}` }))?.stato).toBe('paid')
  })

  it('answers the same request again (a retry, another tab of the same wizard) while its payment is authorised with payment_in_progress and that payment', async () => {
    const token = await payable()
    const first = await post(token, PAY, order('retry-auth-1'))
    expect(await post(token, PAY, order('retry-auth-1'))).toEqual(first)
    const id = String(first.body.pagamento_id)
    await provider().decide(id, 'authorised')
    // Its checkout can no longer be used: the portal waits for the payment instead of going back there.
    expect(await post(token, PAY, order('retry-auth-1'))).toEqual({
      status: 409,
      body: { status: 409, title: 'payment_in_progress', code: 'payment_in_progress', pagamento_id: id },
    })
    expect(db.payments.findMany((q) => q.where({ idempotency_key: 'retry-auth-1' }))).toHaveLength(1)
  })
})

describe('a second payment that would pay a paid place is voided, visibly', () => {
  it('card then link: the link settles second, is failed with motivo already_paid and a refunded line', async () => {
    const token = await payable()
    const entrantsBefore = db.entrants.findMany((q) => q.where({ race_id: 203 })).length
    const placesBefore = db.races.findFirst((q) => q.where({ id: 203 }))!.iscritti
    const card = String((await post(token, PAY, order('void-card-1'))).body.pagamento_id)
    const code = await provider().sendLink(persona('completo').athleteId, 203)
    // A link the organiser sends is as unguessable as the seed's.
    expect(code).toMatch(/^lnk-[0-9a-f]{32}$/)
    await provider().decide(card, 'authorised')
    const linkId = await provider().payLink(code, 'authorised')
    controls.advance(SETTLE_DELAY_MS)
    expect((await status(token, card)).body).toEqual(expect.objectContaining({ stato: 'success' }))
    expect((await status(token, linkId!)).body).toMatchObject({ stato: 'failed', motivo: 'already_paid' })
    expect((await api(`${PAY}/link/${code}`)).body).toMatchObject({ stato: 'failed', motivo: 'already_paid' })
    const { body } = await api('/api/v1/vdatrailers/transazioni', { headers: bearer(token) })
    const lines = (body.transazioni as Array<{ gara_id: number; stato: string; metodo: string; importo: number; rimborso: { importo: number } | null }>).filter((line) => line.gara_id === 203)
    expect(lines.map((line) => [line.metodo, line.stato]).sort()).toEqual([['card', 'paid'], ['link', 'refunded']])
    const refunded = lines.find((line) => line.stato === 'refunded')!
    expect(refunded.rimborso?.importo).toBe(refunded.importo)
    // One place: one bib more among the race's entrants, one place taken.
    expect(db.entrants.findMany((q) => q.where({ race_id: 203 }))).toHaveLength(entrantsBefore + 1)
    expect(db.races.findFirst((q) => q.where({ id: 203 }))!.iscritti).toBe(placesBefore + 1)
    expect(db.subscriptions.findFirst((q) => q.where({ athlete_id: persona('completo').athleteId, project_id: 203 }))?.pagato).toBe(true)
  })
})

describe("a payment's status is its athlete's (issue 19 row 11)", () => {
  it('needs the session: anonymous is 401', async () => {
    const token = await payable()
    const id = String((await post(token, PAY, order('status-anon-1'))).body.pagamento_id)
    expect((await status(null, id)).status).toBe(401)
    expect((await status(token, id)).status).toBe(200)
  })

  it("answers another athlete's payment as an unknown one: the same 404 payment_not_found", async () => {
    const token = await payable()
    const id = String((await post(token, PAY, order('status-other-1'))).body.pagamento_id)
    const stranger = await signIn('pax')
    const others = await status(stranger, id)
    const unknown = await status(stranger, 'PAY-000000000000000000000000')
    expect(others).toEqual({ status: 404, body: { status: 404, title: 'payment_not_found', code: 'payment_not_found' } })
    expect(unknown).toEqual(others)
    // The seed's payments too: pax reads its pending link payment, completo does not.
    expect((await status(stranger, seededLinkPayment().pagamento_id)).status).toBe(200)
    expect((await status(token, seededLinkPayment().pagamento_id)).status).toBe(404)
  })

  it('pay-by-link stays anonymous: the link code is the key', async () => {
    const answer = await api(`${PAY}/link/${SEED_TOKENS.paymentLinkPending}`)
    expect(answer).toMatchObject({ status: 200, body: { stato: 'pending', project_id: 201 } })
    expect((await api(`${PAY}/link/lnk-pending-0000000000000000`)).status).toBe(404)
  })

  it('gives payments ids of 96 random bits (PAY- and 24 hex digits), the seed’s as long', async () => {
    const token = await payable()
    const ids: string[] = []
    for (let attempt = 0; attempt < 40; attempt += 1) {
      ids.push(String((await post(token, PAY, order(`entropy-${String(attempt).padStart(4, '0')}`))).body.pagamento_id))
    }
    for (const id of ids) expect(id).toMatch(PAYMENT_ID)
    expect(new Set(ids).size).toBe(ids.length)
    // No fixed part beyond the prefix: every one of the 24 digits varies across the ids.
    for (let position = 4; position < 28; position += 1) {
      expect(new Set(ids.map((id) => id[position])).size, `digit ${String(position)}`).toBeGreaterThan(1)
    }
    for (const payment of createSeed().payments) expect(payment.pagamento_id).toMatch(PAYMENT_ID)
  })
})

describe('every field of the payment calls is bounded (issue 19 row 7)', () => {
  it('refuses an idempotency key over 255 characters, a path id over the bound, a total or race id no enrolment has', async () => {
    const token = await payable()
    expect((await post(token, PAY, order('k'.repeat(MAX_IDEMPOTENCY_KEY_LENGTH + 1)))).status).toBe(400)
    expect((await post(token, PAY, order('k'.repeat(MAX_IDEMPOTENCY_KEY_LENGTH)))).status).toBe(201)
    expect((await post(token, PAY, order('bounds-total-1', { totale_atteso: 1e9 }))).status).toBe(400)
    expect((await post(token, PAY, order('bounds-race-01', { project_id: 203.5 }))).status).toBe(400)
    expect((await post(token, PAY, order('bounds-race-02', { project_id: 2 ** 40 }))).status).toBe(400)
    expect((await status(token, `PAY-${'0'.repeat(MAX_PAYMENT_ID_LENGTH)}`)).status).toBe(400)
    expect((await api(`${PAY}/link/${'l'.repeat(200)}`)).status).toBe(400)
  })
})
