import { describe, expect, it } from 'vitest'
import type { Subscription } from '../../../contracts/athlete.contract'
import type { Race } from '../../../contracts/races.contract'
import { groupEnrolments, stillDue } from './enrolments'

const NOW = Date.parse('2026-03-02T08:00:00Z')
const race = (id: number, start: string, hours = 10) => ({ id, data_evento: start, tempo_limite_ore: hours }) as Race
const subscription = (project_id: number, over: Partial<Subscription> = {}): Subscription => ({
  project_id,
  liberatoria: true,
  liberatoria_signed: '2026-02-20T18:58:00Z',
  pettorale: 57,
  categoria: 'SF',
  pagato: true,
  opzione_rimborso: 'standard',
  noleggio_gps: false,
  totale: 45,
  ...over,
})
const races = [
  race(1, '2026-07-11T04:00:00Z'),
  race(2, '2026-04-19T07:00:00Z'),
  race(3, '2025-06-15T07:00:00Z'),
  race(4, '2024-06-16T07:00:00Z'),
  // Under way at NOW: started two hours ago, ten hours to go.
  race(5, '2026-03-02T06:00:00Z'),
]

describe('my races, grouped', () => {
  it('puts upcoming races first, soonest first, and past races after, latest first', () => {
    const { upcoming, past } = groupEnrolments([1, 3, 2, 4].map((id) => subscription(id)), races, NOW)
    expect(upcoming.map((entry) => entry.race?.id)).toEqual([2, 1])
    expect(past.map((entry) => entry.race?.id)).toEqual([3, 4])
  })

  it('counts a race under way as upcoming, and one whose race is unknown as past, last', () => {
    const { upcoming, past } = groupEnrolments([subscription(5), subscription(99), subscription(3)], races, NOW)
    expect(upcoming.map((entry) => entry.race?.id)).toEqual([5])
    expect(past.map((entry) => entry.subscription.project_id)).toEqual([3, 99])
    expect(past[1]!.race).toBeNull()
  })
})

describe('my races, the places left apart (issue 42)', () => {
  it('puts withdrawn, passed-on and deferred places in a group of their own, those of races to come first', () => {
    const { upcoming, past, left } = groupEnrolments(
      [
        subscription(1),
        subscription(2, { stato: 'ritirata' }),
        subscription(3, { stato: 'ceduta' }),
        subscription(4),
        subscription(5, { stato: 'rinviata' }),
        subscription(99, { stato: 'ritirata' }),
      ],
      races,
      NOW,
    )
    expect(upcoming.map((entry) => entry.subscription.project_id)).toEqual([1])
    expect(past.map((entry) => entry.subscription.project_id)).toEqual([4])
    expect(left.map((entry) => entry.subscription.project_id)).toEqual([5, 2, 3, 99])
  })

  it('keeps a place taken again (active, not paid yet) with the places held', () => {
    const { upcoming, left } = groupEnrolments([subscription(1, { stato: 'attiva', pagato: false })], races, NOW)
    expect(upcoming).toHaveLength(1)
    expect(left).toEqual([])
  })
})

describe('what is still due', () => {
  const valid = { state: 'valid' as const, expiresOn: '2026-11-02' }
  it('is nothing for a signed, paid enrolment with a certificate valid on race day', () => {
    expect(stillDue(subscription(1), valid, '2026-07-11')).toEqual([])
  })

  it('names the waiver, the payment and a certificate that does not reach race day', () => {
    expect(stillDue(subscription(1, { liberatoria: false, pagato: false }), { state: 'valid', expiresOn: '2026-07-10' }, '2026-07-11')).toEqual([
      'waiver',
      'payment',
      'certificate',
    ])
  })

  it('asks no payment of a lottery application, and counts a certificate in review as still due', () => {
    expect(stillDue(subscription(1, { pagato: false, domanda_lotteria: true }), { state: 'in_revision', expiresOn: '2027-01-15' }, '2026-07-11')).toEqual(['certificate'])
  })

  it("asks an unpaid place's waiver again when the organiser has revised the text signed, never a paid one's", () => {
    const signedOnV1 = { liberatoria_versione: 'v1' }
    expect(stillDue(subscription(1, { ...signedOnV1, pagato: false }), valid, '2026-07-11', { liberatoria_versione: 'v2' })).toEqual(['waiver', 'payment'])
    expect(stillDue(subscription(1, { ...signedOnV1, pagato: false }), valid, '2026-07-11', { liberatoria_versione: 'v1' })).toEqual(['payment'])
    expect(stillDue(subscription(1, signedOnV1), valid, '2026-07-11', { liberatoria_versione: 'v2' })).toEqual([])
  })
})
