import type { Race, RaceDetail } from '../../contracts/races.contract'
import { db } from '../db'
import { problem, reply, type ResourceHandlers } from '../handler'

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
      return race ? reply(200, { ...race }) : reply(404, problem(404, 'race_not_found'))
    },

    ranking: ({ params }) => {
      if (!findRace(params.id)) return reply(404, problem(404, 'race_not_found'))
      const rows = db.rankings.findMany((q) => q.where({ race_id: Number(params.id) }), { orderBy: { posizione: 'asc' } })
      return reply(200, { classifica: rows.map(({ race_id: _race, ...row }) => row) })
    },

    subscribers: ({ params }) => {
      if (!findRace(params.id)) return reply(404, problem(404, 'race_not_found'))
      const rows = db.entrants.findMany((q) => q.where({ race_id: Number(params.id) }), { orderBy: { pettorale: 'asc' } })
      return reply(200, { iscritti: rows.map(({ race_id: _race, ...row }) => row) })
    },

    subscriptionFields: ({ params }) => {
      const race = findRace(params.id)
      if (!race) return reply(404, problem(404, 'race_not_found'))
      const campi = [
        { nome: 'team', etichetta: 'Team', tipo: 'text' as const, obbligatorio: false },
        ...(race.ammissione === 'lotteria'
          ? [{ nome: 'itra_id', etichetta: 'ITRA runner id', tipo: 'text' as const, obbligatorio: true }]
          : []),
      ]
      return reply(200, { campi })
    },
  }
}

function summary({ descrizione: _d, regolamento: _r, ...race }: RaceDetail): Race {
  return race
}
