import * as athlete from '../../contracts/athlete.contract'
import * as liberatoria from '../../contracts/liberatoria.contract'
import { db } from '../db'
import { defineHandler, problem, reply, type MockContext } from '../handler'
import { toProfile, toSubscription } from '../records'

export function athleteHandlers(ctx: MockContext) {
  const saveProfile = async (id: number, update: athlete.ProfileUpdate) => {
    const saved = await db.athletes.update((q) => q.where({ id }), {
      data(record) {
        // The backend owns the read-only fields and the id; the rest is the athlete's.
        const { id: _id, ...fields } = update
        Object.assign(record, fields)
      },
    })
    return toProfile(saved!)
  }

  return [
    defineHandler(ctx, athlete.me, ({ athlete: me }) => {
      const possible = db.subscriptions.findMany((q) => q.where({ athlete_id: me.id, pagato: false }))
      return reply(200, { profilo: [toProfile(me)], iscrizioni_possibili: possible.map(toSubscription) })
    }),

    defineHandler(ctx, athlete.save, async ({ athlete: me, body }) =>
      reply(200, { profilo: [await saveProfile(me.id, body)] }),
    ),

    defineHandler(ctx, athlete.saveExperience, async ({ athlete: me, body }) => {
      await saveProfile(me.id, body)
      return reply(200, {})
    }),

    defineHandler(ctx, athlete.subscriptions, ({ athlete: me, query }) => {
      if (query.contact_id !== me.id) return reply(200, { iscrizioni: [] })
      const rows = db.subscriptions.findMany((q) => q.where({ athlete_id: me.id }))
      return reply(200, { iscrizioni: rows.map(toSubscription) })
    }),

    defineHandler(ctx, liberatoria.sign, async ({ athlete: me, body, now }) => {
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
    }),
  ]
}
