import type { EnrolmentRequest } from '../../contracts/subscriptions.contract'
import { db, type AthleteRecord, type RaceRecord } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { onApplication, reservedPlaceOf } from '../place-events'
import { placeFor } from '../place-rule'
import { enrolmentTotal, isActivePlace, takenAgain, toSubscription } from '../records'
import { categoryFor } from '../seed/categories'
import { extraFieldsOf } from '../seed/races'

export function subscriptionsHandlers(): ResourceHandlers<'subscriptions'> {
  return {
    create: async ({ athlete, body, now }) => {
      const race = db.races.findFirst((q) => q.where({ id: body.project_id }))
      if (!race || !eligible(athlete, race)) return reply(422, problem(422, 'not_eligible'))
      // A place kept for the athlete (a wait-list offer, a transfer accepted) is theirs whatever the
      // count, the waiting room, the lottery or the registration's close (a lottery's list offers after it).
      const reserved = reservedPlaceOf(athlete.id, race, now) !== null
      if (!reserved && (now < Date.parse(race.apertura_iscrizioni) || now >= Date.parse(race.chiusura_iscrizioni))) {
        return reply(422, problem(422, 'registration_closed'))
      }
      if (!answersRequired(race, body)) return reply(422, problem(422, 'missing_field'))
      const existing = db.subscriptions.findFirst((q) => q.where({ athlete_id: athlete.id, project_id: race.id }))
      if (isActivePlace(existing)) return reply(409, problem(409, 'already_enrolled'))
      const lottery = race.ammissione === 'lotteria' && !athlete.pax && !reserved
      // The same rule as the payment's start (place-rule.ts); a lottery draws among applicants
      // whatever the places, so only direct entry needs one left.
      const place = placeFor(athlete.id, race, now)
      if (!place.ok && !(lottery && place.code === 'sold_out')) return reply(409, problem(409, place.code))

      const choice = {
        ...takenAgain(existing),
        opzione_rimborso: body.opzione_rimborso,
        noleggio_gps: body.noleggio_gps,
        totale: enrolmentTotal(race, body),
        campi: body.campi,
        domanda_lotteria: lottery,
      }
      const record = existing
        ? await db.subscriptions.update((q) => q.where({ athlete_id: athlete.id, project_id: race.id }), {
            data: (draft) => void Object.assign(draft, choice),
          })
        : await db.subscriptions.create({
            athlete_id: athlete.id,
            project_id: race.id,
            liberatoria: false,
            liberatoria_signed: null,
            liberatoria_versione: null,
            pettorale: null,
            categoria: athlete.sesso && athlete.data_nascita ? categoryFor(athlete.sesso, race.edizione - Number(athlete.data_nascita.slice(0, 4))) : null,
            pagato: false,
            ...choice,
          })
      // An application takes a number and its tickets on the lottery's published list (issue 23).
      if (lottery) await onApplication(athlete.id, race, now)
      return reply(200, { iscrizione: toSubscription(record!) })
    },
  }
}

/**
 * What the backend checks itself, whatever the portal showed: a certificate accepted and valid on
 * race day, and the minimum age reached by then.
 */
export function eligible(athlete: AthleteRecord, race: RaceRecord): boolean {
  const raceDay = race.data_evento.slice(0, 10)
  const certificateOk =
    athlete.validazione_certificato === 'valido' && !!athlete.scadenza_certificato && athlete.scadenza_certificato >= raceDay
  if (!certificateOk || !athlete.data_nascita) return false
  // Old enough: born on or before race day, `eta_minima` years earlier.
  const latestBirthDate = `${String(Number(raceDay.slice(0, 4)) - race.eta_minima)}${raceDay.slice(4)}`
  return athlete.data_nascita <= latestBirthDate
}

function answersRequired(race: RaceRecord, body: EnrolmentRequest): boolean {
  return extraFieldsOf(race).every((field) => {
    if (!field.obbligatorio) return true
    const answer = body.campi[field.nome]
    if (field.tipo === 'boolean') return answer === true
    return typeof answer === 'string' && answer.trim() !== '' && (!field.opzioni || field.opzioni.some((option) => option.valore === answer))
  })
}
