// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { db } from './db'
import { sha256Hex } from '../contracts/sha256'
import { controls } from './node'
import { createProvider, SETTLE_DELAY_MS } from './provider'
import { api, get, persona, post, signIn } from './test-api'
import '../tests/setup/mock-backend'

/**
 * The enrolment as the simulated backend plays it: enter, sign the waiver with its evidence, pay
 * through the provider's checkout, settle a little later. Requests go straight to the handlers.
 */

const RACE = 203


const enrol = (token: string, extra: Record<string, unknown> = {}) =>
  post(token, '/api/v1/vdatrailers/iscrizione', {
    project_id: RACE,
    opzione_rimborso: 'protetto',
    noleggio_gps: true,
    campi: { navetta: 'Cogne' },
    ...extra,
  })
const race = () => db.races.findFirst((q) => q.where({ id: RACE }))!
const total = () => Math.round((race().prezzo + race().supplemento_rimborso + race().noleggio_gps) * 100) / 100
const pay = (token: string, key: string, totale_atteso = total()) =>
  post(token, '/api/v1/vdatrailers/pagamenti', { project_id: RACE, opzione_rimborso: 'protetto', noleggio_gps: true, totale_atteso, idempotency_key: key })
const provider = () => createProvider(controls.now, () => undefined)

/** A payment's status, as its athlete reads it (the status is the owner's only, with the session). */
const paymentStatus = (token: string, paymentId: string) =>
  api(`/api/v1/vdatrailers/pagamenti/${paymentId}`, { headers: { authorization: `Bearer ${token}` } })

async function settle(token: string, paymentId: string) {
  controls.advance(SETTLE_DELAY_MS)
  return (await paymentStatus(token, paymentId)).body.stato
}

