import { describe, expect, it } from 'vitest'
import { commitmentOf, drawOrder, firstDifference, matchesCommitment, ticketsFor, type DrawEntry } from './lottery-draw'

const seed = 'tor-2026-draw-seed'
/** Ten applications: numbers 1..10, tickets 1, 2, 4, 8 in turn. */
const entries: DrawEntry[] = Array.from({ length: 10 }, (_, index) => ({ numero: index + 1, biglietti: 2 ** (index % 4) }))

describe('ticketsFor (the doubling rule)', () => {
  it('gives one ticket to a first application and doubles per earlier unsuccessful one', () => {
    expect([0, 1, 2, 3, 4].map((previous) => ticketsFor('raddoppio', previous))).toEqual([1, 2, 4, 8, 16])
  })

  it('stops doubling after six earlier applications', () => {
    expect(ticketsFor('raddoppio', 6)).toBe(64)
    expect(ticketsFor('raddoppio', 11)).toBe(64)
  })
})

describe('the commitment', () => {
  it('is the SHA-256 of the seed, in hex', async () => {
    // SHA-256("abc"), the standard's own test vector.
    expect(await commitmentOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('accepts the revealed seed and refuses any other', async () => {
    const commitment = await commitmentOf(seed)
    expect(await matchesCommitment(seed, commitment)).toBe(true)
    expect(await matchesCommitment(`${seed} `, commitment)).toBe(false)
  })
})

describe('drawOrder', () => {
  it('draws every application once', async () => {
    const order = await drawOrder(seed, entries)
    expect([...order].sort((a, b) => a - b)).toEqual(entries.map((entry) => entry.numero))
  })

  it('gives the same order from the published inputs, whatever order the list is read in', async () => {
    const published = await drawOrder(seed, entries)
    expect(await drawOrder(seed, [...entries].reverse())).toEqual(published)
    expect(await drawOrder(seed, structuredClone(entries))).toEqual(published)
  })

  it('gives another order for another seed', async () => {
    expect(await drawOrder('another seed', entries)).not.toEqual(await drawOrder(seed, entries))
  })

  it('gives another order when one application’s tickets are changed', async () => {
    const tampered = entries.map((entry) => (entry.numero === 1 ? { ...entry, biglietti: 64 } : entry))
    expect(await drawOrder(seed, tampered)).not.toEqual(await drawOrder(seed, entries))
  })

  it('draws an application holding most of the tickets first nearly always', async () => {
    const heavy = [{ numero: 1, biglietti: 1 }, { numero: 2, biglietti: 1_000_000 }]
    const firsts = await Promise.all(Array.from({ length: 20 }, (_, index) => drawOrder(`seed-${String(index)}`, heavy).then((order) => order[0])))
    expect(firsts.filter((first) => first === 2).length).toBeGreaterThanOrEqual(19)
  })
})

describe('firstDifference', () => {
  it('is null when the orders agree and names the first position that differs', () => {
    expect(firstDifference([3, 1, 2], [3, 1, 2])).toBeNull()
    expect(firstDifference([3, 1, 2], [3, 2, 1])).toEqual({ position: 2, expected: 1, actual: 2 })
    expect(firstDifference([3, 1], [3, 1, 2])).toEqual({ position: 3, expected: null, actual: 2 })
  })
})
