// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db, type PaymentRecord, type SubscriptionRecord, type TransactionRecord } from './db'
import { controls } from './node'
import { createProvider, settleDuePayments, SETTLE_DELAY_MS } from './provider'
import { SEED_TOKENS } from './seed'
import { get, persona, post, signIn } from './test-api'
import '../tests/setup/mock-backend'

/**
 * Issue 19, rows 1 and 2: the races between the ways a place can be paid, replayed in every order
 * against the simulated backend. A card payment started, the organiser's link sent or paid, each
 * authorised at the provider, the provider's confirmation arriving (`tick`), a second card payment
 * from another tab: whatever the order, at most one payment of the place is paid, the athlete has
 * one place and one bib, every authorisation is accounted for in the ledger (captured once, or
 * voided with a refunded line the athlete sees), and each start is answered as the rules say.
 */




/** Every distinct order of a list whose items may repeat. */
function orderings<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]]
  const seen = new Set<T>()
  const all: T[][] = []
  items.forEach((item, index) => {
    if (seen.has(item)) return
    seen.add(item)
    const rest = [...items.slice(0, index), ...items.slice(index + 1)]
    for (const tail of orderings(rest)) all.push([item, ...tail])
  })
  return all
}

/**
 * - `start:A`, `start:B`: a card payment started (B from another tab: its own idempotency key);
 * - `retry:A`: A's request sent again with its key (a retry, or another tab of the same wizard);
 * - `authorise:A`, `authorise:B`: the card goes through at the provider's checkout;
 * - `link:send`: the organiser's back office sends a payment link for the place;
 * - `link:pay`: the athlete pays the organiser's link at the provider;
 * - `tick`: the provider's confirmations fall due and the next request settles them.
 */
type Step = 'start:A' | 'retry:A' | 'start:B' | 'authorise:A' | 'authorise:B' | 'link:send' | 'link:pay' | 'tick'

interface Scenario {
  name: string
  who: 'pax' | 'completo'
  race: number
  /** The organiser's link already open for the place (the seed's, for pax on the 330 km). */
  seededLink: string | null
  steps: readonly Step[]
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: "row 1: the seeded link of pax's 330 km against a card payment",
    who: 'pax',
    race: 201,
    seededLink: SEED_TOKENS.paymentLinkPending,
    steps: ['start:A', 'authorise:A', 'link:pay', 'tick'],
  },
  {
    name: 'row 1: a card payment against a link the organiser sends meanwhile (card then link, link then card)',
    who: 'completo',
    race: 203,
    seededLink: null,
    steps: ['start:A', 'authorise:A', 'link:send', 'link:pay', 'tick'],
  },
  {
    name: 'row 2: a card payment authorised, and its own request sent again',
    who: 'completo',
    race: 203,
    seededLink: null,
    steps: ['start:A', 'authorise:A', 'retry:A', 'tick'],
  },
  {
    name: 'row 2: a card payment authorised in one tab against a second started in another',
    who: 'completo',
    race: 203,
    seededLink: null,
    steps: ['start:A', 'authorise:A', 'start:B', 'authorise:B', 'tick'],
  },
]

/** What the place looked like before a replay, to put it back and to count what the replay added. */
interface Baseline {
  payments: PaymentRecord[]
  transactions: TransactionRecord[]
  subscription: SubscriptionRecord
  iscritti: number
  entrants: Set<number>
  outbox: Set<string>
}

const clone = <T>(value: T): T => structuredClone({ ...value }) as T

function baselineOf(athleteId: number, race: number): Baseline {
  return {
    payments: db.payments.findMany((q) => q.where({ athlete_id: athleteId, project_id: race })).map(clone),
    transactions: db.transactions.findMany((q) => q.where({ athlete_id: athleteId, gara_id: race })).map(clone),
    subscription: clone(db.subscriptions.findFirst((q) => q.where({ athlete_id: athleteId, project_id: race }))!),
    iscritti: db.races.findFirst((q) => q.where({ id: race }))!.iscritti,
    entrants: new Set(db.entrants.findMany((q) => q.where({ race_id: race })).map((entrant) => entrant.pettorale)),
    outbox: new Set(db.outbox.all().map((mail) => mail.id)),
  }
}

