import { db } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { waiverOf } from '../seed/waiver'

export function liberatoriaHandlers(): ResourceHandlers<'liberatoria'> {
  return {
    get: ({ params, query }) => {
      const race = db.races.findFirst((q) => q.where({ id: Number(params.id) }))
      return race ? reply(200, waiverOf(race, query.lingua)) : reply(404, problem(404, 'race_not_found'))
    },

    sign: async ({ athlete: me, body, now }) => {
      const race = db.races.findFirst((q) => q.where({ id: body.project_id }))
      // A portal that says which text it showed must have shown the current one; one that says
      // nothing (the published call) signs the current version.
      if (race && body.versione !== undefined && body.versione !== race.liberatoria_versione) {
        return reply(409, problem(409, 'waiver_outdated'))
      }
      const signed = await db.subscriptions.update((q) => q.where({ athlete_id: me.id, project_id: body.project_id }), {
        data(record) {
          record.liberatoria = true
          record.liberatoria_signed = new Date(now).toISOString()
          record.liberatoria_versione = race?.liberatoria_versione ?? null
          record.liberatoria_lingua = body.lingua ?? null
          record.liberatoria_sha256 = body.sha256 ?? null
        },
      })
      return signed ? reply(200, {}) : reply(404, problem(404, 'no_subscription'))
    },
  }
}
