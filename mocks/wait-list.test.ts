// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { HOUR_MS } from '../contracts/time'
import { db } from './db'
import { controls } from './node'
import { sentMail } from './outbox'
import { createProvider, SETTLE_DELAY_MS } from './provider'
import { api, bearer, get, post, signIn } from './test-api'
import { freeOnePlace } from './wait-list'
import '../tests/setup/mock-backend'

/**
 * Race 206's wait list (issue 23 point 3) as the portal meets it over HTTP: joining a sold-out race,
 * a place coming back offered to the first in line for 48 hours, taken and paid, or lapsed and
 * offered to the next; the wizard's calls for an offered athlete.
 */

const RACE = 206
const LIST = `/api/v1/vdatrailers/gara/${String(RACE)}/lista_attesa`
const race = () => db.races.findFirst((q) => q.where({ id: RACE }))!
const freePlace = () => freeOnePlace(race(), controls.now())
const provider = () => createProvider(controls.now, () => undefined)

const join = (token: string) => post(token, LIST, {})
const leave = (token: string) => api(LIST, { method: 'DELETE', headers: bearer(token) })

async function enrolAndPay(token: string, key: string) {
  const enrolled = await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: RACE, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Aosta' } })
  if (enrolled.status !== 200) return enrolled
  await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: RACE })
  return post(token, '/api/v1/vdatrailers/pagamenti', { project_id: RACE, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: race().prezzo, idempotency_key: `wait-list-test-${key}` })
}

/** The provider authorises the card now; the settlement lands with the next request after its delay. */
async function authoriseAndSettle(token: string, paymentId: string) {
  await provider().decide(paymentId, 'authorised')
  controls.setNow(controls.now() + SETTLE_DELAY_MS + 1)
  await get(token, LIST)
}

/** Days later: the sessions signed in this morning have run out, so both sign in again. */
async function later(ms: number) {
  controls.setNow(controls.now() + ms)
  first = await signIn('completo')
  second = await signIn('pax')
}

let first: string
let second: string

beforeEach(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {})
  first = await signIn('completo')
  second = await signIn('pax')
})

describe('joining', () => {
  it('puts athletes in line in arrival order, and answers the same entry when asked again', async () => {
    const joined = await join(first)
    expect(joined.status).toBe(201)
    expect(joined.body).toMatchObject({ gara_id: RACE, stato: 'in_attesa', posizione: 1, davanti: 0, origine: 'lista' })
    expect((await join(second)).body).toMatchObject({ posizione: 2, davanti: 1 })
    const again = await join(second)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'already_listed', voce: { posizione: 2 } })
  })

  it('refuses a race with places left, and one without a wait list', async () => {
    await freePlace()
    expect((await join(first)).body).toMatchObject({ code: 'places_left' })
    const other = await post(first, '/api/v1/vdatrailers/gara/203/lista_attesa', {})
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({ code: 'wait_list_closed' })
  })

  it('says "not listed" to an athlete who never joined', async () => {
    const read = await get(first, LIST)
    expect(read.status).toBe(404)
    expect(read.body).toMatchObject({ code: 'not_listed' })
  })
})

