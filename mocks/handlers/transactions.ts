import type { Locale } from '../../contracts/locale'
import { db, type TransactionRecord } from '../db'
import { reply, type ResourceHandlers } from '../handler'
import { servedLanguage, textIn } from '../languages'

export function transactionsHandlers(): ResourceHandlers<'transactions'> {
  return {
    list: ({ athlete, query }) => {
      const rows = db.transactions.findMany((q) => q.where({ athlete_id: athlete.id }), { orderBy: { data: 'desc' } })
      return reply(200, { transazioni: rows.map((row) => describedIn(row, query.lingua ?? 'it')) })
    },
  }
}

/** A line as served: its description in the language asked, else English, else Italian, named. */
function describedIn({ athlete_id: _a, descrizione, ...row }: TransactionRecord, asked: Locale) {
  const written = typeof descrizione === 'string' ? { it: descrizione } : descrizione
  const lingua = servedLanguage(asked, [written])
  return { ...row, lingua, descrizione: textIn(written, lingua) }
}
