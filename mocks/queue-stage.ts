import { DAY_MS } from '../contracts/time'
import { db } from './db'
import type { QaRushOptions } from './qa-api'
import { newRoomSeed } from './queue-defaults'
import { nextId, openSession } from './records'
import { athleteById, ATHLETE_IDS } from './seed/personas'
import { raceById, SEED_RACE_IDS } from './seed/races'

/** Registration of a staged race stays open this long after it opens; the athletes' sessions a day longer. */
const STAGED_REGISTRATION_MS = 60 * DAY_MS

/**
 * Stages an opening rush for the bench (and for QA at scale): a race like the seeded rush's with the
 * places, rate and lengths asked, and `athletes` eligible athletes (complete profile, certificate
 * valid on race day, adult), each signed in. Answers the race's id and each athlete's bearer token.
 */
export async function stageRush(options: QaRushOptions): Promise<{ raceId: number; tokens: string[] }> {
  const roomOpens = Date.parse(options.roomOpensAt)
  const opening = Date.parse(options.registrationOpensAt)
  if (Number.isNaN(roomOpens) || Number.isNaN(opening) || roomOpens > opening) {
    throw new RangeError('stageRush: the room opens at or before registration, both ISO 8601 instants')
  }
  const raceId = nextId(db.races.all().map((race) => race.id))
  const raceDay = opening + 120 * DAY_MS
  const template = raceById(SEED_RACE_IDS.rush)
  await db.races.create({
    ...structuredClone(template),
    id: raceId,
    nome: `Rush ${String(raceId)}`,
    edizione: new Date(raceDay).getUTCFullYear(),
    data_evento: new Date(raceDay).toISOString(),
    apertura_iscrizioni: new Date(opening).toISOString(),
    chiusura_iscrizioni: new Date(opening + STAGED_REGISTRATION_MS).toISOString(),
    posti: options.places,
    iscritti: 0,
    sala_attesa: {
      apre: new Date(roomOpens).toISOString(),
      ammissioni_al_minuto: options.admissionsPerMinute,
      ammissione_s: options.admissionSeconds,
      posto_s: options.holdSeconds,
    },
  })
  await db.queueRooms.create({ race_id: raceId, seme: newRoomSeed(), arrivi: 0, ammissioni: 0, simulati: [] })

  const athlete = athleteById(ATHLETE_IDS.completo)
  // Valid a year past race day, whatever day the rush is staged on.
  const certificateUntil = new Date(raceDay + 365 * DAY_MS).toISOString().slice(0, 10)
  const firstId = nextId(db.athletes.all().map((record) => record.id))
  const tokens: string[] = []
  for (let index = 0; index < options.athletes; index++) {
    const id = firstId + index
    const mail = `rush-${String(raceId)}-${String(index + 1)}@pettorale.test`
    await db.athletes.create({
      ...structuredClone(athlete),
      id,
      nome: 'Atleta',
      cognome: `Rush ${String(index + 1)}`,
      mail,
      username: mail,
      certificato_medico_id: null,
      scadenza_certificato: certificateUntil,
    })
    tokens.push(await openSession(id, opening + STAGED_REGISTRATION_MS + DAY_MS))
  }
  return { raceId, tokens }
}
