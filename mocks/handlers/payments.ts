import type { StartPayment } from '../../contracts/payments.contract'
import { db, type PaymentRecord } from '../db'
import { portalOriginOf, problem, reply, type MockContext, type ResourceHandlers } from '../handler'
import { enrolmentTotal, sameAmount } from '../records'

/** Where the simulated provider's hosted checkout is: a mock-only page of the portal (src/dev). */
export const CHECKOUT_PATH = '/checkout'

export function paymentsHandlers(ctx: MockContext): ResourceHandlers<'payments'> {
  // Where the athlete is sent to pay: the portal as configured, never a request header (an `Origin`
  // is the caller's to choose).
  const portal = portalOriginOf(ctx)

  return {
    start: async ({ athlete, body, now }) => {
      const answer = (payment: PaymentRecord) =>
        reply(201, {
          pagamento_id: payment.pagamento_id,
          redirect_url: `${portal}${CHECKOUT_PATH}?pagamento_id=${payment.pagamento_id}`,
          totale: payment.totale,
        })
      // An idempotency key is the athlete's own; the same key for another request is a client bug,
      // refused rather than answered with the payment of the first.
      const request_fingerprint = fingerprint(body)
      const replay = db.payments.findFirst((q) => q.where({ athlete_id: athlete.id, idempotency_key: body.idempotency_key }))
      if (replay) {
        return replay.request_fingerprint === request_fingerprint ? answer(replay) : reply(422, problem(422, 'idempotency_key_reused'))
      }

      const race = db.races.findFirst((q) => q.where({ id: body.project_id }))
      const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: athlete.id, project_id: body.project_id }))
      if (!race || !subscription) return reply(422, problem(422, 'no_subscription'))
      if (subscription.pagato) return reply(422, problem(422, 'already_paid'))
      if (subscription.domanda_lotteria) return reply(422, problem(422, 'lottery_application'))
      if (!subscription.liberatoria || subscription.liberatoria_versione !== race.liberatoria_versione) {
        return reply(422, problem(422, 'waiver_not_signed'))
      }
      if (race.iscritti >= race.posti) return reply(409, problem(409, 'sold_out'))
      const total = enrolmentTotal(race, body)
      if (!sameAmount(total, body.totale_atteso)) return reply(409, problem(409, 'total_mismatch'))

      // A new attempt replaces any checkout still open for this subscription: it can no longer charge.
      await db.payments.updateMany(
        (q) => q.where({ athlete_id: athlete.id, project_id: race.id, stato: 'pending', link_code: null }),
        { data: (record) => void (record.stato = 'expired') },
      )
      // Pending until the athlete has been through the provider's checkout and it has settled.
      const payment = await db.payments.create({
        pagamento_id: `PAY-${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
        stato: 'pending',
        project_id: race.id,
        totale: total,
        aggiornato: new Date(now).toISOString(),
        athlete_id: athlete.id,
        idempotency_key: body.idempotency_key,
        request_fingerprint,
        link_code: null,
        scade: null,
        opzione_rimborso: body.opzione_rimborso,
        noleggio_gps: body.noleggio_gps,
        esito: null,
        settle_at: null,
      })
      return answer(payment)
    },

    status: ({ params }) => {
      const payment = db.payments.findFirst((q) => q.where({ pagamento_id: params.id }))
      return payment ? reply(200, publicPayment(payment)) : reply(404, problem(404, 'payment_not_found'))
    },

    byLink: ({ params, now }) => {
      const payment = db.payments.findFirst((q) => q.where({ link_code: params.code }))
      if (!payment) return reply(404, problem(404, 'payment_not_found'))
      const lapsed = payment.stato === 'expired' || (payment.stato === 'pending' && payment.scade !== null && payment.scade <= now)
      return lapsed ? reply(410, problem(410, 'request_expired')) : reply(200, publicPayment(payment))
    },
  }
}

function publicPayment(record: PaymentRecord) {
  const { pagamento_id, stato, project_id, totale, aggiornato } = record
  return { pagamento_id, stato, project_id, totale, aggiornato }
}

/** What a payment request asks for, to tell a retry (same request) from a reused key. */
function fingerprint(body: StartPayment): string {
  return JSON.stringify([body.project_id, body.opzione_rimborso, body.noleggio_gps, Math.round(body.totale_atteso * 100)])
}
