import { describe, expect, it } from 'vitest'
import type { Subscription } from '../../../contracts/athlete.contract'
import type { Race } from '../../../contracts/races.contract'
import { isLapsed, openSubscriptions } from './open-subscriptions'

const NOW = Date.parse('2026-03-02T08:00:00Z')
const race = (id: number, closes: string) => ({ id, chiusura_iscrizioni: closes }) as Race
const races = [race(1, '2026-06-30T21:59:00Z'), race(2, '2026-04-10T21:59:00Z'), race(3, '2026-03-01T21:59:00Z'), race(4, '2026-07-31T21:59:00Z')]
const unpaid = (project_id: number, over: Partial<Subscription> = {}): Subscription => ({
  project_id,
  liberatoria: false,
  liberatoria_signed: null,
  pettorale: null,
  categoria: 'SM',
  pagato: false,
  opzione_rimborso: 'standard',
  noleggio_gps: false,
  totale: 45,
  ...over,
})

describe('open subscriptions', () => {
  it('lists each unpaid subscription once, whether possible or in the history, and never a paid one', () => {
    const open = openSubscriptions([unpaid(1), unpaid(2)], [unpaid(1), unpaid(4, { pagato: true })], races, NOW)
    expect(open.map((entry) => entry.subscription.project_id).sort()).toEqual([1, 2])
  })

  it('says the step each one needs: the choices, the waiver, the payment, or the lottery draw', () => {
    const open = openSubscriptions(
      [
        unpaid(1, { opzione_rimborso: null }),
        unpaid(2),
        unpaid(4, { liberatoria: true, liberatoria_signed: '2026-03-01T10:00:00Z' }),
        unpaid(3, { domanda_lotteria: true }),
      ],
      [],
      races,
      NOW,
    )
    expect(Object.fromEntries(open.map((entry) => [entry.subscription.project_id, entry.step]))).toEqual({
      1: 'choices',
      2: 'disclaimer',
      4: 'payment',
      3: 'draw',
    })
  })

  it('counts down to the payment link expiry when it comes before registration closes', () => {
    const [withLink] = openSubscriptions([unpaid(1, { scadenza_pagamento: '2026-03-09T22:59:00Z' })], [], races, NOW)
    expect(withLink!.deadline).toBe('2026-03-09T22:59:00Z')
    const [late] = openSubscriptions([unpaid(2, { scadenza_pagamento: '2026-05-01T00:00:00Z' })], [], races, NOW)
    expect(late!.deadline).toBe('2026-04-10T21:59:00Z')
  })

  it("names the organiser's link open for a place, which pays it, and none once the link has lapsed (issue 42)", () => {
    const linked = { liberatoria: true, liberatoria_signed: '2026-03-01T10:00:00Z', codice_link: 'lnk-1', scadenza_pagamento: '2026-03-09T22:59:00Z' }
    const [open] = openSubscriptions([unpaid(1, linked)], [], races, NOW)
    expect(open).toMatchObject({ step: 'payment', link: 'lnk-1' })
    const [lapsed] = openSubscriptions([unpaid(1, linked)], [], races, Date.parse('2026-03-10T08:00:00Z'))
    expect(lapsed).toMatchObject({ step: 'payment', link: null })
    expect(openSubscriptions([unpaid(1)], [], races, NOW)[0]?.link).toBeNull()
  })

  it('puts the nearest deadline first and the lapsed ones last, marked', () => {
    const open = openSubscriptions([unpaid(1), unpaid(2), unpaid(3), unpaid(99)], [], races, NOW)
    expect(open.map((entry) => [entry.subscription.project_id, entry.lapsed])).toEqual([
      [2, false],
      [1, false],
      [99, false],
      [3, true],
    ])
    expect(open[2]!.deadline).toBeNull()
  })

  it('says the waiver for a place signed on a text the organiser has revised since', () => {
    const signed = { liberatoria: true, liberatoria_signed: '2026-03-01T10:00:00Z', liberatoria_versione: 'v1' }
    const revised = [{ ...race(1, '2026-06-30T21:59:00Z'), liberatoria_versione: 'v2' }, { ...race(2, '2026-04-10T21:59:00Z'), liberatoria_versione: 'v1' }]
    const open = openSubscriptions([unpaid(1, signed), unpaid(2, signed)], [], revised, NOW)
    expect(Object.fromEntries(open.map((entry) => [entry.subscription.project_id, entry.step]))).toEqual({ 1: 'disclaimer', 2: 'payment' })
  })

  it('an organiser\'s link past its expiry no longer sets the deadline: registration\'s closing does', () => {
    const [expired] = openSubscriptions([unpaid(1, { scadenza_pagamento: '2026-03-01T22:59:00Z' })], [], races, NOW)
    expect(expired).toMatchObject({ deadline: '2026-06-30T21:59:00Z', lapsed: false })
  })

  it('isLapsed: the deadline My races and this list share has passed', () => {
    expect(isLapsed('2026-03-02T08:00:00Z', NOW)).toBe(true)
    expect(isLapsed('2026-03-02T08:00:01Z', NOW)).toBe(false)
    expect(isLapsed(null, NOW)).toBe(false)
  })
})
