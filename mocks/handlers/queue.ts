import { db } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { withLedger } from '../provider'
import { joinQueue, leaveQueue, roomDrawView, takeHold, ticketOf, ticketView } from '../queue'
import { eligible } from './subscriptions'

/**
 * The waiting room's calls (contracts/queue.contract.ts); the rules are the engine's (queue.ts).
 * The rooms were moved to the request's instant before the resolver runs (handler.ts); a call that
 * writes runs in the ledger's turn, so its check and its write are one step.
 */
export function queueHandlers(): ResourceHandlers<'queue'> {
  const findRace = (id: number | string) => db.races.findFirst((q) => q.where({ id: Number(id) }))

  return {
    join: ({ athlete, params, now }) =>
      withLedger(async () => {
        const race = findRace(params.id)
        // A race without a room (or no race) has no room to join.
        if (!race?.sala_attesa) return reply(422, problem(422, 'queue_closed'))
        const joined = await joinQueue(athlete, race, now, eligible(athlete, race))
        if (joined.ok) return reply(201, joined.ticket)
        if (joined.code === 'already_in_queue') return reply(409, { ...problem(409, joined.code), biglietto: joined.ticket })
        if (joined.code === 'queue_closed' || joined.code === 'not_eligible') return reply(422, problem(422, joined.code))
        return reply(409, problem(409, joined.code))
      }),

    // In the ledger's turn too: the place in line is read between two steps of the room, never in one.
    status: ({ athlete, params, now }) =>
      withLedger(() => {
        const race = findRace(params.id)
        const ticket = race && ticketOf(race.id, athlete.id)
        return race && ticket ? reply(200, ticketView(race, ticket, now)) : reply(404, problem(404, 'not_in_queue'))
      }),

    // Anyone's read, no session: in the ledger's turn, so the seed is never read half-drawn.
    draw: ({ params, now }) =>
      withLedger(async () => {
        const race = findRace(params.id)
        const view = race && (await roomDrawView(race, now))
        return view ? reply(200, view) : reply(404, problem(404, 'no_room'))
      }),

    hold: ({ athlete, params, body, now }) =>
      withLedger(async () => {
        const race = findRace(params.id)
        if (!race) return reply(404, problem(404, 'not_in_queue'))
        const held = await takeHold(athlete.id, race, body.ammissione, now)
        if (held.ok) return reply(201, held.ticket)
        if (held.code === 'not_in_queue') return reply(404, problem(404, held.code))
        if (held.code === 'admission_expired') return reply(410, problem(410, held.code))
        return reply(422, problem(422, held.code))
      }),

    leave: ({ athlete, params, now }) =>
      withLedger(async () => {
        const race = findRace(params.id)
        const ticket = race && (await leaveQueue(athlete.id, race, now))
        return ticket ? reply(200, ticket) : reply(404, problem(404, 'not_in_queue'))
      }),
  }
}
