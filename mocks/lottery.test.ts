// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { commitmentOf, drawOrder } from '../contracts/lottery-draw'
import type { Lottery, MyApplication } from '../contracts/lottery.contract'
import { HOUR_MS } from '../contracts/time'
import { db } from './db'
import { drawLottery } from './lottery'
import { controls } from './node'
import { sentMail } from './outbox'
import { createProvider, SETTLE_DELAY_MS } from './provider'
import { FLAGSHIP_LOTTERY_COMMITMENT, FLAGSHIP_LOTTERY_SEED } from './seed/lottery'
import { api, get, persona, post, signIn } from './test-api'
import '../tests/setup/mock-backend'

/**
 * The flagship's lottery (issue 23 point 4) as the portal and anyone else meet it over HTTP: the
 * published list and commitment, an application's number and tickets, the draw and its outcomes.
 */

const RACE = 201
const LOTTERY = `/api/v1/vdatrailers/gara/${String(RACE)}/lotteria`
const race = () => db.races.findFirst((q) => q.where({ id: RACE }))!
const published = async () => (await api(LOTTERY)).body as unknown as Lottery
const mine = async (token: string) => (await get(token, `${LOTTERY}/mia`)) as { status: number; body: MyApplication & { code?: string } }

const apply = (token: string) =>
  post(token, '/api/v1/vdatrailers/iscrizione', { project_id: RACE, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Aosta', itra_id: '2701234' } })

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {})
})

describe('the published lottery', () => {
  it('publishes the commitment of the seed it keeps, and 1,500 applications by number without names', async () => {
    expect(await commitmentOf(FLAGSHIP_LOTTERY_SEED)).toBe(FLAGSHIP_LOTTERY_COMMITMENT)
    const lottery = await published()
    expect(lottery).toMatchObject({ gara_id: RACE, stato: 'aperta', posti: 280, impegno: FLAGSHIP_LOTTERY_COMMITMENT, seme: null, ordine: null, estratta_at: null })
    expect(lottery.domande).toHaveLength(1500)
    expect(lottery.domande.map((application) => application.numero)).toEqual(Array.from({ length: 1500 }, (_, index) => index + 1))
    expect(lottery.domande.every((application) => application.nome === null)).toBe(true)
    // Most apply for the first time; a few hold 16 tickets.
    const ones = lottery.domande.filter((application) => application.biglietti === 1).length
    expect(ones).toBeGreaterThan(600)
    expect(lottery.domande.some((application) => application.biglietti === 16)).toBe(true)
  })

  it('answers no_lottery for a race entered directly', async () => {
    expect(await api('/api/v1/vdatrailers/gara/202/lotteria')).toMatchObject({ status: 404, body: { code: 'no_lottery' } })
  })

  it('says the applications are closed between their close and the draw', async () => {
    controls.setNow(Date.parse(race().lotteria!.chiude))
    expect((await published()).stato).toBe('chiusa')
  })
})

describe('an application', () => {
  it('takes the next number once, with tickets doubled by the earlier unsuccessful applications', async () => {
    const token = await signIn('completo')
    expect(await mine(token)).toMatchObject({ status: 404, body: { code: 'no_application' } })
    expect((await apply(token)).status).toBe(200)
    expect((await apply(token)).status).toBe(200)
    // Not drawn in 2024 and 2025: 2^2 tickets.
    expect((await mine(token)).body).toEqual({ gara_id: RACE, numero: 1501, biglietti: 4, precedenti: 2, esito: 'in_attesa' })
    const social = await signIn('social')
    await apply(social)
    expect((await mine(social)).body).toMatchObject({ numero: 1502, biglietti: 1, precedenti: 0 })
    const lottery = await published()
    expect(lottery.domande.at(-2)).toEqual({ numero: 1501, biglietti: 4, nome: null })
  })

  it('is named on the list only as the athlete chose', async () => {
    db.athletes.update((q) => q.where({ id: persona('completo').athleteId }), { data: (athlete) => void (athlete.visibilita = 'iniziali') })
    await apply(await signIn('completo'))
    expect((await published()).domande.at(-1)).toEqual({ numero: 1501, biglietti: 4, nome: 'C. J.' })
  })
})

