import { describe, expect, it } from 'vitest'
import type { RankingRow, SubscriberRow } from '../../../contracts/races.contract'
import { listCollector, prepareRanking, prepareSubscribers, rowMessages, type ListMessage } from './participant-list'

function subscriber(pettorale: number, nome: string | null): SubscriberRow {
  return { pettorale, nome, nazionalita: 'IT', paese: 'IT', regione: null, categoria: 'SM', team: null }
}

function finisher(posizione: number, pettorale: number): RankingRow {
  return { posizione, pettorale, nome: `Runner ${String(pettorale)}`, nazionalita: 'IT', categoria: 'SM', tempo_s: 3600 + posizione, distacco_s: posizione - 1 }
}

describe('the rows as the worker hands them over', () => {
  it('puts the entrants in bib order, each with its search key; a hidden name has none', () => {
    const rows = prepareSubscribers([subscriber(30, 'Léa Müller'), subscriber(4, null), subscriber(12, "Anna D'Alessandro")])
    expect(rows.map((entry) => [entry.bib, entry.key])).toEqual([
      ['4', ''],
      ['12', 'anna dalessandro'],
      ['30', 'lea muller'],
    ])
  })

  it('puts the finishers in order of position', () => {
    expect(prepareRanking([finisher(3, 7), finisher(1, 40), finisher(2, 5)]).map((entry) => entry.row.pettorale)).toEqual([40, 5, 7])
  })
})

describe('the list crossing from the worker to the page', () => {
  const rows = Array.from({ length: 2500 }, (_, index) => index)

  it('goes in slices of at most the given size, in order, then says it is whole', () => {
    const messages = rowMessages(7, rows, 1000)
    expect(messages.map((message) => (message.kind === 'rows' ? message.rows.length : message.kind))).toEqual([1000, 1000, 500, 'done'])
    expect(messages.every((message) => message.id === 7)).toBe(true)
  })

  it('is put back together whole and in order on the page', () => {
    const collect = listCollector<number>(7)
    const states = rowMessages(7, rows, 1000).map(collect)
    expect(states.slice(0, -1).every((state) => state.kind === 'pending')).toBe(true)
    expect(states.at(-1)).toEqual({ kind: 'done', rows })
  })

  it('an empty list is one message: whole, with no rows', () => {
    expect(rowMessages(1, [])).toEqual([{ id: 1, kind: 'done' }])
    expect(listCollector(1)({ id: 1, kind: 'done' })).toEqual({ kind: 'done', rows: [] })
  })

  it("ignores another request's messages, and passes on why a list could not be read", () => {
    const collect = listCollector<number>(2)
    const others: ListMessage<number>[] = [
      { id: 1, kind: 'rows', rows: [99] },
      { id: 1, kind: 'done' },
    ]
    expect(others.map(collect)).toEqual([{ kind: 'pending' }, { kind: 'pending' }])
    expect(collect({ id: 2, kind: 'rows', rows: [1] })).toEqual({ kind: 'pending' })
    expect(collect({ id: 2, kind: 'done' })).toEqual({ kind: 'done', rows: [1] })
    const failed = listCollector<number>(3)({ id: 3, kind: 'failed', error: { kind: 'network', operation: 'races.subscribers' } })
    expect(failed).toEqual({ kind: 'failed', error: { kind: 'network', operation: 'races.subscribers' } })
  })
})
