import { READ_ONLY_PROFILE_FIELDS, type ProfileUpdate } from '../../contracts/athlete.contract'
import { calendarDayInRome } from '../../contracts/time'
import { db } from '../db'
import { reply, type ResourceHandlers } from '../handler'
import { toProfile, toSubscription } from '../records'
import { invalidRequestBody } from '../request-body'

/**
 * What the contract cannot check because it does not know what day it is: a birth date after today
 * (in Rome, on the backend's clock) cannot be, and the enrolment's minimum age is read from it.
 */
function futureBirthDate(update: ProfileUpdate, now: number) {
  const today = calendarDayInRome(now)
  if (!update.data_nascita || update.data_nascita <= today) return null
  return invalidRequestBody([
    { where: 'body', path: ['data_nascita'], code: 'in_future', message: `a birth date is not after today (${today})` },
  ])
}

export function athleteHandlers(): ResourceHandlers<'athlete'> {
  const saveProfile = async (id: number, update: ProfileUpdate) => {
    // The backend owns the id and the read-only fields (the e-mail, the PAX, the certificate, the
    // picture): a save changes only the rest, whatever the body holds.
    const owned = Object.fromEntries(
      Object.entries(update).filter(([field]) => field !== 'id' && !Object.hasOwn(READ_ONLY_PROFILE_FIELDS, field)),
    )
    const saved = await db.athletes.update((q) => q.where({ id }), {
      data(record) {
        Object.assign(record, owned)
      },
    })
    return toProfile(saved!)
  }

  return {
    me: ({ athlete: me }) => {
      const possible = db.subscriptions.findMany((q) => q.where({ athlete_id: me.id, pagato: false }))
      return reply(200, { profilo: [toProfile(me)], iscrizioni_possibili: possible.map(toSubscription) })
    },

    save: async ({ athlete: me, body, now }) => {
      const refused = futureBirthDate(body, now)
      if (refused) return reply(400, refused)
      return reply(200, { profilo: [await saveProfile(me.id, body)] })
    },

    saveExperience: async ({ athlete: me, body, now }) => {
      const refused = futureBirthDate(body, now)
      if (refused) return reply(400, refused)
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
