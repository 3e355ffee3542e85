import { db, type PaymentRecord } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { nextId } from '../records'

const cents = (euros: number) => Math.round(euros * 100)

export function paymentsHandlers(): ResourceHandlers<'payments'> {
  return {
    start: async ({ athlete, body, request, now }) => {
      const replay = db.payments.findFirst((q) => q.where({ idempotency_key: body.idempotency_key }))
      const portal = request.headers.get('origin') ?? new URL(request.url).origin
      const answer = (payment: PaymentRecord) =>
        reply(201, {
          pagamento_id: payment.pagamento_id,
          redirect_url: `${portal}/payment?pagamento_id=${payment.pagamento_id}`,
          totale: payment.totale,
        })
      if (replay) return answer(replay)

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

function publicPayment({ athlete_id: _a, idempotency_key: _k, link_code: _l, scade: _s, ...status }: PaymentRecord) {
  return status
}

/** Entrant rows carry ISO country codes; a profile may hold anything the athlete typed. */
function countryCode(value: string | null | undefined): string {
  return value && /^[A-Z]{2}$/.test(value) ? value : 'IT'
}