/** Back to the baseline, without reloading the whole seed (20,000 entrants) for each of the orders. */
async function restore(athleteId: number, race: number, baseline: Baseline): Promise<void> {
  db.payments.deleteMany((q) => q.where({ athlete_id: athleteId, project_id: race }))
  for (const payment of baseline.payments) await db.payments.create(clone(payment))
  db.transactions.deleteMany((q) => q.where({ athlete_id: athleteId, gara_id: race }))
  for (const line of baseline.transactions) await db.transactions.create(clone(line))
  await db.subscriptions.update((q) => q.where({ athlete_id: athleteId, project_id: race }), {
    data: (record) => void Object.assign(record, clone(baseline.subscription)),
  })
  await db.races.update((q) => q.where({ id: race }), { data: (record) => void (record.iscritti = baseline.iscritti) })
  db.entrants.deleteMany((q) => q.where((entrant) => entrant.race_id === race && !baseline.entrants.has(entrant.pettorale)))
  db.outbox.deleteMany((q) => q.where((mail) => !baseline.outbox.has(mail.id)))
}

const placePayments = (athleteId: number, race: number) => db.payments.findMany((q) => q.where({ athlete_id: athleteId, project_id: race }))

/** What the rules say a start must be answered, from the place as it is before the request. */
function expectedStart(athleteId: number, race: number, key: string): { status: number; code?: string; pagamento_id?: string; codice_link?: string } {
  // The same request again answers its payment: wait for it while it is being confirmed.
  const replayed = db.payments.findFirst((q) => q.where({ athlete_id: athleteId, idempotency_key: key }))
  if (replayed) {
    return replayed.stato === 'pending' && replayed.esito === 'authorised'
      ? { status: 409, code: 'payment_in_progress', pagamento_id: replayed.pagamento_id }
      : { status: 201, pagamento_id: replayed.pagamento_id }
  }
  const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: athleteId, project_id: race }))!
  const payments = placePayments(athleteId, race)
  if (subscription.pagato) return { status: 422, code: 'already_paid' }
  const authorised = payments.find((payment) => payment.stato === 'pending' && payment.esito === 'authorised')
  if (authorised) return { status: 409, code: 'payment_in_progress', pagamento_id: authorised.pagamento_id }
  const link = payments.find(
    (payment) => payment.stato === 'pending' && payment.link_code !== null && !payment.esito && (payment.scade ?? Infinity) > controls.now(),
  )
  if (link) return { status: 409, code: 'payment_link_open', codice_link: link.link_code! }
  return { status: 201 }
}

beforeEach(() => {
  // The organiser's links are "e-mailed" to the console: hundreds of replays would bury the report.
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})

