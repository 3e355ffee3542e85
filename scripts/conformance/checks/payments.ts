/**
 * The payment rules of docs/security.md ("Payments") as the portal relies on them (`payments`), and
 * the one rule of a race's places on the payment's paths (`capacity`). Every check drives the
 * provider, the clock or a race's count through the staging hooks, so both groups need them. Each
 * starts from the seed, whose race 203 (Alte Vie di Cogne 52K) sells directly with places left to
 * completo, pax and social, and whose pax has the organiser's payment link open for the flagship (201).
 */
import * as athlete from '../../../contracts/athlete.contract'
import * as liberatoria from '../../../contracts/liberatoria.contract'
import type { SuccessOf } from '../../../contracts/operation'
import * as payments from '../../../contracts/payments.contract'
import * as races from '../../../contracts/races.contract'
import * as subscriptions from '../../../contracts/subscriptions.contract'
import type { Backend } from '../backend'
import { expectRule, saying, type Group } from '../kit'

type Race = SuccessOf<typeof races.get>

/** Sells directly, open on the seed's clock, with places left and no waiting room or lottery. */
const COGNE = 203
/** The flagship, where pax's place has the organiser's payment link open until 9 March. */
const FLAGSHIP = 201

/**
 * A key no other run or check has used: a staging backend's reset may keep its idempotency keys,
 * and a key met again would be answered with an old payment.
 */
const newKey = () => `conformance-${crypto.randomUUID()}`

/** An entry in race 203 as the wizard sends it: its one required extra field answered. */
const ENROLMENT: subscriptions.EnrolmentRequest = { project_id: COGNE, opzione_rimborso: 'standard', noleggio_gps: false, campi: { navetta: 'Cogne' } }

const raceOf = (backend: Backend, id: number) => backend.ok(races.get, { params: { id }, query: {} })

/** The order the wizard sends for a place in `race`: the total it shows for the options chosen. */
function cardOrder(race: Race, idempotency_key: string, opzione_rimborso: payments.StartPayment['opzione_rimborso'] = 'standard'): payments.StartPayment {
  const surcharge = opzione_rimborso === 'protetto' ? race.supplemento_rimborso : 0
  return { project_id: race.id, opzione_rimborso, noleggio_gps: false, totale_atteso: Math.round((race.prezzo + surcharge) * 100) / 100, idempotency_key }
}

/** The persona entered in race 203 with its waiver signed, ready to pay: its token. */
async function payable(backend: Backend, key: string): Promise<string> {
  const token = await backend.signIn(key)
  await saying(`${key}'s enrolment in race ${String(COGNE)}`, backend.ok(subscriptions.create, { token, body: ENROLMENT }))
  await saying(`${key}'s waiver of race ${String(COGNE)}`, backend.ok(liberatoria.sign, { token, body: { project_id: COGNE } }))
  return token
}

/** The payments of the persona's place in a race that can still charge, as the provider's side sees them. */
async function openPayments(backend: Backend, key: string, raceId: number): Promise<string[]> {
  const hooks = backend.hooks!
  const persona = (await hooks.personas()).find((candidate) => candidate.key === key)
  if (!persona) throw new Error(`the staging hooks know no persona "${key}"`)
  const { payments: pending } = await hooks.pending()
  return pending.filter((payment) => payment.athleteId === persona.athleteId && payment.raceId === raceId).map((payment) => payment.paymentId)
}

const listed = (ids: readonly string[]) => (ids.length ? ids.join(', ') : 'none')
const stateOf = (payment: payments.PaymentStatus) => `${payment.stato}${payment.motivo ? ` (${payment.motivo})` : ''}`

