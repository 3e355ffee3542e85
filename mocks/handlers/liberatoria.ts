import { db } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'

export function liberatoriaHandlers(): ResourceHandlers<'liberatoria'> {
  return {
    sign: async ({ athlete: me, body, now }) => {
      const signed = await db.subscriptions.update(
        (q) => q.where({ athlete_id: me.id, project_id: body.project_id }),
        {
          data(record) {
            record.liberatoria = true
            record.liberatoria_signed = new Date(now).toISOString()
          },
        },
      )
      return signed ? reply(200, {}) : reply(404, problem(404, 'no_subscription'))
    },
  }
}
