import { db } from '../db'
import { reply, type ResourceHandlers } from '../handler'
import { describedIn } from '../records'

export function transactionsHandlers(): ResourceHandlers<'transactions'> {
  return {
    list: ({ athlete, query }) => {
      const rows = db.transactions.findMany((q) => q.where({ athlete_id: athlete.id }), { orderBy: { data: 'desc' } })
      return reply(200, { transazioni: rows.map((row) => describedIn(row, query.lingua ?? 'it')) })
    },
  }
}
