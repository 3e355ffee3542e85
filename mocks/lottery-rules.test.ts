// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lottery, MyApplication } from '../contracts/lottery.contract'
import type { PaymentLinkStatus } from '../contracts/payments.contract'
import { MINUTE_MS } from '../contracts/time'
import type { WaitEntry } from '../contracts/wait-list.contract'
import { factsOf, isApplication, linkPaymentOf, lotteryOutcome, type ApplicationFacts } from '../machines/rules/lottery'
import { db } from './db'
import { controls } from './node'
import { sentMail } from './outbox'
import { createProvider, hasLapsed, SETTLE_DELAY_MS } from './provider'
import { api, get, persona, post, signIn } from './test-api'
import '../tests/setup/mock-backend'

/**
 * The lottery's outcome as the simulated backend decides it (mocks/lottery.ts, and the link's life
 * in mocks/provider.ts) and as the portal reads it (machines/rules/lottery.ts), held to the same
 * answer at every moment that matters: the draw's time, the payment's deadline on the dot, a card
 * authorised in time and settled after it, the wait list's order. The mock may not import the
 * portal's rules: this test reads its HTTP answers through them, as the page does.
 */

const RACE = 201
const LOTTERY = `/api/v1/vdatrailers/gara/${String(RACE)}/lotteria`
const race = () => db.races.findFirst((q) => q.where({ id: RACE }))!
const drawAt = () => Date.parse(race().lotteria!.estrazione)

const apply = (token: string) =>
  post(token, '/api/v1/vdatrailers/iscrizione', { project_id: RACE, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Aosta', itra_id: '2701234' } })
/** A fresh sign-in for each read: a token does not outlive the clock moved by weeks. */
const mine = async (key: string) => (await get(await signIn(key), `${LOTTERY}/mia`)).body as unknown as MyApplication
const published = async () => (await api(LOTTERY)).body as unknown as Lottery

/** The link as the page reads it: its status when the server answers one, `lapsed` on its 410. */
async function linkFacts(application: MyApplication): Promise<Pick<ApplicationFacts, 'payment' | 'paymentReadAt'>> {
  const answer = await api(`/api/v1/vdatrailers/pagamenti/link/${application.link!}`)
  if (answer.status === 410) {
    expect(answer.body).toMatchObject({ code: 'request_expired' })
    return { payment: 'lapsed', paymentReadAt: controls.now() }
  }
  expect(answer.status).toBe(200)
  const status = answer.body as unknown as PaymentLinkStatus
  // The deadline the page counts down to is the link's own.
  expect(status.scade).toBe(application.pagamento_scade)
  return { payment: linkPaymentOf(status.stato), paymentReadAt: controls.now() }
}

/** What the page would show now, from the server's answers alone. */
async function outcomeNow(key: string) {
  const application = await mine(key)
  const facts = factsOf(application)
  const link = application.link === undefined ? {} : await linkFacts(application)
  const entry = application.esito === 'non_estratto' ? ((await get(await signIn(key), `/api/v1/vdatrailers/gara/${String(RACE)}/lista_attesa`)).body as unknown as WaitEntry) : null
  return lotteryOutcome({ ...facts, ...link, position: entry?.posizione ?? null }, { drawAt: drawAt(), now: controls.now() })
}

const subscriptionOf = (key: string) => db.subscriptions.findFirst((q) => q.where({ athlete_id: persona(key).athleteId, project_id: RACE }))!

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {})
})

const linkPaymentRecord = (code: string) => db.payments.findFirst((q) => q.where({ link_code: code }))!

