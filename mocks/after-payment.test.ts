// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PaymentStatusSchema, type PaymentDeclineReason } from '../contracts/payments.contract'
import * as z from 'zod/mini'
import { db } from './db'
import { controls } from './node'
import { sentMail } from './outbox'
import { validEntries } from './persistence'
import { cardBehaviour, createProvider, declineReasonOf, SETTLE_DELAY_MS, TEST_CARDS } from './provider'
import { createSeed, SEED_NOW_MS, SEED_TOKENS } from './seed'
import { api, persona, post, signIn } from './test-api'
import '../tests/setup/mock-backend'

/**
 * What the simulated provider and backend say after a payment (issue 20 point 8): a declined card
 * carries the provider's reason on the payment's status, and a payment settled paid sends the
 * athlete an enrolment confirmation.
 */

const RACE = 203
const PAY = '/api/v1/vdatrailers/pagamenti'
const provider = () => createProvider(controls.now, () => undefined)
const SEEDED = new Set(createSeed().outbox.map((mail) => mail.id))
const sentSinceSeed = () => sentMail().filter((mail) => !SEEDED.has(mail.id))

const race = () => db.races.findFirst((q) => q.where({ id: RACE }))!
const total = () => Math.round((race().prezzo + race().supplemento_rimborso + race().noleggio_gps) * 100) / 100

/** `completo` enrolled in race 203, waiver signed, a card payment started: its id. */
async function startedPayment(token: string, key: string): Promise<string> {
  await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: RACE, opzione_rimborso: 'protetto', noleggio_gps: true, campi: { navetta: 'Cogne' } })
  await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE })
  const started = await post(token, PAY, { project_id: RACE, opzione_rimborso: 'protetto', noleggio_gps: true, totale_atteso: total(), idempotency_key: key })
  expect(started.status).toBe(201)
  return String(started.body.pagamento_id)
}

const status = async (token: string, paymentId: string) => {
  const answer = await api(`${PAY}/${paymentId}`, { headers: { authorization: `Bearer ${token}` } })
  expect(answer.status).toBe(200)
  // What the portal reads is the contract's shape, the reason included.
  return z.parse(PaymentStatusSchema, answer.body)
}

beforeEach(() => {
  // The console line that stands in for delivery is expected; it is not what these tests read.
  vi.spyOn(console, 'info').mockImplementation(() => {})
})

describe('declined cards carry the provider\'s reason', () => {
  it.each<[string, PaymentDeclineReason | null]>([
    [TEST_CARDS.succeeds, null],
    [TEST_CARDS.threeDSecure, null],
    [TEST_CARDS.declined, 'card_declined'],
    ['5555 5555 5555 0002', 'card_declined'],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
    [TEST_CARDS.expiredCard, 'expired_card'],
    [TEST_CARDS.incorrectCvc, 'incorrect_cvc'],
  ])('card %s is declined for %s', (card, reason) => {
    expect(declineReasonOf(card)).toBe(reason)
    if (reason !== null) expect(cardBehaviour(card)).toBe('decline')
  })

  it.each<PaymentDeclineReason>(['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc'])(
    'a card declined for %s fails with that reason once it settles, not before',
    async (reason) => {
      const token = await signIn('completo')
      const paymentId = await startedPayment(token, `key-decline-${reason}`)
      await provider().decide(paymentId, 'declined', reason)
      expect(await status(token, paymentId)).not.toHaveProperty('motivo_rifiuto')
      controls.advance(SETTLE_DELAY_MS)
      expect(await status(token, paymentId)).toMatchObject({ stato: 'failed', motivo_rifiuto: reason })
    },
  )

  it('a decline without a reason (a refused 3-D Secure confirmation) says card_declined; a paid or cancelled payment says none', async () => {
    const token = await signIn('completo')
    const refused = await startedPayment(token, 'key-decline-plain')
    await provider().decide(refused, 'declined')
    controls.advance(SETTLE_DELAY_MS)
    expect(await status(token, refused)).toMatchObject({ stato: 'failed', motivo_rifiuto: 'card_declined' })

    const cancelled = await startedPayment(token, 'key-cancelled')
    await provider().decide(cancelled, 'cancelled')
    controls.advance(SETTLE_DELAY_MS)
    expect(await status(token, cancelled)).not.toHaveProperty('motivo_rifiuto')

    const paid = await startedPayment(token, 'key-paid')
    await provider().decide(paid, 'authorised')
    controls.advance(SETTLE_DELAY_MS)
    const settled = await status(token, paid)
    expect(settled.stato).toBe('success')
    expect(settled).not.toHaveProperty('motivo_rifiuto')
  })

  it("an organiser's link declined for insufficient funds stays open saying why; paid with the next card, the reason goes", async () => {
    const code = SEED_TOKENS.paymentLinkPending
    const link = async () => (await api(`${PAY}/link/${code}`)).body
    await provider().payLink(code, 'declined', 'insufficient_funds')
    controls.advance(SETTLE_DELAY_MS)
    expect(await link()).toMatchObject({ stato: 'pending', motivo_rifiuto: 'insufficient_funds' })
    await provider().payLink(code, 'authorised')
    controls.advance(SETTLE_DELAY_MS)
    const paid = await link()
    expect(paid).toMatchObject({ stato: 'success' })
    expect(paid).not.toHaveProperty('motivo_rifiuto')
  })
})

