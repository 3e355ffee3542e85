// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DAY_MS } from '../contracts/time'
import { db } from './db'
import { controls } from './node'
import { sentMail } from './outbox'
import { createProvider, SETTLE_DELAY_MS } from './provider'
import { api, bearer, get, persona, post, signIn } from './test-api'
import { ATHLETE_IDS } from './seed/personas'
import { isActivePlace } from './records'
import { OFFER_DAYS } from './transfer'
import '../tests/setup/mock-backend'

/**
 * Race 202's place passed on (issue 23 point 2) as the portal meets it over HTTP: `completo` offers
 * it by e-mail, the recipient reads the offer from the mail's code, takes it, signs and pays the fee
 * plus the transfer fee; the giver's place is passed on and 90% of their fee refunded.
 */

const RACE = 202
const OFFER = `/api/v1/vdatrailers/iscrizione/${String(RACE)}/cessione`
const race = () => db.races.findFirst((q) => q.where({ id: RACE }))!
const subscriptionOf = (key: keyof typeof ATHLETE_IDS) => db.subscriptions.findFirst((q) => q.where({ athlete_id: ATHLETE_IDS[key], project_id: RACE }))
const provider = () => createProvider(controls.now, () => undefined)

const offer = (token: string, mail: string, chiave = `key-${mail}`) => post(token, OFFER, { mail, chiave })
const cancel = (token: string) => api(OFFER, { method: 'DELETE', headers: bearer(token) })
const read = (token: string, code: string) => get(token, `/api/v1/vdatrailers/cessione/${code}`)
const accept = (token: string, code: string, gps = false) => post(token, `/api/v1/vdatrailers/cessione/${code}/accetta`, { noleggio_gps: gps })
const decline = (token: string, code: string) => post(token, `/api/v1/vdatrailers/cessione/${code}/rifiuta`, {})

/** The recipient signs the waiver and pays what the offer page shows; the card settles, `settleAt` or a moment later. */
async function signAndPay(token: string, total: number, settleAt?: number) {
  await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE })
  const started = await post(token, '/api/v1/vdatrailers/pagamenti', {
    project_id: RACE,
    opzione_rimborso: 'standard',
    noleggio_gps: false,
    totale_atteso: total,
    idempotency_key: 'transfer-test-payment-1',
  })
  expect(started.body).toMatchObject({ totale: total })
  await provider().decide(String(started.body.pagamento_id), 'authorised')
  controls.setNow(Math.max(settleAt ?? 0, controls.now() + SETTLE_DELAY_MS + 1))
  await read(token, codeOfMail())
}

function codeOfMail(): string {
  const mail = sentMail().findLast((candidate) => candidate.kind === 'transfer_offer')!
  return mail.link.replace('/transfer/', '')
}

let giver: string
let recipient: string

beforeEach(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {})
  giver = await signIn('completo')
  recipient = await signIn('pax')
})

