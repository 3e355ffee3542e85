import * as z from 'zod/mini'
import { InstantSchema, NumericIdParam, problemOf } from './common'
import { Sha256HexSchema } from './lottery.contract'
import { defineOperation } from './operation'

// Inferred (issue 22, decision 037): the organiser's published calls have no waiting room. A race
// that sells out in minutes opens through one: athletes present when registration opens are put in
// a random order, later arrivals queue behind in arrival order, and the backend admits them at its
// own pace (the random order's seed is fixed when the room is made, committed to on every ticket
// answer and to anyone from before the room opens, and revealed at registration's opening, so
// anyone can recompute it: `sorteggio`, `queue.draw`). An admitted athlete holds a place for a
// fixed time while walking the wizard; paying within it converts it, letting it run out or leaving
// releases it to the next in line.

/** The longest wait the backend asks a client to leave between two reads of its ticket. */
export const MAX_RETRY_AFTER_S = 300
/** An admission token is an opaque signed value; no real one is this long. */
export const MAX_ADMISSION_TOKEN_LENGTH = 512
/** A ticket's reference (`Q-<race>-<number>` in the simulated backend). */
export const MAX_TICKET_ID_LENGTH = 64

// How a race's waiting room runs is on the race (`Race.sala_attesa`, races.contract.ts): the race
// page reads it without loading these calls.

/**
 * Where a ticket stands:
 * - `in_sala`: joined before registration opened; the order is drawn at the opening;
 * - `in_coda`: waiting, with a position;
 * - `ammesso`: admitted; `ammissione` is valid until its `scade` for taking the held place;
 * - `posto`: holding a place until `posto.scade` (`posto.in_pagamento`: a payment of it was
 *   authorised in time, so it no longer runs out: the provider's confirmation converts it);
 * - `pagato`: the held place was paid: the athlete is entered;
 * - `esaurito`: the places not yet sold or held cannot cover the athletes ahead. The ticket keeps
 *   its order: a place held ahead that is not paid comes back to it, unless `definitivo` (every
 *   place is paid: none will come back);
 * - `scaduto`: the admission or the held place ran out (`motivo` says which); the place went to
 *   the next in line;
 * - `uscito`: the athlete left the queue or released the held place.
 */
export const TicketStateSchema = z.enum(['in_sala', 'in_coda', 'ammesso', 'posto', 'pagato', 'esaurito', 'scaduto', 'uscito'])
export type TicketState = z.infer<typeof TicketStateSchema>

export const TicketEndReasonSchema = z.enum(['admission_expired', 'hold_expired'])
export type TicketEndReason = z.infer<typeof TicketEndReasonSchema>

/**
 * The room's draw as anyone reads it (issue 40; the protocol is room-draw.ts), signed in or not,
 * from before the room opens. The room's seed is random and fixed when the room is made; until
 * registration's opening only its SHA-256 (`impegno`) is published, and at the opening, when the
 * order is drawn, the seed itself (`seme`) and how many tickets were drawn (`biglietti`: numbers 1
 * to it, every ticket taken before the opening). Anyone then checks the seed against the
 * commitment and recomputes the order (`npm run lottery:verify` with this answer or its address).
 * Ticket numbers only: the draw names no athlete.
 */
export const PublicRoomDrawSchema = z.object({
  gara_id: z.int32().check(z.positive()),
  /** SHA-256 (hex) of the room's seed, the same in every answer from the room's first on. */
  impegno: Sha256HexSchema,
  /** The seed, once the order is drawn; `null` before. */
  seme: z.nullable(z.string().check(z.minLength(1), z.maxLength(256))),
  /** Once drawn: the tickets drawn are numbers 1 to this; `null` before. */
  biglietti: z.nullable(z.int().check(z.nonnegative())),
})
export type PublicRoomDraw = z.infer<typeof PublicRoomDrawSchema>

/**
 * The room's draw as every ticket answer publishes it: the public draw's commitment, seed and count
 * (the race is the ticket's), with this ticket's number and, once drawn, its place.
 */
export const RoomDrawSchema = z.extend(z.omit(PublicRoomDrawSchema, { gara_id: true }), {
  /** This ticket's number: its place in the order tickets were taken, from 1. */
  numero: z.int().check(z.positive()),
  /** Once drawn, for a drawn ticket: its place in the order drawn (1: drawn first). */
  estratto: z.optional(z.int().check(z.positive())),
})
export type RoomDraw = z.infer<typeof RoomDrawSchema>

/**
 * One athlete's ticket for one race's waiting room: one per athlete and race, whichever tab or
 * device asks. `riprova_tra_s` says when to read it again (absent once nothing more will change).
 */
export const QueueTicketSchema = z.object({
  biglietto: z.string().check(z.minLength(1), z.maxLength(MAX_TICKET_ID_LENGTH)),
  gara_id: z.int32().check(z.positive()),
  stato: TicketStateSchema,
  /** When the athlete joined. */
  entrato: InstantSchema,
  /** Joined before registration opened: the place in line is drawn. */
  sorteggiato: z.boolean(),
  /** While `in_coda`: the place in line (1: next) and how many are ahead. */
  posizione: z.optional(z.int().check(z.positive())),
  davanti: z.optional(z.int().check(z.nonnegative())),
  /** While `in_sala` or `in_coda`: the backend's estimate of the wait until admission. */
  attesa_stimata_s: z.optional(z.int().check(z.nonnegative())),
  /** While `ammesso`: the signed admission `queue.hold` takes, and until when. */
  ammissione: z.optional(
    z.object({ token: z.string().check(z.minLength(1), z.maxLength(MAX_ADMISSION_TOKEN_LENGTH)), scade: InstantSchema }),
  ),
  /** While `posto`: until when the place is held. */
  posto: z.optional(z.object({ scade: InstantSchema, in_pagamento: z.boolean() })),
  /** While `esaurito`: true once every place is paid. */
  definitivo: z.optional(z.boolean()),
  /** While `scaduto`: what ran out. */
  motivo: z.optional(TicketEndReasonSchema),
  riprova_tra_s: z.optional(z.int().check(z.positive(), z.lte(MAX_RETRY_AFTER_S))),
  /**
   * The room's draw: its commitment, and after the opening its seed (decision 037, amended). Optional
   * so that answers written before it (fixtures, a backend that has not adopted it) still read.
   */
  sorteggio: z.optional(RoomDrawSchema),
})
export type QueueTicket = z.infer<typeof QueueTicketSchema>

