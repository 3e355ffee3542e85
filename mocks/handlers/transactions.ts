import { db } from '../db'
import { reply, type ResourceHandlers } from '../handler'

export function transactionsHandlers(): ResourceHandlers<'transactions'> {
  return {
    list: ({ athlete }) => {
      const rows = db.transactions.findMany((q) => q.where({ athlete_id: athlete.id }), { orderBy: { data: 'desc' } })
      return reply(200, { transazioni: rows.map(({ athlete_id: _a, ...row }) => row) })
    },
  }
}
