import * as payments from '../../../contracts/payments.contract'
import { db } from '../../db'
import { athleteIdOf, isCallOf, jsonAnswer, jsonBodyOf, pathOf, withJsonBody, type Breaker } from './breaker'

/** A request's JSON body as an object, `{}` when it is not one. */
const bodyOf = async (request: Request) => ((await jsonBodyOf(request)) ?? {}) as Record<string, unknown>

/** The payment id of a `payments.status` request. */
const paymentIdOf = (request: Request) => decodeURIComponent(pathOf(request).split('/').pop() ?? '')

/** The rules of scripts/conformance/checks/payments.ts, broken. */
export const PAYMENTS_BROKEN: Record<string, Breaker> = {
  // The body validated, then the client's key ignored: the server makes one per request, so a
  // retry of the same attempt is a second payment.
  'payments.idempotent-start': (respond) => async (request) => {
    if (!isCallOf(request, payments.start)) return respond(request)
    const body = await bodyOf(request)
    const key = body.idempotency_key
    const bounded = typeof key === 'string' && key.length >= payments.MIN_IDEMPOTENCY_KEY_LENGTH && key.length <= payments.MAX_IDEMPOTENCY_KEY_LENGTH
    return bounded ? respond(withJsonBody(request, { ...body, idempotency_key: crypto.randomUUID() })) : respond(request)
  },
  // A card start that takes the organiser's open link for a checkout the athlete left, and
  // supersedes it instead of sending the athlete to pay there.
  'payments.one-live': (respond) => async (request) => {
    const athleteId = isCallOf(request, payments.start) ? athleteIdOf(request) : undefined
    const { project_id } = athleteId === undefined ? {} : await bodyOf(request)
    if (athleteId !== undefined && typeof project_id === 'number') {
      await db.payments.updateMany((q) => q.where({ athlete_id: athleteId, project_id, stato: 'pending', link_code: (code) => code !== null }), {
        data: (payment) => void (payment.stato = 'expired'),
      })
    }
    return respond(request)
  },
  // The payment looked up by its id alone, as if an id nobody can guess were the access check.
  'payments.status-own': (respond) => async (request) => {
    const answer = await respond(request)
    if (answer?.status !== 404 || !isCallOf(request, payments.status)) return answer
    const payment = db.payments.findFirst((q) => q.where({ pagamento_id: paymentIdOf(request) }))
    if (!payment) return answer
    const { pagamento_id, stato, project_id, totale, aggiornato } = payment
    return jsonAnswer({ pagamento_id, stato, project_id, totale, aggiornato })
  },
  // The athlete's return from the checkout taken for its outcome: a card payment the provider has
  // not decided by then is closed as abandoned, so the authorisation that follows finds nothing to pay.
  'payments.authorised-kept': (respond) => async (request) => {
    const answer = await respond(request)
    if (answer?.status !== 200 || !isCallOf(request, payments.status)) return answer
    const payment = db.payments.findFirst((q) => q.where({ pagamento_id: paymentIdOf(request) }))
    if (payment?.stato === 'pending' && payment.link_code === null && !payment.esito) {
      await db.payments.update((q) => q.where({ pagamento_id: payment.pagamento_id }), { data: (record) => void (record.stato = 'expired') })
    }
    return answer
  },
  // A column of 255 characters that cuts what it is given (MySQL outside strict mode) instead of
  // the request being refused: an over-long key is stored as another.
  'payments.bounds': (respond) => async (request) => {
    if (!isCallOf(request, payments.start)) return respond(request)
    const body = await bodyOf(request)
    const key = body.idempotency_key
    if (typeof key !== 'string' || key.length <= payments.MAX_IDEMPOTENCY_KEY_LENGTH) return respond(request)
    return respond(withJsonBody(request, { ...body, idempotency_key: key.slice(0, payments.MAX_IDEMPOTENCY_KEY_LENGTH) }))
  },
  // Places checked at enrolment only, the start's check missed (as it once was here): a race sold
  // out since takes the payment, and it settles into a place the race does not have.
  'capacity.never-oversold': (respond) => async (request) => {
    const { project_id } = isCallOf(request, payments.start) ? await bodyOf(request) : {}
    if (typeof project_id === 'number') {
      await db.races.updateMany((q) => q.where((race) => race.id === project_id && race.iscritti >= race.posti), {
        data: (race) => void (race.posti = race.iscritti + 1),
      })
    }
    return respond(request)
  },
}