describe('a place that comes back', () => {
  it('is offered to the first in line only, for 48 hours, by e-mail; the race still looks full', async () => {
    await join(first)
    await join(second)
    await freePlace()
    const offer = db.waitEntries.findFirst((q) => q.where({ race_id: RACE, stato: 'offerta' }))!
    expect(offer.offerta_scade! - offer.offerta_at!).toBe(48 * HOUR_MS)
    expect((await get(first, LIST)).body).toMatchObject({ stato: 'offerta', offerta_scade: new Date(offer.offerta_scade!).toISOString() })
    expect((await get(second, LIST)).body).toMatchObject({ stato: 'in_attesa', posizione: 1, davanti: 0 })
    expect(race().iscritti).toBe(race().posti)
    const mail = sentMail().find((candidate) => candidate.kind === 'wait_list_offer')
    expect(mail).toMatchObject({ to: 'completo@pettorale.test', link: `/race/${String(RACE)}/wait-list`, scade: offer.offerta_scade })
    // Someone not on the list cannot take it.
    const social = await signIn('social')
    expect((await enrolAndPay(social, 'wl-social')).body).toMatchObject({ code: 'sold_out' })
  })

  it('is enrolled in and paid by the athlete offered it, who is then entered once', async () => {
    await join(first)
    await freePlace()
    const started = await enrolAndPay(first, 'wl-1')
    expect(started.status).toBe(201)
    await authoriseAndSettle(first, String(started.body.pagamento_id))
    expect((await get(first, LIST)).body).toMatchObject({ stato: 'iscritto' })
    expect(race().iscritti).toBe(race().posti)
    expect(db.entrants.findMany((q) => q.where({ race_id: RACE })).length).toBe(race().posti)
  })

  it('lapses after its deadline and goes to the next in line, whose wizard is let through', async () => {
    await join(first)
    await join(second)
    await freePlace()
    await later(48 * HOUR_MS)
    expect((await get(first, LIST)).body).toMatchObject({ stato: 'scaduta' })
    expect((await get(second, LIST)).body).toMatchObject({ stato: 'offerta' })
    expect((await enrolAndPay(first, 'wl-late')).body).toMatchObject({ code: 'offer_expired' })
    expect((await enrolAndPay(second, 'wl-next')).status).toBe(201)
  })

  it('goes back on sale when nobody is left in line', async () => {
    await join(first)
    await freePlace()
    await leave(first)
    expect((await get(first, LIST)).body).toMatchObject({ stato: 'uscito' })
    expect(race().iscritti).toBe(race().posti - 1)
  })

  it('is declined by leaving, and offered to the next', async () => {
    await join(first)
    await join(second)
    await freePlace()
    expect((await leave(first)).body).toMatchObject({ stato: 'uscito' })
    expect((await get(second, LIST)).body).toMatchObject({ stato: 'offerta' })
    expect(race().iscritti).toBe(race().posti)
  })

  it('voids a card authorised after the offer lapsed', async () => {
    await join(first)
    await join(second)
    await freePlace()
    const started = await enrolAndPay(first, 'wl-slow')
    await later(49 * HOUR_MS)
    await authoriseAndSettle(first, String(started.body.pagamento_id))
    const payment = db.payments.findFirst((q) => q.where({ pagamento_id: String(started.body.pagamento_id) }))!
    expect(payment).toMatchObject({ stato: 'failed', motivo: 'offer_expired' })
    expect(db.subscriptions.findFirst((q) => q.where({ athlete_id: payment.athlete_id, project_id: RACE }))!.pagato).toBe(false)
  })

  it('voids a card authorised after the athlete declined the place by leaving', async () => {
    await join(first)
    await join(second)
    await freePlace()
    const started = await enrolAndPay(first, 'wl-declined')
    await leave(first)
    await authoriseAndSettle(first, String(started.body.pagamento_id))
    expect(db.payments.findFirst((q) => q.where({ pagamento_id: String(started.body.pagamento_id) }))).toMatchObject({ stato: 'failed', motivo: 'offer_expired' })
    expect(race().iscritti).toBe(race().posti)
  })

  it('does not lapse while its card, authorised in time, settles', async () => {
    await join(first)
    await freePlace()
    const started = await enrolAndPay(first, 'wl-edge')
    await later(48 * HOUR_MS - 1_000)
    await provider().decide(String(started.body.pagamento_id), 'authorised')
    controls.setNow(controls.now() + SETTLE_DELAY_MS + 1)
    expect((await get(first, LIST)).body).toMatchObject({ stato: 'iscritto' })
  })
})

describe('mine', () => {
  it("lists the athlete's entries", async () => {
    await join(first)
    const mine = await get(first, '/api/v1/vdatrailers/lista_attesa')
    expect(mine.body).toEqual({ voci: [expect.objectContaining({ gara_id: RACE, stato: 'in_attesa', posizione: 1 })] })
  })
})
