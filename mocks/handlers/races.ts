import type { Race } from '../../contracts/races.contract'
import { db, type RaceRecord } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'
import { crowdEntrants } from '../seed/entrants'
import { extraFieldsOf, SEED_RACE_IDS } from '../seed/races'

export function racesHandlers(): ResourceHandlers<'races'> {
  const findRace = (id: number | string) => db.races.findFirst((q) => q.where({ id: Number(id) }))

  return {
    list: ({ query, now }) => {
      const isOpen = (race: Race) => Date.parse(race.apertura_iscrizioni) <= now && now < Date.parse(race.chiusura_iscrizioni)
      const all = db.races.findMany(undefined, { orderBy: { data_evento: 'asc' } }).map(summary)
      const filter = query.filter ?? 'all'
      const gare = filter === 'all' ? all : all.filter((race) => isOpen(race) === (filter === 'open'))
      return reply(200, { gare })
    },

    get: ({ params }) => {
      const race = findRace(params.id)
      if (!race) return reply(404, problem(404, 'race_not_found'))
      const edizioni = db.races
        .findMany((q) => q.where({ nome: race.nome }), { orderBy: { data_evento: 'desc' } })
        .map(({ id, edizione, data_evento }) => ({ id, edizione, data_evento }))
      return reply(200, { ...race, edizioni })
    },

    ranking: ({ params }) => {
      if (!findRace(params.id)) return reply(404, problem(404, 'race_not_found'))
      const rows = db.rankings.findMany((q) => q.where({ race_id: Number(params.id) }), { orderBy: { posizione: 'asc' } })
      return reply(200, { classifica: rows.map(({ race_id: _race, ...row }) => row) })
    },

    subscribers: ({ params }) => {
      const race = findRace(params.id)
      if (!race) return reply(404, problem(404, 'race_not_found'))
      const enrolled = db.entrants.findMany((q) => q.where({ race_id: race.id }), { orderBy: { pettorale: 'asc' } })
      const rows = race.id === SEED_RACE_IDS.crowd ? [...crowdEntrants(race), ...enrolled] : enrolled
      return reply(200, { iscritti: rows.map(({ race_id: _race, ...row }) => row) })
    },

    subscriptionFields: ({ params }) => {
      const race = findRace(params.id)
      if (!race) return reply(404, problem(404, 'race_not_found'))
      return reply(200, { campi: extraFieldsOf(race) })
    },
  }
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
