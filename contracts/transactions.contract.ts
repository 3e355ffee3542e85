import * as z from 'zod/mini'
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
