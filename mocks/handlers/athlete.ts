import type { ProfileUpdate } from '../../contracts/athlete.contract'
import { db } from '../db'
import { reply, type ResourceHandlers } from '../handler'
import { toProfile, toSubscription } from '../records'

export function athleteHandlers(): ResourceHandlers<'athlete'> {
  const saveProfile = async (id: number, update: ProfileUpdate) => {
    const saved = await db.athletes.update((q) => q.where({ id }), {
      data(record) {
        // The backend owns the read-only fields and the id; the rest is the athlete's.
        const { id: _id, ...fields } = update
        Object.assign(record, fields)
      },
    })
    return toProfile(saved!)
  }

  return {
    me: ({ athlete: me }) => {
      const possible = db.subscriptions.findMany((q) => q.where({ athlete_id: me.id, pagato: false }))
      return reply(200, { profilo: [toProfile(me)], iscrizioni_possibili: possible.map(toSubscription) })
    },

    save: async ({ athlete: me, body }) => reply(200, { profilo: [await saveProfile(me.id, body)] }),

    saveExperience: async ({ athlete: me, body }) => {
      await saveProfile(me.id, body)
      return reply(200, {})
    },

    subscriptions: ({ athlete: me, query }) => {
      if (query.contact_id !== me.id) return reply(200, { iscrizioni: [] })
      const rows = db.subscriptions.findMany((q) => q.where({ athlete_id: me.id }))
      return reply(200, { iscrizioni: rows.map(toSubscription) })
    },
  }
}