const RaceParams = z.object({ id: NumericIdParam })

/**
 * Why joining was refused: the room is not open (before `apre`, after registration closed, or the
 * race has no room: `queue_closed`); every place is paid (`sold_out`); the athlete is entered
 * already (`already_enrolled`) or does not meet the race's conditions (`not_eligible`, the same
 * checks as the enrolment's). `already_in_queue` is not a failure: the athlete has a ticket, and
 * the 409 carries it (`biglietto`), so a second tab or a reload finds its place as it was.
 */
export const JoinQueueErrorSchema = z.enum(['queue_closed', 'sold_out', 'already_enrolled', 'not_eligible', 'already_in_queue'])
export type JoinQueueError = z.infer<typeof JoinQueueErrorSchema>
const joinProblem = problemOf(JoinQueueErrorSchema)

/** The 409 of a join: the problem and, with `already_in_queue`, the athlete's ticket. */
export const JoinQueueConflictSchema = z.extend(joinProblem, { biglietto: z.optional(QueueTicketSchema) })
export type JoinQueueConflict = z.infer<typeof JoinQueueConflictSchema>

export const join = defineOperation({
  name: 'queue.join',
  summary: "Join a race's waiting room: one ticket per athlete and race; asked again it answers the same ticket.",
  method: 'POST',
  path: '/api/v1/vdatrailers/gara/:id/coda',
  auth: 'bearer',
  inferred: true,
  pathParams: RaceParams,
  responses: { 201: QueueTicketSchema, 409: JoinQueueConflictSchema, 422: joinProblem },
  errors: JoinQueueErrorSchema,
})

/** The athlete has no ticket for this race. */
export const QueueStatusErrorSchema = z.enum(['not_in_queue'])
export type QueueStatusError = z.infer<typeof QueueStatusErrorSchema>

export const status = defineOperation({
  name: 'queue.status',
  summary: "The signed-in athlete's ticket for a race: place in line, estimated wait, admission, held place.",
  method: 'GET',
  path: '/api/v1/vdatrailers/gara/:id/coda',
  auth: 'bearer',
  inferred: true,
  pathParams: RaceParams,
  responses: { 200: QueueTicketSchema, 404: problemOf(QueueStatusErrorSchema) },
  errors: QueueStatusErrorSchema,
})

/** The race has no waiting room (or no such id). */
export const RoomDrawErrorSchema = z.enum(['no_room'])
export type RoomDrawError = z.infer<typeof RoomDrawErrorSchema>

export const draw = defineOperation({
  name: 'queue.draw',
  summary: "A race's waiting-room draw as published to anyone: the commitment from the first, and from registration's opening the seed and the tickets drawn.",
  method: 'GET',
  path: '/api/v1/vdatrailers/gara/:id/coda/sorteggio',
  auth: 'none',
  inferred: true,
  pathParams: RaceParams,
  responses: { 200: PublicRoomDrawSchema, 404: problemOf(RoomDrawErrorSchema) },
  errors: RoomDrawErrorSchema,
})

export const HoldRequestSchema = z.object({
  ammissione: z.string().check(z.minLength(1), z.maxLength(MAX_ADMISSION_TOKEN_LENGTH)),
})
export type HoldRequest = z.infer<typeof HoldRequestSchema>

/**
 * Why no place was held: the admission ran out before it was used (`admission_expired`, 410) or is
 * not this athlete's for this race (`admission_invalid`, 422); the athlete has no ticket
 * (`not_in_queue`, 404).
 */
export const HoldErrorSchema = z.enum(['admission_expired', 'admission_invalid', 'not_in_queue'])
export type HoldError = z.infer<typeof HoldErrorSchema>
const holdProblem = problemOf(HoldErrorSchema)

export const hold = defineOperation({
  name: 'queue.hold',
  summary: 'Take the place an admission reserved, held for the race\'s `posto_s`; asked again with the same admission it answers the same hold.',
  method: 'POST',
  path: '/api/v1/vdatrailers/gara/:id/posto',
  auth: 'bearer',
  inferred: true,
  pathParams: RaceParams,
  body: { kind: 'json', schema: HoldRequestSchema },
  responses: { 201: QueueTicketSchema, 404: holdProblem, 410: holdProblem, 422: holdProblem },
  errors: HoldErrorSchema,
})

export const leave = defineOperation({
  name: 'queue.leave',
  summary: 'Leave the waiting room, or release the held place or admission to the next in line.',
  method: 'DELETE',
  path: '/api/v1/vdatrailers/gara/:id/coda',
  auth: 'bearer',
  inferred: true,
  pathParams: RaceParams,
  responses: { 200: QueueTicketSchema, 404: problemOf(QueueStatusErrorSchema) },
  errors: QueueStatusErrorSchema,
})