describe('offering', () => {
  it('offers the place to an account by e-mail, shows it on the giver\'s place, and mails the recipient in their language', async () => {
    const asked = controls.now()
    const offered = await offer(giver, 'PAX@pettorale.test')
    expect(offered.status).toBe(201)
    const scade = Date.parse(String(offered.body.scade))
    expect(offered.body).toMatchObject({ gara_id: RACE, da: expect.any(String), a: persona('pax').mail, stato: 'offerta', prezzo: 45, tassa: 10 })
    // A week after the offer (the mock clock runs on while the request is served).
    expect(scade - asked - OFFER_DAYS * DAY_MS).toBeGreaterThanOrEqual(0)
    expect(scade - asked - OFFER_DAYS * DAY_MS).toBeLessThan(60_000)
    expect(subscriptionOf('completo')?.cessione).toMatchObject({ codice: offered.body.codice, a: persona('pax').mail })
    const mail = sentMail().findLast((candidate) => candidate.kind === 'transfer_offer')
    expect(mail).toMatchObject({ to: persona('pax').mail, lingua: 'en', link: `/transfer/${String(offered.body.codice)}`, gara: 'Sentiero dei Larici 25K 2026', scade })
  })

  it('answers the same offer to the same key, and refuses a second offer while one is pending', async () => {
    const first = await offer(giver, persona('pax').mail, 'one')
    const again = await offer(giver, persona('pax').mail, 'one')
    expect(again.body.codice).toBe(first.body.codice)
    expect(sentMail().filter((mail) => mail.kind === 'transfer_offer')).toHaveLength(1)
    const other = await offer(giver, persona('social').mail, 'two')
    expect(other.status).toBe(409)
    expect(other.body).toMatchObject({ code: 'transfer_pending' })
  })

  it('refuses an unknown e-mail, the giver\'s own, an athlete entered already, and a place not paid', async () => {
    expect((await offer(giver, 'nobody@example.org')).body).toMatchObject({ status: 422, code: 'recipient_unknown' })
    expect((await offer(giver, persona('completo').mail)).body).toMatchObject({ status: 422, code: 'recipient_is_self' })
    await db.subscriptions.create({ ...subscriptionOf('completo')!, athlete_id: ATHLETE_IDS.social })
    expect((await offer(giver, persona('social').mail)).body).toMatchObject({ status: 409, code: 'recipient_enrolled' })
    // completo's place in race 203 is taken and not paid.
    expect((await post(giver, '/api/v1/vdatrailers/iscrizione/203/cessione', { mail: persona('pax').mail, chiave: 'k' })).body).toMatchObject({ code: 'not_paid' })
    expect((await post(recipient, OFFER, { mail: persona('completo').mail, chiave: 'k' })).status).toBe(404)
  })

  it('refuses a race that does not allow it, and one past its deadline', async () => {
    const social = await signIn('social')
    const bard = await post(social, '/api/v1/vdatrailers/iscrizione/204/cessione', { mail: persona('pax').mail, chiave: 'k' })
    expect(bard.body).toMatchObject({ status: 422, code: 'transfer_closed' })
    controls.setNow(Date.parse(race().cambi!.cessione!.chiude))
    giver = await signIn('completo')
    expect((await offer(giver, persona('pax').mail)).body).toMatchObject({ status: 422, code: 'transfer_closed' })
  })

  it('lapses at the race\'s deadline when that comes before a week', async () => {
    controls.setNow(Date.parse(race().cambi!.cessione!.chiude) - 2 * DAY_MS)
    giver = await signIn('completo')
    const offered = await offer(giver, persona('pax').mail)
    expect(offered.body.scade).toBe(race().cambi!.cessione!.chiude)
  })
})

describe('cancelling', () => {
  it('takes back an offer not yet taken: the place stays the giver\'s and the link no longer accepts', async () => {
    const offered = await offer(giver, persona('pax').mail)
    const cancelled = await cancel(giver)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ iscrizione: { project_id: RACE, pagato: true, cessione: null } })
    expect((await cancel(giver)).body).toMatchObject({ status: 409, code: 'no_transfer' })
    expect((await read(recipient, String(offered.body.codice))).body).toMatchObject({ stato: 'annullata' })
    expect((await accept(recipient, String(offered.body.codice))).body).toMatchObject({ status: 409, code: 'transfer_closed' })
  })
})

