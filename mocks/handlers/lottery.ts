import { db } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { applicationOf, applicationView, lotteryOf, lotteryView } from '../lottery'
import { withLedger } from '../provider'

/**
 * The lottery's calls (contracts/lottery.contract.ts); the rules are lottery.ts's. A draw due was
 * made before the resolver runs (handler.ts settles and advances first); reads run in the ledger's
 * turn, so a list is never read half-drawn.
 */
export function lotteryHandlers(): ResourceHandlers<'lottery'> {
  return {
    get: ({ params, now }) =>
      withLedger(() => {
        const race = db.races.findFirst((q) => q.where({ id: Number(params.id) }))
        const lottery = race && lotteryOf(race.id)
        const view = race && lottery && lotteryView(race, lottery, now)
        return view ? reply(200, view) : reply(404, problem(404, 'no_lottery'))
      }),

    mine: ({ athlete, params }) =>
      withLedger(() => {
        const application = applicationOf(Number(params.id), athlete.id)
        return application ? reply(200, applicationView(application)) : reply(404, problem(404, 'no_application'))
      }),
  }
}
