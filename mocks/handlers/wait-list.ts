import { db } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { withLedger } from '../provider'
import { entriesOf, entryOf, entryView, joinWaitList, leaveWaitList } from '../wait-list'

/**
 * The wait list's calls (contracts/wait-list.contract.ts); the rules are wait-list.ts's. Offers were
 * moved to the request's instant before the resolver runs (handler.ts); a call that writes runs in
 * the ledger's turn, so its check and its write are one step.
 */
export function waitListHandlers(): ResourceHandlers<'waitList'> {
  const findRace = (id: number | string) => db.races.findFirst((q) => q.where({ id: Number(id) }))

  return {
    join: ({ athlete, params, now }) =>
      withLedger(async () => {
        const race = findRace(params.id)
        if (!race) return reply(422, problem(422, 'wait_list_closed'))
        const joined = await joinWaitList(athlete, race, now)
        if (joined.ok) return reply(201, entryView(joined.entry))
        if (joined.code === 'wait_list_closed') return reply(422, problem(422, joined.code))
        if (joined.code === 'already_listed' && joined.entry) return reply(409, { ...problem(409, joined.code), voce: entryView(joined.entry) })
        return reply(409, problem(409, joined.code))
      }),

    status: ({ athlete, params }) =>
      withLedger(() => {
        const entry = entryOf(Number(params.id), athlete.id)
        return entry ? reply(200, entryView(entry)) : reply(404, problem(404, 'not_listed'))
      }),

    leave: ({ athlete, params, now }) =>
      withLedger(async () => {
        const race = findRace(params.id)
        const entry = race && (await leaveWaitList(athlete.id, race, now))
        return entry ? reply(200, entryView(entry)) : reply(404, problem(404, 'not_listed'))
      }),

    mine: ({ athlete }) => withLedger(() => reply(200, { voci: entriesOf(athlete.id).map(entryView) })),
  }
}
