import type { Locale } from '../../contracts/locale'
import type { Profile } from '../../contracts/athlete.contract'
import type { Race, SubscriptionField } from '../../contracts/races.contract'
import { db, type RaceRecord } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { servedLanguage, textIn } from '../languages'
import { publicName, publicRow } from '../public-names'
import { crowdEntrants } from '../seed/entrants'
import { extraFieldsOf, SEED_RACE_IDS, type SeedQuestion } from '../seed/races'

export function racesHandlers(): ResourceHandlers<'races'> {
  const findRace = (id: number | string) => db.races.findFirst((q) => q.where({ id: Number(id) }))

  return {
    list: ({ query, now }) => {
      // Closed is closed for good: a race whose registration is still to open is neither open nor closed.
      const matches = {
        all: () => true,
        open: (race: Race) => Date.parse(race.apertura_iscrizioni) <= now && now < Date.parse(race.chiusura_iscrizioni),
        closed: (race: Race) => Date.parse(race.chiusura_iscrizioni) <= now,
      }[query.filter ?? 'all']
      const gare = db.races.findMany(undefined, { orderBy: { data_evento: 'asc' } }).map(summary).filter(matches)
      return reply(200, { gare })
    },

    get: ({ params, query }) => {
      const race = findRace(params.id)
      if (!race) return reply(404, problem(404, 'race_not_found'))
      const edizioni = db.races
        .findMany((q) => q.where({ nome: race.nome }), { orderBy: { data_evento: 'desc' } })
        .map(({ id, edizione, data_evento }) => ({ id, edizione, data_evento }))
      const { descrizione, regolamento, ...facts } = race
      const lingua = servedLanguage(query.lingua ?? 'it', [descrizione, regolamento])
      return reply(200, {
        ...facts,
        lingua,
        descrizione: textIn(descrizione, lingua),
        regolamento: textIn(regolamento, lingua),
        edizioni,
      })
    },

    ranking: ({ params }) => {
      if (!findRace(params.id)) return reply(404, problem(404, 'race_not_found'))
      const rows = db.rankings.findMany((q) => q.where({ race_id: Number(params.id) }), { orderBy: { posizione: 'asc' } })
      return reply(200, { classifica: asChosen(rows, (row, choice) => ({ ...row, nome: publicName(row.nome, choice, 'entrants') })) })
    },

    subscribers: ({ params }) => {
      const race = findRace(params.id)
      if (!race) return reply(404, problem(404, 'race_not_found'))
      const enrolled = db.entrants.findMany((q) => q.where({ race_id: race.id }), { orderBy: { pettorale: 'asc' } })
      const rows = race.id === SEED_RACE_IDS.crowd ? [...crowdEntrants(race), ...enrolled] : enrolled
      return reply(200, { iscritti: asChosen(rows, publicRow) })
    },

    subscriptionFields: ({ params, query }) => {
      const race = findRace(params.id)
      if (!race) return reply(404, problem(404, 'race_not_found'))
      const questions = extraFieldsOf(race)
      const lingua = servedLanguage(query.lingua ?? 'it', questions.flatMap(({ etichetta, opzioni = [] }) => [etichetta, ...opzioni.map((option) => option.etichetta)]))
      return reply(200, { lingua, campi: questions.map((question) => fieldIn(question, lingua)) })
    },
  }
}

/**
 * A list's rows as served: each as its athlete chose to appear (decision 038; `publish`), a row with
 * no account as it is; neither the race nor the account is served.
 */
function asChosen<R extends { race_id: number; athlete_id?: number | undefined }, P>(
  rows: readonly R[],
  publish: (row: Omit<R, 'race_id' | 'athlete_id'>, choice: Profile['visibilita']) => P,
): Array<Omit<R, 'race_id' | 'athlete_id'> | P> {
  const ids = new Set(rows.flatMap((row) => (row.athlete_id === undefined ? [] : [row.athlete_id])))
  // One pass over the accounts for the few rows that have one; none for a generated field.
  const choices = new Map(
    ids.size === 0 ? [] : db.athletes.findMany((q) => q.where({ id: (id) => ids.has(id) })).map((athlete) => [athlete.id, athlete.visibilita]),
  )
  return rows.map(({ race_id: _race, athlete_id: athleteId, ...row }) => (athleteId === undefined ? row : publish(row, choices.get(athleteId))))
}

function summary({
  descrizione: _d,
  regolamento: _r,
  profilo: _p,
  rimborsi: _s,
  ...race
}: RaceRecord): Race {
  return race
}

/** A question as served: its label and its choices' labels in one language, the choices' values as they are. */
function fieldIn({ etichetta, opzioni, ...question }: SeedQuestion, lingua: Locale): SubscriptionField {
  return {
    ...question,
    etichetta: textIn(etichetta, lingua),
    ...(opzioni ? { opzioni: opzioni.map(({ valore, etichetta: label }) => ({ valore, etichetta: textIn(label, lingua) })) } : {}),
  }
}
