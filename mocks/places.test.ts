// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { db, dumpDb, loadDb } from './db'
import { createHandlers } from './handlers'
import { controls, requestLog, server, TEST_API_BASE, TEST_PORTAL_ORIGIN } from './node'
import { sentMail } from './outbox'
import { get, persona, post, signIn } from './test-api'
import '../tests/setup/mock-backend'

/**
 * Issue 23: withdrawing and deferring a paid place at the simulated backend's API. `completo` has
 * Sentiero dei Larici 2026 (202, 14 June, 45 EUR, standard option, no GPS) paid; at the seed's
 * "now" (2 March) the schedule's 30-day rule gives 50% back.
 */

const LARICI = 202
const withdraw = (token: string, raceId: number, rimborso_atteso: number, chiave: string) =>
  post(token, `/api/v1/vdatrailers/iscrizione/${String(raceId)}/ritiro`, { rimborso_atteso, chiave })
const defer = (token: string, raceId: number, chiave: string) => post(token, `/api/v1/vdatrailers/iscrizione/${String(raceId)}/rinvio`, { chiave })
const raceOf = (id: number) => db.races.findFirst((q) => q.where({ id }))!
const completo = () => persona('completo').athleteId
const entrantOf = (raceId: number, athleteId: number) => db.entrants.findFirst((q) => q.where({ race_id: raceId, athlete_id: athleteId }))

/**
 * The backend started again, as each page load starts the browser's: its database from what it
 * kept, its handlers built afresh, so an answer kept anywhere but in the database would be lost.
 */
async function restart() {
  await loadDb(dumpDb())
  server.use(...createHandlers({ baseUrl: TEST_API_BASE, portalOrigin: TEST_PORTAL_ORIGIN, controls, onResolved: () => {}, requestLog }))
}

describe('withdrawing a paid place', () => {
  it("refunds today's share on the payment, frees the place and writes to the athlete", async () => {
    const token = await signIn('completo')
    const before = raceOf(LARICI).iscritti
    expect(entrantOf(LARICI, completo())).toBeDefined()

    const answer = await withdraw(token, LARICI, 22.5, 'k-1')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      iscrizione: { project_id: LARICI, stato: 'ritirata', pagato: true },
      rimborso: { giorni_prima: 104, opzione_rimborso: 'standard', quota_percento: 50, quota: 22.5, gps: 0, totale: 22.5 },
      transazione: { id: 'TX-2026-0002', stato: 'refunded', importo: 45, rimborso: { importo: 22.5, data: expect.stringMatching(/^2026-03-02T08:00/) as unknown } },
    })
    expect(raceOf(LARICI).iscritti).toBe(before - 1)
    expect(entrantOf(LARICI, completo())).toBeUndefined()
    expect(sentMail()[0]).toMatchObject({ kind: 'refund', to: persona('completo').mail, importo: 22.5, link: '/me/races' })
    const listed = await get(token, '/api/v1/vdatrailers/transazioni?lingua=en')
    expect(listed.body.transazioni).toContainEqual(expect.objectContaining({ id: 'TX-2026-0002', stato: 'refunded' }))
  })

  it('answers a replayed key with the same withdrawal, once, also after the backend restarted, and another key with the place changed', async () => {
    const token = await signIn('completo')
    const first = await withdraw(token, LARICI, 22.5, 'k-2')
    await restart()
    const again = await withdraw(token, LARICI, 22.5, 'k-2')
    expect(again).toEqual(first)
    expect(sentMail().filter((mail) => mail.kind === 'refund')).toHaveLength(1)
    expect(await withdraw(token, LARICI, 22.5, 'k-3')).toMatchObject({ status: 409, body: { code: 'place_changed' } })
  })

  it("refuses a refund other than today's with today's figures, and changes nothing", async () => {
    // Midnight passed in Rome between showing and confirming: 29 days before race day, 20%.
    controls.setNow('2026-05-16T00:05:00+02:00')
    const token = await signIn('completo')
    const answer = await withdraw(token, LARICI, 22.5, 'k-4')
    expect(answer).toMatchObject({ status: 409, body: { code: 'refund_changed', rimborso: { giorni_prima: 29, quota_percento: 20, totale: 9 } } })
    expect(db.subscriptions.findFirst((q) => q.where({ athlete_id: completo(), project_id: LARICI }))?.stato).toBeUndefined()
    expect((await withdraw(token, LARICI, 9, 'k-5')).status).toBe(200)
  })

  it('is closed once the schedule gives nothing back, and once the race has started', async () => {
    // 6 days before race day: the standard option's share is 0 and no GPS was rented.
    controls.setNow('2026-06-08T09:00:00+02:00')
    expect(await withdraw(await signIn('completo'), LARICI, 0, 'k-6')).toMatchObject({ status: 422, body: { code: 'withdrawal_closed' } })
    controls.setNow('2026-06-14T09:00:00+02:00')
    expect(await withdraw(await signIn('completo'), LARICI, 0, 'k-7')).toMatchObject({ status: 422, body: { code: 'withdrawal_closed' } })
  })

  it('refuses a race the athlete is not entered in, and a place not paid', async () => {
    const token = await signIn('completo')
    expect(await withdraw(token, 205, 1, 'k-8')).toMatchObject({ status: 404, body: { code: 'not_enrolled' } })
    // completo started 203 (Cogne) and has not paid it.
    expect(await withdraw(token, 203, 1, 'k-9')).toMatchObject({ status: 409, body: { code: 'not_paid' } })
  })
})

