import * as z from 'zod/mini'
import { InstantSchema, NumericIdParam, problemOf } from './common'
import { defineOperation } from './operation'

// Inferred (issue 23, decision 038): the flagship's lottery, published so that anyone can check it.
// An application is a subscription with `domanda_lotteria` (subscriptions.create); its tickets come
// from the race's rule (`Race.lotteria.regola`). Before the draw the backend publishes the SHA-256
// of a secret seed (`impegno`); after it, the seed itself: the draw's order follows from the seed
// and the published list alone (machines/rules/lottery-draw.ts; `scripts/lottery-verify.ts`
// recomputes it).

/** A SHA-256 in lowercase hex. */
export const Sha256HexSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/))

/** One application as published: its number, its tickets, and the name only if the athlete allows. */
export const PublishedApplicationSchema = z.object({
  numero: z.int().check(z.positive()),
  biglietti: z.int().check(z.positive()),
  nome: z.nullable(z.string()),
})
export type PublishedApplication = z.infer<typeof PublishedApplicationSchema>

/**
 * A race's lottery as anyone reads it: `aperta` (applications taken), `chiusa` (waiting for the
 * draw), `estratta` (drawn: `seme` revealed and `ordine` published: every application number in the
 * order drawn; the first `posti` are offered a place, the others go on the wait list in that order).
 */
export const LotterySchema = z.object({
  gara_id: z.number(),
  stato: z.enum(['aperta', 'chiusa', 'estratta']),
  chiude: InstantSchema,
  estrazione: InstantSchema,
  posti: z.int().check(z.positive()),
  /** SHA-256 (hex) of the seed, published before any application. */
  impegno: Sha256HexSchema,
  /** The seed, once drawn; `null` before. */
  seme: z.nullable(z.string()),
  estratta_at: z.nullable(InstantSchema),
  domande: z.array(PublishedApplicationSchema),
  ordine: z.nullable(z.array(z.int().check(z.positive()))),
})
export type Lottery = z.infer<typeof LotterySchema>

const RaceParams = z.object({ id: NumericIdParam })

/** The race is not entered by lottery (or has no such id). */
export const LotteryLookupErrorSchema = z.enum(['no_lottery'])

export const get = defineOperation({
  name: 'lottery.get',
  summary: "A race's lottery as published: rule, commitment, applications by number, and after the draw the seed and order.",
  method: 'GET',
  path: '/api/v1/vdatrailers/gara/:id/lotteria',
  auth: 'none',
  inferred: true,
  pathParams: RaceParams,
  responses: { 200: LotterySchema, 404: problemOf(LotteryLookupErrorSchema) },
  errors: LotteryLookupErrorSchema,
})

/**
 * The signed-in athlete's application: its number and tickets (from `precedenti`, the athlete's
 * earlier unsuccessful applications to the course) and, after the draw, the outcome: drawn (a
 * payment link until `pagamento_scade`, `link` its code) or on the wait list.
 */
export const MyApplicationSchema = z.object({
  gara_id: z.number(),
  numero: z.int().check(z.positive()),
  biglietti: z.int().check(z.positive()),
  precedenti: z.int().check(z.nonnegative()),
  esito: z.enum(['in_attesa', 'estratto', 'non_estratto']),
  /** Drawn: the organiser's payment link and its deadline (`payments.byLink`). */
  link: z.optional(z.string()),
  pagamento_scade: z.optional(InstantSchema),
})
export type MyApplication = z.infer<typeof MyApplicationSchema>

/** The athlete has not applied to this race's lottery. */
export const MyApplicationErrorSchema = z.enum(['no_application'])

export const mine = defineOperation({
  name: 'lottery.mine',
  summary: "The signed-in athlete's application to a race's lottery: number, tickets, outcome.",
  method: 'GET',
  path: '/api/v1/vdatrailers/gara/:id/lotteria/mia',
  auth: 'bearer',
  inferred: true,
  pathParams: RaceParams,
  responses: { 200: MyApplicationSchema, 404: problemOf(MyApplicationErrorSchema) },
  errors: MyApplicationErrorSchema,
})
