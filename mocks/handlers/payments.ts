import type { StartPayment } from '../../contracts/payments.contract'
import { db, type PaymentRecord } from '../db'
import { portalOriginOf, problem, reply, type MockContext, type ResourceHandlers } from '../handler'
import { nextId } from '../records'

const cents = (euros: number) => Math.round(euros * 100)

export function paymentsHandlers(ctx: MockContext): ResourceHandlers<'payments'> {
  // Where the simulated provider sends the athlete back: the portal as configured, never a request
  // header (an `Origin` is the caller's to choose).
  const portal = portalOriginOf(ctx)

  return {
    start: async ({ athlete, body, now }) => {
      const answer = (payment: PaymentRecord) =>
        reply(201, {
          pagamento_id: payment.pagamento_id,
          redirect_url: `${portal}/payment?pagamento_id=${payment.pagamento_id}`,
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
      const total =
        cents(race.prezzo) +
        (body.opzione_rimborso === 'protetto' ? cents(race.supplemento_rimborso) : 0) +
        (body.noleggio_gps ? cents(race.noleggio_gps) : 0)
      if (total !== cents(body.totale_atteso)) return reply(409, problem(409, 'total_mismatch'))

      // The simulated provider settles at once: the athlete comes back to a successful payment.
      const at = new Date(now).toISOString()
      const pagamento_id = `PAY-${crypto.randomUUID().slice(0, 8).toUpperCase()}`
      const payment = await db.payments.create({
        pagamento_id,
        stato: 'success',
        project_id: race.id,
        totale: total / 100,
        aggiornato: at,
        athlete_id: athlete.id,
        idempotency_key: body.idempotency_key,
        request_fingerprint,
        link_code: null,
        scade: null,
      })
      const bib = nextId(db.entrants.findMany((q) => q.where({ race_id: race.id })).map((e) => e.pettorale))
      // The athlete is now one of the race's entrants: the subscribers list and the places left agree.
      await db.entrants.create({
        race_id: race.id,
        pettorale: bib,
        nome: [athlete.nome, athlete.cognome].filter(Boolean).join(' '),
        nazionalita: countryCode(athlete.nazionalita),
        paese: countryCode(athlete.paese),
        regione: athlete.provincia,
        categoria: subscription.categoria ?? 'SM',
        team: athlete.team ?? null,
      })
      await db.races.update((q) => q.where({ id: race.id }), { data: (record) => void (record.iscritti += 1) })
      await db.subscriptions.update((q) => q.where({ athlete_id: athlete.id, project_id: race.id }), {
        data(record) {
          record.pagato = true
          record.pettorale = bib
          record.opzione_rimborso = body.opzione_rimborso
          record.noleggio_gps = body.noleggio_gps
          record.totale = total / 100
        },
      })
      await db.transactions.create({
        id: `TX-${pagamento_id}`,
        athlete_id: athlete.id,
        data: at,
        descrizione: `${race.nome} ${String(race.edizione)}`,
        gara_id: race.id,
        importo: total / 100,
        valuta: 'EUR',
        metodo: 'card',
        stato: 'paid',
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

function publicPayment({ athlete_id: _a, idempotency_key: _k, request_fingerprint: _f, link_code: _l, scade: _s, ...status }: PaymentRecord) {
  return status
}

/** What a payment request asks for, to tell a retry (same request) from a reused key. */
function fingerprint(body: StartPayment): string {
  return JSON.stringify([body.project_id, body.opzione_rimborso, body.noleggio_gps, cents(body.totale_atteso)])
}

/** Entrant rows carry ISO country codes; a profile may hold anything the athlete typed. */
function countryCode(value: string | null | undefined): string {
  return value && /^[A-Z]{2}$/.test(value) ? value : 'IT'
}