/** A request as a client other than the portal may send it: the portal's client refuses to send one outside the contract. */
async function rawPayments(backend: Backend, token: string, path: string, body?: unknown) {
  return backend.raw(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

export const PAYMENT_GROUPS: readonly Group[] = [
  {
    name: 'payments',
    needsHooks: true,
    checks: [
      {
        id: 'payments.idempotent-start',
        rule: 'a payment start sent again with its idempotency key answers the same payment, never a second one, and the key reused for another order is 422 idempotency_key_reused (contracts/payments.contract.ts, StartPaymentSchema; docs/security.md, Payments)',
        run: async (backend) => {
          const token = await payable(backend, 'completo')
          const race = await raceOf(backend, COGNE)
          const order = cardOrder(race, newKey())
          const first = await saying('the first start', backend.ok(payments.start, { token, body: order }))
          const again = await saying('the same start sent again', backend.ok(payments.start, { token, body: order }))
          expectRule(
            again.pagamento_id === first.pagamento_id,
            `the same start sent twice with one idempotency key made two payments, ${first.pagamento_id} then ${again.pagamento_id}, where a retry must get the first`,
          )
          await saying('the same key sent with another order (the protected refund option)', backend.refused(payments.start, { token, body: cardOrder(race, order.idempotency_key, 'protetto') }, 422, 'idempotency_key_reused'))
          const open = await openPayments(backend, 'completo', COGNE)
          expectRule(
            open.length === 1 && open[0] === first.pagamento_id,
            `after one start, its retry and its key reused, the place has these payments open: ${listed(open)}, where only ${first.pagamento_id} should be`,
          )
        },
      },
      {
        id: 'payments.one-live',
        rule: "a place has one payment that can charge: a card start while the organiser's link for it is open is 409 payment_link_open naming the link, and a checkout left undecided is superseded by the next start and can no longer charge (docs/security.md, Payments: one live payment per place)",
        run: async (backend) => {
          const hooks = backend.hooks!
          const pax = await backend.signIn('pax')
          const flagship = await raceOf(backend, FLAGSHIP)
          const seeded = await openPayments(backend, 'pax', FLAGSHIP)
          const [link] = seeded
          if (!link || seeded.length > 1) throw new Error(`the seed gives pax's place in race ${String(FLAGSHIP)} one open payment, its link; the backend has ${listed(seeded)}`)

          const refused = await saying(`pax's card start for race ${String(FLAGSHIP)} while the organiser's link ${link} for that place is open`, backend.refused(payments.start, { token: pax, body: cardOrder(flagship, newKey()) }, 409, 'payment_link_open'))
          const body = refused.kind === 'http' ? (refused.body as { codice_link?: unknown }) : {}
          expectRule(typeof body.codice_link === 'string', `the 409 payment_link_open does not name the link to pay instead (codice_link): ${JSON.stringify(body)}`)
          const named = await saying('the link the refusal names', backend.ok(payments.byLink, { params: { code: body.codice_link } }))
          expectRule(named.pagamento_id === link && named.stato === 'pending', `the refusal names a link whose payment is ${named.pagamento_id}, ${named.stato}, not the place's open link ${link}`)
          const afterRefusal = await openPayments(backend, 'pax', FLAGSHIP)
          expectRule(afterRefusal.length === 1 && afterRefusal[0] === link, `after the refused start pax's place has these payments open: ${listed(afterRefusal)}, where only the link ${link} should be`)

          // The athlete left the checkout without paying and starts again: the first one must be
          // unable to charge, even if the provider is told to authorise it.
          const completo = await payable(backend, 'completo')
          const cogne = await raceOf(backend, COGNE)
          const left = await saying('the first start', backend.ok(payments.start, { token: completo, body: cardOrder(cogne, newKey()) }))
          const next = await saying('a new start after leaving the checkout undecided', backend.ok(payments.start, { token: completo, body: cardOrder(cogne, newKey()) }))
          await hooks.settlePayment(left.pagamento_id, 'authorised')
          const superseded = await backend.ok(payments.status, { token: completo, params: { id: left.pagamento_id } })
          expectRule(superseded.stato !== 'success', `a checkout superseded by a new start (${next.pagamento_id}) was then authorised and took the place: ${left.pagamento_id} is ${stateOf(superseded)}`)
          const open = await openPayments(backend, 'completo', COGNE)
          expectRule(open.length === 1 && open[0] === next.pagamento_id, `after a checkout left and a new start the place has these payments open: ${listed(open)}, where only ${next.pagamento_id} should be`)
        },
      },
      {
        id: 'payments.status-own',
        rule: "a payment's status is its athlete's only: another athlete's payment and an unknown id are the same 404 payment_not_found, and without a session it is 401 (docs/security.md, Payments: a payment's status is its athlete's)",
        run: async (backend) => {
          const completo = await payable(backend, 'completo')
          const race = await raceOf(backend, COGNE)
          const { pagamento_id: id } = await saying('the start', backend.ok(payments.start, { token: completo, body: cardOrder(race, newKey()) }))
          const own = await saying('completo reading its own payment', backend.ok(payments.status, { token: completo, params: { id } }))
          expectRule(own.pagamento_id === id, `completo asked for ${id} and was answered ${own.pagamento_id}`)

          const pax = await backend.signIn('pax')
          await saying(`pax reading completo's payment ${id}`, backend.refused(payments.status, { token: pax, params: { id } }, 404, 'payment_not_found'))
          await saying('pax reading an id no payment has', backend.refused(payments.status, { token: pax, params: { id: `PAY-${'0'.repeat(24)}` } }, 404, 'payment_not_found'))
          const anonymous = await backend.raw(payments.status.path.replace(':id', id))
          expectRule(anonymous.status === 401, `completo's payment read without a session answered ${String(anonymous.status)} ${anonymous.text.slice(0, 200)}`)
        },
      },
      {
        id: 'payments.authorised-kept',
        rule: 'a payment the provider authorises is never dropped: authorised after the athlete came back from the checkout and the clock moved on, it settles paid and counts the place, and a later decision of the provider never replaces it (docs/security.md, Payments: an authorised payment is never dropped)',
        run: async (backend) => {
          const hooks = backend.hooks!
          const token = await payable(backend, 'completo')
          const before = await raceOf(backend, COGNE)
          const { pagamento_id: id } = await saying('the start', backend.ok(payments.start, { token, body: cardOrder(before, newKey()) }))
          // The athlete is back from the checkout before the provider's word, as on a slow webhook.
          await saying('completo back from the checkout', backend.ok(payments.status, { token, params: { id } }))
          await hooks.setNow(new Date(Date.parse((await hooks.state()).now) + 60 * 60_000).toISOString())
          await hooks.settlePayment(id, 'authorised')
          const settled = await backend.ok(payments.status, { token, params: { id } })
          expectRule(settled.stato === 'success', `${id}, authorised by the provider an hour after it started, is ${stateOf(settled)}: the authorisation was dropped`)

          await hooks.settlePayment(id, 'declined')
          const still = await backend.ok(payments.status, { token, params: { id } })
          expectRule(still.stato === 'success', `${id}, authorised and settled, became ${stateOf(still)} when the provider later said declined`)

          const me = await backend.ok(athlete.me, { token })
          const { iscrizioni } = await backend.ok(athlete.subscriptions, { token, query: { contact_id: me.profilo[0]!.id, from_date: '2000-01-01', to_date: '2100-12-31' } })
          const place = iscrizioni.find((subscription) => subscription.project_id === COGNE)
          expectRule(place?.pagato === true, `with ${id} paid, completo's place in race ${String(COGNE)} reads ${place ? 'unpaid' : 'missing'}`)
          const after = await raceOf(backend, COGNE)
          expectRule(after.iscritti === before.iscritti + 1, `with ${id} paid, race ${String(COGNE)} counts ${String(after.iscritti)} entrants, where it counted ${String(before.iscritti)} before: one place more is the rule`)
        },
      },
      {
        id: 'payments.bounds',
        rule: 'every field of the payment calls is bounded: an idempotency key over 255 characters, a total over EUR 100,000, a race id past 32 bits, a payment id over 64 characters and a link code over 128 are 400 invalid_request (docs/security.md, Payments: bounds)',
        run: async (backend) => {
          const token = await payable(backend, 'completo')
          const race = await raceOf(backend, COGNE)
          const start = payments.start.path
          const sent: Array<[string, () => ReturnType<Backend['raw']>]> = [
            ['an idempotency key of 256 characters', () => rawPayments(backend, token, start, cardOrder(race, 'k'.repeat(payments.MAX_IDEMPOTENCY_KEY_LENGTH + 1)))],
            ['an idempotency key of 7 characters', () => rawPayments(backend, token, start, cardOrder(race, 'k'.repeat(payments.MIN_IDEMPOTENCY_KEY_LENGTH - 1)))],
            ['a total of EUR 100,000.01', () => rawPayments(backend, token, start, { ...cardOrder(race, newKey()), totale_atteso: payments.MAX_PAYMENT_TOTAL_EUR + 0.01 })],
            ['a race id of 2^40', () => rawPayments(backend, token, start, { ...cardOrder(race, newKey()), project_id: 2 ** 40 })],
            ['a payment id of 65 characters', () => rawPayments(backend, token, payments.status.path.replace(':id', 'P'.repeat(payments.MAX_PAYMENT_ID_LENGTH + 1)))],
            ['a link code of 129 characters', () => rawPayments(backend, token, payments.byLink.path.replace(':code', 'l'.repeat(payments.MAX_PAYMENT_LINK_CODE_LENGTH + 1)))],
          ]
          for (const [what, send] of sent) {
            const answer = await send()
            const code = (answer.json as { code?: unknown } | null)?.code
            expectRule(answer.status === 400 && code === 'invalid_request', `${what} answered ${String(answer.status)} ${answer.text.slice(0, 200)}, where the rule is 400 invalid_request`)
          }
        },
      },
    ],
  },
  {
    name: 'capacity',
    needsHooks: true,
    checks: [
      {
        id: 'capacity.never-oversold',
        rule: "a race's last place goes to one athlete: of two payments authorised for it the later is voided (failed, sold_out), a start or an enrolment after it went is 409 sold_out, and the count never passes the places (docs/security.md, Payments: a place is counted when its payment settles)",
        run: async (backend) => {
          const hooks = backend.hooks!
          await hooks.fillRace(COGNE, 1)
          const { posti } = await raceOf(backend, COGNE)
          // Both enter and start paying while the place is there: a start reserves nothing.
          const completo = await payable(backend, 'completo')
          const pax = await payable(backend, 'pax')
          const race = await raceOf(backend, COGNE)
          if (race.posti - race.iscritti !== 1) throw new Error(`fill-race left race ${String(COGNE)} with ${String(race.posti - race.iscritti)} places, not 1`)
          const first = await saying("completo's start for the last place", backend.ok(payments.start, { token: completo, body: cardOrder(race, newKey()) }))
          const second = await saying("pax's start for the same place", backend.ok(payments.start, { token: pax, body: cardOrder(race, newKey()) }))
          await hooks.settlePayment(first.pagamento_id, 'authorised')
          await hooks.settlePayment(second.pagamento_id, 'authorised')
          const won = await backend.ok(payments.status, { token: completo, params: { id: first.pagamento_id } })
          const lost = await backend.ok(payments.status, { token: pax, params: { id: second.pagamento_id } })
          expectRule(won.stato === 'success', `completo's card, authorised first for the last place, is ${stateOf(won)}`)
          expectRule(
            lost.stato === 'failed' && lost.motivo === 'sold_out',
            `pax's card, authorised after completo's took the last place, is ${stateOf(lost)}, where it must be voided: failed, sold_out`,
          )
          const sold = await raceOf(backend, COGNE)
          expectRule(sold.iscritti === posti, `with the last place paid once, race ${String(COGNE)} counts ${String(sold.iscritti)} entrants for its ${String(posti)} places`)

          // Entered while the place was there, paying after it went: the check that was once
          // missed at the payment's start.
          await saying("pax's new start after the last place went", backend.refused(payments.start, { token: pax, body: cardOrder(race, newKey()) }, 409, 'sold_out'))
          const social = await backend.signIn('social')
          await saying("social's enrolment after the last place went", backend.refused(subscriptions.create, { token: social, body: ENROLMENT }, 409, 'sold_out'))
          const after = await raceOf(backend, COGNE)
          expectRule(after.iscritti <= posti, `race ${String(COGNE)} counts ${String(after.iscritti)} entrants for its ${String(posti)} places`)
        },
      },
    ],
  },
]
