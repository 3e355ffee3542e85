import { describe, expect, it } from 'vitest'
import type { QueueTicket } from '../../contracts/queue.contract'
import type { WaitEntry } from '../../contracts/wait-list.contract'
import { holdOf, isHoldLive, isKeptPlaceLive, isOfferLive, offerEndsAt } from './held-place'

const DEADLINE = '2026-06-01T09:10:00+02:00'
const DEADLINE_MS = Date.UTC(2026, 5, 1, 7, 10, 0)

const ticket = (overrides: Partial<QueueTicket>): Pick<QueueTicket, 'stato' | 'posto'> => ({ stato: 'posto', posto: { scade: DEADLINE, in_pagamento: false }, ...overrides })
const entry = (overrides: Partial<WaitEntry>): Pick<WaitEntry, 'stato' | 'offerta_scade'> => ({ stato: 'offerta', offerta_scade: DEADLINE, ...overrides })

describe('a held place (decision 037)', () => {
  it('is read from a ticket holding one, its deadline an instant whatever the offset it was written with', () => {
    expect(holdOf(ticket({}))).toEqual({ endsAt: DEADLINE_MS, paying: false })
    expect(holdOf(ticket({ posto: { scade: '2026-06-01T07:10:00Z', in_pagamento: true } }))).toEqual({ endsAt: DEADLINE_MS, paying: true })
  })

  it('is none for a ticket in any other state, or one that lacks it', () => {
    expect(holdOf(ticket({ stato: 'pagato' }))).toBeNull()
    expect(holdOf(ticket({ stato: 'scaduto' }))).toBeNull()
    expect(holdOf(ticket({ posto: undefined }))).toBeNull()
  })

  it('is live until its deadline, not on it', () => {
    const hold = { endsAt: DEADLINE_MS, paying: false }
    expect(isHoldLive(hold, DEADLINE_MS - 1)).toBe(true)
    expect(isHoldLive(hold, DEADLINE_MS)).toBe(false)
    expect(isHoldLive(hold, DEADLINE_MS + 60_000)).toBe(false)
  })

  it('with a payment authorised in time, stays live past its deadline', () => {
    expect(isHoldLive({ endsAt: DEADLINE_MS, paying: true }, DEADLINE_MS + 60_000)).toBe(true)
  })
})

describe('a wait-list offer (decision 038)', () => {
  it('has the deadline of an entry offered a place, and none otherwise', () => {
    expect(offerEndsAt(entry({}))).toBe(DEADLINE_MS)
    expect(offerEndsAt(entry({ stato: 'in_attesa' }))).toBeNull()
    expect(offerEndsAt(entry({ stato: 'scaduta' }))).toBeNull()
    expect(offerEndsAt(entry({ offerta_scade: undefined }))).toBeNull()
  })

  it('may be taken until its deadline, not on it', () => {
    expect(isOfferLive(DEADLINE_MS, DEADLINE_MS - 1)).toBe(true)
    expect(isOfferLive(DEADLINE_MS, DEADLINE_MS)).toBe(false)
  })
})

describe('a place kept for the athlete while they enrol (issue 42)', () => {
  it('a held place lapses by the rule of a hold: not while a payment of it was authorised in time', () => {
    expect(isKeptPlaceLive({ kind: 'hold', hold: { endsAt: DEADLINE_MS, paying: false } }, DEADLINE_MS - 1)).toBe(true)
    expect(isKeptPlaceLive({ kind: 'hold', hold: { endsAt: DEADLINE_MS, paying: false } }, DEADLINE_MS)).toBe(false)
    expect(isKeptPlaceLive({ kind: 'hold', hold: { endsAt: DEADLINE_MS, paying: true } }, DEADLINE_MS + 60_000)).toBe(true)
  })

  it('an offer lapses at its deadline', () => {
    expect(isKeptPlaceLive({ kind: 'offer', endsAt: DEADLINE_MS }, DEADLINE_MS - 1)).toBe(true)
    expect(isKeptPlaceLive({ kind: 'offer', endsAt: DEADLINE_MS }, DEADLINE_MS)).toBe(false)
  })
})
