// @vitest-environment node
import * as z from 'zod/mini'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { byLink } from '../contracts/payments.contract'
import { db } from './db'
import { controls, TEST_PORTAL_ORIGIN } from './node'
import { createProvider, SETTLE_DELAY_MS } from './provider'
import { SEED_TOKENS } from './seed'
import { api, persona, post, signIn } from './test-api'
import '../tests/setup/mock-backend'

/**
 * Issue 20 point 3, a payment link that pays (decision 026): the link's status page reads what the
 * e-mail names and the provider's page for it, anonymously; the provider's page pays the link, a
 * declined card leaves it open for another, leaving that page decides nothing, and a lapsed link
 * answers 410.
 */

const PAY = '/api/v1/vdatrailers/pagamenti'
const CODE = SEED_TOKENS.paymentLinkPending
/** The link's status as an anonymous visitor reads it, checked against its contract. */
async function linkStatus(code: string = CODE) {
  const answer = await api(`${PAY}/link/${code}`)
  if (answer.status === 200) z.parse(byLink.responses[200], answer.body)
  return answer
}
const provider = () => createProvider(controls.now, () => undefined)
const seededLinkPayment = () => db.payments.findFirst((q) => q.where({ link_code: CODE }))!
const paxLines = () => db.transactions.findMany((q) => q.where({ athlete_id: persona('pax').athleteId, gara_id: 201 }))
/** pax's 330 km by card, as the wizard would start it. */
const paxOrder = (key: string) => ({ project_id: 201, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: 950, idempotency_key: key })
/** The scade of the seeded link: 9 March 2026, 23:59 in Rome. */
const DEADLINE = '2026-03-09T22:59:00.000Z'

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})

describe("the link's status, anonymous (payments.byLink)", () => {
  it("names the race, the amount and the deadline, and the provider's page while the link can be paid", async () => {
    const answer = await linkStatus()
    expect(answer).toEqual({
      status: 200,
      body: {
        pagamento_id: seededLinkPayment().pagamento_id,
        stato: 'pending',
        project_id: 201,
        totale: 950,
        aggiornato: seededLinkPayment().aggiornato,
        gara: 'Tor des Pettorale 330 2026',
        scade: DEADLINE,
        checkout_url: `${TEST_PORTAL_ORIGIN}/checkout?link=${CODE}`,
      },
    })
  })

  it('a settled link offers no checkout', async () => {
    const answer = await linkStatus(SEED_TOKENS.paymentLinkSuccess)
    expect(answer.body).toMatchObject({ stato: 'success', gara: 'Trail del Forte di Bard 30K 2026' })
    expect(answer.body).not.toHaveProperty('checkout_url')
  })

  it('a lapsed or expired link is 410 request_expired, an unknown one 404', async () => {
    expect((await linkStatus(SEED_TOKENS.paymentLinkExpired)).status).toBe(410)
    expect((await linkStatus('lnk-nobody-00000000')).status).toBe(404)
    controls.setNow(Date.parse(DEADLINE))
    expect((await linkStatus()).body).toMatchObject({ status: 410, code: 'request_expired' })
  })
})

describe("the provider's page of the link (the simulated checkout, /checkout?link=<code>)", () => {
  it('shows the race, the amount and the deadline, and sends the athlete back to the link\'s status page', () => {
    expect(provider().linkPayment(CODE)).toEqual({
      pagamento_id: seededLinkPayment().pagamento_id,
      totale: 950,
      stato: 'pending',
      esito: null,
      gara: 'Tor des Pettorale 330 2026',
      link: CODE,
      scade: Date.parse(DEADLINE),
      open: true,
      lapsed: false,
      returnTo: `/payment/by-link?code=${CODE}`,
    })
    expect(provider().linkPayment('lnk-nobody-00000000')).toBeNull()
  })

  it("a card payment's page goes back through the portal's legacy return address", async () => {
    const card = provider().payment('PAY-3C81F0A22A6098AF210CA0AD')
    expect(card).toMatchObject({ link: null, scade: null, open: false, lapsed: false, stato: 'success' })
    expect(card?.returnTo).toBe('/pay_status?pagamento_id=PAY-3C81F0A22A6098AF210CA0AD')
  })

  it('shows a paid, expired or lapsed link as such, never as open', () => {
    expect(provider().linkPayment(SEED_TOKENS.paymentLinkSuccess)).toMatchObject({ stato: 'success', open: false, lapsed: false })
    expect(provider().linkPayment(SEED_TOKENS.paymentLinkExpired)).toMatchObject({ stato: 'expired', open: false, lapsed: true })
    controls.setNow(Date.parse(DEADLINE))
    expect(provider().linkPayment(CODE)).toMatchObject({ stato: 'pending', open: false, lapsed: true })
  })
})