describe('an enrolment confirmation e-mail when a payment settles paid', () => {
  it('names the race, the bib and the amount, and links the enrolment; sent once, only when paid', async () => {
    const token = await signIn('completo')
    const declined = await startedPayment(token, 'key-mail-declined')
    await provider().decide(declined, 'declined', 'insufficient_funds')
    controls.advance(SETTLE_DELAY_MS)
    expect(sentSinceSeed()).toEqual([])

    const paymentId = await startedPayment(token, 'key-mail-paid')
    await provider().decide(paymentId, 'authorised')
    // Not before the provider's confirmation reaches the backend.
    expect(sentSinceSeed()).toEqual([])
    controls.advance(SETTLE_DELAY_MS)
    expect((await status(token, paymentId)).stato).toBe('success')
    const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: persona('completo').athleteId, project_id: RACE }))!
    expect(sentSinceSeed()).toEqual([
      {
        id: expect.any(String),
        kind: 'enrolment_confirmed',
        to: persona('completo').mail,
        lingua: 'en',
        link: `/race/${String(RACE)}/subscribed`,
        sent_at: expect.any(Number),
        gara: `${race().nome} ${String(race().edizione)}`,
        pettorale: subscription.pettorale,
        totale: total(),
      },
    ])
    expect(subscription.pettorale).toEqual(expect.any(Number))
    // Asked again, nothing settles twice and nothing more is sent.
    controls.advance(SETTLE_DELAY_MS)
    await status(token, paymentId)
    expect(sentSinceSeed()).toHaveLength(1)
  })

  it("an organiser's link paid sends the confirmation too", async () => {
    await provider().payLink(SEED_TOKENS.paymentLinkPending, 'authorised')
    controls.advance(SETTLE_DELAY_MS)
    await api(`${PAY}/link/${SEED_TOKENS.paymentLinkPending}`)
    expect(sentSinceSeed().map((mail) => [mail.kind, mail.to])).toEqual([['enrolment_confirmed', persona('pax').mail]])
  })

  it('stored e-mails of every earlier kind still load beside the new kind; one missing its fields is dropped', () => {
    const base = { to: 'a@example.org', lingua: 'it', sent_at: SEED_NOW_MS }
    const stored = [
      ['m-confirm', { ...base, id: 'm-confirm', kind: 'confirm', link: '/confirm-account?contact_id=1&token=t' }],
      ['m-reset', { ...base, id: 'm-reset', kind: 'reset', link: '/reset-email/t' }],
      ['m-link', { ...base, id: 'm-link', kind: 'payment_link', link: '/checkout?link=l', gara: 'Tor 2026', totale: 950, scade: SEED_NOW_MS }],
      ['m-paid', { ...base, id: 'm-paid', kind: 'enrolment_confirmed', link: '/race/203/subscribed', gara: 'Alte Vie 2026', pettorale: null, totale: 95 }],
      ['m-broken', { ...base, id: 'm-broken', kind: 'enrolment_confirmed', link: '/race/203/subscribed' }],
    ]
    expect(validEntries('outbox', stored).map(([key]) => key)).toEqual(['m-confirm', 'm-reset', 'm-link', 'm-paid'])
  })
})
