import {
  cleanRaceName,
  EARLIEST_REPORT_DATE,
  MAX_FINISH_TIME_S,
  MAX_RACE_NAME_LENGTH,
  type NewExperienceReport,
} from '../../contracts/experience.contract'
import { db, type ExperienceRecord } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { paxFor } from '../pax'
import { nextId } from '../records'

/** A date without time is a calendar day in Rome, as every date-only value of the API (YYYY-MM-DD). */
const ROME_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' })

export function experienceHandlers(): ResourceHandlers<'experience'> {
  return {
    list: ({ athlete, now }) => {
      const rows = reportsOf(athlete.id)
      return reply(200, { esperienze: rows.map(toReport), pax: paxFor(rows, db.races.all(), now) })
    },

    report: async ({ athlete, body, now }) => {
      const today = ROME_DAY.format(now)
      const race = body.gara_id === null ? undefined : db.races.findFirst((q) => q.where({ id: body.gara_id! }))
      // One of the organiser's experience races, already run; any other race is reported by name.
      if (body.gara_id !== null && (!race || !race.esperienza)) return reply(400, problem(400, 'invalid_request'))
      if (race && Date.parse(race.data_evento) > now) return reply(400, problem(400, 'future_date'))
      const gara = race ? `${race.nome} ${String(race.edizione)}` : cleanRaceName(body.gara)
      // A typed name with nothing visible (zero-width spaces), or too long once spelt out by NFKC;
      // counted in code points, as the contract counts the name typed.
      const length = [...gara].length
      if (!race && (length < 2 || length > MAX_RACE_NAME_LENGTH)) return reply(400, problem(400, 'race_name'))
      const data = race ? ROME_DAY.format(Date.parse(race.data_evento)) : body.data
      // "Today" is the backend's (the mock clock's), in Rome; never the client's.
      if (data > today) return reply(400, problem(400, 'future_date'))
      // Not year 1, nor before the athlete was born.
      if (data < EARLIEST_REPORT_DATE || (athlete.data_nascita && data < athlete.data_nascita)) {
        return reply(400, problem(400, 'date_too_early'))
      }
      if (body.tempo_secondi > MAX_FINISH_TIME_S) return reply(400, problem(400, 'finish_time'))
      if (reportsOf(athlete.id).some((existing) => sameRace(existing, { ...body, gara, data }))) {
        return reply(409, problem(409, 'duplicate_report'))
      }

      const created = await db.experience.create({
        id: nextId(db.experience.all().map((r) => r.id)),
        athlete_id: athlete.id,
        gara,
        data,
        gara_id: race?.id ?? null,
        qualificante: race?.qualificante ?? false,
        tempo_secondi: body.tempo_secondi,
        link_risultati: body.link_risultati ?? null,
        stato: 'in_verifica',
        motivo: null,
        inviata: new Date(now).toISOString(),
      })
      return reply(201, toReport(created))
    },
  }
}

function reportsOf(athleteId: number): ExperienceRecord[] {
  return db.experience.findMany((q) => q.where({ athlete_id: athleteId }), { orderBy: { data: 'desc' } })
}

function toReport({ athlete_id: _owner, ...report }: ExperienceRecord) {
  return { ...report }
}

/** What two names of one race have in common: the clean name in lowercase. */
export function raceNameKey(name: string): string {
  return cleanRaceName(name).toLowerCase().normalize('NFKC')
}

/**
 * A report of the same race as one still standing (under verification or accepted): the same
 * organiser's race, or the same name on the same day, whatever the case, spacing, compatibility
 * forms and invisible characters (`raceNameKey`). A rejected report may be sent again, with better
 * evidence.
 */
function sameRace(existing: ExperienceRecord, wanted: NewExperienceReport): boolean {
  if (existing.stato === 'respinta') return false
  if (wanted.gara_id !== null && existing.gara_id === wanted.gara_id) return true
  // The organiser's race by its id and the same race typed by name are one race: both carry the
  // race's name and edition and its day, so they are compared by those.
  return existing.data === wanted.data && raceNameKey(existing.gara) === raceNameKey(wanted.gara)
}