describe('the lottery’s outcome, on the server and in the portal', () => {
  it('waits for the draw until the server draws, at the draw’s time', async () => {
    await apply(await signIn('completo'))
    expect(await outcomeNow('completo')).toEqual({ kind: 'applied', drawAt: drawAt() })
    expect(isApplication(subscriptionOf('completo'))).toBe(true)
    controls.setNow(drawAt() - MINUTE_MS)
    expect((await published()).stato).not.toBe('estratta')
    expect(await outcomeNow('completo')).toEqual({ kind: 'applied', drawAt: drawAt() })
    // The server draws as its clock passes the draw's time: the portal's `drawing` lasts until its next read.
    controls.setNow(drawAt())
    expect((await published()).stato).toBe('estratta')
    expect((await outcomeNow('completo')).kind).not.toBe('drawing')
  })

  it('counts a drawn place down to the server’s deadline, and lapses it on the same millisecond', async () => {
    await apply(await signIn('completo'))
    controls.setNow(drawAt())
    const application = await mine('completo')
    const payBy = Date.parse(application.pagamento_scade!)
    expect(await outcomeNow('completo')).toEqual({ kind: 'drawn', payBy })
    // Once drawn, the subscription is a place to pay, no longer an application (the race page's standing).
    expect(isApplication(subscriptionOf('completo'))).toBe(false)
    const open = await linkFacts(application)
    expect(open.payment).toBe('open')
    // The server's rule for a link past its deadline, and the portal's, on either side of it.
    const record = linkPaymentRecord(application.link!)
    const facts = { ...factsOf(application), ...open, position: null }
    expect([hasLapsed(record, payBy - 1), lotteryOutcome(facts, { drawAt: drawAt(), now: payBy - 1 })]).toEqual([false, { kind: 'drawn', payBy }])
    expect([hasLapsed(record, payBy), lotteryOutcome(facts, { drawAt: drawAt(), now: payBy })]).toEqual([true, { kind: 'lapsed' }])
    controls.setNow(payBy)
    expect(await outcomeNow('completo')).toEqual({ kind: 'lapsed' })
  })

  it('is paid once the link’s payment settles', async () => {
    await apply(await signIn('completo'))
    controls.setNow(drawAt())
    const application = await mine('completo')
    await createProvider(controls.now, () => undefined).payLink(application.link!)
    controls.setNow(controls.now() + SETTLE_DELAY_MS + 1)
    expect(await outcomeNow('completo')).toEqual({ kind: 'paid' })
    expect(subscriptionOf('completo')).toMatchObject({ pagato: true })
    expect(isApplication(subscriptionOf('completo'))).toBe(false)
  })

  it('keeps a card authorised before the deadline: settling after it, then paid', async () => {
    await apply(await signIn('completo'))
    controls.setNow(drawAt())
    const application = await mine('completo')
    const payBy = Date.parse(application.pagamento_scade!)
    // Authorised a second before the deadline: the provider's confirmation lands after it.
    controls.setNow(payBy - SETTLE_DELAY_MS / 3)
    await createProvider(controls.now, () => undefined).payLink(application.link!)
    // Past the deadline, before the settlement: the server keeps the link pending (no 410).
    controls.setNow(payBy)
    expect(await outcomeNow('completo')).toEqual({ kind: 'confirming' })
    controls.setNow(payBy + SETTLE_DELAY_MS)
    expect(await outcomeNow('completo')).toEqual({ kind: 'paid' })
  })

  it('puts an application not drawn on the wait list, at the place the server’s e-mail names', async () => {
    // With both applications in, the seed's draw puts completo and social past the 280 places.
    const keys = ['completo', 'social']
    for (const key of keys) await apply(await signIn(key))
    controls.setNow(drawAt())
    const { ordine, posti } = await published()
    for (const key of keys) {
      expect(ordine!.indexOf((await mine(key)).numero) + 1).toBeGreaterThan(posti)
      const mail = sentMail().find((sent) => sent.kind === 'lottery_not_drawn' && sent.to === persona(key).mail)
      expect(await outcomeNow(key)).toEqual({ kind: 'notDrawn', position: (mail as { posizione: number }).posizione })
      // The server leaves the flag on a subscription not drawn: the race page still calls it an application.
      expect(isApplication(subscriptionOf(key))).toBe(true)
    }
  })
})
