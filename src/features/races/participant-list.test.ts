import { describe, expect, it } from 'vitest'
import type { RankingRow, SubscriberRow } from '../../../contracts/races.contract'
import { listCollector, listMessages, prepareRanking, prepareSubscribers, type ListMessage, type PreparedList } from './participant-list'

function subscriber(pettorale: number, nome: string | null, where: Pick<SubscriberRow, 'paese' | 'regione' | 'categoria'> = { paese: 'IT', regione: null, categoria: 'SM' }): SubscriberRow {
  return { pettorale, nome, nazionalita: 'IT', team: null, ...where }
}

function finisher(posizione: number, pettorale: number): RankingRow {
  return { posizione, pettorale, nome: `Runner ${String(pettorale)}`, nazionalita: 'IT', categoria: 'SM', tempo_s: 3600 + posizione, distacco_s: posizione - 1 }
}

describe('the rows as the worker hands them over', () => {
  it('puts the entrants in bib order, each with its search key; a hidden name has none', () => {
    const { rows } = prepareSubscribers([subscriber(30, 'Léa Müller'), subscriber(4, null), subscriber(12, "Anna D'Alessandro")])
    expect(rows.map((entry) => [entry.bib, entry.key])).toEqual([
      ['4', ''],
      ['12', 'anna dalessandro'],
      ['30', 'lea muller'],
    ])
  })

  it('puts the finishers in order of position', () => {
    expect(prepareRanking([finisher(3, 7), finisher(1, 40), finisher(2, 5)]).rows.map((entry) => entry.row.pettorale)).toEqual([40, 5, 7])
  })

  it("reads what the entrants have to choose from, in no language's order but the categories'", () => {
    const { facets } = prepareSubscribers([
      subscriber(1, 'A', { paese: 'CH', regione: 'Valais', categoria: 'M40' }),
      subscriber(2, 'B', { paese: 'IT', regione: null, categoria: 'SF' }),
      subscriber(3, 'C', { paese: 'CH', regione: 'Genève', categoria: 'SM' }),
      subscriber(4, 'D', { paese: 'CH', regione: 'Valais', categoria: 'SF' }),
      subscriber(5, 'E', { paese: 'JP', regione: '', categoria: 'M40' }),
    ])
    expect(facets).toEqual({ countries: ['CH', 'IT', 'JP'], regions: [['CH', ['Valais', 'Genève']]], categories: ['SF', 'SM', 'M40'] })
  })

  it("reads the finishers' nationalities and categories", () => {
    const { facets } = prepareRanking([finisher(1, 40), { ...finisher(2, 5), nazionalita: 'FR', categoria: 'SF' }])
    expect(facets).toEqual({ nationalities: ['IT', 'FR'], categories: ['SF', 'SM'] })
  })
})

describe('the list crossing from the worker to the page', () => {
  type Numbers = PreparedList<number, { largest: number }>
  const list: Numbers = { rows: Array.from({ length: 2500 }, (_, index) => index), facets: { largest: 2499 } }

  it('goes in slices of at most the given size, in order, then says it is whole with its facets', () => {
    const messages = listMessages(7, list, 1000)
    expect(messages.map((message) => (message.kind === 'rows' ? message.rows.length : message.kind))).toEqual([1000, 1000, 500, 'done'])
    expect(messages.at(-1)).toEqual({ id: 7, kind: 'done', facets: { largest: 2499 } })
    expect(messages.every((message) => message.id === 7)).toBe(true)
  })

  it('is put back together whole and in order on the page', () => {
    const collect = listCollector<Numbers>(7)
    const states = listMessages(7, list, 1000).map(collect)
    expect(states.slice(0, -1).every((state) => state.kind === 'pending')).toBe(true)
    expect(states.at(-1)).toEqual({ kind: 'done', list })
  })

  it('an empty list is one message: whole, with no rows', () => {
    const empty: Numbers = { rows: [], facets: { largest: 0 } }
    expect(listMessages(1, empty)).toEqual([{ id: 1, kind: 'done', facets: { largest: 0 } }])
    expect(listCollector<Numbers>(1)({ id: 1, kind: 'done', facets: { largest: 0 } })).toEqual({ kind: 'done', list: empty })
  })

  it("ignores another request's messages, and passes on why a list could not be read", () => {
    const collect = listCollector<Numbers>(2)
    const others: ListMessage<Numbers>[] = [
      { id: 1, kind: 'rows', rows: [99] },
      { id: 1, kind: 'done', facets: { largest: 99 } },
    ]
    expect(others.map(collect)).toEqual([{ kind: 'pending' }, { kind: 'pending' }])
    expect(collect({ id: 2, kind: 'rows', rows: [1] })).toEqual({ kind: 'pending' })
    expect(collect({ id: 2, kind: 'done', facets: { largest: 1 } })).toEqual({ kind: 'done', list: { rows: [1], facets: { largest: 1 } } })
    const failed = listCollector<Numbers>(3)({ id: 3, kind: 'failed', error: { kind: 'network', operation: 'races.subscribers' } })
    expect(failed).toEqual({ kind: 'failed', error: { kind: 'network', operation: 'races.subscribers' } })
  })
})
