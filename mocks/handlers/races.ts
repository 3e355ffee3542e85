import type { Race, RaceDetail } from '../../contracts/races.contract'
import * as races from '../../contracts/races.contract'
import { db } from '../db'
import { defineHandler, problem, reply, type MockContext } from '../handler'

export function raceHandlers(ctx: MockContext) {
  const findRace = (id: number | string) => db.races.findFirst((q) => q.where({ id: Number(id) }))

  return [
    defineHandler(ctx, races.list, ({ query, now }) => {
      const isOpen = (race: Race) => Date.parse(race.apertura_iscrizioni) <= now && now < Date.parse(race.chiusura_iscrizioni)
      const all = db.races.findMany(undefined, { orderBy: { data_evento: 'asc' } }).map(summary)
      const filter = query.filter ?? 'all'
      const gare = filter === 'all' ? all : all.filter((race) => isOpen(race) === (filter === 'open'))
      return reply(200, { gare })
    }),

    defineHandler(ctx, races.get, ({ params }) => {
      const race = findRace(params.id)
      return race ? reply(200, { ...race }) : reply(404, problem(404, 'race_not_found'))
    }),

    defineHandler(ctx, races.ranking, ({ params }) => {
      if (!findRace(params.id)) return reply(404, problem(404, 'race_not_found'))
      const rows = db.rankings.findMany((q) => q.where({ race_id: Number(params.id) }), { orderBy: { posizione: 'asc' } })
      return reply(200, { classifica: rows.map(({ race_id: _race, ...row }) => row) })
    }),

    defineHandler(ctx, races.subscribers, ({ params }) => {
      if (!findRace(params.id)) return reply(404, problem(404, 'race_not_found'))
      const rows = db.entrants.findMany((q) => q.where({ race_id: Number(params.id) }), { orderBy: { pettorale: 'asc' } })
      return reply(200, { iscritti: rows.map(({ race_id: _race, ...row }) => row) })
    }),

    defineHandler(ctx, races.subscriptionFields, ({ params }) => {
      const race = findRace(params.id)
      if (!race) return reply(404, problem(404, 'race_not_found'))
      const campi = [
        { nome: 'team', etichetta: 'Team', tipo: 'text' as const, obbligatorio: false },
        ...(race.ammissione === 'lotteria'
          ? [{ nome: 'itra_id', etichetta: 'ITRA runner id', tipo: 'text' as const, obbligatorio: true }]
          : []),
      ]
      return reply(200, { campi })
    }),
  ]
}

function summary({ descrizione: _d, regolamento: _r, ...race }: RaceDetail): Race {
  return race
}
