import { db } from '../db'
import { reply, type ResourceHandlers } from '../handler'
import { nextId } from '../records'

export function experienceHandlers(): ResourceHandlers<'experience'> {
  return {
    list: ({ athlete }) => {
      const rows = db.experience.findMany((q) => q.where({ athlete_id: athlete.id }), { orderBy: { data: 'desc' } })
      return reply(200, { esperienze: rows.map(({ athlete_id: _a, ...row }) => row), pax: athlete.pax ?? false })
    },

    report: async ({ athlete, body, now }) => {
      const race = body.gara_id === null ? undefined : db.races.findFirst((q) => q.where({ id: body.gara_id! }))
      const created = await db.experience.create({
        id: nextId(db.experience.all().map((r) => r.id)),
        athlete_id: athlete.id,
        gara: body.gara,
        data: body.data,
        gara_id: race?.id ?? null,
        qualificante: race?.qualificante ?? false,
        stato: 'in_verifica',
        inviata: new Date(now).toISOString(),
      })
      const { athlete_id: _a, ...row } = created
      return reply(201, row)
    },
  }
}
