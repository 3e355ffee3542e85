import * as z from 'zod/mini'
import { RefundOptionSchema } from './athlete.contract'
import { EuroAmountSchema, InstantSchema } from './common'
import { defineOperation } from './operation'

export const TransactionStatusSchema = z.enum(['paid', 'pending', 'failed', 'refunded'])

export const TransactionSchema = z.object({
  id: z.string(),
  data: InstantSchema,
  descrizione: z.string(),
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
  summary: "The athlete's transactions, newest first.",
  method: 'GET',
  path: '/api/v1/vdatrailers/transazioni',
  auth: 'bearer',
  inferred: true,
  responses: { 200: z.object({ transazioni: z.array(TransactionSchema) }) },
})