describe('declining', () => {
  it("ends the offer: the place stays the giver's, who is told and may offer it again", async () => {
    const code = String((await offer(giver, persona('pax').mail)).body.codice)
    const social = await signIn('social')
    expect((await decline(social, code)).body).toMatchObject({ status: 404, code: 'transfer_not_found' })
    const declined = await decline(recipient, code)
    expect(declined.status).toBe(200)
    expect(declined.body).toMatchObject({ codice: code, stato: 'rifiutata' })
    expect(subscriptionOf('completo')).toMatchObject({ pagato: true, cessione: null })
    expect(isActivePlace(subscriptionOf('completo'))).toBe(true)
    expect(sentMail().filter((mail) => mail.kind === 'transfer_declined')).toEqual([
      expect.objectContaining({ to: persona('completo').mail, lingua: 'en', a: persona('pax').mail, gara: 'Sentiero dei Larici 25K 2026', link: '/me/races' }),
    ])
    // Asked again it answers the same, and tells the giver once.
    expect((await decline(recipient, code)).body).toMatchObject({ stato: 'rifiutata' })
    expect(sentMail().filter((mail) => mail.kind === 'transfer_declined')).toHaveLength(1)
    expect((await read(recipient, code)).body).toMatchObject({ stato: 'rifiutata' })
    expect((await accept(recipient, code)).body).toMatchObject({ status: 409, code: 'transfer_closed' })
    expect((await cancel(giver)).body).toMatchObject({ code: 'no_transfer' })
    expect((await offer(giver, persona('social').mail, 'again')).status).toBe(201)
  })

  it('declines an offer accepted and not paid, and not one paid', async () => {
    const code = String((await offer(giver, persona('pax').mail)).body.codice)
    await accept(recipient, code)
    expect((await decline(recipient, code)).body).toMatchObject({ stato: 'rifiutata' })
    expect(subscriptionOf('completo')?.cessione).toBeNull()
    expect(isActivePlace(subscriptionOf('completo'))).toBe(true)

    const paid = String((await offer(giver, persona('pax').mail, 'paid')).body.codice)
    await accept(recipient, paid)
    await signAndPay(recipient, 55)
    expect((await decline(recipient, paid)).body).toMatchObject({ status: 409, code: 'transfer_closed' })
    expect(subscriptionOf('completo')?.stato).toBe('ceduta')
  })

  it('does not decline an offer whose card is being settled', async () => {
    const code = String((await offer(giver, persona('pax').mail)).body.codice)
    await accept(recipient, code)
    await post(recipient, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE })
    const started = await post(recipient, '/api/v1/vdatrailers/pagamenti', {
      project_id: RACE,
      opzione_rimborso: 'standard',
      noleggio_gps: false,
      totale_atteso: 55,
      idempotency_key: 'transfer-test-declined-payment',
    })
    await provider().decide(String(started.body.pagamento_id), 'authorised')
    expect((await decline(recipient, code)).body).toMatchObject({ status: 409, code: 'transfer_closed' })
    expect((await read(recipient, code)).body).toMatchObject({ stato: 'accettata' })
  })

  it('cannot be declined once cancelled', async () => {
    const code = String((await offer(giver, persona('pax').mail)).body.codice)
    await cancel(giver)
    expect((await decline(recipient, code)).body).toMatchObject({ status: 409, code: 'transfer_closed' })
    expect(sentMail().filter((mail) => mail.kind === 'transfer_declined')).toEqual([])
  })
})