describe('enrolment at the simulated backend', () => {
  it('enters the athlete unpaid with the choices and the total, and updates the same subscription when asked again', async () => {
    const token = await signIn('completo')
    const first = await enrol(token)
    expect(first.status).toBe(200)
    expect(first.body.iscrizione).toMatchObject({ project_id: RACE, pagato: false, opzione_rimborso: 'protetto', noleggio_gps: true, totale: total() })
    expect((await enrol(token, { opzione_rimborso: 'standard', noleggio_gps: false })).body.iscrizione).toMatchObject({ totale: race().prezzo })
    expect(db.subscriptions.findMany((q) => q.where({ athlete_id: persona('completo').athleteId, project_id: RACE }))).toHaveLength(1)
  })

  it('carries the answers back on every read of the subscription, as last sent, free text included (decision 027)', async () => {
    const token = await signIn('completo')
    const campi = { team: 'Valdigne Runners Courmayeur', navetta: 'Cogne', pasta_party: true }
    expect((await enrol(token, { campi })).body.iscrizione).toMatchObject({ campi })
    const history = () =>
      get(token, `/api/v1/vdatrailers/iscrizioni/?contact_id=${String(persona('completo').athleteId)}&from_date=2000-01-01&to_date=2026-12-31`)
    const ofRace = (rows: unknown) => (rows as Array<{ project_id: number; campi?: unknown }>).find((row) => row.project_id === RACE)
    expect(ofRace((await history()).body.iscrizioni)?.campi).toEqual(campi)
    expect(ofRace((await get(token, '/api/v1/vdatrailers/atleta_me')).body.iscrizioni_possibili)?.campi).toEqual(campi)
    // Asked again, the open subscription holds the new answers.
    await enrol(token, { campi: { navetta: 'Aosta' } })
    expect(ofRace((await history()).body.iscrizioni)?.campi).toEqual({ navetta: 'Aosta' })
  })

  it("names the race's current waiver version on its list and details, so a place signed on an older text is asked again", async () => {
    const version = async () => (await api(`/api/v1/vdatrailers/gare/${String(RACE)}`)).body.liberatoria_versione
    const inList = async () =>
      ((await api('/api/v1/vdatrailers/gare')).body.gare as Array<{ id: number; liberatoria_versione?: string }>).find((row) => row.id === RACE)
        ?.liberatoria_versione
    expect(await version()).toBe('v1')
    expect(await inList()).toBe('v1')
    await db.races.update((q) => q.where({ id: RACE }), { data: (r) => void (r.liberatoria_versione = 'v2') })
    expect(await version()).toBe('v2')
    expect(await inList()).toBe('v2')
  })

  it('refuses a missing required field, a sold-out race, an athlete already entered and one whose certificate is in review', async () => {
    const token = await signIn('completo')
    expect((await enrol(token, { campi: {} })).body.code).toBe('missing_field')
    expect((await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: 202, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Aosta' } })).body.code).toBe('already_enrolled')
    await db.races.update((q) => q.where({ id: RACE }), { data: (r) => void (r.iscritti = r.posti) })
    expect((await enrol(token)).status).toBe(409)
    expect((await enrol(await signIn('revisione'))).body.code).toBe('not_eligible')
  })

  it('signs the waiver with its version, language and digest; a changed text refuses the old version', async () => {
    const token = await signIn('completo')
    const waiver = await api(`/api/v1/vdatrailers/liberatoria/${String(RACE)}?lingua=fr`)
    expect(waiver.body).toMatchObject({ versione: 'v1', lingua: 'fr', frase: "J'accepte les risques de la course en montagne" })
    // The digest of the text shown: a digest of no text is refused (hash_mismatch, issue 19 row 6).
    const sha256 = await sha256Hex(String(waiver.body.testo))
    expect((await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE, versione: 'v1', lingua: 'fr', sha256 })).status).toBe(200)
    const stored = db.subscriptions.findFirst((q) => q.where({ athlete_id: persona('completo').athleteId, project_id: RACE }))!
    expect(stored).toMatchObject({ liberatoria: true, liberatoria_versione: 'v1', liberatoria_lingua: 'fr', liberatoria_sha256: sha256 })
    expect(Date.parse(stored.liberatoria_signed!)).toBeLessThanOrEqual(controls.now())

    await db.races.update((q) => q.where({ id: RACE }), { data: (r) => void (r.liberatoria_versione = 'v2') })
    const revised = await api(`/api/v1/vdatrailers/liberatoria/${String(RACE)}?lingua=fr`)
    expect(revised.body.testo).not.toBe(waiver.body.testo)
    expect((await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE, versione: 'v1' })).body.code).toBe('waiver_outdated')
    expect((await pay(token, 'key-outdated-1')).body.code).toBe('waiver_not_signed')
  })

  it('a paid checkout settles after the delay: subscription paid with a bib, a transaction, a place taken, a new subscriber', async () => {
    const token = await signIn('completo')
    await enrol(token)
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE })
    const placesTaken = race().iscritti
    const started = await pay(token, 'key-paid-1')
    expect(started.status).toBe(201)
    const paymentId = String(started.body.pagamento_id)
    expect((await paymentStatus(token, paymentId)).body.stato).toBe('pending')

    await provider().decide(paymentId, 'authorised')
    controls.advance(SETTLE_DELAY_MS - 1_000)
    expect((await paymentStatus(token, paymentId)).body.stato).toBe('pending')
    expect(await settle(token, paymentId)).toBe('success')
    const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: persona('completo').athleteId, project_id: RACE }))!
    expect(subscription).toMatchObject({ pagato: true, opzione_rimborso: 'protetto', noleggio_gps: true, totale: total() })
    expect(subscription.pettorale).toEqual(expect.any(Number))
    expect(race().iscritti).toBe(placesTaken + 1)
    expect(db.transactions.findFirst((q) => q.where({ id: `TX-${paymentId}` }))).toMatchObject({ stato: 'paid', importo: total() })
    expect(db.entrants.findFirst((q) => q.where({ race_id: RACE, pettorale: subscription.pettorale! }))).toBeDefined()
    expect((await pay(token, 'key-paid-2')).body.code).toBe('already_paid')
  })

  it('a declined card records a failed transaction and leaves the subscription open for a new attempt', async () => {
    const token = await signIn('completo')
    await enrol(token)
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE })
    const paymentId = String((await pay(token, 'key-declined-1')).body.pagamento_id)
    await provider().decide(paymentId, 'declined')
    expect(await settle(token, paymentId)).toBe('failed')
    expect(db.transactions.findFirst((q) => q.where({ id: `TX-${paymentId}` }))?.stato).toBe('failed')
    const retry = await pay(token, 'key-declined-2')
    expect(retry.status).toBe(201)
    expect(retry.body.pagamento_id).not.toBe(paymentId)
  })

  it('refuses a total other than the server\'s (409 total_mismatch) with no payment or charge; the right total is taken', async () => {
    const token = await signIn('completo')
    await enrol(token)
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE })
    const payments = db.payments.all().length
    const transactions = db.transactions.all().length
    // A price the portal read before the organiser changed it, a cent off, and the fee without the options chosen.
    for (const wrong of [total() - 10, total() + 0.01, race().prezzo]) {
      expect(await pay(token, `key-mismatch-${String(wrong)}`, wrong), String(wrong)).toMatchObject({ status: 409, body: { code: 'total_mismatch' } })
    }
    expect(db.payments.all()).toHaveLength(payments)
    expect(db.transactions.all()).toHaveLength(transactions)

    const started = await pay(token, 'key-mismatch-right')
    expect(started).toMatchObject({ status: 201, body: { totale: total() } })
    expect(db.payments.findFirst((q) => q.where({ pagamento_id: String(started.body.pagamento_id) }))).toMatchObject({ stato: 'pending', totale: total() })
    expect(db.payments.all()).toHaveLength(payments + 1)
  })

  it('a new attempt expires the checkout left open, which can then no longer charge', async () => {
    const token = await signIn('completo')
    await enrol(token)
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE })
    const abandoned = String((await pay(token, 'key-open-1')).body.pagamento_id)
    await pay(token, 'key-open-2')
    expect((await paymentStatus(token, abandoned)).body.stato).toBe('expired')
    await provider().decide(abandoned, 'authorised')
    expect(await settle(token, abandoned)).toBe('expired')
  })

  it('a paid place in the festival race takes the bib after its 20,000 generated entrants: each bib once in its list', async () => {
    const token = await signIn('completo')
    const festival = 210
    await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: festival, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'none' } })
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: festival })
    const { prezzo } = db.races.findFirst((q) => q.where({ id: festival }))!
    const started = await post(token, '/api/v1/vdatrailers/pagamenti', { project_id: festival, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: prezzo, idempotency_key: 'key-festival-1' })
    const paymentId = String(started.body.pagamento_id)
    await provider().decide(paymentId, 'authorised')
    expect(await settle(token, paymentId)).toBe('success')

    const bibs = ((await api(`/api/v1/vdatrailers/gare/${String(festival)}/iscritti`)).body.iscritti as Array<{ pettorale: number }>).map((row) => row.pettorale)
    expect(new Set(bibs).size).toBe(bibs.length)
    expect(db.subscriptions.findFirst((q) => q.where({ athlete_id: persona('completo').athleteId, project_id: festival }))?.pettorale).toBe(20_001)
  })

  it('the flagship without a PAX is a lottery application, which is not paid now', async () => {
    const token = await signIn('completo')
    const applied = await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: 201, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Aosta', itra_id: '2701234' } })
    expect(applied.body.iscrizione).toMatchObject({ domanda_lotteria: true, pagato: false })
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: 201 })
    const started = await post(token, '/api/v1/vdatrailers/pagamenti', { project_id: 201, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: 950, idempotency_key: 'key-lottery-1' })
    expect(started.body.code).toBe('lottery_application')
  })
})
