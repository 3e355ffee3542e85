import * as z from 'zod/mini'
import { RefundOptionSchema } from './athlete.contract'
import { EuroAmountSchema, InstantSchema, LocaleSchema } from './common'
import { defineOperation } from './operation'
import { ContentLanguageQuery } from './races.contract'

export const TransactionStatusSchema = z.enum(['paid', 'pending', 'failed', 'refunded'])

export const TransactionSchema = z.object({
  id: z.string(),
  data: InstantSchema,
  descrizione: z.string(),
  /** The language of `descrizione`: the one asked, else English, else Italian (decision 030). */
  lingua: LocaleSchema,
  gara_id: z.nullable(z.number()),
  importo: EuroAmountSchema,
  valuta: z.literal('EUR'),
  metodo: z.enum(['card', 'link', 'bank_transfer']),
  stato: TransactionStatusSchema,
  /** What an enrolment payment paid for, so a receipt can itemise it: the refund option ... */
  opzione_rimborso: z.optional(z.nullable(RefundOptionSchema)),
  /** ... and the GPS tracker rental. */
  noleggio_gps: z.optional(z.boolean()),
  /** Set once money went back to the athlete: how much and when. */
  rimborso: z.optional(z.nullable(z.object({ importo: EuroAmountSchema, data: InstantSchema }))),
})
export type Transaction = z.infer<typeof TransactionSchema>

export const list = defineOperation({
  name: 'transactions.list',
  summary: "The athlete's transactions, newest first, described in a language.",
  method: 'GET',
  path: '/api/v1/vdatrailers/transazioni',
  auth: 'bearer',
  inferred: true,
  query: ContentLanguageQuery,
  responses: { 200: z.object({ transazioni: z.array(TransactionSchema) }) },
})