describe('taking the place', () => {
  it('shows the offer to its recipient only', async () => {
    const code = String((await offer(giver, persona('pax').mail)).body.codice)
    expect((await read(recipient, code)).body).toMatchObject({ codice: code, stato: 'offerta', prezzo: 45, tassa: 10 })
    const social = await signIn('social')
    expect((await read(social, code)).body).toMatchObject({ status: 404, code: 'transfer_not_found' })
    expect((await accept(social, code)).status).toBe(404)
  })

  it('gives the recipient an unpaid place with the transfer fee, then passes the giver\'s on and refunds 90% of their fee once paid', async () => {
    const code = String((await offer(giver, persona('pax').mail)).body.codice)
    const before = race().iscritti
    const accepted = await accept(recipient, code)
    expect(accepted.status).toBe(200)
    expect(accepted.body).toMatchObject({ cessione: { stato: 'accettata' }, iscrizione: { project_id: RACE, pagato: false, opzione_rimborso: 'standard', noleggio_gps: false, totale: 55 } })
    expect((await accept(recipient, code)).body).toMatchObject({ iscrizione: { totale: 55 } })
    // Accepted, the offer can no longer be taken back by the giver.
    expect((await cancel(giver)).body).toMatchObject({ code: 'no_transfer' })

    await signAndPay(recipient, 55)

    expect(subscriptionOf('pax')).toMatchObject({ pagato: true, totale: 55 })
    expect(subscriptionOf('completo')).toMatchObject({ stato: 'ceduta', cessione: null })
    expect(race().iscritti).toBe(before)
    expect(db.entrants.findMany((q) => q.where({ race_id: RACE })).map((entrant) => entrant.athlete_id)).not.toContain(ATHLETE_IDS.completo)
    const refunded = db.transactions.findFirst((q) => q.where({ athlete_id: ATHLETE_IDS.completo, gara_id: RACE, stato: 'paid' }))
    expect(refunded?.rimborso?.importo).toBe(40.5)
    // Told the place was passed on, and to whom: not that they withdrew.
    expect(sentMail().filter((mail) => mail.kind === 'refund')).toEqual([])
    expect(sentMail().findLast((mail) => mail.kind === 'transfer_completed')).toMatchObject({
      to: persona('completo').mail,
      a: persona('pax').mail,
      gara: 'Sentiero dei Larici 25K 2026',
      importo: 40.5,
      link: '/me/races',
    })
    expect((await read(recipient, code)).body).toMatchObject({ stato: 'completata' })
    expect((await accept(recipient, code)).status).toBe(200)
    expect((await offer(giver, persona('social').mail, 'after')).body).toMatchObject({ code: 'place_changed' })
  })

  it('keeps the place for the recipient when the race is full', async () => {
    const code = String((await offer(giver, persona('pax').mail)).body.codice)
    await db.races.update((q) => q.where({ id: RACE }), { data: (record) => void (record.iscritti = record.posti) })
    await accept(recipient, code)
    await signAndPay(recipient, 55)
    expect(subscriptionOf('pax')?.pagato).toBe(true)
    expect(race().iscritti).toBe(race().posti)
  })

  it('completes a transfer whose card was authorised before its deadline and settled after it', async () => {
    const offered = await offer(giver, persona('pax').mail)
    await accept(recipient, String(offered.body.codice))
    await signAndPay(recipient, 55, Date.parse(String(offered.body.scade)) + 1)
    expect(subscriptionOf('pax')?.pagato).toBe(true)
    expect(subscriptionOf('completo')?.stato).toBe('ceduta')
    expect(db.transfers.findFirst((q) => q.where({ codice: String(offered.body.codice) }))?.stato).toBe('completata')
  })

  it('refuses a recipient whose certificate will not be valid on race day, as an enrolment would', async () => {
    const code = String((await offer(giver, persona('scaduto').mail)).body.codice)
    const scaduto = await signIn('scaduto')
    expect((await accept(scaduto, code)).body).toMatchObject({ status: 422, code: 'not_eligible' })
    expect(db.transfers.findFirst((q) => q.where({ codice: code }))?.stato).toBe('offerta')
  })

  it('keeps a place on offer from being withdrawn; once the offer is cancelled and the place withdrawn, the link no longer accepts', async () => {
    const code = String((await offer(giver, persona('pax').mail)).body.codice)
    const WITHDRAW = `/api/v1/vdatrailers/iscrizione/${String(RACE)}/ritiro`
    expect((await post(giver, WITHDRAW, { rimborso_atteso: 0, chiave: 'w1' })).body).toMatchObject({ status: 409, code: 'place_changed' })
    await cancel(giver)
    // Withdrawn with the refund the server quotes today.
    const quoted = await post(giver, WITHDRAW, { rimborso_atteso: 0, chiave: 'w2' })
    expect(quoted.body).toMatchObject({ code: 'refund_changed' })
    const today = (quoted.body.rimborso as { totale: number }).totale
    expect((await post(giver, WITHDRAW, { rimborso_atteso: today, chiave: 'w3' })).status).toBe(200)
    expect(subscriptionOf('completo')?.stato).toBe('ritirata')
    expect((await accept(recipient, code)).body).toMatchObject({ status: 409, code: 'transfer_closed' })
  })

  it('closes an accepted offer whose giver\'s place changed meanwhile', async () => {
    const code = String((await offer(giver, persona('pax').mail)).body.codice)
    await accept(recipient, code)
    await db.subscriptions.update((q) => q.where({ athlete_id: ATHLETE_IDS.completo, project_id: RACE }), { data: (record) => void (record.stato = 'ritirata') })
    expect((await read(recipient, code)).body).toMatchObject({ stato: 'annullata' })
    expect((await accept(recipient, code)).body).toMatchObject({ status: 409, code: 'transfer_closed' })
    expect(subscriptionOf('completo')?.cessione).toBeNull()
  })

  it('lapses after a week untaken: the giver keeps the place and may offer it again', async () => {
    const code = String((await offer(giver, persona('pax').mail)).body.codice)
    controls.setNow(controls.now() + OFFER_DAYS * DAY_MS)
    recipient = await signIn('pax')
    giver = await signIn('completo')
    expect((await read(recipient, code)).body).toMatchObject({ stato: 'scaduta' })
    expect((await accept(recipient, code)).body).toMatchObject({ code: 'transfer_closed' })
    expect(subscriptionOf('completo')).toMatchObject({ pagato: true, cessione: null })
    expect((await offer(giver, persona('social').mail, 'again')).status).toBe(201)
  })
})