describe('paying the link', () => {
  it('a card that pays: the status has no checkout while the provider confirms, then the place is paid by the link', async () => {
    await provider().payLink(CODE, 'authorised')
    expect(provider().linkPayment(CODE)).toMatchObject({ esito: 'authorised', open: false })
    const confirming = await linkStatus()
    expect(confirming.body).toMatchObject({ stato: 'pending' })
    expect(confirming.body).not.toHaveProperty('checkout_url')

    controls.advance(SETTLE_DELAY_MS)
    const paid = await linkStatus()
    expect(paid.body).toMatchObject({ stato: 'success', gara: 'Tor des Pettorale 330 2026', scade: DEADLINE })
    expect(paid.body).not.toHaveProperty('checkout_url')
    expect(paxLines().map((line) => [line.id, line.stato])).toEqual([['TX-2026-0004', 'paid']])
    expect(db.subscriptions.findFirst((q) => q.where({ athlete_id: persona('pax').athleteId, project_id: 201 }))?.pagato).toBe(true)
  })

  it('a declined card leaves the link open for another card, saying when; nothing is charged, and the next card pays', async () => {
    const decidedAt = controls.now()
    await provider().payLink(CODE, 'declined')
    const declining = await linkStatus()
    expect(declining.body).toMatchObject({ stato: 'pending' })
    expect(declining.body).not.toHaveProperty('checkout_url')
    // While the provider's answer is on its way the link is still the place's live payment.
    const token = await signIn('pax')
    expect((await post(token, PAY, paxOrder('pax-card-decl-1'))).body).toMatchObject({ code: 'payment_link_open', codice_link: CODE })

    controls.advance(SETTLE_DELAY_MS)
    const open = await linkStatus()
    // Heard of by the backend when it settled, as from the provider's webhook.
    const heardAt = seededLinkPayment().rifiutato_at!
    expect(heardAt).toBeGreaterThanOrEqual(decidedAt + SETTLE_DELAY_MS)
    const declinedAt = new Date(heardAt).toISOString()
    expect(open.body).toMatchObject({
      stato: 'pending',
      checkout_url: `${TEST_PORTAL_ORIGIN}/checkout?link=${CODE}`,
      rifiutato: declinedAt,
      aggiornato: declinedAt,
    })
    expect(provider().linkPayment(CODE)).toMatchObject({ esito: null, open: true })
    // The link's own line is still pending: nothing was charged, the link is still to pay.
    expect(paxLines().map((line) => [line.id, line.stato])).toEqual([['TX-2026-0004', 'pending']])
    expect((await post(token, PAY, paxOrder('pax-card-decl-2'))).body).toMatchObject({ code: 'payment_link_open' })

    await provider().payLink(CODE, 'authorised')
    controls.advance(SETTLE_DELAY_MS)
    expect((await linkStatus()).body).toMatchObject({ stato: 'success', rifiutato: declinedAt })
    expect(paxLines().map((line) => [line.id, line.stato])).toEqual([['TX-2026-0004', 'paid']])
  })

  it("leaving the link's page without paying decides nothing: the link stays open as it was", async () => {
    const before = structuredClone(seededLinkPayment())
    expect(await provider().payLink(CODE, 'cancelled')).toBe(before.pagamento_id)
    expect(seededLinkPayment()).toEqual(before)
    controls.advance(SETTLE_DELAY_MS)
    expect((await linkStatus()).body).toMatchObject({ stato: 'pending', checkout_url: `${TEST_PORTAL_ORIGIN}/checkout?link=${CODE}` })
  })

  it('a card authorised before the deadline settles after it as paid', async () => {
    controls.setNow(Date.parse(DEADLINE) - 1_000)
    await provider().payLink(CODE, 'authorised')
    controls.setNow(Date.parse(DEADLINE) + SETTLE_DELAY_MS)
    expect((await linkStatus()).body).toMatchObject({ stato: 'success' })
  })

  it('a lapsed link takes no card', async () => {
    controls.setNow(Date.parse(DEADLINE))
    await provider().payLink(CODE, 'authorised')
    expect(seededLinkPayment().esito ?? null).toBeNull()
    expect((await linkStatus()).status).toBe(410)
  })

  it('a card declined on a link whose place was paid meanwhile ends the link (410), with its line closed', async () => {
    // completo's place in race 203, paid by card while the organiser's link was sent and declined.
    const token = await signIn('completo')
    await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: 203, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Cogne' } })
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: 203 })
    const prezzo = db.races.findFirst((q) => q.where({ id: 203 }))!.prezzo
    const card = await post(token, PAY, { project_id: 203, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: prezzo, idempotency_key: 'card-then-declined-link' })
    await provider().decide(String(card.body.pagamento_id), 'authorised')
    const code = await provider().sendLink(persona('completo').athleteId, 203)
    await provider().payLink(code, 'declined')
    controls.advance(SETTLE_DELAY_MS)
    expect((await linkStatus(code)).body).toMatchObject({ status: 410, code: 'request_expired' })
    expect(db.payments.findFirst((q) => q.where({ link_code: code }))).toMatchObject({ stato: 'expired', esito: null })
    expect(provider().linkPayment(code)).toMatchObject({ open: false, lapsed: true })
  })
})