describe('one place, one charge: the payment races of issue 19 in every order', () => {
  for (const scenario of SCENARIOS) {
    const orders = orderings(scenario.steps)

    it(`${scenario.name}: ${String(orders.length)} orders`, async () => {
      const token = await signIn(scenario.who)
      const athleteId = persona(scenario.who).athleteId
      const provider = createProvider(controls.now, () => undefined)
      if (scenario.race === 203) {
        // completo enters race 203 and signs its waiver: the place is payable.
        expect((await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: 203, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Cogne' } })).status).toBe(200)
        expect((await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: 203 })).status).toBe(200)
      }
      const race = db.races.findFirst((q) => q.where({ id: scenario.race }))!
      const total = db.subscriptions.findFirst((q) => q.where({ athlete_id: athleteId, project_id: scenario.race }))!.totale!
      const options = { opzione_rimborso: 'standard', noleggio_gps: false }
      expect(total).toBe(race.prezzo)
      const baseline = baselineOf(athleteId, scenario.race)

      for (const [index, order] of orders.entries()) {
        const label = `${scenario.name} [${order.join(', ')}]`
        await restore(athleteId, scenario.race, baseline)
        const cards: Partial<Record<'A' | 'B', string>> = {}
        let link = scenario.seededLink
        /** Every payment the provider authorised during the replay: each must be accounted for. */
        const authorised = new Set<string>()
        const authorise = async (id: string | null | undefined, how: (id: string) => Promise<unknown>) => {
          if (!id) return
          await how(id)
          const after = db.payments.findFirst((q) => q.where({ pagamento_id: id }))
          if (after?.esito === 'authorised') authorised.add(id)
        }

        for (const step of order) {
          switch (step) {
            case 'start:A':
            case 'retry:A':
            case 'start:B': {
              const card = step === 'start:B' ? 'B' : 'A'
              const key = `race-${String(index)}-${card}`
              const expected = expectedStart(athleteId, scenario.race, key)
              const answer = await post(token, '/api/v1/vdatrailers/pagamenti', { project_id: scenario.race, ...options, totale_atteso: total, idempotency_key: key })
              expect({ status: answer.status, code: answer.body.code, pagamento_id: expected.pagamento_id === undefined ? undefined : answer.body.pagamento_id, codice_link: answer.body.codice_link }, `${label}: ${step}`).toEqual({
                status: expected.status,
                code: expected.code,
                pagamento_id: expected.pagamento_id,
                codice_link: expected.codice_link,
              })
              if (answer.status === 201) cards[card] = String(answer.body.pagamento_id)
              break
            }
            case 'authorise:A':
            case 'authorise:B':
              await authorise(cards[step === 'authorise:A' ? 'A' : 'B'], (id) => provider.decide(id, 'authorised'))
              break
            case 'link:send':
              // The back office sends no link for a place already paid.
              if (db.subscriptions.findFirst((q) => q.where({ athlete_id: athleteId, project_id: scenario.race }))!.pagato) {
                await expect(provider.sendLink(athleteId, scenario.race), label).rejects.toThrow(/paid already/)
              } else {
                link = await provider.sendLink(athleteId, scenario.race)
              }
              break
            case 'link:pay':
              await authorise(
                link && db.payments.findFirst((q) => q.where({ link_code: link! }))?.pagamento_id,
                (id) => provider.decide(id, 'authorised'),
              )
              break
            case 'tick':
              controls.advance(SETTLE_DELAY_MS)
              await get(token, '/api/v1/vdatrailers/transazioni')
              break
          }
          // Never, between two steps: an authorisation dropped (expired), or a place paid twice.
          for (const id of authorised) {
            expect(db.payments.findFirst((q) => q.where({ pagamento_id: id }))?.stato, `${label}: after ${step}, ${id}`).not.toBe('expired')
          }
          expect(placePayments(athleteId, scenario.race).filter((p) => p.stato === 'success').length, `${label}: after ${step}`).toBeLessThanOrEqual(1)
        }

        // Whatever is still due settles.
        controls.advance(SETTLE_DELAY_MS)
        const { body: ledger } = await get(token, '/api/v1/vdatrailers/transazioni')
        await expectOnePlaceOneCharge({ label, token, athleteId, race: scenario.race, baseline, authorised, ledger })
      }
    }, 120_000)
  }
})

async function expectOnePlaceOneCharge(input: {
  label: string
  token: string
  athleteId: number
  race: number
  baseline: Baseline
  authorised: Set<string>
  ledger: Record<string, unknown>
}) {
  const { label, token, athleteId, race, baseline, authorised, ledger } = input
  const payments = placePayments(athleteId, race)
  const paid = payments.filter((payment) => payment.stato === 'success')
  const voided = payments.filter((payment) => payment.motivo === 'already_paid')
  const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: athleteId, project_id: race }))!
  const newEntrants = db.entrants.findMany((q) => q.where({ race_id: race })).filter((entrant) => !baseline.entrants.has(entrant.pettorale))

  // At most one paid payment, and a place (one bib, one entrant, one place taken) only with it.
  expect(paid.length, `${label}: paid payments`).toBeLessThanOrEqual(1)
  expect(subscription.pagato, `${label}: place paid`).toBe(paid.length === 1)
  expect(newEntrants.map((entrant) => entrant.pettorale), `${label}: new bibs`).toEqual(paid.length === 1 ? [subscription.pettorale] : [])
  expect(db.races.findFirst((q) => q.where({ id: race }))!.iscritti, `${label}: places taken`).toBe(baseline.iscritti + paid.length)
  // Something authorised means the place is paid: by it, or by the one it was voided for.
  if (authorised.size > 0) expect(paid.length, `${label}: an authorisation paid the place`).toBe(1)

  // Every authorisation is accounted for: captured once (the paid one) or voided, never lost.
  for (const id of authorised) {
    const payment = payments.find((candidate) => candidate.pagamento_id === id)!
    const status = await get(token, `/api/v1/vdatrailers/pagamenti/${id}`)
    if (payment.stato === 'success') {
      expect(status.body, `${label}: ${id} captured`).toMatchObject({ stato: 'success' })
      expect(status.body.motivo).toBeUndefined()
    } else {
      expect(status.body, `${label}: ${id} voided, visibly`).toMatchObject({ stato: 'failed', motivo: 'already_paid' })
    }
  }
  expect(voided.every((payment) => authorised.has(payment.pagamento_id)), `${label}: only authorisations are voided`).toBe(true)

  // The athlete's transactions say the same: one paid line, one refunded line per voided payment
  // (the whole amount back), nothing left pending for a payment that has ended.
  const lines = (ledger.transazioni as TransactionRecord[]).filter((line) => line.gara_id === race)
  const addedOrChanged = lines.filter((line) => {
    const before = baseline.transactions.find((candidate) => candidate.id === line.id)
    return !before || before.stato !== line.stato
  })
  expect(lines.filter((line) => line.stato === 'paid').length, `${label}: paid lines`).toBe(paid.length)
  const refunded = addedOrChanged.filter((line) => line.stato === 'refunded')
  expect(refunded.length, `${label}: refunded lines`).toBe(voided.length)
  for (const line of refunded) expect(line.rimborso?.importo, `${label}: ${line.id} refunded in full`).toBe(line.importo)
  const stillOpen = payments.filter((payment) => payment.stato === 'pending')
  expect(lines.filter((line) => line.stato === 'pending').length, `${label}: pending lines`).toBeLessThanOrEqual(stillOpen.length)
  // The place is paid: nothing else of it can still charge.
  if (paid.length === 1) expect(stillOpen, `${label}: open payments of a paid place`).toEqual([])
}

