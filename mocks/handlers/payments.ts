import type { StartPayment } from '../../contracts/payments.contract'
import { db, type PaymentRecord } from '../db'
import { portalOriginOf, problem, reply, type MockContext, type ResourceHandlers } from '../handler'
import { placeFor } from '../place-rule'
import { expirePayment, hasLapsed, isOpenLink, isPayableLink, newPaymentId, paymentsOfPlace, withLedger } from '../provider'
import { providerPages } from '../provider-pages'
import { enrolmentTotal, isActivePlace, isAwaitingConfirmation, raceTitle, sameAmount } from '../records'

export function paymentsHandlers(ctx: MockContext): ResourceHandlers<'payments'> {
  // Where the athlete is sent to pay: the portal as configured, never a request header (an `Origin`
  // is the caller's to choose).
  const portal = portalOriginOf(ctx)

  return {
    // One start at a time against the ledger: two tabs starting at once cannot both find the place
    // free, nor can a checkout's decision land between the check and the write (provider.ts).
    start: ({ athlete, body, now }) =>
      withLedger(async () => {
        const answer = (payment: PaymentRecord) =>
          reply(201, {
            pagamento_id: payment.pagamento_id,
            redirect_url: `${portal}${providerPages.cardCheckout(payment.pagamento_id)}`,
            totale: payment.totale,
          })
        // An idempotency key is the athlete's own; the same key for another request is a client bug,
        // refused rather than answered with the payment of the first.
        const request_fingerprint = fingerprint(body)
        const replay = db.payments.findFirst((q) => q.where({ athlete_id: athlete.id, idempotency_key: body.idempotency_key }))
        if (replay) {
          if (replay.request_fingerprint !== request_fingerprint) return reply(422, problem(422, 'idempotency_key_reused'))
          // The same request again (a retry, or another tab of the same wizard) while its payment is
          // authorised: its checkout can no longer be used, so the portal is told to wait for it.
          if (isAwaitingConfirmation(replay)) {
            return reply(409, { ...problem(409, 'payment_in_progress'), pagamento_id: replay.pagamento_id })
          }
          return answer(replay)
        }

        const race = db.races.findFirst((q) => q.where({ id: body.project_id }))
        const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: athlete.id, project_id: body.project_id }))
        if (!race || !subscription) return reply(422, problem(422, 'no_subscription'))
        const place = paymentsOfPlace(athlete.id, race.id)
        if (isActivePlace(subscription)) return reply(422, problem(422, 'already_paid'))
        if (subscription.domanda_lotteria) return reply(422, problem(422, 'lottery_application'))
        if (!subscription.liberatoria || subscription.liberatoria_versione !== race.liberatoria_versione) {
          return reply(422, problem(422, 'waiver_not_signed'))
        }

        // One live payment per place, whatever its channel. An authorised one (a card in another
        // tab, the organiser's link) is awaiting the provider's confirmation: it is never dropped,
        // the portal waits for it instead.
        const authorised = place.find(isAwaitingConfirmation)
        if (authorised) {
          return reply(409, { ...problem(409, 'payment_in_progress'), pagamento_id: authorised.pagamento_id })
        }
        // The organiser's link for this place is open: it is paid there, not a second time here.
        const link = place.find((payment) => isOpenLink(payment, now))
        if (link?.link_code) {
          return reply(409, { ...problem(409, 'payment_link_open'), codice_link: link.link_code })
        }

        // Checked here, and again when the payment settles, which alone counts the place
        // (place-rule.ts): what it is taken on goes with the payment, so a lapsed offer or transfer
        // cannot turn into a place of another kind.
        const claim = placeFor(athlete.id, race, now)
        if (!claim.ok) return reply(409, problem(409, claim.code))
        const total = enrolmentTotal(race, body, athlete.id)
        if (!sameAmount(total, body.totale_atteso)) return reply(409, problem(409, 'total_mismatch'))

        // A new attempt replaces any checkout of this place still open and undecided (and a link
        // past its expiry): it can no longer charge. One the checkout has decided settles as decided.
        for (const open of place) {
          if (open.stato === 'pending' && !open.esito) await expirePayment(open, now)
        }
        // Pending until the athlete has been through the provider's checkout and it has settled.
        const payment = await db.payments.create({
          pagamento_id: newPaymentId(),
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
          per_offerta: claim.basis === 'offer',
          per_cessione: claim.basis === 'transfer',
        })
        return answer(payment)
      }),

    // The athlete's own payments only: another athlete's is answered as an unknown id, so ids
    // cannot be probed. The provider's return lands on the portal signed in (`/payment`).
    status: ({ athlete, params }) => {
      const payment = db.payments.findFirst((q) => q.where({ pagamento_id: params.id, athlete_id: athlete.id }))
      return payment ? reply(200, publicPayment(payment)) : reply(404, problem(404, 'payment_not_found'))
    },

    // Anonymous: the link's unguessable code is the key, as the organiser's e-mail carries it. The
    // answer names what the e-mail names (race, amount, deadline) and, while the link can be paid
    // now, the provider's page for it (decision 026).
    byLink: ({ params, now }) => {
      const payment = db.payments.findFirst((q) => q.where({ link_code: params.code }))
      const race = payment && db.races.findFirst((q) => q.where({ id: payment.project_id }))
      if (!payment || !race) return reply(404, problem(404, 'payment_not_found'))
      if (payment.stato === 'expired' || hasLapsed(payment, now)) return reply(410, problem(410, 'request_expired'))
      return reply(200, {
        ...publicPayment(payment),
        gara: raceTitle(race),
        ...(payment.scade === null ? {} : { scade: new Date(payment.scade).toISOString() }),
        ...(isPayableLink(payment, now) ? { checkout_url: `${portal}${providerPages.linkCheckout(params.code)}` } : {}),
        ...(payment.rifiutato_at ? { rifiutato: new Date(payment.rifiutato_at).toISOString() } : {}),
      })
    },
  }
}

function publicPayment(record: PaymentRecord) {
  const { pagamento_id, stato, project_id, totale, aggiornato, motivo, motivo_rifiuto } = record
  return {
    pagamento_id,
    stato,
    project_id,
    totale,
    aggiornato,
    ...(motivo ? { motivo } : {}),
    ...(motivo_rifiuto ? { motivo_rifiuto } : {}),
  }
}

/** What a payment request asks for, to tell a retry (same request) from a reused key. */
function fingerprint(body: StartPayment): string {
  return JSON.stringify([body.project_id, body.opzione_rimborso, body.noleggio_gps, Math.round(body.totale_atteso * 100)])
}
