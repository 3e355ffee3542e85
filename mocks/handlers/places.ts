import { problem, reply, type ResourceHandlers } from '../handler'
import { creditsOf, deferPlace, withdrawPlace } from '../places'
import { withLedger } from '../provider'
import { transferHandlers } from './transfer'

/**
 * The calls on a paid place (contracts/places.contract.ts); the rules are places.ts's, the
 * transfers' transfer.ts's. A change runs in the ledger's turn, so its checks and writes are one step.
 */
export function placesHandlers(): ResourceHandlers<'places'> {
  return {
    withdraw: ({ athlete, params, body, now }) =>
      withLedger(async () => {
        const outcome = await withdrawPlace(athlete, Number(params.id), body, now)
        if (outcome.ok) return reply(200, outcome.answer)
        switch (outcome.code) {
          case 'not_enrolled':
            return reply(404, problem(404, outcome.code))
          case 'withdrawal_closed':
            return reply(422, problem(422, outcome.code))
          case 'refund_changed':
            return reply(409, { ...problem(409, outcome.code), rimborso: outcome.rimborso })
          case 'not_paid':
          case 'place_changed':
            return reply(409, problem(409, outcome.code))
        }
      }),

    defer: ({ athlete, params, body, now }) =>
      withLedger(async () => {
        const outcome = await deferPlace(athlete, Number(params.id), body.chiave, now)
        if (outcome.ok) return reply(200, outcome.answer)
        switch (outcome.code) {
          case 'not_enrolled':
            return reply(404, problem(404, outcome.code))
          case 'defer_closed':
            return reply(422, problem(422, outcome.code))
          case 'not_paid':
          case 'place_changed':
            return reply(409, problem(409, outcome.code))
        }
      }),

    credits: ({ athlete }) => reply(200, { crediti: creditsOf(athlete.id) }),

    ...transferHandlers(),
  }
}