describe('two requests at the same instant', () => {
  it('two requests that both find a confirmation due settle it once: one place, one bib', async () => {
    const token = await signIn('completo')
    await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: 203, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Cogne' } })
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: 203 })
    const race = db.races.findFirst((q) => q.where({ id: 203 }))!
    const before = race.iscritti
    const started = await post(token, '/api/v1/vdatrailers/pagamenti', { project_id: 203, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: race.prezzo, idempotency_key: 'same-instant-1' })
    await createProvider(controls.now, () => undefined).decide(String(started.body.pagamento_id), 'authorised')
    controls.advance(SETTLE_DELAY_MS)
    // Three requests at once, and the settlement they each run before answering called twice more
    // in the same tick: the ledger settles one at a time, so only the first finds it due.
    await Promise.all([
      settleDuePayments(controls.now()),
      settleDuePayments(controls.now()),
      get(token, '/api/v1/vdatrailers/transazioni'),
      get(token, `/api/v1/vdatrailers/pagamenti/${String(started.body.pagamento_id)}`),
      get(token, '/api/v1/vdatrailers/atleta_me'),
    ])
    expect(db.races.findFirst((q) => q.where({ id: 203 }))!.iscritti).toBe(before + 1)
    expect(db.transactions.findMany((q) => q.where({ athlete_id: persona('completo').athleteId, gara_id: 203 }))).toHaveLength(1)
  })

  it('a checkout deciding while another tab starts a payment: the authorisation is kept, or the start came first and the checkout can no longer charge', async () => {
    const token = await signIn('completo')
    await post(token, '/api/v1/vdatrailers/iscrizione', { project_id: 203, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Cogne' } })
    await post(token, '/api/v1/vdatrailers/sign_liberatoria', { project_id: 203 })
    const race = db.races.findFirst((q) => q.where({ id: 203 }))!
    const order = (key: string) => ({ project_id: 203, opzione_rimborso: 'standard', noleggio_gps: false, totale_atteso: race.prezzo, idempotency_key: key })
    const first = await post(token, '/api/v1/vdatrailers/pagamenti', order('instant-a'))
    const id = String(first.body.pagamento_id)
    const [second] = await Promise.all([
      post(token, '/api/v1/vdatrailers/pagamenti', order('instant-b')),
      createProvider(controls.now, () => undefined).decide(id, 'authorised'),
    ])
    const record = db.payments.findFirst((q) => q.where({ pagamento_id: id }))!
    if (record.esito === 'authorised') {
      expect(record.stato).toBe('pending')
      expect(second.body).toMatchObject({ code: 'payment_in_progress', pagamento_id: id })
    } else {
      expect(record.stato).toBe('expired')
      expect(second.status).toBe(201)
    }
  })
})
