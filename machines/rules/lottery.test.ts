import { describe, expect, it } from 'vitest'
import { HOUR_MS, SECOND_MS } from '../../contracts/time'
import { factsOf, isApplication, linkPaymentOf, lotteryOutcome, type ApplicationFacts } from './lottery'

// The flagship's draw (2 April 2026, 10:00 UTC) and its 240 hours to pay.
const DRAW = Date.parse('2026-04-02T10:00:00Z')
const PAY_BY = DRAW + 240 * HOUR_MS
const at = (now: number) => ({ drawAt: DRAW, now })

const waiting = factsOf({ esito: 'in_attesa' })
const drawn = (facts: Partial<ApplicationFacts> = {}): ApplicationFacts => ({ ...factsOf({ esito: 'estratto', pagamento_scade: new Date(PAY_BY).toISOString() }), ...facts })

describe('lotteryOutcome', () => {
  it('waits for the draw until its time, then for its result', () => {
    expect(lotteryOutcome(waiting, at(DRAW - SECOND_MS))).toEqual({ kind: 'applied', drawAt: DRAW })
    expect(lotteryOutcome(waiting, at(DRAW))).toEqual({ kind: 'drawing' })
  })

  it('gives a drawn application its deadline to pay, and lapses it on the dot unless paid', () => {
    expect(lotteryOutcome(drawn(), at(DRAW))).toEqual({ kind: 'drawn', payBy: PAY_BY })
    expect(lotteryOutcome(drawn({ payment: 'open', paymentReadAt: DRAW }), at(PAY_BY - 1))).toEqual({ kind: 'drawn', payBy: PAY_BY })
    expect(lotteryOutcome(drawn({ payment: 'open', paymentReadAt: DRAW }), at(PAY_BY))).toEqual({ kind: 'lapsed' })
    expect(lotteryOutcome(drawn(), at(PAY_BY))).toEqual({ kind: 'lapsed' })
    expect(lotteryOutcome(drawn({ payment: 'paid', paymentReadAt: DRAW }), at(PAY_BY + HOUR_MS))).toEqual({ kind: 'paid' })
  })

  it('believes the link over the clock: lapsed early, or still settling past the deadline', () => {
    expect(lotteryOutcome(drawn({ payment: 'lapsed', paymentReadAt: DRAW }), at(DRAW))).toEqual({ kind: 'lapsed' })
    // Read pending at or after the deadline: the server kept the link for a card authorised in time.
    expect(lotteryOutcome(drawn({ payment: 'open', paymentReadAt: PAY_BY }), at(PAY_BY + SECOND_MS))).toEqual({ kind: 'confirming' })
  })

  it('counts a drawn application without a link as a place taken', () => {
    expect(lotteryOutcome(factsOf({ esito: 'estratto' }), at(DRAW))).toEqual({ kind: 'paid' })
  })

  it('puts an application not drawn on the wait list, at its place when read', () => {
    expect(lotteryOutcome(factsOf({ esito: 'non_estratto' }), at(DRAW))).toEqual({ kind: 'notDrawn', position: null })
    expect(lotteryOutcome({ ...factsOf({ esito: 'non_estratto' }), position: 12 }, at(DRAW))).toEqual({ kind: 'notDrawn', position: 12 })
  })
})

describe('linkPaymentOf', () => {
  it('reads a paid link as paid, a pending one as open, a voided or expired one as lapsed', () => {
    expect(linkPaymentOf('success')).toBe('paid')
    expect(linkPaymentOf('pending')).toBe('open')
    expect(linkPaymentOf('failed')).toBe('lapsed')
    expect(linkPaymentOf('expired')).toBe('lapsed')
  })
})

describe('isApplication', () => {
  it('is a subscription flagged as an application and not paid', () => {
    expect(isApplication({ domanda_lotteria: true, pagato: false })).toBe(true)
    expect(isApplication({ domanda_lotteria: true, pagato: true })).toBe(false)
    expect(isApplication({ domanda_lotteria: false, pagato: false })).toBe(false)
    expect(isApplication({ pagato: false })).toBe(false)
  })
})