describe('the draw', () => {
  it('happens by itself once the clock passes the draw time, in the order anyone recomputes from what is published', async () => {
    await apply(await signIn('completo'))
    controls.setNow(Date.parse(race().lotteria!.estrazione))
    const lottery = await published()
    expect(lottery).toMatchObject({ stato: 'estratta', seme: FLAGSHIP_LOTTERY_SEED, estratta_at: race().lotteria!.estrazione })
    expect(lottery.ordine).toEqual(await drawOrder(lottery.seme!, lottery.domande))
    expect(await commitmentOf(lottery.seme!)).toBe(lottery.impegno)
  })

  it('sends the drawn a payment link, fills the places of the simulated drawn, and puts the others on the wait list in the draw’s order', async () => {
    const token = await signIn('completo')
    await apply(token)
    const now = controls.now()
    expect(await drawLottery(race(), now)).toEqual({ estratti: 280, non_estratti: 1221 })
    const { ordine } = await published()
    const position = ordine!.indexOf(1501) + 1
    const application = (await mine(token)).body
    const waiting = db.waitEntries.findMany((q) => q.where({ race_id: RACE })).sort((a, b) => a.ordine - b.ordine)
    expect(waiting).toHaveLength(1221)
    expect(waiting.every((entry) => entry.origine === 'lotteria' && entry.stato === 'in_attesa')).toBe(true)
    expect(waiting[0]!.ordine).toBe(281)
    if (position <= 280) {
      // 279 simulated drawn took their places; completo's is hers to pay.
      expect(race().iscritti).toBe(320 + 279)
      expect(application).toMatchObject({ esito: 'estratto', pagamento_scade: new Date(now + 240 * HOUR_MS).toISOString() })
      expect(sentMail().find((mail) => mail.kind === 'lottery_drawn' && mail.to === persona('completo').mail)).toMatchObject({
        totale: race().prezzo,
        scade: now + 240 * HOUR_MS,
      })
    } else {
      expect(race().iscritti).toBe(320 + 280)
      expect(application).toMatchObject({ esito: 'non_estratto' })
      expect(sentMail().find((mail) => mail.kind === 'lottery_not_drawn')).toMatchObject({ to: persona('completo').mail, posizione: position - 280 })
    }
  })
})

describe('a drawn place', () => {
  /** completo, drawn: she applies, then takes the application the seed draws first (and gives it hers). */
  async function drawnCompleto() {
    const token = await signIn('completo')
    await apply(token)
    const first = (await drawOrder(FLAGSHIP_LOTTERY_SEED, (await published()).domande))[0]!
    const other = db.lotteryApplications.findFirst((q) => q.where({ race_id: RACE, numero: first }))!.athlete_id
    await db.lotteryApplications.update((q) => q.where({ race_id: RACE, numero: 1501 }), { data: (record) => void (record.athlete_id = other) })
    await db.lotteryApplications.update((q) => q.where({ race_id: RACE, numero: first }), { data: (record) => void (record.athlete_id = persona('completo').athleteId) })
    await drawLottery(race(), controls.now())
    return { token, application: (await mine(token)).body }
  }

  it('is paid by its link and counted once', async () => {
    const { token, application } = await drawnCompleto()
    expect(application.esito).toBe('estratto')
    const paymentId = await createProvider(controls.now, () => undefined).payLink(application.link!)
    expect(paymentId).toBeTruthy()
    controls.setNow(controls.now() + SETTLE_DELAY_MS + 1)
    await get(token, `${LOTTERY}/mia`)
    expect(race().iscritti).toBe(600)
    expect(db.subscriptions.findFirst((q) => q.where({ athlete_id: persona('completo').athleteId, project_id: RACE }))).toMatchObject({ pagato: true, domanda_lotteria: false })
  })

  it('lapsing unpaid, is offered to the first on the wait list', async () => {
    const { token, application } = await drawnCompleto()
    controls.setNow(Date.parse(application.pagamento_scade!))
    await get(token, `${LOTTERY}/mia`)
    expect((await api(`/api/v1/vdatrailers/pagamenti/link/${application.link!}`)).status).toBe(410)
    const first = db.waitEntries.findMany((q) => q.where({ race_id: RACE })).sort((a, b) => a.ordine - b.ordine)[0]!
    expect(first).toMatchObject({ ordine: 281, stato: 'offerta' })
    expect(race().iscritti).toBe(600)
  })
})
