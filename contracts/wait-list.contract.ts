import * as z from 'zod/mini'
import { InstantSchema, NumericIdParam, problemOf } from './common'
import { defineOperation } from './operation'

// Inferred (issue 23, decision 038): the organiser's published calls have no wait list. A race that
// keeps one (`Race.lista_attesa`) takes athletes in arrival order once sold out; the lottery adds
// the athletes it did not draw in the draw's order. A place that comes back (a withdrawal, a
// deferral, a hold or an offer that ran out) is offered to the first in line, and to no one else
// until that offer is taken or lapses.

/**
 * Where an athlete stands on a race's wait list:
 * - `in_attesa`: in line, with `posizione` (1: next) and `davanti`;
 * - `offerta`: a place is offered until `offerta_scade`: enrol and pay before then;
 * - `iscritto`: the offer was taken and paid;
 * - `scaduta`: the offer lapsed and went to the next in line;
 * - `uscito`: the athlete left the list.
 */
export const WaitEntryStateSchema = z.enum(['in_attesa', 'offerta', 'iscritto', 'scaduta', 'uscito'])
export type WaitEntryState = z.infer<typeof WaitEntryStateSchema>

export const WaitEntrySchema = z.object({
  gara_id: z.number(),
  stato: WaitEntryStateSchema,
  entrato: InstantSchema,
  /** How the athlete came on the list: joined it, or not drawn by the lottery (in the draw's order). */
  origine: z.enum(['lista', 'lotteria']),
  posizione: z.optional(z.int().check(z.positive())),
  davanti: z.optional(z.int().check(z.nonnegative())),
  /** While `offerta`: until when the place is kept for the athlete. */
  offerta_scade: z.optional(InstantSchema),
})
export type WaitEntry = z.infer<typeof WaitEntrySchema>

const RaceParams = z.object({ id: NumericIdParam })

/**
 * Why joining was refused: the race keeps no wait list, or its registration is over
 * (`wait_list_closed`, 422); places are left, so the athlete enrols directly (`places_left`, 409);
 * the athlete is entered already (`already_enrolled`, 409). `already_listed` is not a failure: the
 * 409 carries the athlete's entry (`voce`).
 */
export const JoinWaitListErrorSchema = z.enum(['wait_list_closed', 'places_left', 'already_enrolled', 'already_listed'])
export type JoinWaitListError = z.infer<typeof JoinWaitListErrorSchema>
const joinProblem = problemOf(JoinWaitListErrorSchema)
export const JoinWaitListConflictSchema = z.extend(joinProblem, { voce: z.optional(WaitEntrySchema) })

export const join = defineOperation({
  name: 'waitList.join',
  summary: "Join a sold-out race's wait list; asked again it answers the same entry.",
  method: 'POST',
  path: '/api/v1/vdatrailers/gara/:id/lista_attesa',
  auth: 'bearer',
  inferred: true,
  pathParams: RaceParams,
  responses: { 201: WaitEntrySchema, 409: JoinWaitListConflictSchema, 422: joinProblem },
  errors: JoinWaitListErrorSchema,
})

/** The athlete is not on this race's list. */
export const WaitListStatusErrorSchema = z.enum(['not_listed'])

export const status = defineOperation({
  name: 'waitList.status',
  summary: "The signed-in athlete's entry on a race's wait list: position, or the place offered and its deadline.",
  method: 'GET',
  path: '/api/v1/vdatrailers/gara/:id/lista_attesa',
  auth: 'bearer',
  inferred: true,
  pathParams: RaceParams,
  responses: { 200: WaitEntrySchema, 404: problemOf(WaitListStatusErrorSchema) },
  errors: WaitListStatusErrorSchema,
})

export const leave = defineOperation({
  name: 'waitList.leave',
  summary: 'Leave a wait list (an offer held is declined and goes to the next in line).',
  method: 'DELETE',
  path: '/api/v1/vdatrailers/gara/:id/lista_attesa',
  auth: 'bearer',
  inferred: true,
  pathParams: RaceParams,
  responses: { 200: WaitEntrySchema, 404: problemOf(WaitListStatusErrorSchema) },
  errors: WaitListStatusErrorSchema,
})

export const mine = defineOperation({
  name: 'waitList.mine',
  summary: "Every wait list the signed-in athlete is on or was offered a place from, newest first.",
  method: 'GET',
  path: '/api/v1/vdatrailers/lista_attesa',
  auth: 'bearer',
  inferred: true,
  responses: { 200: z.object({ voci: z.array(WaitEntrySchema) }) },
})
