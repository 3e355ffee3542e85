import type { WaiverForm } from '../../contracts/liberatoria.contract'
import type { Locale } from '../../contracts/locale'
import { db, type RaceRecord } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { waiverOf } from '../seed/waiver'
import { sha256Hex } from '../../contracts/sha256'

/** The digest of the race's current waiver text in a language and form, as `liberatoria.get` serves it. */
export function waiverDigest(race: RaceRecord, lingua: Locale, forma?: WaiverForm): Promise<string> {
  return sha256Hex(waiverOf(race, lingua, forma).testo)
}

export function liberatoriaHandlers(): ResourceHandlers<'liberatoria'> {
  return {
    get: ({ params, query }) => {
      const race = db.races.findFirst((q) => q.where({ id: Number(params.id) }))
      return race ? reply(200, waiverOf(race, query.lingua, query.forma)) : reply(404, problem(404, 'race_not_found'))
    },

    sign: async ({ athlete: me, body, now }) => {
      const race = db.races.findFirst((q) => q.where({ id: body.project_id }))
      const subscription = db.subscriptions.findFirst((q) => q.where({ athlete_id: me.id, project_id: body.project_id }))
      if (!race || !subscription) return reply(404, problem(404, 'no_subscription'))
      // A paid enrolment's signature is the evidence of what the athlete accepted: never replaced.
      if (subscription.pagato && subscription.liberatoria) return reply(409, problem(409, 'already_signed'))
      // A portal that says which text it showed must have shown the current one; one that says
      // nothing (the published call) signs the current version.
      if (body.versione !== undefined && body.versione !== race.liberatoria_versione) {
        return reply(409, problem(409, 'waiver_outdated'))
      }
      // A digest is evidence only of the text it is the digest of: that of the version and language named.
      if (body.sha256 !== undefined) {
        if (body.lingua === undefined) return reply(422, problem(422, 'hash_mismatch', 'a digest needs the language of its text'))
        if (body.sha256 !== (await waiverDigest(race, body.lingua, body.forma))) {
          return reply(422, problem(422, 'hash_mismatch', `not the digest of the ${race.liberatoria_versione} text in ${body.lingua}`))
        }
      }
      await db.subscriptions.update((q) => q.where({ athlete_id: me.id, project_id: body.project_id }), {
        data(record) {
          record.liberatoria = true
          record.liberatoria_signed = new Date(now).toISOString()
          record.liberatoria_versione = race.liberatoria_versione
          record.liberatoria_lingua = body.lingua ?? null
          record.liberatoria_sha256 = body.sha256 ?? null
        },
      })
      return reply(200, {})
    },
  }
}