describe('deferring a paid place', () => {
  it('turns the fee less the deferral fee into a credit for the next edition and frees the place', async () => {
    const token = await signIn('completo')
    const before = raceOf(LARICI).iscritti
    const answer = await defer(token, LARICI, 'd-1')
    expect(answer).toMatchObject({
      status: 200,
      body: { iscrizione: { stato: 'rinviata' }, credito: { da_gara_id: LARICI, gara: 'Sentiero dei Larici 25K', edizione: 2027, importo: 30, stato: 'disponibile' } },
    })
    await restart()
    expect(await defer(token, LARICI, 'd-1')).toEqual(answer)
    expect(raceOf(LARICI).iscritti).toBe(before - 1)
    expect(entrantOf(LARICI, completo())).toBeUndefined()
    expect(sentMail()[0]).toMatchObject({ kind: 'credit', edizione: 2027, importo: 30 })
    expect((await get(token, '/api/v1/vdatrailers/crediti')).body).toEqual({ crediti: [(answer.body as { credito: unknown }).credito] })
    // The place is the credit now: neither withdrawn nor deferred again.
    expect(await withdraw(token, LARICI, 22.5, 'd-2')).toMatchObject({ status: 409, body: { code: 'place_changed' } })
  })

  it('is refused where the race does not allow it and after its deadline', async () => {
    // Bard (204) has no deferral; social has it paid.
    expect(await defer(await signIn('social'), 204, 'd-3')).toMatchObject({ status: 422, body: { code: 'defer_closed' } })
    controls.setNow('2026-06-01T00:00:00+02:00')
    expect(await defer(await signIn('completo'), LARICI, 'd-4')).toMatchObject({ status: 422, body: { code: 'defer_closed' } })
  })

  it('refuses a race the athlete is not entered in, a place not paid, and a place already withdrawn', async () => {
    const token = await signIn('completo')
    expect(await defer(token, 205, 'd-5')).toMatchObject({ status: 404, body: { code: 'not_enrolled' } })
    // completo started 203 (Cogne) and has not paid it.
    expect(await defer(token, 203, 'd-6')).toMatchObject({ status: 409, body: { code: 'not_paid' } })
    expect((await withdraw(token, LARICI, 22.5, 'd-7')).status).toBe(200)
    expect(await defer(token, LARICI, 'd-8')).toMatchObject({ status: 409, body: { code: 'place_changed' } })
  })

  it('lists no credits for an athlete without any', async () => {
    expect((await get(await signIn('social'), '/api/v1/vdatrailers/crediti')).body).toEqual({ crediti: [] })
  })
})
