import { db } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { withLedger } from '../provider'
import { toSubscription } from '../records'
import { acceptTransfer, cancelTransfer, declineTransfer, offerTransfer, transferFor, transferView } from '../transfer'
import { eligible } from './subscriptions'

/**
 * The transfer calls of the `places` resource (contracts/places.contract.ts); the rules are
 * transfer.ts's. Transfers were moved to the request's instant before the resolver runs; a call that
 * writes runs in the ledger's turn, so its check and its write are one step.
 */
export function transferHandlers(): Pick<ResourceHandlers<'places'>, 'offerTransfer' | 'cancelTransfer' | 'getTransfer' | 'acceptTransfer' | 'declineTransfer'> {
  return {
    offerTransfer: ({ athlete, params, body, now }) =>
      withLedger(async () => {
        const race = db.races.findFirst((q) => q.where({ id: Number(params.id) }))
        if (!race) return reply(404, problem(404, 'not_enrolled'))
        const offered = await offerTransfer(athlete, race, body.mail, body.chiave, now)
        if (offered.ok) return reply(201, transferView(offered.transfer))
        switch (offered.code) {
          case 'not_enrolled':
            return reply(404, problem(404, offered.code))
          case 'not_paid':
          case 'place_changed':
          case 'recipient_enrolled':
          case 'transfer_pending':
            return reply(409, problem(409, offered.code))
          default:
            return reply(422, problem(422, offered.code))
        }
      }),

    cancelTransfer: ({ athlete, params }) =>
      withLedger(async () => {
        const cancelled = await cancelTransfer(athlete.id, Number(params.id))
        if (cancelled === 'not_enrolled') return reply(404, problem(404, cancelled))
        if (cancelled === 'no_transfer') return reply(409, problem(409, cancelled))
        return reply(200, { iscrizione: toSubscription(cancelled) })
      }),

    getTransfer: ({ athlete, params }) =>
      withLedger(() => {
        const transfer = transferFor(athlete.id, params.codice)
        return transfer ? reply(200, transferView(transfer)) : reply(404, problem(404, 'transfer_not_found'))
      }),

    acceptTransfer: ({ athlete, params, body, now }) =>
      withLedger(async () => {
        const accepted = await acceptTransfer(athlete, params.codice, body.noleggio_gps, eligible, now)
        if (accepted.ok) return reply(200, { cessione: transferView(accepted.transfer), iscrizione: toSubscription(accepted.subscription) })
        if (accepted.code === 'transfer_not_found') return reply(404, problem(404, accepted.code))
        if (accepted.code === 'not_eligible') return reply(422, problem(422, accepted.code))
        return reply(409, problem(409, accepted.code))
      }),

    declineTransfer: ({ athlete, params, now }) =>
      withLedger(async () => {
        const declined = await declineTransfer(athlete, params.codice, now)
        if (declined.ok) return reply(200, transferView(declined.transfer))
        return declined.code === 'transfer_not_found' ? reply(404, problem(404, declined.code)) : reply(409, problem(409, declined.code))
      }),
  }
}
